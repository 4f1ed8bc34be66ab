// The QR code on a real terminal size (src/output/qr.ts renderQrForTerminal): run in a
// pseudo-terminal made by script(1) at a given size, keep the last screen (the last `rows` lines
// after wrapping at `columns`), and decode the QR code on it as a phone would (jsQR).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import jsqr from 'jsqr';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestSandbox } from '../helpers/sandbox.js';
import { binPath, ensureBuilt, repoRoot, testPath } from '../helpers/spawn-cli.js';
import { DARK_THEME, quietZone, readScreen, type Screen, toImage } from '../output/terminal-screen.js';

// jsqr is CommonJS typed as an ES module (see test/output/qr.test.ts).
const jsQR = jsqr.default;

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
const SGR = /\x1b\[[0-9;]*m/g;

/** The output of a run at a terminal: its lines, then what the terminal shows at the end. */
interface TerminalRun {
  /** The lines as printed (colours removed), before the terminal wraps them. */
  printed: string[];
  /** The same lines with their colours. */
  coloured: string[];
  /** The last `rows` lines after wrapping at `columns`, with the prompt's line. */
  screen: string[];
}

/** What a `columns`x`rows` terminal shows when `commandLine` (a shell command line) runs. */
async function inTerminal(
  commandLine: string,
  size: { rows: number; columns: number },
  env: Record<string, string>,
): Promise<TerminalRun> {
  ensureBuilt();
  // Asynchronous: the sandbox answers from this process.
  const { stdout: output } = await promisify(execFile)(
    'script',
    ['-qec', `stty rows ${size.rows} cols ${size.columns}; ${commandLine}`, '/dev/null'],
    {
      env: { PATH: testPath(), HOME: process.env.HOME, TERM: 'xterm', ...env },
      encoding: 'utf8',
      timeout: 15_000,
    },
  );
  const printed: string[] = [];
  const coloured: string[] = [];
  const lines: string[] = [];
  for (const line of output
    .replace(/\r\n/g, '\n')
    .replace(/\x1b\[\?25[hl]/g, '')
    .split('\n')) {
    printed.push(line.replace(SGR, ''));
    coloured.push(line);
    // A line longer than the terminal wraps onto the next rows.
    const visible = Array.from(line.replace(SGR, '')).length;
    if (line.includes('\x1b') && /^[ ▀▄█]*$/u.test(line.replace(SGR, ''))) lines.push(line);
    else
      for (let start = 0; start < Math.max(visible, 1); start += size.columns)
        lines.push(line.replace(SGR, '').slice(start, start + size.columns));
  }
  // The prompt's line after the output.
  lines.push('$ ');
  if (lines.at(-2) === '') lines.splice(-2, 1);
  return { printed, coloured, screen: lines.slice(-size.rows) };
}

/** What a `columns`x`rows` terminal shows at the end of `paygate ARGS` run as `node BIN ARGS`. */
async function lastScreen(
  args: string[],
  size: { rows: number; columns: number },
  env: Record<string, string>,
  bin = binPath,
) {
  const command = [process.execPath, bin, ...args].map(quote).join(' ');
  return (await inTerminal(command, size, env)).screen;
}

/** The QR code's lines among `lines` (drawn in colour), as a dark terminal shows them. */
function qrDrawing(lines: string[]): Screen {
  const qrLines = lines.filter((line) => line.includes('\x1b') && /^[ ▀▄█]+$/u.test(line.replace(SGR, '')));
  expect(qrLines.length, 'lines of a QR code').toBeGreaterThan(0);
  return readScreen(qrLines.join('\n'), DARK_THEME);
}

/** The QR code on a screen, decoded as a phone would, or null. */
function decodeScreen(screen: string[]): string | null {
  const { data, width, height } = toImage(qrDrawing(screen), DARK_THEME);
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

// The README's promise: 4 light modules on every side (and the half row under an odd number of
// modules, light too, at the bottom), whatever the terminal's size.
const FOUR_EVERY_SIDE = { top: 4, right: 4, bottom: 5, left: 4 };

const STATIC_EMV =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe.skipIf(!hasScript)('the QR code on the last screen of a terminal (built binary)', () => {
  const t = useTestSandbox();

  it('80x24: a static PIX code needs 26 rows, and is said to; drawn with 4 modules on every side, it decodes', async () => {
    const command = [process.execPath, binPath, 'charge', 'qr', STATIC_EMV];
    const { printed, coloured } = await inTerminal(
      command.map(quote).join(' '),
      { rows: 24, columns: 80 },
      { PAYGATE_CONFIG_DIR: t.env.PAYGATE_CONFIG_DIR! },
    );
    expect(printed).toContain(
      'warning: the QR code needs 26 rows, this terminal has 24: its top is off screen.',
    );
    const drawn = qrDrawing(coloured);
    expect(quietZone(drawn)).toEqual(FOUR_EVERY_SIDE);
    const { data, width, height } = toImage(drawn, DARK_THEME);
    expect(jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data).toBe(STATIC_EMV);
  });

  it.each([
    [80, 40],
    [120, 40],
  ])(
    '%ix%i: charge create ends with the whole QR code, 4 modules on every side, and the copy-and-paste line',
    async (columns, rows) => {
      const screen = await lastScreen(
        ['charge', 'create', '--amount', '15.00', '--no-input'],
        { rows, columns },
        t.env,
      );
      const emv = screen.slice(screen.indexOf('PIX copy and paste:') + 1, -1).join('');
      expect(emv).toMatch(/^000201.*6304[0-9A-F]{4}$/);
      expect(quietZone(qrDrawing(screen))).toEqual(FOUR_EVERY_SIDE);
      expect(decodeScreen(screen)).toBe(emv);
    },
  );

  // The hint names the program as it was run (`node <clone>/bin/paygate.js`): however long the
  // clone's path, the hint runs as printed. Run from this clone and from a path longer than 80
  // columns (a link to it), so that both layouts are checked wherever the project is.
  const longClone = join(
    mkdtempSync(join(tmpdir(), 'paygate-qr-')),
    'a-clone-whose-path-is-longer-than-a-terminal-line-is-wide-paygate-checkout',
  );
  symlinkSync(repoRoot, longClone);
  afterAll(() => rmSync(dirname(longClone), { recursive: true, force: true }));

  it.each([
    ['this clone', binPath],
    ['a clone at a long path', join(longClone, 'bin', 'paygate.js')],
  ])(
    '80x24 (%s): a dynamic code cannot fit; the last screen says how many rows it needs and a command that shows it again',
    async (_name, bin) => {
      const command = [process.execPath, bin, 'charge', 'create', '--amount', '15.00', '--no-input'];
      const { printed, coloured, screen } = await inTerminal(
        command.map(quote).join(' '),
        { rows: 24, columns: 80 },
        t.env,
      );
      const intro = '  Make the window taller or the font smaller (Ctrl -), then show it again with:';
      const start = printed.indexOf(intro);
      expect(start, printed.join('\n')).toBeGreaterThan(0);
      expect(printed[start - 1]).toBe(
        'warning: the QR code needs 30 rows, this terminal has 24: its top is off screen.',
      );
      expect(printed[start + 2]).toBe('  or pay with the copy-and-paste line.');
      // The command: in backticks, indented, when that fits 80 columns; else alone on its line,
      // where a wrap does not change what a triple-click copies.
      const hint = printed[start + 1]!;
      const shown = /^ {4}`(.+)`$/.exec(hint)?.[1] ?? hint;
      expect(shown).toMatch(/^node \S.* charge get ci_\w+ --qr$/);
      expect(hint.length <= 80 || hint === shown).toBe(true);
      // Every other line printed as text fits the terminal (the copy-and-paste line is one word).
      const emv = printed[printed.indexOf('PIX copy and paste:') + 1]!;
      const drawing = (line: string) => /^[ ▀▄█]*$/u.test(line);
      const tooWide = printed.filter(
        (line) => line.length > 80 && line !== shown && line !== emv && !drawing(line),
      );
      expect(tooWide).toEqual([]);
      // The last screen ends with the hint, wrapped as the terminal wraps it.
      const wrapped = Math.ceil(hint.length / 80);
      expect(screen.slice(-(4 + wrapped), -1)).toEqual([
        expect.stringMatching(/^warning: the QR code needs/),
        intro,
        ...Array.from({ length: wrapped }, (_, row) => hint.slice(row * 80, (row + 1) * 80)),
        '  or pay with the copy-and-paste line.',
      ]);
      // The code as printed, whose top is off screen: the smallest drawing, 4 modules on every side.
      const drawn = qrDrawing(coloured);
      expect(quietZone(drawn)).toEqual(FOUR_EVERY_SIDE);
      const image = toImage(drawn, DARK_THEME);
      expect(jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data).toBe(
        emv,
      );
      // The command, typed as printed, draws the code again.
      const again = (await inTerminal(shown, { rows: 40, columns: 80 }, t.env)).screen;
      const emvAgain = again.slice(again.indexOf('PIX copy and paste:') + 1, -1).join('');
      expect(emvAgain).toBe(emv);
      expect(decodeScreen(again)).toBe(emv);
    },
  );
});
