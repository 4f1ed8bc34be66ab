// PIX QR codes in the terminal.
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
//   do not read: on a TTY with colour off the caller says so, naming the `qr` setting.
// - 'plain-dark': no escapes, for dark-background terminals: light modules and the quiet zone are
//   drawn as ink, dark modules are spaces.
// The `qr` setting picks one (`paygate config set qr color|plain|plain-dark`); `auto` is colour
// when colours are on, else plain.
//
// On a terminal of known size (renderQrForTerminal), the smallest drawing that fits is chosen:
// error correction M, else L (on a screen, nothing smudges the code: L's 7% recovery is enough),
// always with the 4-module quiet zone the README promises. A 2-module zone was tried and left:
// measured on the dynamic PIX codes the sandbox makes (182 to 207 characters, 53 modules at M, 49
// at L), half blocks draw them in 31 lines (M) or 29 (L) with 4 modules, 27 with 2, and with the
// shell's prompt none fits 24 rows either way; the smaller zone only saved windows of 28 to 31
// rows, at the cost of what ISO/IEC 18004 asks. When the code does not fit, it is drawn whole
// anyway (its top off screen) and the caller says so (rows needed) with the command that draws
// it again in a larger window.
import QRCode from 'qrcode';
import { sayOutput } from '../text/en/output.js';
import { commandOnItsOwnLine } from './wrap.js';

export type QrMode = 'color' | 'plain' | 'plain-dark';
export const QR_MODES: readonly QrMode[] = ['color', 'plain', 'plain-dark'];

/** Quiet zone, in modules, on every side (ISO/IEC 18004 asks for 4). */
export const QR_QUIET_ZONE = 4;

export type QrErrorCorrection = 'L' | 'M';

export interface RenderQrOptions {
  mode: QrMode;
  /** Quiet zone in modules; default {@link QR_QUIET_ZONE}. */
  margin?: number;
  /** Default M. */
  errorCorrection?: QrErrorCorrection;
}

/** The QR symbol of `text` (UTF-8, error correction M unless told): rows of modules, true = dark. */
export function qrModules(text: string, errorCorrection: QrErrorCorrection = 'M'): boolean[][] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: errorCorrection });
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
  const symbol = qrModules(text, options.errorCorrection);
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

export interface TerminalQrOptions {
  mode: QrMode;
  /** The terminal's size; unknown (not a TTY): the default drawing, said to fit. */
  rows?: number;
  columns?: number;
  /** Lines printed after the code that must show with it (the copy-and-paste line...). */
  linesAfter?: number;
  /** The command that draws this code again (`paygate charge get ID --qr`), for the advice. */
  showAgain?: string;
  /**
   * Said instead of showAgain when no command can draw it again (lines, each indented): the
   * demo's charges end with its private sandbox.
   */
  seeAgain?: string;
}

export interface TerminalQr {
  text: string;
  /** Whether the code and the lines after it fit on one screen (with the prompt line). */
  fits: boolean;
  /** True when only the code fits: print the lines after it before it instead. */
  linesAfterFirst: boolean;
  /** Terminal rows the drawing needs (with the lines after it unless linesAfterFirst) and the prompt. */
  rowsNeeded: number;
  /** What to tell the user when it does not fit. */
  advice?: string;
}

/** The drawings tried, largest (most robust) first. */
const TERMINAL_VARIANTS: ReadonlyArray<{ errorCorrection: QrErrorCorrection; margin: number }> = [
  { errorCorrection: 'M', margin: QR_QUIET_ZONE },
  { errorCorrection: 'L', margin: QR_QUIET_ZONE },
];

/** Lines a text of `length` characters takes on a terminal `columns` wide. */
export function wrappedLines(length: number, columns: number): number {
  return Math.max(1, Math.ceil(length / Math.max(1, columns)));
}

/**
 * `text`'s QR code drawn to fit the terminal with `linesAfter` lines below it and the shell's
 * prompt: the first variant that fits; else the first that fits alone (`linesAfterFirst`: the
 * lines go above it, where they can still be scrolled to and copied); else the smallest one,
 * `fits: false` and advice naming the rows needed.
 */
export async function renderQrForTerminal(text: string, options: TerminalQrOptions): Promise<TerminalQr> {
  const sizes = TERMINAL_VARIANTS.map((variant) => ({
    variant,
    modules: qrModules(text, variant.errorCorrection).length + 2 * variant.margin,
  }));
  const rowsWith = (modules: number, linesAfter: number) => Math.ceil(modules / 2) + linesAfter + 1;
  const fitsWith = (modules: number, linesAfter: number) =>
    (options.rows === undefined || rowsWith(modules, linesAfter) <= options.rows) &&
    (options.columns === undefined || modules <= options.columns);
  const linesAfter = options.linesAfter ?? 0;
  const draw = (size: (typeof sizes)[number]) => renderQr(text, { mode: options.mode, ...size.variant });
  if (options.rows === undefined && options.columns === undefined) {
    return {
      text: await draw(sizes[0]!),
      fits: true,
      linesAfterFirst: false,
      rowsNeeded: rowsWith(sizes[0]!.modules, linesAfter),
    };
  }
  const withLines = sizes.find((size) => fitsWith(size.modules, linesAfter));
  if (withLines) {
    return {
      text: await draw(withLines),
      fits: true,
      linesAfterFirst: false,
      rowsNeeded: rowsWith(withLines.modules, linesAfter),
    };
  }
  // The code alone fits: the lines go first, so that the whole code is on the last screen.
  const alone = sizes.find((size) => fitsWith(size.modules, 0));
  if (alone)
    return {
      text: await draw(alone),
      fits: true,
      linesAfterFirst: true,
      rowsNeeded: rowsWith(alone.modules, 0),
    };
  const smallest = sizes.at(-1)!;
  const rowsNeeded = rowsWith(smallest.modules, 0);
  const columnsShort = options.columns !== undefined && smallest.modules > options.columns;
  const available = options.rows ?? '?';
  return {
    text: await draw(smallest),
    fits: false,
    linesAfterFirst: false,
    rowsNeeded,
    // Lines under 80 columns (after `warning: `): a wrapped warning is hard to read.
    advice:
      (columnsShort
        ? sayOutput('qrNeedsRowsAndColumns', { rows: rowsNeeded, columns: smallest.modules, available })
        : sayOutput('qrNeedsRows', { rows: rowsNeeded, available })) +
      '\n' +
      (options.seeAgain ??
        (options.showAgain !== undefined
          ? `${sayOutput('qrShowAgainWith')}\n${showAgainLine(options.showAgain, options.columns ?? 80)}\n${sayOutput('qrOrPayWithLine')}`
          : `${sayOutput('qrShowAgain')}\n${sayOutput('qrOrPayWithLineOnly')}`)),
  };
}

/** The command that draws the code again, on its own line (wrap.ts commandOnItsOwnLine). */
export function showAgainLine(command: string, columns: number): string {
  return commandOnItsOwnLine(command, columns, '    ', true);
}
