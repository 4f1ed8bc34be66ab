// The QR code on a real terminal size (src/output/qr.ts renderQrForTerminal): run in a
// pseudo-terminal made by script(1) at a given size, keep the last screen (the last `rows` lines
// after wrapping at `columns`), and decode the QR code on it as a phone would (jsQR).
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import jsqr from 'jsqr';
import { describe, expect, it } from 'vitest';
import { useTestSandbox } from '../helpers/sandbox.js';
import { binPath, ensureBuilt, testPath } from '../helpers/spawn-cli.js';
import { DARK_THEME, readScreen, toImage } from '../output/terminal-screen.js';

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

/** What a `columns`x`rows` terminal shows at the end of `args`: its last `rows` lines. */
async function lastScreen(
  args: string[],
  size: { rows: number; columns: number },
  env: Record<string, string>,
) {
  ensureBuilt();
  const command = [process.execPath, binPath, ...args].map(quote).join(' ');
  // Asynchronous: the sandbox answers from this process.
  const { stdout: output } = await promisify(execFile)(
    'script',
    ['-qec', `stty rows ${size.rows} cols ${size.columns}; ${command}`, '/dev/null'],
    {
      env: { PATH: testPath(), HOME: process.env.HOME, TERM: 'xterm', ...env },
      encoding: 'utf8',
      timeout: 15_000,
    },
  );
  const lines: string[] = [];
  for (const line of output
    .replace(/\r\n/g, '\n')
    .replace(/\x1b\[\?25[hl]/g, '')
    .split('\n')) {
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
  return lines.slice(-size.rows);
}

/** The QR code on a screen, decoded as a phone would, or null. */
function decodeScreen(screen: string[]): string | null {
  const qrLines = screen.filter((line) => line.includes('\x1b') && /^[ ▀▄█]+$/u.test(line.replace(SGR, '')));
  if (qrLines.length === 0) return null;
  const { data, width, height } = toImage(readScreen(qrLines.join('\n'), DARK_THEME), DARK_THEME);
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

const STATIC_EMV =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe.skipIf(!hasScript)('the QR code on the last screen of a terminal (built binary)', () => {
  const t = useTestSandbox();

  it('80x24: a static PIX code is whole on the last screen and decodes to the exact code', async () => {
    const screen = await lastScreen(
      ['charge', 'qr', STATIC_EMV],
      { rows: 24, columns: 80 },
      { PAYGATE_CONFIG_DIR: t.env.PAYGATE_CONFIG_DIR! },
    );
    expect(decodeScreen(screen)).toBe(STATIC_EMV);
  });

  it('80x40: charge create ends with the whole QR code and the copy-and-paste line', async () => {
    const screen = await lastScreen(
      ['charge', 'create', '--amount', '15.00', '--no-input'],
      { rows: 40, columns: 80 },
      t.env,
    );
    const emv = screen.slice(screen.indexOf('PIX copy and paste:') + 1, -1).join('');
    expect(emv).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(decodeScreen(screen)).toBe(emv);
  });

  it('80x24: a dynamic code cannot fit; the last screen says how many rows it needs, with the line', async () => {
    const screen = await lastScreen(
      ['charge', 'create', '--amount', '15.00', '--no-input'],
      { rows: 24, columns: 80 },
      t.env,
    );
    expect(screen.slice(-6, -1)).toEqual([
      expect.stringMatching(/6304[0-9A-F]{4}$/),
      expect.stringMatching(
        /^warning: the QR code needs 2\d rows, this terminal has 24: its top is off screen\.$/,
      ),
      '  Make the window taller or the font smaller (Ctrl -), then show it again with:',
      expect.stringMatching(new RegExp(`^ {4}\`node ${binPath} charge get ci_\\w+ --qr\`$`)),
      '  or pay with the copy-and-paste line.',
    ]);
    // The command it names draws the code again.
    const id = /charge get (ci_\w+) --qr/.exec(screen.join('\n'))![1]!;
    const again = await lastScreen(['charge', 'get', id, '--qr'], { rows: 40, columns: 80 }, t.env);
    const emv = again.slice(again.indexOf('PIX copy and paste:') + 1, -1).join('');
    expect(decodeScreen(again)).toBe(emv);
    const start = screen.indexOf('PIX copy and paste:');
    expect(start).toBeGreaterThan(0);
    expect(screen.slice(start + 1, start + 4).join('')).toMatch(/^000201.*6304[0-9A-F]{4}/);
  });
});
