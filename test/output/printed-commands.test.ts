// Printed commands (src/output/printed-commands.ts): named as the program was invoked, repeating the
// run's --profile, --base-url and --interval; and each one printed here is run and works.
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandLine, printCommands, programFor } from '../../src/output/printed-commands.js';
import { fakeTime } from '../helpers/fake-time.js';
import { englishAfterEachTest } from '../helpers/language.js';
import { printedCommand, runPrinted } from '../helpers/printed-command.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { useTestSandbox } from '../helpers/sandbox.js';

// In-process runs in Portuguese leave the language chosen: each test starts in English.
englishAfterEachTest();

describe('programFor', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paygate-hint-'));
  const script = join(dir, 'lib', 'bin', 'paygate.js');
  mkdirSync(join(dir, 'lib', 'bin'), { recursive: true });
  writeFileSync(script, '', { mode: 0o755 });
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  symlinkSync(script, join(bin, 'paygate'));
  const other = join(dir, 'other');
  mkdirSync(other);
  writeFileSync(join(other, 'paygate'), '');
  chmodSync(join(other, 'paygate'), 0o755);

  it('is `paygate` when that name on PATH is this program (npm install -g, npm link)', () => {
    expect(programFor(join(bin, 'paygate'), { PATH: `/nonexistent:${bin}` })).toBe('paygate');
    expect(programFor(script, { PATH: bin })).toBe('paygate');
  });

  it('is `node /abs/path` when PATH has no paygate or another one', () => {
    expect(programFor(script, { PATH: '/usr/bin' })).toBe(`node ${script}`);
    expect(programFor(script, { PATH: other })).toBe(`node ${script}`);
    // The shell would run the other one, found first.
    expect(programFor(script, { PATH: `${other}:${bin}` })).toBe(`node ${script}`);
    expect(programFor('lib/bin/paygate.js', { PATH: '' }, dir)).toBe(`node ${script}`);
    expect(programFor('/a dir/paygate.js', {})).toBe("node '/a dir/paygate.js'");
  });

  it("is the single executable's own path when PATH has no paygate that is it", () => {
    expect(programFor(script, { PATH: '/usr/bin' }, '/', true)).toBe(script);
    expect(programFor('/a dir/paygate-linux-x64', {}, '/', true)).toBe("'/a dir/paygate-linux-x64'");
    expect(programFor(script, { PATH: bin }, '/', true)).toBe('paygate');
  });

  it('is `npx paygate` under npx, and `paygate` when nothing says (tests)', () => {
    expect(programFor(script, { npm_command: 'exec', PATH: bin })).toBe('npx paygate');
    expect(programFor(undefined, {})).toBe('paygate');
  });
});

describe('commandLine and printCommands', () => {
  const invocation = {
    program: 'node /x/paygate.js',
    profile: 'loja 2',
    baseUrl: 'http://h:1',
    interval: '5s',
  };

  it('sandbox start: never --base-url or --profile; the port of a loopback base URL instead', () => {
    expect(commandLine(invocation, 'sandbox start')).toBe('node /x/paygate.js sandbox start');
    expect(commandLine({ program: 'paygate', baseUrl: 'http://127.0.0.1:4799' }, 'sandbox start')).toBe(
      'paygate sandbox start --port 4799',
    );
    expect(commandLine({ program: 'paygate', baseUrl: 'http://localhost:4010/api' }, 'sandbox start')).toBe(
      'paygate sandbox start',
    );
    expect(
      printCommands('is the gateway (or `paygate sandbox start`) running?', {
        program: 'paygate',
        baseUrl: 'http://127.0.0.1:4799',
      }),
    ).toBe('is the gateway (or `paygate sandbox start --port 4799`) running?');
  });

  it('repeats the selection flags, and --interval on a watch only', () => {
    expect(commandLine(invocation, ['charge', 'watch', 'ci_1'])).toBe(
      "node /x/paygate.js --profile 'loja 2' --base-url http://h:1 charge watch ci_1 --interval 5s",
    );
    expect(commandLine(invocation, ['charge', 'get', 'ci_1'])).toBe(
      "node /x/paygate.js --profile 'loja 2' --base-url http://h:1 charge get ci_1",
    );
    expect(commandLine({ program: 'paygate' }, 'payout watch po_1 --interval 1s')).toBe(
      'paygate payout watch po_1 --interval 1s',
    );
  });

  it('rewrites the commands in a text, once', () => {
    const text = 'run `paygate payout reconcile --key K` first\nresume with: paygate payout watch po_1';
    const once = printCommands(text, { program: 'paygate', profile: 'p' });
    expect(once).toBe(
      'run `paygate --profile p payout reconcile --key K` first\nresume with: paygate --profile p payout watch po_1',
    );
    expect(printCommands(once, { program: 'paygate', profile: 'p' })).toBe(once);
    expect(printCommands('paygate sandbox: task failed', invocation)).toBe('paygate sandbox: task failed');
  });
});

describe('printed commands run', () => {
  const t = useTestSandbox();

  async function createCharge(env: Record<string, string>, extra: string[] = []): Promise<string> {
    const result = await run(['charge', 'create', '--amount', '1500', '--json', ...extra], { env });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout).id;
  }

  it('a watch resume hint repeats --base-url and --interval, and resumes the same charge', async () => {
    // The environment points at a gateway that is not there: only --base-url finds the charge.
    const env = { ...t.env, PAYGATE_BASE_URL: 'http://127.0.0.1:9' };
    const id = await createCharge(env, ['--base-url', t.url]);
    const first = await run(
      ['charge', 'watch', id, '--base-url', t.url, '--interval', '3s', '--timeout', '9s'],
      {
        env,
        ...fakeTime(),
      },
    );
    expect(first.code).toBe(8);
    const resume = printedCommand(first.stderr, 'resume with: ');
    expect(resume).toBe(`paygate --base-url ${t.url} charge watch ${id} --interval 3s`);
    await t.control(`/_sandbox/charges/${id}/pay`);
    const again = await runPrinted(resume, env, fakeTime());
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('paid');
  });

  it('at a terminal a resume command is never broken: on its own line, indented only when that fits', async () => {
    const env = { ...t.env, PAYGATE_LANG: 'pt-BR' };
    const id = await createCharge(env);
    const expected = `paygate --base-url ${t.url} charge watch ${id} --interval 3s`;
    // 80 columns: the command (over 80) alone at the line's start; a little wider than it: after
    // the hint's indent (the hint and the command on one line would still not fit).
    for (const [columns, line] of [
      [80, expected],
      [expected.length + 4, `  ${expected}`],
    ] as const) {
      const stop = new AbortController();
      const result = await run(['charge', 'watch', id, '--base-url', t.url, '--interval', '3s'], {
        env,
        tty: true,
        terminalSize: { rows: 24, columns },
        signal: stop.signal,
        ...fakeTime(() => stop.abort()),
      });
      expect(result.code, result.stderr).toBe(130);
      const lines = result.stderr.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
      const hint = lines.findIndex((text) => text.startsWith('dica: retome com:'));
      expect(lines.slice(hint, hint + 2), result.stderr).toEqual(['dica: retome com:', line]);
    }
    await t.control(`/_sandbox/charges/${id}/pay`);
    expect((await runPrinted(expected, env, fakeTime())).code).toBe(0);
  });

  it('a hint repeats --profile: the printed command looks at the same gateway', async () => {
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    const login = await run(['login', '--sandbox', t.url, '--profile', 'sb'], { env });
    expect(login.code, login.stderr).toBe(0);
    const id = await createCharge(env, ['--profile', 'sb']);
    const first = await run(['--profile', 'sb', 'charge', 'watch', id, '--timeout', '2s'], {
      env,
      ...fakeTime(),
    });
    expect(first.code).toBe(8);
    const resume = printedCommand(first.stderr, 'resume with: ');
    expect(resume).toBe(`paygate --profile sb charge watch ${id}`);
    await t.control(`/_sandbox/charges/${id}/pay`);
    expect((await runPrinted(resume, env, fakeTime())).code).toBe(0);
  });

  it('the hint after a sandbox restart says why the saved key fails, and its command fixes it', async () => {
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    expect((await run(['login', '--sandbox', t.url], { env })).code).toBe(0);
    // What a restart without --seed/--state does: the sandbox no longer knows the saved key.
    const stale = await run(['--profile', 'default', 'balance'], {
      env: { ...env, PAYGATE_SECRET_KEY: 'sk_test_from_an_earlier_start' },
    });
    expect(stale.code).toBe(4);
    expect(stale.stderr).toContain(
      'sandbox keys change on every start unless it runs with --seed or --state',
    );
    const fix = printedCommand(stale.stderr, 'log in again with `');
    expect(fix).toBe(`paygate --profile default login --sandbox ${t.url}`);
    expect((await runPrinted(fix, env)).code).toBe(0);
    expect((await run(['balance'], { env })).code).toBe(0);
  });

  it('an error hint without a configured gateway names a command that exists', async () => {
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    const result = await run(['charge', 'list'], { env });
    expect(result.code).toBe(4);
    const hinted = printedCommand(result.stderr, 'run `');
    expect(hinted).toBe('paygate login');
    const login = await runPrinted(`${hinted} --sandbox ${t.url}`, env);
    expect(login.code, login.stderr).toBe(0);
  });
});
