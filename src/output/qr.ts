// PIX QR codes in the terminal (DESIGN.md §1, "QR rendering").
//
// Chosen by evidence (test/output/qr.test.ts decodes what is printed, with jsQR, on a simulated
// light and dark terminal):
// - the encoder is `qrcode` (error correction M, text encoded as UTF-8 bytes, so a merchant
//   called "São Paulo" survives). qrcode-terminal 0.12 was rejected: EC level L, it writes each
//   UTF-16 code unit as one byte (Latin-1, not UTF-8), and its compact output draws the light
//   modules in the terminal's own foreground, so it comes out inverted on light backgrounds.
// - the drawing is ours, from qrcode's module matrix: qrcode's own `toString({type:'terminal',
//   small:true})` forces black on white too, but with a 1-module quiet zone (and `margin` is
//   ignored by that renderer), where the QR spec and phone scanners want 4.
//
// Modes:
// - 'color' (a TTY with colours allowed): forced black modules on a white background (ANSI 30/47),
//   4-module quiet zone; reads the same on light and dark terminals.
// - 'plain' (NO_COLOR, --no-color, not a TTY): no escapes at all; dark modules are drawn as ink
//   (`█ ▀ ▄`) in the terminal's own foreground, the quiet zone is spaces. This is correct on a
//   light-background terminal and comes out inverted on a dark one, which many phone scanners
//   do not read: there, use colour (`paygate charge get ID --qr` on a TTY) or copy the EMV line.
// - 'plain-dark': no escapes, for dark-background terminals: light modules and the quiet zone are
//   drawn as ink, dark modules are spaces.
import QRCode from 'qrcode';

export type QrMode = 'color' | 'plain' | 'plain-dark';
export const QR_MODES: readonly QrMode[] = ['color', 'plain', 'plain-dark'];

/** Quiet zone, in modules, on every side (ISO/IEC 18004 asks for 4). */
export const QR_QUIET_ZONE = 4;

export interface RenderQrOptions {
  mode: QrMode;
  /** Quiet zone in modules; default {@link QR_QUIET_ZONE}. */
  margin?: number;
}

/** The QR symbol of `text` (UTF-8, error correction M): rows of modules, true = dark. */
export function qrModules(text: string): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const rows: boolean[][] = [];
  for (let y = 0; y < modules.size; y++) {
    const row: boolean[] = [];
    for (let x = 0; x < modules.size; x++) row.push(modules.get(y, x) !== 0);
    rows.push(row);
  }
  return rows;
}

const BLACK_ON_WHITE = '\x1b[30;47m';
const RESET = '\x1b[0m';

/**
 * The terminal text of `text`'s QR code: two modules a character cell (upper and lower half
 * blocks), one line per two rows of modules, each line ending in `\n`. See the modes above.
 */
export async function renderQr(text: string, options: RenderQrOptions): Promise<string> {
  const margin = Math.max(0, Math.floor(options.margin ?? QR_QUIET_ZONE));
  const symbol = qrModules(text);
  const size = symbol.length + 2 * margin;
  // true = drawn with the ink (the foreground colour) of the cell.
  // Outside the symbol (quiet zone, and the half row below an odd height) is light.
  const inkAt = (x: number, y: number): boolean => {
    const dark = symbol[y - margin]?.[x - margin] ?? false;
    return options.mode === 'plain-dark' ? !dark : dark;
  };
  let output = '';
  for (let y = 0; y < size; y += 2) {
    let line = '';
    for (let x = 0; x < size; x++) {
      const top = inkAt(x, y);
      const bottom = inkAt(x, y + 1);
      line += top ? (bottom ? '█' : '▀') : bottom ? '▄' : ' ';
    }
    output += options.mode === 'color' ? `${BLACK_ON_WHITE}${line}${RESET}\n` : `${line}\n`;
  }
  return output;
}
