// Colour follows what each stream is connected to (src/output/stdio.ts isTerminal): a terminal
// gets colours, a pipe or /dev/null none. The terminal is a pseudo-terminal made by script(1).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/output/format.js';
import { binPath, ensureBuilt, testPath } from '../helpers/spawn-cli.js';

const hasScript = (() => {
  try {
    execFileSync('script', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const configDir = mkdtempSync(join(tmpdir(), 'paygate-terminal-'));
afterAll(() => rmSync(configDir, { recursive: true, force: true }));

const preview = `${shellQuote(process.execPath)} ${shellQuote(binPath)} split preview --amount 10000 --split 1002=100%`;

/** Runs a shell command line inside a pseudo-terminal; returns what the terminal showed. */
function inTerminal(commandLine: string): string {
  ensureBuilt();
  return execFileSync('script', ['-qec', commandLine, '/dev/null'], {
    env: { PATH: testPath(), HOME: process.env.HOME, TERM: 'xterm', PAYGATE_CONFIG_DIR: configDir },
    encoding: 'utf8',
    timeout: 15_000,
  });
}

describe.skipIf(!hasScript)('at a terminal (built binary)', () => {
  it('colours stdout and stderr when both are the terminal', () => {
    const shown = inTerminal(preview);
    expect(shown).toMatch(/\x1b\[1mGross +\x1b\[22m +R\$ 100,00/);
    expect(shown).toContain('\x1b[33mwarning:');
  });

  it('does not colour stdout sent to a pipe or /dev/null, and still colours stderr on the terminal', () => {
    const piped = inTerminal(`${preview} | cat`);
    expect(piped).toMatch(/^Gross +R\$ 100,00/m);
    expect(piped).not.toContain('\x1b[1mGross');
    expect(piped).toContain('\x1b[33mwarning:');
    const discarded = inTerminal(`${preview} > /dev/null; echo "exit $?"`);
    expect(discarded).toContain('\x1b[33mwarning:');
    expect(discarded).not.toContain('Gross');
    expect(discarded).toContain('exit 0');
  });

  it('NO_COLOR turns colours off at a terminal too', () => {
    const shown = inTerminal(`NO_COLOR=1 ${preview}`);
    expect(shown).toMatch(/Gross +R\$ 100,00/);
    expect(shown).not.toContain('\x1b[');
  });
});
