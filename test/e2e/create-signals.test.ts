// SIGTERM against the built binary: while a create POST is in flight the outcome
// is unknown, so the exit is 9 and the journal says so; with no create in flight it is 130.
// The sandbox's `delay` fault holds POST /v1/payouts so that the signal lands while it waits.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fakeTime, fund, payoutPosts, payouts } from '../commands/payout/support.js';
import { accountJournalOf } from '../helpers/journal.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { binPath, ensureBuilt, repoRoot, testPath } from '../helpers/spawn-cli.js';

let ts: TestSandbox;
beforeAll(async () => {
  ensureBuilt();
  ts = await startTestSandbox();
  await fund(ts, 1_000_000);
});
afterAll(async () => ts.close());

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(argv: string[], env: Record<string, string>): { child: ChildProcess; ended: Promise<Ended> } {
  const child = spawn(process.execPath, [binPath, ...argv], {
    cwd: repoRoot,
    env: { PATH: testPath(), HOME: process.env.HOME, NO_COLOR: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin?.end();
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const ended = new Promise<Ended>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, ended };
}

/** Resolves once the sandbox has taken the held request (its fault's count is used up). */
async function requestArrived(route: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    const response = await fetch(`${ts.url}/_sandbox/faults`);
    const body = (await response.json()) as { data: Array<{ route: string; remaining: number }> };
    const held = body.data.find((fault) => fault.route === route);
    if (held === undefined || held.remaining === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${route} never arrived`);
}

async function delayNext(route: string, delayMs = 20_000) {
  await ts.control('/_sandbox/faults', { route, kind: 'delay', delayMs, count: 1 });
}

describe('SIGTERM while a create is in flight', () => {
  test('payout create --key: exit 9, journal unknown, the rerun refuses, reconcile settles it, one payout', async () => {
    const e = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const posts = payoutPosts(ts);
    await delayNext('POST /v1/payouts');
    const { child, ended } = start(['payout', 'create', '--amount', '3.21', '--key', 'term-1', '--yes'], e);
    await requestArrived('POST /v1/payouts');
    child.kill('SIGTERM');
    const result = await ended;
    expect(result.code, result.stderr).toBe(9);
    expect(result.stderr).toContain('payout reconcile --key term-1');
    expect((await (await accountJournalOf(e)).read('term-1'))?.state).toBe('unknown');

    const rerun = await run(['payout', 'create', '--amount', '3.21', '--key', 'term-1', '--yes'], { env: e });
    expect(rerun.code).toBe(9);
    expect(rerun.stderr).toContain('payout reconcile --key term-1');

    // The held request was cut before the sandbox read it: after the outcome window, reconcile
    // proves nothing was made, and the key pays once.
    const time = fakeTime();
    time.advance(11 * 60_000);
    // The window passes on the gateway too: the run recorded its clock against the gateway's.
    ts.sandbox.advanceClock(11 * 60_000);
    const settled = await run(['payout', 'reconcile', '--key', 'term-1'], { env: e, clock: time.clock });
    expect(settled.code, settled.stderr).toBe(0);
    const paid = await run(['payout', 'create', '--amount', '3.21', '--key', 'term-1', '--yes'], { env: e });
    expect(paid.code, paid.stderr).toBe(0);
    const made = (await payouts(ts)).filter((payout) => payout.description === 'payout term-1');
    expect(made).toHaveLength(1);
    // The cut POST created nothing (the sandbox never read its body); the one that paid: one.
    expect(payoutPosts(ts)).toBeLessThanOrEqual(posts + 2);
  });

  test('payout create without a key: exit 9 too', async () => {
    const e = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    await delayNext('POST /v1/payouts');
    const { child, ended } = start(['payout', 'create', '--amount', '1.23', '--yes'], e);
    await requestArrived('POST /v1/payouts');
    child.kill('SIGTERM');
    const result = await ended;
    expect(result.code, result.stderr).toBe(9);
    expect(result.stderr).toContain('it may have been processed');
    expect(result.stderr).toContain('payout list');
  });

  test('no create in flight (a GET held): exit 130', async () => {
    const e = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    await delayNext('GET /v1/balance');
    const { child, ended } = start(['balance'], e);
    await requestArrived('GET /v1/balance');
    child.kill('SIGTERM');
    expect((await ended).code).toBe(130);
  });
});
