// The journal of keyed creates against real processes, on both stores: the file journal of a
// config dir and the PostgreSQL journal shared by several hosts (PAYGATE_JOURNAL_URL; "hosts" are
// separate config dirs, each run of a case on the next one). The built binary is killed with
// SIGKILL at each step of `payout create --key K` (deterministic points: PAYGATE_TEST_CRASH_AT
// with PAYGATE_TEST_HOOKS=1, or a proxy that holds the gateway's answer), then rerun and
// reconciled (mostly in process, to keep the suite fast; some through the binary). For every
// key: exactly one POST that created a payout, and that payout is the one the journal records
// (none paid twice, none lost). Also: 2 and 5 overlapping runs, 5xx and 429 after the gateway
// made the payout, and cron-style runs; 5 overlapping runs also through PgBouncer in transaction
// and session mode (its few server connections shared by the hosts), and a SIGTERM mid-POST there
// that must delete the run's lease. Each case's runs and payouts are printed at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { fakeTime, fund, payoutPosts, payouts } from '../commands/payout/support.js';
import { accountJournalOf, journalStoreOf } from '../helpers/journal.js';
import { PGBOUNCER_MISSING, pgbouncerPath, startPgBouncer } from '../helpers/pgbouncer.js';
import { journalUrlFor, sql, usePostgres } from '../helpers/postgres.js';
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
const postgres = usePostgres();
beforeAll(async () => {
  ensureBuilt();
  ts = await startTestSandbox();
  await fund(ts, 10_000_000);
});
afterAll(async () => ts.close());

/** Per journal and case: how many paygate runs, and how many payouts the key made in the end. */
const figures: Array<{ journal: string; name: string; runs: number; payouts: number }> = [];
afterAll(() => {
  if (figures.length === 0) return;
  const lines = figures.map(
    (row) =>
      `${row.journal.padEnd(21)} ${row.name.padEnd(34)} runs ${String(row.runs).padStart(2)}  payouts ${row.payouts}  paid twice ${Math.max(0, row.payouts - 1)}`,
  );
  console.log(`journal crash and overlap figures:\n${lines.join('\n')}`);
});

const JOURNALS = ['file', 'postgres'] as const;
/** The PostgreSQL journal behind a real PgBouncer (test/helpers/pgbouncer.ts), for the overlap cases. */
const POOLED = ['pgbouncer-transaction', 'pgbouncer-session'] as const;
type JournalName = (typeof JOURNALS)[number] | (typeof POOLED)[number];

const crashAt = (point: string) => ({ PAYGATE_TEST_HOOKS: '1', PAYGATE_TEST_CRASH_AT: point });
/** Integer centavos as reais (`1004` → `10.04`): a bare integer below R$ 100,00 is noted on stderr. */
const reais = (centavos: number) =>
  `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
const create = (amount: number, key: string) => [
  'payout',
  'create',
  '--amount',
  reais(amount),
  '--key',
  key,
  '--yes',
];

async function payoutsOfKey(key: string) {
  return (await payouts(ts)).filter((payout) => payout.description === `payout ${key}`);
}

/**
 * The hosts of one case. File journal: one config dir (a file journal is one host's). PostgreSQL:
 * one journal URL (a schema of its own), and each `next()` is another host: a fresh config dir.
 */
interface Hosts {
  next(extra?: Record<string, string>): Record<string, string>;
  runs: number;
  /** PostgreSQL: the journal's schema on the server itself (not through a pooler), to inspect it. */
  direct?: string;
}

async function hostsFor(journal: JournalName, label: string): Promise<Hosts> {
  const direct = journal === 'file' ? undefined : await journalUrlFor(postgres.url!, label);
  let url = direct;
  if (url && journal !== 'postgres') {
    // Session mode: each running host holds a server connection, so the pool fits them all.
    const bouncer =
      journal === 'pgbouncer-session'
        ? await startPgBouncer(url, 'session', 6)
        : await startPgBouncer(url, 'transaction', 2);
    onTestFinished(() => bouncer.stop());
    url = bouncer.url;
  }
  const shared = tempConfigDir();
  const hosts: Hosts = {
    runs: 0,
    direct,
    next: (extra = {}) => {
      hosts.runs += 1;
      return {
        ...ts.env,
        PAYGATE_CONFIG_DIR: url ? tempConfigDir() : shared,
        ...(url ? { PAYGATE_JOURNAL_URL: url } : {}),
        ...extra,
      };
    },
  };
  return hosts;
}

/** A test on each journal; the PostgreSQL one is skipped, saying why, where no server can be had. */
function eachJournal(
  name: string,
  body: (journal: JournalName) => Promise<void>,
  timeout?: number,
  journals: readonly JournalName[] = JOURNALS,
) {
  describe.each(journals)('%s journal', (journal) => {
    test(
      name,
      async (context) => {
        if (journal !== 'file' && !postgres.url) context.skip(postgres.skipReason);
        if (journal !== 'file' && journal !== 'postgres' && !pgbouncerPath()) context.skip(PGBOUNCER_MISSING);
        await body(journal);
      },
      timeout,
    );
  });
}

async function record(journal: JournalName, name: string, hosts: Hosts, key: string) {
  figures.push({ journal, name, runs: hosts.runs, payouts: (await payoutsOfKey(key)).length });
}

/** Rerun → already paid (exit 0), no new POST; the journal and the API agree on the one payout. */
async function expectPaidOnce(e: Record<string, string>, amount: number, key: string, postsBefore: number) {
  const rerun = await run(create(amount, key), { env: e });
  expect(rerun.code, rerun.stderr).toBe(0);
  expect(rerun.stderr).toContain(`Already made with --key ${key}`);
  const made = await payoutsOfKey(key);
  expect(made).toHaveLength(1);
  expect(await (await journalStoreOf(e)).read(key)).toMatchObject({
    state: 'done',
    made: { id: made[0]!.id },
  });
  expect(payoutPosts(ts)).toBe(postsBefore + 1);
}

describe('crash at each step of payout create --key (SIGKILL)', () => {
  eachJournal('killed after the intent, before sending: the rerun pays, once', async (journal) => {
    const key = `crash-intent-${journal}`;
    const hosts = await hostsFor(journal, key);
    const posts = payoutPosts(ts);
    const first = hosts.next();
    const killed = await spawnPaygate(create(1001, key), { env: { ...first, ...crashAt('after-intent') } });
    expect(killed.signal).toBe('SIGKILL');
    expect(payoutPosts(ts)).toBe(posts);
    expect((await (await journalStoreOf(first)).read(key))?.state).toBe('intent');
    if (journal === 'file') expect((await accountJournalOf(first)).readLock(key)).toBeDefined(); // left behind by the dead process

    const rerun = await run(create(1001, key), { env: hosts.next() });
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain('stopped before sending anything; trying again');
    await expectPaidOnce(hosts.next(), 1001, key, posts);
    await record(journal, 'killed after intent', hosts, key);
  });

  eachJournal(
    'killed after recording `sent`, before the POST: exit 9 until reconcile proves nothing was made',
    async (journal) => {
      const key = `crash-sent-${journal}`;
      const hosts = await hostsFor(journal, key);
      const posts = payoutPosts(ts);
      const killed = await spawnPaygate(create(1002, key), {
        env: { ...hosts.next(), ...crashAt('before-send') },
      });
      expect(killed.signal).toBe('SIGKILL');
      expect(payoutPosts(ts)).toBe(posts);

      const rerun = await run(create(1002, key), { env: hosts.next() });
      expect(rerun.code).toBe(9);
      expect(rerun.stderr).toContain(`paygate payout reconcile --key ${key}`);
      const early = await run(['payout', 'reconcile', '--key', key], { env: hosts.next() });
      expect(early.code).toBe(9);
      expect(payoutPosts(ts)).toBe(posts);

      // After the outcome window (clock injected in process: no real waiting).
      const time = fakeTime();
      time.advance(11 * 60_000);
      // The window passes on the gateway too: the run recorded its clock against the gateway's.
      ts.sandbox.advanceClock(11 * 60_000);
      const late = await run(['payout', 'reconcile', '--key', key], { env: hosts.next(), clock: time.clock });
      expect(late.code, late.stderr).toBe(0);
      expect(late.stderr).toContain('Marked not sent');

      const paid = await run(create(1002, key), { env: hosts.next() });
      expect(paid.code, paid.stderr).toBe(0);
      await expectPaidOnce(hosts.next(), 1002, key, posts);
      await record(journal, 'killed after sent, before POST', hosts, key);
    },
  );

  eachJournal(
    'a host killed mid-POST (the gateway made the payout, its answer held): another host refuses with exit 9, a third reconciles',
    async (journal) => {
      const proxy = await holdingProxy(ts.url);
      try {
        const key = `crash-inflight-${journal}`;
        const hosts = await hostsFor(journal, key);
        const posts = payoutPosts(ts);
        // The journal is scoped to the gateway (its origin): every run goes through the proxy.
        const viaProxy = { PAYGATE_BASE_URL: proxy.url };
        const child = startPaygate(create(1003, key), hosts.next(viaProxy));
        await proxy.answered; // the gateway processed the POST; the CLI has not seen the answer
        const killed = await kill(child);
        expect(killed.signal).toBe('SIGKILL');
        expect(payoutPosts(ts)).toBe(posts + 1);

        const other = hosts.next(viaProxy);
        expect((await (await journalStoreOf(other)).read(key))?.state).toBe('sent');
        const rerun = await run(create(1003, key), { env: other });
        expect(rerun.code).toBe(9);
        expect(rerun.stderr).toContain(`paygate payout reconcile --key ${key}`);
        const reconciled = await run(['payout', 'reconcile', '--key', key, '--json'], {
          env: hosts.next(viaProxy),
        });
        expect(reconciled.code, reconciled.stderr).toBe(0);
        expect(JSON.parse(reconciled.stdout).state).toBe('done');
        await expectPaidOnce(hosts.next(viaProxy), 1003, key, posts);
        await record(journal, 'killed mid-POST', hosts, key);
      } finally {
        await proxy.close();
      }
    },
  );

  eachJournal(
    'killed after the answer, before recording it: reconcile finds it, nothing paid twice',
    async (journal) => {
      const key = `crash-answer-${journal}`;
      const hosts = await hostsFor(journal, key);
      const posts = payoutPosts(ts);
      const killed = await spawnPaygate(create(1004, key), {
        env: { ...hosts.next(), ...crashAt('after-answer') },
      });
      expect(killed.signal).toBe('SIGKILL');
      expect(payoutPosts(ts)).toBe(posts + 1);

      const rerun = await spawnPaygate([...create(1004, key), '--json'], { env: hosts.next() });
      expect(rerun.code).toBe(9);
      expect(JSON.parse(rerun.stderr.trim()).error).toMatchObject({
        exit_code: 9,
        code: 'journal_outcome_unknown',
      });
      const reconciled = await spawnPaygate(['payout', 'reconcile', '--key', key], { env: hosts.next() });
      expect(reconciled.code, reconciled.stderr).toBe(0);
      await expectPaidOnce(hosts.next(), 1004, key, posts);
      await record(journal, 'killed after the answer', hosts, key);
    },
  );
});

describe('the gateway made the payout, then answered 5xx or 429', () => {
  for (const kind of ['500', '429'] as const) {
    eachJournal(
      `${kind} after processing: exit 9 on every host until one reconciles; one payout`,
      async (journal) => {
        const key = `after-${kind}-${journal}`;
        const hosts = await hostsFor(journal, key);
        const posts = payoutPosts(ts);
        await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind, when: 'after' });
        const first = await run(create(1006, key), { env: hosts.next() });
        expect(first.code, first.stderr).toBe(9);
        expect(payoutPosts(ts)).toBe(posts + 1);
        const other = await run(create(1006, key), { env: hosts.next() });
        expect(other.code).toBe(9);
        const settled = await run(['payout', 'reconcile', '--key', key], { env: hosts.next() });
        expect(settled.code, settled.stderr).toBe(0);
        await expectPaidOnce(hosts.next(), 1006, key, posts);
        await record(journal, `${kind} after processing`, hosts, key);
      },
    );
  }
});

describe('overlapping and cron-style runs', () => {
  for (const count of [2, 5]) {
    eachJournal(
      `${count} runs of the same key at once (${count} hosts on a shared journal) create exactly one payout`,
      async (journal) => {
        const key = `overlap-${count}-${journal}`;
        const hosts = await hostsFor(journal, key);
        const posts = payoutPosts(ts);
        // Hold the first POST for a while so that the other runs find the lock taken.
        await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind: 'delay', delayMs: 800 });
        const results = await Promise.all(
          Array.from({ length: count }, () => spawnPaygate(create(1005, key), { env: hosts.next() })),
        );
        expect(
          results.map((result) => result.code),
          results.map((result) => result.stderr).join('\n'),
        ).toEqual(Array(count).fill(0));
        expect(
          results.filter((result) => result.stderr.includes(`Already made with --key ${key}`)),
        ).toHaveLength(count - 1);
        expect(payoutPosts(ts)).toBe(posts + 1);
        expect(await payoutsOfKey(key)).toHaveLength(1);
        await record(journal, `${count}-way overlap`, hosts, key);
      },
      30_000,
      // Behind a pooler, hosts share its few server connections: the lock must still be one per key.
      count === 5 ? [...JOURNALS, ...POOLED] : JOURNALS,
    );
  }

  test('cron: no TTY, CI=1, keys from the environment, stdin closed; a missing --yes fails fast with exit 2', async () => {
    const e = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir(), CI: '1' };
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

describe('SIGTERM behind a connection pooler', () => {
  eachJournal(
    'mid-POST through PgBouncer in transaction mode: exit 9, and the run deletes its lease as it ends',
    async (journal) => {
      const proxy = await holdingProxy(ts.url);
      try {
        const key = `term-pooled-${journal}`;
        const hosts = await hostsFor(journal, key);
        const viaProxy = { PAYGATE_BASE_URL: proxy.url };
        const child = startPaygate(create(1008, key), hosts.next(viaProxy));
        const ended = collect(child);
        await proxy.answered; // the gateway made the payout; the CLI has not seen the answer
        child.kill('SIGTERM');
        const result = await ended;
        expect(result.code, result.stderr).toBe(9);
        expect(result.stderr).toContain(`payout reconcile --key ${key}`);
        // Gone from the database, not left to expire: no host waits for a run that ended.
        expect(await sql(hosts.direct!, 'SELECT count(*)::int AS n FROM paygate_journal_lease')).toEqual([
          { n: 0 },
        ]);
        const rerun = await run(create(1008, key), { env: hosts.next(viaProxy) });
        expect(rerun.code).toBe(9);
        expect(rerun.stderr).not.toContain('journal_locked');
      } finally {
        await proxy.close();
      }
    },
    30_000,
    ['pgbouncer-transaction'],
  );
});

describe('the PostgreSQL driver is loaded only when a journal URL is set', () => {
  /** The files of dist/ a run of the built binary loads. */
  async function loadedFiles(argv: string[], env: Record<string, string>): Promise<string[]> {
    const dir = tempConfigDir();
    const log = join(dir, 'loaded.json');
    const preload = join(dir, 'preload.cjs');
    writeFileSync(
      preload,
      `const Module = require('node:module'); const seen = []; const load = Module._load;
       Module._load = function (request, parent, ...rest) { const out = load.call(this, request, parent, ...rest);
         try { seen.push(Module._resolveFilename(request, parent)); } catch {} return out; };
       process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(log)}, JSON.stringify(seen)));`,
    );
    const result = await spawnPaygate(argv, { env: { ...env, NODE_OPTIONS: `--require ${preload}` } });
    expect(result.code, result.stderr).toBe(0);
    return (JSON.parse(readFileSync(log, 'utf8')) as string[]).filter((file) =>
      file.includes(`${sep}dist${sep}`),
    );
  }
  const postgresCode = (files: string[]) => files.filter((file) => /journal-postgres|[\\/]esm-/.test(file));

  test('--version and a keyed create on the file journal load none of it; with a URL, it is loaded', async (context) => {
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    expect(postgresCode(await loadedFiles(['--version'], env))).toEqual([]);
    expect(postgresCode(await loadedFiles(create(1007, 'driver-file'), env))).toEqual([]);
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'driver');
    const withUrl = await loadedFiles(create(1007, 'driver-postgres'), { ...env, PAYGATE_JOURNAL_URL: url });
    expect(postgresCode(withUrl).length).toBeGreaterThan(0);
  });
});

// What a keyed create costs on each journal: the built binary, one new key a run, median of 20
// (PAYGATE_JOURNAL_MEASURE=1; off by default, as it measures rather than checks).
describe.runIf(process.env.PAYGATE_JOURNAL_MEASURE === '1')('cost of a keyed create', () => {
  eachJournal(
    'median wall time of 20 runs of payout create --key (and of 20 without --key)',
    async (journal) => {
      const hosts = await hostsFor(journal, 'cost');
      const env = hosts.next();
      const time = async (argv: string[]) => {
        const started = process.hrtime.bigint();
        const result = await spawnPaygate(argv, { env });
        expect(result.code, result.stderr).toBe(0);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const keyed: number[] = [];
      const plain: number[] = [];
      for (let index = 0; index < 20; index++) {
        plain.push(await time(['payout', 'create', '--amount', '1', '--yes', '--json']));
        keyed.push(await time(create(1, `cost-${journal}-${index}`)));
      }
      console.log(
        `${journal} journal: payout create --key median ${median(keyed).toFixed(0)} ms, without --key ${median(plain).toFixed(0)} ms (20 runs each)`,
      );
    },
    120_000,
  );
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
  const ended = collect(child);
  child.kill('SIGKILL');
  return ended;
}

/** What a started run prints, and how it ends. */
function collect(child: ChildProcess): Promise<SpawnResult> {
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
