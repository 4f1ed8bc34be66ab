import jsqr from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { buildBrCode } from '../../src/domain/brcode-build.js';
import {
  QR_QUIET_ZONE,
  type QrMode,
  qrModules,
  renderQr,
  renderQrForTerminal,
  showAgainLine,
  wrappedLines,
} from '../../src/output/qr.js';
import { PIX_LOCATION_HOST } from '../../src/sandbox/routes/charges.js';
import {
  DARK_THEME,
  darkMatrix,
  LIGHT_THEME,
  quietZone,
  readScreen,
  type Screen,
  type Theme,
  toImage,
} from './terminal-screen.js';

// jsqr is CommonJS typed as an ES module: under NodeNext its default import is the module object,
// whose `default` is the decoder (at run time module.exports.default === module.exports).
const jsQR = jsqr.default;

// CRC16/CCITT-FALSE over the UTF-8 bytes (docs/test-vectors.md), to build a valid non-ASCII code.
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
const tlv = (id: string, value: string): string => `${id}${String(value.length).padStart(2, '0')}${value}`;
function emv(merchantName: string, city: string): string {
  const body =
    tlv('00', '01') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', 'loja@exemplo.com.br')) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', '15.00') +
    tlv('58', 'BR') +
    tlv('59', merchantName) +
    tlv('60', city) +
    tlv('62', tlv('05', '***')) +
    '6304';
  return body + crc16(body);
}

const VECTORS: Record<string, string> = {
  'BCB manual (static key)':
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  'static with amount and info':
    '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6',
  'dynamic (URL)':
    '00020101021226740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63042895',
  'upper-case GUI':
    '00020126380014BR.GOV.BCB.PIX0116test@mail.com.br5204000053039865406100.995802BR5913FULANO DE TAL6009SAO PAULO62070503***63049359',
  'non-ASCII merchant (UTF-8)': emv('Padaria São João', 'São Paulo'),
};

function decode(screen: Screen, theme: Theme): string | null {
  const { data, width, height } = toImage(screen, theme);
  // A phone camera does not always try the inverted image: neither does this test.
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The symbol with its quiet zone, as the screen should show it (true = dark). */
function expectedMatrix(text: string, margin: number): boolean[][] {
  const symbol = qrModules(text);
  const size = symbol.length + 2 * margin;
  return Array.from({ length: size }, (_, y) =>
    Array.from({ length: size }, (_, x) => symbol[y - margin]?.[x - margin] ?? false),
  );
}

describe('the EMV vectors', () => {
  it('include a non-ASCII one with a valid CRC (same rule as the vectors)', () => {
    const first = VECTORS['BCB manual (static key)']!;
    expect(crc16(first.slice(0, -4))).toBe(first.slice(-4));
    expect(VECTORS['non-ASCII merchant (UTF-8)']).toContain('São Paulo');
  });
});

describe.each(Object.entries(VECTORS))('renderQr: %s', (_name, text) => {
  // Decoding cases: [mode, terminal theme, decodes?]. Every claim of src/output/qr.ts is here.
  const cases: Array<[QrMode, Theme, boolean]> = [
    ['color', LIGHT_THEME, true],
    ['color', DARK_THEME, true],
    ['plain', LIGHT_THEME, true],
    ['plain', DARK_THEME, false], // inverted on a dark terminal: documented, use colour there
    ['plain-dark', DARK_THEME, true],
    ['plain-dark', LIGHT_THEME, false],
  ];

  it.each(cases)('%s on a %s terminal decodes: %s', async (mode, theme, decodes) => {
    const screen = readScreen(await renderQr(text, { mode }), theme);
    expect(decode(screen, theme)).toBe(decodes ? text : null);
  });

  it('colour mode shows exactly the symbol with a 4-module quiet zone, whatever the theme', async () => {
    const output = await renderQr(text, { mode: 'color' });
    const expected = expectedMatrix(text, QR_QUIET_ZONE);
    for (const theme of [LIGHT_THEME, DARK_THEME]) {
      // The last half row (odd height) is extra white quiet zone.
      const shown = darkMatrix(readScreen(output, theme));
      expect(shown.slice(0, expected.length)).toEqual(expected);
      expect(
        shown
          .slice(expected.length)
          .flat()
          .every((dark) => !dark),
      ).toBe(true);
    }
  });

  it('plain modes print no escape sequences, only blocks, spaces and newlines', async () => {
    for (const mode of ['plain', 'plain-dark'] as const) {
      const output = await renderQr(text, { mode });
      expect(output).toMatch(/^[ ▀▄█\n]+$/u);
      const lines = output.split('\n');
      expect(lines.pop()).toBe('');
      const size = qrModules(text).length + 2 * QR_QUIET_ZONE;
      expect(lines).toHaveLength(Math.ceil(size / 2));
      for (const line of lines) expect(Array.from(line)).toHaveLength(size);
    }
  });
});

describe('qrModules', () => {
  it('uses error correction M and encodes UTF-8 bytes', () => {
    const text = VECTORS['non-ASCII merchant (UTF-8)']!;
    const matrixOf = (qr: QRCode.QRCode): boolean[][] =>
      Array.from({ length: qr.modules.size }, (_, y) =>
        Array.from({ length: qr.modules.size }, (_, x) => qr.modules.get(y, x) !== 0),
      );
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(qrModules(text)).toEqual(matrixOf(qr));
    expect(qrModules(text)).not.toEqual(matrixOf(QRCode.create(text, { errorCorrectionLevel: 'L' })));
    const byteLength = new TextEncoder().encode(text).length;
    expect(byteLength).toBeGreaterThan(text.length);
    expect(qr.segments.reduce((sum, segment) => sum + segment.getLength(), 0)).toBe(byteLength);
  });

  it('honours a custom margin', async () => {
    const text = VECTORS['upper-case GUI']!;
    const shown = darkMatrix(readScreen(await renderQr(text, { mode: 'plain', margin: 2 }), LIGHT_THEME));
    expect(shown.slice(0, qrModules(text).length + 4)).toEqual(expectedMatrix(text, 2));
  });
});

// Why the renderer is what it is: what the alternatives do, measured the same way.
describe('evidence for the choice of renderer', () => {
  const text = VECTORS['BCB manual (static key)']!;

  it("qrcode's own small terminal renderer forces black on white but leaves a 1-module quiet zone", async () => {
    const output = await QRCode.toString(text, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
    expect(output).toContain('\x1b[47m');
    expect(output).toContain('\x1b[30m');
    const shown = darkMatrix(readScreen(output, LIGHT_THEME));
    const firstDarkRow = shown.findIndex((row) => row.some(Boolean));
    const firstDarkColumn = Math.min(...shown.map((row) => row.indexOf(true)).filter((x) => x >= 0));
    expect(firstDarkRow).toBe(1);
    expect(firstDarkColumn).toBe(1);
    // ...and the `margin` option does not change that.
    const withMargin = await QRCode.toString(text, { type: 'terminal', small: true, margin: 4 });
    expect(withMargin).toBe(await QRCode.toString(text, { type: 'terminal', small: true }));
  });

  it('text written as one byte a character (as qrcode-terminal does) does not decode back to UTF-8', () => {
    const original = VECTORS['non-ASCII merchant (UTF-8)']!;
    const latin1 = QRCode.create([{ data: Buffer.from(original, 'latin1'), mode: 'byte' }], {
      errorCorrectionLevel: 'L',
    });
    const size = latin1.modules.size;
    const matrix = Array.from({ length: size }, (_, y) =>
      Array.from({ length: size }, (_, x) => latin1.modules.get(y, x) !== 0),
    );
    const screen = {
      width: size,
      rows: matrix.map((row) => row.map((dark) => (dark ? LIGHT_THEME.fg : LIGHT_THEME.bg))),
    };
    const decoded = decode(screen, LIGHT_THEME);
    expect(decoded).not.toBeNull();
    expect(decoded).not.toBe(original);
  });
});

// The dynamic codes the sandbox makes (src/sandbox/routes/charges.ts): a 32-character txid in the
// payload's URL, a seeded seller's name and city. Measured: 186 to 207 characters, 53 modules at
// M and 49 at L, whatever the seller and amount.
const SANDBOX_CODES: Array<[string, string]> = (
  [
    ['Loja Exemplo Ltda', 'Sao Paulo', 1500],
    ['Parceiro Alfa Ltda', 'Rio de Janeiro', 10_000],
    ['X'.repeat(25), 'Y'.repeat(15), 1_000_000_000],
  ] as const
).map(([merchantName, merchantCity, amount]) => {
  const txid = 'k7Q2xW9pLm4Rt8Zb3Nc6Vd1Fg5Hj0Ks2';
  const emv = buildBrCode({ url: PIX_LOCATION_HOST + txid, merchantName, merchantCity, amount, txid });
  return [`${merchantName.slice(0, 18)}, ${amount} centavos`, emv];
});

describe('renderQrForTerminal: the quiet zone at every terminal size', () => {
  // Lines under the code as charge create prints them: a blank line, the label, the code wrapped.
  const linesAfter = (emv: string, columns: number) => 2 + wrappedLines(emv.length, columns);
  // The half row under an odd number of modules is light too: one more at the bottom.
  const FOUR_EVERY_SIDE = { top: 4, right: 4, bottom: 5, left: 4 };

  it('the sandbox codes are the sizes measured', () => {
    for (const [, emv] of SANDBOX_CODES) {
      expect(emv.length).toBeGreaterThanOrEqual(186);
      expect(emv.length).toBeLessThanOrEqual(207);
      expect([qrModules(emv, 'M').length, qrModules(emv, 'L').length]).toEqual([53, 49]);
    }
  });

  it.each(SANDBOX_CODES)(
    '80x24: the code of %s does not fit, says it needs 30 rows, and is drawn with 4 modules on every side',
    async (_name, emv) => {
      const qr = await renderQrForTerminal(emv, {
        mode: 'color',
        rows: 24,
        columns: 80,
        linesAfter: linesAfter(emv, 80),
        showAgain: 'paygate charge get ci_1 --qr',
      });
      expect(qr.fits).toBe(false);
      expect(qr.advice).toMatch(
        /^the QR code needs 30 rows, this terminal has 24: its top is off screen\.\n/,
      );
      const screen = readScreen(qr.text, DARK_THEME);
      // Error correction L (49 modules) and its quiet zone: the smallest drawing paygate makes.
      expect(screen.width).toBe(49 + 2 * QR_QUIET_ZONE);
      expect(quietZone(screen)).toEqual(FOUR_EVERY_SIDE);
      expect(decode(screen, DARK_THEME)).toBe(emv);
    },
  );

  it.each(SANDBOX_CODES)(
    '120x40: the code of %s fits with its copy-and-paste line, level M, 4 modules on every side',
    async (_name, emv) => {
      const qr = await renderQrForTerminal(emv, {
        mode: 'color',
        rows: 40,
        columns: 120,
        linesAfter: linesAfter(emv, 120),
      });
      expect([qr.fits, qr.linesAfterFirst, qr.advice]).toEqual([true, false, undefined]);
      const screen = readScreen(qr.text, LIGHT_THEME);
      expect(screen.width).toBe(53 + 2 * QR_QUIET_ZONE);
      expect(quietZone(screen)).toEqual(FOUR_EVERY_SIDE);
      expect(decode(screen, LIGHT_THEME)).toBe(emv);
    },
  );

  it('never draws less than 4 modules, from 24 to 40 rows at 80 columns, through every layout', async () => {
    const [, emv] = SANDBOX_CODES[0]!;
    const layouts: string[] = [];
    for (let rows = 24; rows <= 40; rows++) {
      const qr = await renderQrForTerminal(emv, {
        mode: 'color',
        rows,
        columns: 80,
        linesAfter: linesAfter(emv, 80),
      });
      const screen = readScreen(qr.text, DARK_THEME);
      expect(quietZone(screen), `80x${rows}`).toEqual(FOUR_EVERY_SIDE);
      layouts.push(
        `${rows}: ${qr.fits ? (qr.linesAfterFirst ? 'alone' : 'with its lines') : 'too small'} ${screen.width}`,
      );
    }
    // Rows needed: the code alone 30 (L) or 32 (M) with the prompt; with its 5 lines, 35 or 37.
    expect(layouts).toEqual([
      ...[24, 25, 26, 27, 28, 29].map((rows) => `${rows}: too small 57`),
      '30: alone 57',
      '31: alone 57',
      '32: alone 61',
      '33: alone 61',
      '34: alone 61',
      '35: with its lines 57',
      '36: with its lines 57',
      ...[37, 38, 39, 40].map((rows) => `${rows}: with its lines 61`),
    ]);
  });
});

describe('showAgainLine', () => {
  it('indents the command in backticks when that fits the terminal', () => {
    expect(showAgainLine('paygate charge get ci_1 --qr', 80)).toBe('    `paygate charge get ci_1 --qr`');
  });

  it('prints a command too long for the terminal alone, so that a wrap copies as the command', () => {
    const command = `node /${'x'.repeat(60)}/bin/paygate.js charge get ci_1 --qr`;
    expect(showAgainLine(command, 80)).toBe(command);
    expect(showAgainLine(command, 120)).toBe(`    \`${command}\``);
  });
});
