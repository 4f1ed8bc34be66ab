// The payout journal against real processes: the built binary is killed with SIGKILL at each
// step of `payout create --key K` (deterministic points: PAYGATE_TEST_CRASH_AT with
// PAYGATE_TEST_HOOKS=1, or a proxy that holds the gateway's answer), then rerun and reconciled
// (mostly in process, on the same config dir, to keep the suite fast; some through the binary).
// For every key: exactly one POST that created a payout, and that payout is the one the journal
// records (none paid twice, none lost). Also: two overlapping runs, and cron-style runs.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fakeTime, fund, payoutPosts, payouts } from '../commands/payout/support.js';
import { accountJournalOf } from '../helpers/journal.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import {
  binPath,
  ensureBuilt,
  repoRoot,
  type SpawnResult,
  spawnPaygate,
  testPath,
} from '../helpers/spawn-cli.js';

let ts: TestSandbox;
beforeAll(async () => {
  ensureBuilt();
  ts = await startTestSandbox();
  await fund(ts, 10_000_000);
});
afterAll(async () => ts.close());

const env = (extra: Record<string, string> = {}) => ({
  ...ts.env,
  PAYGATE_CONFIG_DIR: tempConfigDir(),
  ...extra,
});
const crashAt = (point: string) => ({ PAYGATE_TEST_HOOKS: '1', PAYGATE_TEST_CRASH_AT: point });
const create = (amount: number, key: string) => [
  'payout',
  'create',
  '--amount',
  String(amount),
  '--key',
  key,
  '--yes',
];

async function payoutsOfKey(key: string) {
  return (await payouts(ts)).filter((payout) => payout.description === `payout ${key}`);
}

/** Rerun → already paid (exit 0), no new POST; the journal and the API agree on the one payout. */
async function expectPaidOnce(e: ReturnType<typeof env>, amount: number, key: string, postsBefore: number) {
  const rerun = await run(create(amount, key), { env: e });
  expect(rerun.code, rerun.stderr).toBe(0);
  expect(rerun.stderr).toContain(`Already paid with --key ${key}`);
  const made = await payoutsOfKey(key);
  expect(made).toHaveLength(1);
  expect((await accountJournalOf(e)).read(key)).toMatchObject({
    state: 'done',
    payout: { id: made[0]!.id },
  });
  expect(payoutPosts(ts)).toBe(postsBefore + 1);
}

describe('crash at each step of payout create --key (SIGKILL)', () => {
  test('killed after the intent, before sending: the rerun pays, once', async () => {
    const e = env();
    const posts = payoutPosts(ts);
    const killed = await spawnPaygate(create(1001, 'crash-intent'), {
      env: { ...e, ...crashAt('after-intent') },
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(payoutPosts(ts)).toBe(posts);
    const journal = await accountJournalOf(e);
    expect(journal.read('crash-intent')?.state).toBe('intent');
    expect(journal.readLock('crash-intent')).toBeDefined(); // left behind by the dead process

    const rerun = await run(create(1001, 'crash-intent'), { env: e });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain('stopped before sending anything; trying again');
    await expectPaidOnce(e, 1001, 'crash-intent', posts);
  });

  test('killed after recording `sent`, before the POST: exit 9 until reconcile proves nothing was made', async () => {
    const e = env();
    const posts = payoutPosts(ts);
    const killed = await spawnPaygate(create(1002, 'crash-sent'), {
      env: { ...e, ...crashAt('before-send') },
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(payoutPosts(ts)).toBe(posts);

    const rerun = await run(create(1002, 'crash-sent'), { env: e });
    expect(rerun.code).toBe(9);
    expect(rerun.stderr).toContain('paygate payout reconcile --key crash-sent');
    const early = await run(['payout', 'reconcile', '--key', 'crash-sent'], { env: e });
    expect(early.code).toBe(9);
    expect(payoutPosts(ts)).toBe(posts);

    // After the outcome window (clock injected in process: no real waiting).
    const time = fakeTime();
    time.advance(11 * 60_000);
    const late = await run(['payout', 'reconcile', '--key', 'crash-sent'], { env: e, clock: time.clock });
    expect(late.code).toBe(0);
    expect(late.stderr).toContain('Marked not sent');

    const paid = await run(create(1002, 'crash-sent'), { env: e });
    expect(paid.code, paid.stderr).toBe(0);
    await expectPaidOnce(e, 1002, 'crash-sent', posts);
  });

  test('killed after the gateway made the payout, before its answer arrived: reconcile finds it', async () => {
    const proxy = await holdingProxy(ts.url);
    try {
      const e = env();
      const posts = payoutPosts(ts);
      // The journal is scoped to the gateway URL (DESIGN.md §5): every run goes through the proxy.
      const viaProxy = { ...e, PAYGATE_BASE_URL: proxy.url };
      const child = startPaygate(create(1003, 'crash-inflight'), viaProxy);
      await proxy.answered; // the gateway processed the POST; the CLI has not seen the answer
      const killed = await kill(child);
      expect(killed.signal).toBe('SIGKILL');
      expect(payoutPosts(ts)).toBe(posts + 1);
      expect((await accountJournalOf(viaProxy)).read('crash-inflight')?.state).toBe('sent');

      const rerun = await run(create(1003, 'crash-inflight'), { env: viaProxy });
      expect(rerun.code).toBe(9);
      const reconciled = await run(['payout', 'reconcile', '--key', 'crash-inflight', '--json'], {
        env: viaProxy,
      });
      expect(reconciled.code, reconciled.stderr).toBe(0);
      expect(JSON.parse(reconciled.stdout).state).toBe('done');
      await expectPaidOnce(viaProxy, 1003, 'crash-inflight', posts);
    } finally {
      await proxy.close();
    }
  });

  test('killed after the answer, before recording it: reconcile finds it, nothing paid twice', async () => {
    const e = env();
    const posts = payoutPosts(ts);
    const killed = await spawnPaygate(create(1004, 'crash-answer'), {
      env: { ...e, ...crashAt('after-answer') },
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(payoutPosts(ts)).toBe(posts + 1);

    const rerun = await spawnPaygate([...create(1004, 'crash-answer'), '--json'], { env: e });
    expect(rerun.code).toBe(9);
    expect(JSON.parse(rerun.stderr.trim()).error).toMatchObject({
      exit_code: 9,
      code: 'journal_outcome_unknown',
    });
    const reconciled = await spawnPaygate(['payout', 'reconcile', '--key', 'crash-answer'], { env: e });
    expect(reconciled.code, reconciled.stderr).toBe(0);
    await expectPaidOnce(e, 1004, 'crash-answer', posts);
  });
});

describe('overlapping and cron-style runs', () => {
  test('two runs of the same key at once create exactly one payout', async () => {
    const e = env();
    const posts = payoutPosts(ts);
    // Hold the first POST for a while so that the second run finds the lock taken.
    await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind: 'delay', delayMs: 800 });
    const [a, b] = await Promise.all([
      spawnPaygate(create(1005, 'overlap'), { env: e }),
      spawnPaygate(create(1005, 'overlap'), { env: e }),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(
      [a.stderr, b.stderr].filter((text) => text.includes('Already paid with --key overlap')),
    ).toHaveLength(1);
    expect(payoutPosts(ts)).toBe(posts + 1);
    expect(await payoutsOfKey('overlap')).toHaveLength(1);
  });

  test('cron: no TTY, CI=1, keys from the environment, stdin closed; a missing --yes fails fast with exit 2', async () => {
    const e = env({ CI: '1' });
    const before = ts.sandbox.requests.length;
    const started = Date.now();
    const refused = await spawnPaygate(['payout', 'create', '--all', '--key', 'cron-1'], { env: e });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes is required');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(ts.sandbox.requests.length).toBe(before);

    const swept = await spawnPaygate(
      ['payout', 'create', '--all', '--keep', '100.00', '--key', 'cron-1', '--yes', '--json'],
      {
        env: e,
      },
    );
    expect(swept.code, swept.stderr).toBe(0);
    const payout = JSON.parse(swept.stdout);
    expect(payout).toMatchObject({ status: 'pending', description: 'payout cron-1' });
    const retried = await spawnPaygate(
      ['payout', 'create', '--all', '--keep', '100.00', '--key', 'cron-1', '--yes', '--json'],
      {
        env: e,
      },
    );
    expect(retried.code).toBe(0);
    expect(JSON.parse(retried.stdout).id).toBe(payout.id);
    // Give the balance back for the other tests.
    await ts.control(`/_sandbox/payouts/${payout.id}/fail`);
  });
});

// ---- helpers --------------------------------------------------------------------------------

function startPaygate(argv: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [binPath, ...argv], {
    cwd: repoRoot,
    env: { PATH: testPath(), HOME: process.env.HOME, NO_COLOR: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin?.end();
  return child;
}

function kill(child: ChildProcess): Promise<SpawnResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.kill('SIGKILL');
  });
}

/**
 * A proxy to the sandbox that forwards every request, except that the answer to POST /v1/payouts
 * is held forever once the gateway gave it: `answered` resolves then.
 */
async function holdingProxy(
  target: string,
): Promise<{ url: string; answered: Promise<void>; close(): Promise<void> }> {
  let markAnswered!: () => void;
  const answered = new Promise<void>((resolve) => {
    markAnswered = resolve;
  });
  const server: Server = createServer((req, res) => {
    const upstream = httpRequest(
      `${target}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        const hold = req.method === 'POST' && /\/v1\/payouts$/.test(req.url ?? '');
        if (hold) {
          answer.resume();
          answer.on('end', () => markAnswered());
          return; // never answer the CLI
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
