// The PostgreSQL journal against a real server (test/helpers/postgres.ts): the same records,
// compare-and-swap and lock as the file journal, across "hosts" (instances with other pids and
// host names), the lock a lease (renewed while its run lives, expired when its host died, taken
// at once from a dead process of this machine), the tables created once when several hosts race
// (and the lease table beside an earlier version's journal), an unreachable database refused with
// exit 6, and the URL's password in no message. The run lock's races also run through a real
// PgBouncer in transaction and session mode (test/helpers/pgbouncer.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { JournalBusyError, JournalConflictError } from '../../src/config/journal.js';
import type { JournalScope } from '../../src/config/journal-account.js';
import { PostgresJournal } from '../../src/config/journal-postgres.js';
import { journalUrlOf } from '../../src/config/journal-url.js';
import { ExitCode } from '../../src/errors.js';
import { fund, payoutPosts } from '../commands/payout/support.js';
import { PGBOUNCER_MISSING, pgbouncerPath, startPgBouncer } from '../helpers/pgbouncer.js';
import { journalUrlFor, sql, usePostgres } from '../helpers/postgres.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const postgres = usePostgres();

const scope: JournalScope = {
  id: '@test',
  gateway: 'http://loopback:8080',
  seller: '1001',
  fingerprint: 'f',
  baseUrl: 'http://127.0.0.1:8080/v1',
};
const intent = { amount: 1500, description: 'payout k', balanceSeen: 5000, at: '2026-11-22T10:00:00.000Z' };

/** A host of the shared journal: its own pid and name, a clock whose sleep advances it. */
function host(url: string, name: string, kind: 'payout' | 'charge' = 'payout') {
  let now = Date.parse('2026-11-22T10:00:00Z');
  return new PostgresJournal(url, scope, {
    kind,
    host: name,
    pid: 100 + name.length,
    // Each on a machine of its own: its pid cannot be checked from here.
    machine: `machine of ${name}`,
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
  });
}

describe('PostgresJournal', () => {
  test('records intent → sent → done as rows, read by another host; the table says what it is', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'records');
    const a = host(url, 'host-a');
    const run = await a.acquire('Sweep-1');
    expect(run.decide()).toEqual({ kind: 'new' });
    await run.begin(intent);
    await run.markSent('2026-11-22T10:00:01.000Z', 600_000);
    await run.markDone({ id: 'co_abc', status: 'pending', amount: 1500 });
    await run.release();

    const b = host(url, 'host-b');
    expect(await b.read('sweep-1')).toMatchObject({
      seq: 3,
      state: 'done',
      kind: 'payout',
      made: { id: 'co_abc' },
      host: 'host-a',
    });
    expect((await b.history('sweep-1')).map((record) => record.state)).toEqual(['intent', 'sent', 'done']);
    expect([...(await b.claimedIds())]).toEqual(['co_abc']);
    const rows = await sql(
      url,
      'SELECT gateway, seller, kind, key, seq, state FROM paygate_journal ORDER BY seq',
    );
    expect(rows).toEqual([
      {
        gateway: 'http://loopback:8080',
        seller: '1001',
        kind: 'payout',
        key: 'sweep-1',
        seq: 1,
        state: 'intent',
      },
      {
        gateway: 'http://loopback:8080',
        seller: '1001',
        kind: 'payout',
        key: 'sweep-1',
        seq: 2,
        state: 'sent',
      },
      {
        gateway: 'http://loopback:8080',
        seller: '1001',
        kind: 'payout',
        key: 'sweep-1',
        seq: 3,
        state: 'done',
      },
    ]);
  });

  test('one run per key across hosts: a held key is waited for, then refused (exit 3); free once released', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'lock');
    const holder = await host(url, 'host-a').acquire('k');
    const waiting = host(url, 'host-bb');
    const busy = await waiting
      .acquire('k', { waitMs: 1_000, pollMs: 200 })
      .catch((caught: unknown) => caught);
    expect(busy).toBeInstanceOf(JournalBusyError);
    expect((busy as JournalBusyError).exitCode).toBe(ExitCode.ApiRefused);
    expect((busy as Error).message).toContain('pid 106 on host-a');
    // Another key and another kind are not held.
    await (await waiting.acquire('other')).release();
    await (await host(url, 'host-c', 'charge').acquire('k')).release();
    await holder.release();
    await (await waiting.acquire('k', { waitMs: 0 })).release();
  });

  test('a host that died leaves a lease that expires: the next host then decides from the records alone', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'dead');
    const dying = await host(url, 'host-a').acquire('k');
    await dying.begin(intent);
    await dying.markSent(intent.at, 600_000);
    // The holder's process is gone (its heartbeat with it); its lease is due.
    await sql(url, "UPDATE paygate_journal_lease SET expires_at = now() - interval '1 second'");
    const next = await host(url, 'host-b').acquire('k', { waitMs: 0 });
    expect(next.decide()).toMatchObject({ kind: 'unknown', entry: { state: 'sent', host: 'host-a' } });
    await next.release();
    // The dead run's late release does not free the key its successor holds.
    const successor = await host(url, 'host-c').acquire('k', { waitMs: 0 });
    await dying.release();
    const busy = await host(url, 'host-d')
      .acquire('k', { waitMs: 0 })
      .catch((caught: unknown) => caught);
    expect((busy as Error).message).toContain('pid 106 on host-c');
    await successor.release();
  });

  test('a lease held by a dead process of this machine is taken at once; a live one is waited for', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'machine');
    const alive = new Set([4242]);
    const onThisMachine = (name: string, pid: number) =>
      new PostgresJournal(url, scope, {
        kind: 'payout',
        host: name,
        pid,
        machine: 'this machine',
        isAlive: (candidate) => alive.has(candidate),
        startTimeOf: () => '1',
      });
    const killed = await onThisMachine('host-a', 4242).acquire('k');
    await killed.begin(intent);
    const refused = await onThisMachine('host-a', 4343)
      .acquire('k', { waitMs: 0 })
      .catch((caught: unknown) => caught);
    expect((refused as Error).message).toContain('(pid 4242, since');
    alive.delete(4242); // kill -9
    const next = await onThisMachine('host-a', 4343).acquire('k', { waitMs: 0 });
    expect(next.decide()).toMatchObject({ kind: 'retry', previous: { state: 'intent' } });
    await next.release();
  });

  test('a live run renews its lease: it holds past the lease time, and is gone once released', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'heartbeat');
    const holder = new PostgresJournal(url, scope, {
      kind: 'payout',
      host: 'host-a',
      pid: 7,
      machine: 'machine a',
      // Renewed a few times a lease: a renewal late by most of a lease (a loaded machine, the
      // whole suite at once) must not let the lease lapse, or the test would read load, not code.
      leaseMs: 1500,
    });
    const run = await holder.acquire('k');
    await delay(2500);
    const busy = await host(url, 'host-b')
      .acquire('k', { waitMs: 0 })
      .catch((caught: unknown) => caught);
    expect(busy).toBeInstanceOf(JournalBusyError);
    expect((busy as Error).message).toContain(`pid 7 on host-a, since ${run.lock.at}`);
    await run.release();
    expect(await sql(url, 'SELECT count(*)::int AS n FROM paygate_journal_lease')).toEqual([{ n: 0 }]);
  });

  test('compare-and-swap: of two runs that read the same record, only one may write the next', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'cas');
    const a = host(url, 'host-a');
    const runA = await a.acquire('k');
    await runA.begin(intent);
    await runA.release();
    const runB = await host(url, 'host-b').acquire('k');
    const runC = await host(url, 'host-cc').acquire('k2');
    // Both publish the successor of record 1 of `k` (C through the store, as a broken lock would let it).
    await runB.markSent(intent.at, 1);
    const lost = await runC.journal
      .publish('k', 1, { attempt: 1, state: 'sent', intent: runB.entry!.intent })
      .catch((caught: unknown) => caught);
    expect(lost).toBeInstanceOf(JournalConflictError);
    await runB.release();
    await runC.release();
  });

  test('five hosts creating the table at once: one table, every host works', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'race');
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, async (_, index) => {
        const run = await host(url, `host-${index}`).acquire(`key-${index}`);
        await run.begin(intent);
        await run.release();
      }),
    );
    expect(results.map((result) => result.status)).toEqual(Array(5).fill('fulfilled'));
    expect(await sql(url, 'SELECT count(*)::int AS n FROM paygate_journal')).toEqual([{ n: 5 }]);
  });

  test('a journal made by an earlier version (no lease table) gets one on first use; its entries stand', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'upgrade');
    const earlier = await host(url, 'host-a').acquire('k');
    await earlier.begin(intent);
    await earlier.markSent(intent.at, 600_000);
    await earlier.markDone({ id: 'co_old', status: 'pending' });
    await earlier.release();
    await sql(url, 'DROP TABLE paygate_journal_lease');
    const run = await host(url, 'host-b').acquire('k');
    expect(run.decide()).toMatchObject({ kind: 'done', entry: { made: { id: 'co_old' } } });
    expect(await sql(url, 'SELECT host FROM paygate_journal_lease')).toEqual([{ host: 'host-b' }]);
    await run.release();
  });

  test('payouts and charges of one key are separate entries', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'kinds');
    const charge = await host(url, 'host-a', 'charge').acquire('same');
    await charge.begin({ ...intent, description: 'same', balanceSeen: null });
    await charge.markSent(intent.at, 1);
    await charge.markDone({ id: 'ci_1', status: 'pending' });
    await charge.release();
    const payout = await host(url, 'host-a').acquire('same');
    expect(payout.decide()).toEqual({ kind: 'new' });
    await payout.release();
  });
});

/**
 * The journal URL of a test in `topology`: the server itself, or a PgBouncer in front of it whose
 * few server connections the hosts share. `direct` is the server, to inspect it.
 */
const TOPOLOGIES = ['direct', 'pgbouncer transaction mode', 'pgbouncer session mode'] as const;
async function journalIn(topology: (typeof TOPOLOGIES)[number], label: string) {
  const direct = await journalUrlFor(postgres.url!, label);
  if (topology === 'direct') return { url: direct, direct };
  // Transaction mode: two server connections for every host. Session mode: a host holds one from
  // connecting to closing, so the pool fits the hosts a test runs at once (the rest queue).
  const bouncer =
    topology === 'pgbouncer session mode'
      ? await startPgBouncer(direct, 'session', 6)
      : await startPgBouncer(direct, 'transaction', 2);
  onTestFinished(() => bouncer.stop());
  return { url: bouncer.url, direct };
}

/** A host of a race: its own name and pid, the real clock, polling often. */
function racer(url: string, index: number) {
  return new PostgresJournal(url, scope, {
    kind: 'payout',
    host: `racer-${index}`,
    pid: 1000 + index,
    machine: `machine of racer ${index}`,
  });
}

/** Advisory locks left in the journal's database on connections that are idle (no transaction running). */
async function idleAdvisoryLocks(direct: string): Promise<number> {
  const rows = await sql<{ n: number }>(
    direct,
    `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND a.state = 'idle'
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return rows[0]!.n;
}

describe.each(TOPOLOGIES)('the run lock, %s', (topology) => {
  const skipReason = () =>
    !postgres.url
      ? postgres.skipReason
      : topology !== 'direct' && !pgbouncerPath()
        ? PGBOUNCER_MISSING
        : undefined;

  test('12 hosts racing for one key: one payout, the others see it made; no exit 9, no conflict', async (context) => {
    const reason = skipReason();
    if (reason) return context.skip(reason);
    const { url, direct } = await journalIn(topology, 'race-key');
    let payouts = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const run = await racer(url, index).acquire('k', { waitMs: 8_000, pollMs: 20 });
        try {
          const decision = run.decide();
          if (decision.kind !== 'new') return decision.kind;
          await run.begin(intent);
          await run.markSent(intent.at, 600_000);
          payouts += 1;
          await delay(50); // the gateway answering
          await run.markDone({ id: 'co_1', status: 'pending' });
          return 'paid';
        } finally {
          await run.release();
        }
      }),
    );
    expect(outcomes.sort()).toEqual([...Array(11).fill('done'), 'paid']);
    expect(payouts).toBe(1);
    expect((await racer(direct, 99).history('k')).map((record) => record.state)).toEqual([
      'intent',
      'sent',
      'done',
    ]);
  });

  test('a host starting while another pays waits for it, then sees the payout; one that cannot wait names the holder', async (context) => {
    const reason = skipReason();
    if (reason) return context.skip(reason);
    const { url } = await journalIn(topology, 'race-wait');
    const paying = await racer(url, 1).acquire('k');
    await paying.begin(intent);
    const events: string[] = [];
    const waiting = racer(url, 2)
      .acquire('k', { waitMs: 8_000, pollMs: 20 })
      .then((run) => {
        events.push('acquired');
        return run;
      });
    const refused = await Promise.all(
      [3, 4, 5].map((index) =>
        racer(url, index)
          .acquire('k', { waitMs: 0 })
          .catch((caught: unknown) => caught),
      ),
    );
    for (const error of refused) {
      expect(error).toBeInstanceOf(JournalBusyError);
      expect((error as Error).message).toContain(`(pid 1001 on racer-1, since ${paying.lock.at})`);
    }
    await delay(200);
    await paying.markSent(intent.at, 600_000);
    await paying.markDone({ id: 'co_1', status: 'pending' });
    events.push('paid');
    await paying.release();
    const next = await waiting;
    expect(events).toEqual(['paid', 'acquired']);
    expect(next.decide()).toMatchObject({ kind: 'done', entry: { made: { id: 'co_1' } } });
    await next.release();
  });

  test('40 keyed runs leave no lock and no lease behind', async (context) => {
    const reason = skipReason();
    if (reason) return context.skip(reason);
    const { url, direct } = await journalIn(topology, 'race-leaks');
    await Promise.all(
      Array.from({ length: 4 }, async (_, worker) => {
        const journal = racer(url, worker);
        for (let index = 0; index < 10; index += 1) {
          const run = await journal.acquire(`row-${worker}-${index}`);
          await run.begin(intent);
          await run.release();
        }
      }),
    );
    expect(await sql(direct, 'SELECT count(*)::int AS n FROM paygate_journal')).toEqual([{ n: 40 }]);
    expect(await sql(direct, 'SELECT count(*)::int AS n FROM paygate_journal_lease')).toEqual([{ n: 0 }]);
    expect(await idleAdvisoryLocks(direct)).toBe(0);
  });
});

describe('an unreachable journal database', () => {
  test('refused with exit 6, saying so; the password appears nowhere', async () => {
    const url = 'postgres://cron:s3cret-Pw@127.0.0.1:1/journal';
    const journal = new PostgresJournal(url, scope, { kind: 'payout' });
    const error = (await journal.acquire('k').catch((caught: unknown) => caught)) as Error & {
      exitCode: number;
      details: { hint?: string };
    };
    expect(error.exitCode).toBe(ExitCode.Network);
    expect(error.message).toContain(
      'the journal database postgres://cron:***@127.0.0.1:1/journal cannot be reached',
    );
    expect(error.message).toContain('nothing was sent');
    expect(
      JSON.stringify({ message: error.message, hint: error.details.hint, location: journal.location }),
    ).not.toContain('s3cret');
  });

  test('a URL that is not PostgreSQL’s is refused (exit 2) naming where it came from, without its password', () => {
    const bad = () => journalUrlOf({ PAYGATE_JOURNAL_URL: 'mysql://u:hunter2@db/x' }, () => undefined);
    expect(bad).toThrow(/PAYGATE_JOURNAL_URL: must be a PostgreSQL URL/);
    expect(bad).not.toThrow(/hunter2/);
    expect(journalUrlOf({}, () => 'postgres://u@db/x')).toBe('postgres://u@db/x');
    expect(journalUrlOf({}, () => undefined)).toBeUndefined();
  });
});

describe('payout create --key with a journal URL', () => {
  let ts: TestSandbox;
  beforeAll(async () => {
    ts = await startTestSandbox();
    await fund(ts, 100_000);
  });
  afterAll(async () => ts.close());
  const pay = ['payout', 'create', '--amount', '2.00', '--key', 'db-1', '--yes', '--json'];

  test('the database down: exit 6, nothing sent, and the password in no line', async () => {
    const env = {
      ...ts.env,
      PAYGATE_CONFIG_DIR: tempConfigDir(),
      PAYGATE_JOURNAL_URL: 'postgres://cron:s3cret-Pw@127.0.0.1:1/journal',
    };
    const posts = payoutPosts(ts);
    const result = await run([...pay, '--debug'], { env });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('postgres://cron:***@127.0.0.1:1/journal');
    expect(result.stderr).toContain('nothing was sent');
    expect(result.stdout + result.stderr).not.toContain('s3cret');
    expect(payoutPosts(ts)).toBe(posts);
  });

  test('--debug names the journal without its password; config set/get/list never show it', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = new URL(await journalUrlFor(postgres.url, 'debug'));
    url.password = 'hunter2-pw'; // the test server trusts every local connection
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const set = await run(['config', 'set', 'journal.url', url.toString()], { env });
    expect(set.code, set.stderr).toBe(0);
    const paid = await run([...pay, '--debug'], { env });
    expect(paid.code, paid.stderr).toBe(0);
    // Whatever database PAYGATE_TEST_JOURNAL_URL names.
    expect(paid.stderr).toMatch(/journal: postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/\w+/);
    const shown = [
      set,
      paid,
      await run(['config', 'get', 'journal.url'], { env }),
      await run(['config', 'list'], { env }),
    ];
    for (const result of shown) expect(result.stdout + result.stderr).not.toContain('hunter2');
    // Another host with the same setting: already paid, from the database.
    const other = { ...env, PAYGATE_CONFIG_DIR: tempConfigDir(), PAYGATE_JOURNAL_URL: url.toString() };
    const again = await run(pay, { env: other });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Already made with --key db-1');
  });

  test('a config dir that cannot be written (a read-only pod) is fine with a shared journal', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'readonly');
    // Under a file, so that not even root can create it.
    const blocker = join(tempConfigDir(), 'a-file');
    writeFileSync(blocker, '');
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: join(blocker, 'paygate'), PAYGATE_JOURNAL_URL: url };
    const key = ['payout', 'create', '--amount', '2.00', '--key', 'pod-1', '--yes', '--json'];
    const posts = payoutPosts(ts);
    const first = await run(key, { env });
    expect(first.code, first.stderr).toBe(0);
    const again = await run(key, { env });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Already made with --key pod-1');
    expect(payoutPosts(ts)).toBe(posts + 1);
  });
});
