import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../src/cli.js';
import { stepFailure } from '../../../src/commands/demo/demo.js';
import { shellQuote } from '../../../src/output/format.js';
import { createFakeIO } from '../../helpers/fake-io.js';
import { createScriptedPrompter, interrupt, noPrompter } from '../../helpers/prompter.js';
import { type RunResult, run, tempConfigDir } from '../../helpers/run-cli.js';

// The demos of this file make their directories in a temporary directory of its own: demos run by
// other files at the same time (other workers) make theirs in the system's, and would be counted.
const systemTmp = process.env.TMPDIR;
beforeAll(() => {
  process.env.TMPDIR = mkdtempSync(join(tmpdir(), 'paygate-demo-test-'));
});
afterAll(() => {
  const mine = process.env.TMPDIR!;
  if (systemTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = systemTmp;
  rmSync(mine, { recursive: true, force: true });
});

const demoDirs = () =>
  readdirSync(tmpdir())
    .filter((name) => name.startsWith('paygate-demo-'))
    .sort();

/** The text of step `n` (from its header to the next one). */
function step(stdout: string, n: number): string {
  const start = stdout.indexOf(`── ${n}/8`);
  const end = stdout.indexOf(`── ${n + 1}/8`);
  expect(start, `step ${n} header`).toBeGreaterThanOrEqual(0);
  return stdout.slice(start, end < 0 ? undefined : end);
}

/** Enter at each of the demo's steps 2 to 8, as a person at a terminal. */
function stepByStep() {
  const titles = [
    'Plan the split',
    'Create the PIX charge',
    'The customer pays',
    'Notifications',
    'Balances',
    'Pay out',
  ];
  return createScriptedPrompter(
    titles.map((title, index) => ({
      message: `Enter: step ${index + 2}/8, ${title} (Ctrl-C stops)`,
      answer: '',
    })),
  );
}

describe('paygate demo', () => {
  let result: RunResult;
  let configDir: string;
  let dirsBefore: string[];

  beforeAll(async () => {
    configDir = tempConfigDir();
    dirsBefore = demoDirs();
    result = await run(['demo'], { env: { PAYGATE_CONFIG_DIR: configDir } });
  });

  it('exits 0, prints its story on stdout, nothing on stderr', () => {
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).not.toContain('\x1b[');
    for (let n = 1; n <= 8; n++) step(result.stdout, n);
  });

  it('1: introduces the main seller and the two partners', () => {
    const text = step(result.stdout, 1);
    expect(text).toMatch(/1001 +Loja Exemplo Ltda +main seller/);
    expect(text).toMatch(/1002 +Parceiro Alfa Ltda +partner: 30%/);
    expect(text).toMatch(/1003 +Parceiro Beta ME +partner: 20%/);
    expect(text).toMatch(/webhook listen.*http:\/\/127\.0\.0\.1:\d+/);
  });

  it('2: previews the split offline with the real command', () => {
    const text = step(result.stdout, 2);
    expect(text).toContain(
      '$ paygate split preview --amount 100.00 --split 1001=50% --split 1002=30% --split 1003=20%',
    );
    expect(text).toMatch(/Fee \(3\.99%\) +R\$ 3,99/);
    expect(text).toMatch(/1002 +30% of net +R\$ 28,80/);
  });

  it('3: creates the charge, with its summary, QR code and copy-and-paste line', () => {
    const text = step(result.stdout, 3);
    expect(text).toContain("$ paygate charge create --amount 100.00 --description 'Pedido 1042'");
    expect(text).toMatch(/ID +ci_\w+/);
    expect(text).toMatch(/Status +pending/);
    expect(text).toMatch(/[█▀▄]{10}/);
    expect(text).toMatch(/^000201.+6304[0-9A-F]{4}$/m);
  });

  it('4: pays it and watches it to paid', () => {
    const text = step(result.stdout, 4);
    expect(text).toMatch(/\$ paygate sandbox pay ci_\w+/);
    expect(text).toMatch(/\$ paygate charge watch ci_\w+/);
    expect(text).toMatch(/Status +paid/);
  });

  it('5: shows the whole split to the main seller and only their part to the partners', () => {
    const text = step(result.stdout, 5);
    const [, main, alfa, beta] = text.split(/\n(?= {2}\S.*\(\d{4}\) —)/);
    expect(main).toMatch(/Loja Exemplo Ltda \(1001\) — main seller/);
    expect(main).toMatch(/charge paid +ci_\w+ +paid +R\$ 100,00/);
    expect(main).toContain('1001 Loja Exemplo Ltda   R$ 48,01  50%');
    expect(main).toContain('1002 Parceiro Alfa Ltda  R$ 28,80  30%');
    expect(main).toContain('1003 Parceiro Beta ME    R$ 19,20  20%');

    expect(alfa).toMatch(/Parceiro Alfa Ltda \(1002\) — partner/);
    expect(alfa).toContain('split part');
    expect(alfa).toContain('1002 Parceiro Alfa Ltda  R$ 28,80  30%');
    expect(alfa).not.toContain('1001');
    expect(alfa).not.toContain('1003');

    expect(beta).toMatch(/Parceiro Beta ME \(1003\) — partner/);
    expect(beta).toContain('1003 Parceiro Beta ME  R$ 19,20  20%');
    expect(beta).not.toContain('1001');
    expect(beta).not.toContain('1002');
  });

  it("6: shows each seller's balance, each with its own key", () => {
    const text = step(result.stdout, 6);
    expect(text).toContain('$ paygate balance\n');
    expect(text.match(/\$ PAYGATE_SECRET_KEY=sk_test_…\S+ paygate balance/g)).toHaveLength(2);
    const available = [...text.matchAll(/Available +(R\$ [\d.,]+)/g)].map((match) => match[1]);
    expect(available).toEqual(['R$ 48,01', 'R$ 28,80', 'R$ 19,20']);
  });

  it('7: pays out with a journal key and waits until completed, and the receiver hears of it', () => {
    const text = step(result.stdout, 7);
    expect(text).toContain('$ paygate payout create --amount 40.00 --key demo-payout-1 --yes --wait');
    expect(text).toMatch(/✓ completed: payout co_\w+ \(R\$ [\d.,]+\)/);
    expect(text).toMatch(/payout completed +co_\w+ +completed +R\$ 40,00/);
  });

  it('8: ends with next steps', () => {
    const text = step(result.stdout, 8);
    expect(text).toContain('paygate sandbox start');
    expect(text).toContain('paygate login --sandbox');
  });

  it('touches no config of the user and leaves no temporary directory behind', () => {
    expect(readdirSync(configDir)).toEqual([]);
    expect(demoDirs()).toEqual(dirsBefore);
  });
});

describe('paygate demo options', () => {
  it('--pace pauses between steps with the context sleep', async () => {
    const pauses: number[] = [];
    const sleep = async (ms: number) => {
      pauses.push(ms);
    };
    const result = await run(['demo', '--pace', '1s'], { sleep });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(pauses).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
  });

  it('at a terminal, goes a step at a time on Enter, and wraps its own lines to the terminal', async () => {
    const prompter = stepByStep();
    const result = await run(['demo'], {
      env: { NO_COLOR: '1' },
      tty: true,
      prompter,
      terminalSize: { rows: 40, columns: 60 },
    });
    prompter.assertDone();
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    // The commands it runs, broken as a shell continues a line, within 60 columns.
    const create = lines.findIndex((line) => line.startsWith('$ paygate charge create'));
    expect(lines[create]!.endsWith(' \\')).toBe(true);
    for (let index = create; lines[index]!.endsWith(' \\'); index += 1) {
      expect(lines[index]!.length).toBeLessThanOrEqual(60);
    }
    // Its notes too, each continued line with the note's indentation.
    const webhook = lines.findIndex((line) => line.startsWith("  Every seller's webhook points"));
    expect(lines[webhook]!.length).toBeLessThanOrEqual(60);
    expect(lines[webhook + 1]).toMatch(/^ {4}\S/);
  });

  it('at an 80x24 terminal, says the QR code does not fit and how to see one again after the demo, whose charge ends with it', async () => {
    const prompter = stepByStep();
    const result = await run(['demo'], {
      env: { NO_COLOR: '1' },
      tty: true,
      prompter,
      terminalSize: { rows: 24, columns: 80 },
    });
    expect(result.code, result.stderr).toBe(0);
    const text = step(result.stdout, 3);
    const lines = text.split('\n');
    const warning = lines.findIndex((line) => line.startsWith('warning: the QR code needs'));
    expect(lines.slice(warning, warning + 7)).toEqual([
      'warning: the QR code needs 30 rows, this terminal has 24: its top is off screen.',
      '  This charge exists only while the demo runs. To see a QR code again,',
      '  make the window taller or the font smaller (Ctrl -) and start a sandbox:',
      '    `paygate sandbox start`',
      '  then, in another terminal:',
      '    `paygate login --sandbox`',
      '    `paygate charge create --amount 15.00`',
    ]);
    // No command names the demo's charge: it is gone once the demo ends.
    expect(text).not.toMatch(/charge get ci_/);
    expect(text).not.toContain('copy-and-paste line.');
  });

  it('run from a clone at a long path, prints those commands as run, each whole on its own line', async () => {
    // `node /…/bin/paygate.js` longer than the terminal: a command alone on its line, where a
    // wrap does not change what a triple-click copies (output/qr.ts showAgainLine).
    const script = `/${'a-clone-whose-path-is-longer-than-a-terminal-line-is-wide/'.repeat(2)}bin/paygate.js`;
    const io = createFakeIO({ tty: true, terminalSize: { rows: 24, columns: 80 } });
    const code = await runCli(['demo', '--pace', '0s'], {
      io,
      env: { PAYGATE_CONFIG_DIR: tempConfigDir(), NO_COLOR: '1' },
      prompter: noPrompter,
      scriptPath: script,
    });
    expect(code, io.stderr.text).toBe(0);
    const lines = step(io.stdout.text, 3).split('\n');
    const then = lines.indexOf('  then, in another terminal:');
    expect(then, lines.join('\n')).toBeGreaterThan(0);
    expect([lines[then - 1], lines[then + 1], lines[then + 2]]).toEqual([
      `node ${script} sandbox start`,
      `node ${script} login --sandbox`,
      `node ${script} charge create --amount 15.00`,
    ]);
  });

  it('at a terminal, Ctrl-C at a step stops it: exit 130, "Cancelled.", cleaned up', async () => {
    const before = demoDirs();
    const prompter = createScriptedPrompter([{ message: 'Enter: step 2/8', answer: interrupt }]);
    const result = await run(['demo'], { tty: true, prompter });
    expect(result.code).toBe(130);
    expect(result.stderr).toBe('Cancelled.\n');
    expect(demoDirs()).toEqual(before);
  });

  it('rejects a bad --pace (exit 2)', async () => {
    const result = await run(['demo', '--pace', 'slow']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--pace');
  });

  it('stops on Ctrl-C with exit 130 and cleans up', async () => {
    const before = demoDirs();
    const controller = new AbortController();
    controller.abort(new Error('interrupted'));
    const result = await run(['demo'], { signal: controller.signal });
    expect(result.code).toBe(130);
    // Lower case after `error:`, as every error reads.
    expect(result.stderr).toContain('error: interrupted: the demo stopped.\n');
    expect(demoDirs()).toEqual(before);
  });

  it('colours only when asked', async () => {
    const result = await run(['demo'], { env: { FORCE_COLOR: '1' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\x1b[');
  });
});

describe('shellQuote', () => {
  it('quotes only what a shell would split or expand', () => {
    expect(shellQuote('1002=30%')).toBe('1002=30%');
    expect(shellQuote('Pedido 1042')).toBe("'Pedido 1042'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('$HOME')).toBe("'$HOME'");
  });
});

describe('stepFailure', () => {
  it("names the step and keeps the failed command's exit code", async () => {
    const { PaygateError } = await import('../../../src/errors.js');
    const failure = stepFailure(
      4,
      'The customer pays',
      new PaygateError('`paygate charge watch ci_1` exited with 7', 7),
    );
    expect(failure.message).toBe(
      'the demo failed at step 4 (The customer pays): `paygate charge watch ci_1` exited with 7',
    );
    expect(failure.exitCode).toBe(7);
    expect(stepFailure(5, 'Notifications', new Error('no notification reached X')).exitCode).toBe(1);
  });
});
