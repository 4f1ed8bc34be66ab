// The journal cannot record a create's answer (a read-only or full disk after the POST): the
// payout or charge exists, so it is printed; the run exits 9 naming the reconcile command, never 0
// with a warning a cron log hides; a rerun refuses; reconcile settles it; one payout in the end.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutCreate } from '../../../src/commands/payout/create.js';
import { payoutReconcile } from '../../../src/commands/payout/reconcile.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { immutableWorks } from '../../helpers/immutable.js';
import { accountJournalOf } from '../../helpers/journal.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { spawnPaygate } from '../../helpers/spawn-cli.js';
import { fund, payouts } from './support.js';

// The runs after the first are at the run layer (the handlers' parse and run, a fake context
// against the sandbox). The first run of the unwritable journal stays the built binary: its lock
// must die with its process, as a cron run's does.

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
  await fund(ts, 1_000_000);
});
afterAll(async () => ts.close());

/** `paygate payout create ARGV` at the run layer; global flags go in `options.globals`. */
const create = (argv: string[], options: FakeContextOptions) =>
  runHandler(payoutCreate, ['payout', 'create', ...argv], options);
const reconcile = (argv: string[], options: FakeContextOptions) =>
  runHandler(payoutReconcile, ['payout', 'reconcile', ...argv], options);

/** Past reconcile's outcome window, so that it may conclude. */
const AFTER_WINDOW = { now: () => Date.now() + 11 * 60_000 };

/** Once `sent` is recorded (the POST then held by the sandbox), puts a file where the key's journal directory is (waits up to 10 s: a cold start on a loaded CI machine). */
async function breakJournalDuringPost(keyDir: string): Promise<() => void> {
  for (
    let tries = 0;
    tries < 1000 && !(existsSync(keyDir) && readdirSync(keyDir).includes('000002.json'));
    tries++
  ) {
    await delay(10);
  }
  renameSync(keyDir, `${keyDir}.aside`);
  writeFileSync(keyDir, 'not a directory');
  return () => {
    rmSync(keyDir);
    renameSync(`${keyDir}.aside`, keyDir);
  };
}

describe('a journal that cannot record the answer', () => {
  it('payout create --key: the payout is printed, exit 9 with the reconcile command; rerun refuses; reconcile settles; one payout', async () => {
    const key = 'unwritable-1';
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const keyDir = (await accountJournalOf(env)).keyDir(key);
    await ts.control('/_sandbox/faults', {
      route: 'POST /v1/payouts',
      kind: 'delay',
      when: 'before',
      delayMs: 600,
    });
    const argv = ['--amount', '100', '--key', key, '--yes'];

    // The built binary: its lock dies with it, as a cron run's does.
    const running = spawnPaygate(['payout', 'create', ...argv, '--json'], { env });
    const restore = await breakJournalDuringPost(keyDir);
    const first = await running;
    restore();

    expect(first.code).toBe(9);
    const made = JSON.parse(first.stdout);
    expect(made).toMatchObject({ amount: 100 });
    expect(first.stderr).toContain(`payout ${made.id} was created, but the journal could not record it`);
    expect(first.stderr).toContain(`payout reconcile --key ${key}`);

    const refused = await create(argv, { env, globals: { json: true } });
    expect(refused.code).toBe(9);
    const settled = await reconcile(['--key', key], { env, clock: AFTER_WINDOW });
    expect(settled.code).toBe(0);
    const rerun = await create(argv, { env, globals: { json: true } });
    expect(rerun.code).toBe(0);
    expect(JSON.parse(rerun.stdout).id).toBe(made.id);
    expect((await payouts(ts)).filter((payout) => payout.description === `payout ${key}`)).toHaveLength(1);
  });
});

describe('an unreadable journal record', () => {
  it('refuses (exit 9); reconcile sets it aside and settles the key from the gateway; one payout', async () => {
    const key = 'corrupt-1';
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const argv = ['--amount', '100', '--key', key, '--yes'];
    const first = await create(argv, { env, globals: { json: true } });
    expect(first.code).toBe(0);
    const made = JSON.parse(first.stdout);

    const keyDir = (await accountJournalOf(env)).keyDir(key);
    const latest = readdirSync(keyDir)
      .filter((name) => /^\d+\.json$/.test(name))
      .sort()
      .at(-1)!;
    writeFileSync(join(keyDir, latest), '{"state": "do');

    const refused = await create(argv, { env, globals: { json: true } });
    expect(refused.code).toBe(9);
    expect(refused.failure).toContain(latest);
    // The hint is the command to run, with this key (not a placeholder).
    expect(refused.failure).toContain(`run \`paygate payout reconcile --key ${key}\``);

    // Through the whole CLI: only its top level could print a stack trace.
    const settled = await run(['payout', 'reconcile', '--key', key], { env });
    expect(settled.stderr).not.toMatch(/\n\s+at /);
    expect(settled.code).toBe(0);
    expect(readdirSync(keyDir).some((name) => name.startsWith(`${latest}.corrupt-`))).toBe(true);

    const rerun = await create(argv, { env, globals: { json: true } });
    expect(rerun.code).toBe(0);
    expect(JSON.parse(rerun.stdout).id).toBe(made.id);
    expect((await payouts(ts)).filter((payout) => payout.description === `payout ${key}`)).toHaveLength(1);
  });

  it('a key whose only record is unreadable: reconcile says to settle it by hand, exit 9, nothing moved', async () => {
    const key = 'corrupt-2';
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const keyDir = (await accountJournalOf(env)).keyDir(key);
    mkdirSync(keyDir, { recursive: true });
    writeFileSync(join(keyDir, '000001.json'), 'garbage');
    const result = await reconcile(['--key', key], { env });
    expect(result.code).toBe(9);
    expect(result.failure).toContain('--payout-id');
    expect(readdirSync(keyDir)).toEqual(['000001.json']);
  });
});

describe('a journal that cannot be written before sending', () => {
  it.runIf(immutableWorks())(
    'an unknown outcome is still exit 9 (not 2) with the reconcile hint; a clean key is exit 2; nothing sent',
    async () => {
      const key = 'readonly-1';
      const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
      const argv = ['--amount', '100', '--key', key, '--yes'];
      await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind: '503', when: 'after' });
      expect((await create(argv, { env })).code).toBe(9);
      const keyDir = (await accountJournalOf(env)).keyDir(key);
      const before = (await payouts(ts)).length;
      execFileSync('chattr', ['+i', keyDir]);
      try {
        const refused = await create(argv, { env });
        expect(refused.code).toBe(9);
        expect(refused.failure).toContain('the journal cannot be written');
        expect(refused.failure).toContain('reconcile');
      } finally {
        execFileSync('chattr', ['-i', keyDir]);
      }
      const cleanKeyDir = (await accountJournalOf(env)).keyDir('readonly-2');
      mkdirSync(cleanKeyDir, { recursive: true });
      execFileSync('chattr', ['+i', cleanKeyDir]);
      try {
        const clean = await create(['--amount', '100', '--key', 'readonly-2', '--yes'], { env });
        expect(clean.code).toBe(2);
      } finally {
        execFileSync('chattr', ['-i', cleanKeyDir]);
      }
      expect((await payouts(ts)).length).toBe(before);
    },
  );
});
