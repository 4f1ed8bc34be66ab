import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  checkJournalKey,
  FileJournal,
  JournalBusyError,
  JournalConflictError,
  JournalFileError,
  type JournalOptions,
  kindOfRecord,
  processIsAlive,
  processStartTime,
} from '../../src/config/journal.js';
import { earlierEntryFinder } from '../../src/config/journal-earlier.js';
import { describeJournalUrl } from '../../src/config/journal-url.js';
import { ExitCode, type PaygateError } from '../../src/errors.js';
import { parseJsonLossless, WrittenNumber } from '../../src/json.js';
import { tempConfigDir } from '../helpers/run-cli.js';

/** A journal on a fake clock whose sleep advances it (no real waiting). */
function journalAt(dir: string, options: JournalOptions = {}) {
  let now = Date.parse('2026-11-22T10:00:00Z');
  const clock = { now: () => now };
  const journal = new FileJournal(dir, {
    now: clock.now,
    sleep: async (ms) => {
      now += ms;
    },
    host: 'test-host',
    ...options,
  });
  return { journal, clock, advance: (ms: number) => (now += ms) };
}

const intent = { amount: 1500, description: 'payout k', balanceSeen: 5000, at: '2026-11-22T10:00:00.000Z' };

describe('FileJournal', () => {
  test('a key directory replaced by a file after the lock: begin is a journal write error (exit 2, nothing sent), not an internal error', async () => {
    const dir = tempConfigDir();
    const { journal } = journalAt(dir, { pid: 111 });
    const run = await journal.acquire('swapped');
    const keyDir = journal.keyDir('swapped');
    renameSync(keyDir, `${keyDir}.aside`);
    writeFileSync(keyDir, 'not a directory');
    let thrown: unknown;
    try {
      await run.begin(intent);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JournalFileError);
    expect((thrown as JournalFileError).exitCode).toBe(ExitCode.Usage);
    expect((thrown as JournalFileError).message).toContain('cannot write');
  });

  test("a recorded answer's 150.00 stays 150.00 on disk and when read back, never 150 centavos", async () => {
    const dir = tempConfigDir();
    const { journal } = journalAt(dir, { pid: 111 });
    const run = await journal.acquire('written');
    await run.begin(intent);
    await run.markSent('2026-11-22T10:00:01.000Z', 600_000);
    const answer = parseJsonLossless('{"id":"co_w","status":"pending","amount":150.00}') as {
      id: string;
      amount: unknown;
    };
    await run.markDone(answer);
    await run.release();
    const file = join(dir, 'payout-journal', 'written', '000003.json');
    expect(readFileSync(file, 'utf8')).toContain('"amount": 150.00');
    const amount = (await journal.read('written'))!.made?.amount;
    expect(amount).toBeInstanceOf(WrittenNumber);
    expect(String(amount)).toBe('150.00');
  });

  test('records intent → sent → done as immutable numbered files and reads the latest', async () => {
    const dir = tempConfigDir();
    const { journal } = journalAt(dir, { pid: 111 });
    const run = await journal.acquire('sweep-2026-11-22');
    expect(run.decide()).toEqual({ kind: 'new' });
    await run.begin(intent);
    await run.markSent('2026-11-22T10:00:01.000Z', 600_000);
    await run.markDone({ id: 'co_abc', status: 'pending', amount: 1500 });
    await run.release();

    const keyDir = join(dir, 'payout-journal', 'sweep-2026-11-22');
    expect(readdirSync(keyDir).sort()).toEqual(['000001.json', '000002.json', '000003.json']);
    const entry = await journal.read('sweep-2026-11-22')!;
    expect(entry).toMatchObject({
      seq: 3,
      attempt: 1,
      state: 'done',
      intent: { amount: 1500, description: 'payout k', balance_seen: 5000, at: intent.at },
      sent_at: '2026-11-22T10:00:01.000Z',
      made: { id: 'co_abc' },
      pid: 111,
      host: 'test-host',
    });
    expect((await journal.history('sweep-2026-11-22')).map((record) => record.state)).toEqual([
      'intent',
      'sent',
      'done',
    ]);
    expect(existsSync(join(keyDir, 'lock'))).toBe(false);
  });

  test('a second run of a done key is told so; sent or unknown is outcome-unknown', async () => {
    const dir = tempConfigDir();
    const { journal } = journalAt(dir, { pid: 111, isAlive: () => false });
    const first = await journal.acquire('k1');
    await first.begin(intent);
    await first.markSent(intent.at, 600_000);
    await first.release();
    const second = await new FileJournal(dir, {
      pid: 222,
      host: 'test-host',
      isAlive: () => false,
    }).acquire('k1');
    expect(second.decide()).toMatchObject({ kind: 'unknown', entry: { state: 'sent' } });
    await second.markDone({ id: 'co_x', status: 'pending' });
    await second.release();
    const third = await journal.acquire('k1');
    expect(third.decide()).toMatchObject({ kind: 'done', entry: { made: { id: 'co_x' } } });
    await third.release();
  });

  test('an intent left by a dead run is safe to retry; failed, rejected and not_sent too', async () => {
    const dir = tempConfigDir();
    const dead = new FileJournal(dir, { pid: 999_991, host: 'test-host', isAlive: () => false });
    const crashed = await dead.acquire('k');
    await crashed.begin(intent);
    // Killed here: the lock and the intent stay behind.
    const { journal } = journalAt(dir, { pid: 222, isAlive: () => false });
    const run = await journal.acquire('k');
    const decision = run.decide();
    expect(decision).toMatchObject({ kind: 'retry', previous: { state: 'intent' } });
    await run.begin({ ...intent, amount: 1400 });
    await run.markSent(intent.at, 1);
    await run.markRejected({ message: 'refused' });
    expect(run.decide()).toMatchObject({ kind: 'retry' });
    await run.begin(intent);
    expect(await journal.read('k')).toMatchObject({ state: 'intent', attempt: 2, intent: { amount: 1500 } });
    await run.release();
  });

  test('an intent written by a live run that lost its lock is never raced', async () => {
    const dir = tempConfigDir();
    const other = new FileJournal(dir, { pid: 333, host: 'test-host', isAlive: () => true });
    const theirs = await other.acquire('k');
    await theirs.begin(intent);
    // Its lock vanishes (broken by mistake): we take the lock but must not go on.
    await theirs.release();
    const { journal } = journalAt(dir, { pid: 222, isAlive: (pid) => pid === 333 });
    const run = await journal.acquire('k');
    expect(() => run.decide()).toThrow(JournalBusyError);
    await run.release();
  });

  test('compare-and-swap: of two runs that read the same record, only one may write `sent`', async () => {
    const dir = tempConfigDir();
    const a = new FileJournal(dir, { pid: 1, host: 'h', isAlive: () => false });
    const b = new FileJournal(dir, { pid: 2, host: 'h', isAlive: () => false });
    const runA = await a.acquire('k');
    await runA.begin(intent);
    // B believes A is dead (stale lock broken by mistake) and starts its own attempt over A's intent.
    const runB = await b.acquire('k');
    await runB.begin(intent);
    // A's `sent` would be record 2, which B already wrote: A learns it and must not send.
    let thrown: unknown;
    try {
      await runA.markSent(intent.at, 1);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(JournalConflictError);
    expect((thrown as JournalConflictError).exitCode).toBe(ExitCode.ApiRefused);
    expect((await runB.markSent(intent.at, 1)).state).toBe('sent');
    expect((await journal(dir).history('k')).map((record) => record.state)).toEqual([
      'intent',
      'intent',
      'sent',
    ]);
  });

  test('a live lock is waited for, then refused (exit 3) without real sleeping', async () => {
    const dir = tempConfigDir();
    const holder = await new FileJournal(dir, { pid: 444, host: 'test-host' }).acquire('k');
    const { journal, clock } = journalAt(dir, { pid: 555, isAlive: () => true });
    const started = clock.now();
    const error = await journal
      .acquire('k', { waitMs: 10_000, pollMs: 200 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JournalBusyError);
    expect((error as JournalBusyError).exitCode).toBe(3);
    expect((error as Error).message).toContain('pid 444');
    expect(clock.now() - started).toBeGreaterThanOrEqual(10_000);
    await holder.release();
  });

  test('a lock released while waiting is taken', async () => {
    const dir = tempConfigDir();
    const holder = await new FileJournal(dir, { pid: 444, host: 'test-host' }).acquire('k');
    let polls = 0;
    const journal = new FileJournal(dir, {
      pid: 555,
      host: 'test-host',
      isAlive: () => true,
      sleep: async () => {
        if (++polls === 3) await holder.release();
      },
    });
    const run = await journal.acquire('k');
    expect(polls).toBe(3);
    expect(journal.readLock('k')).toMatchObject({ pid: 555 });
    await run.release();
  });

  test('a stale lock (dead pid) is broken; a lock from another host counts as live', async () => {
    const dir = tempConfigDir();
    await new FileJournal(dir, { pid: 777, host: 'test-host' }).acquire('k');
    const { journal } = journalAt(dir, { pid: 888, isAlive: (pid) => pid !== 777 });
    const run = await journal.acquire('k', { waitMs: 0 });
    expect(journal.readLock('k')).toMatchObject({ pid: 888 });
    await run.release();

    await new FileJournal(dir, { pid: 777, host: 'elsewhere' }).acquire('k2');
    const busy = await journal.acquire('k2', { waitMs: 0 }).catch((caught: unknown) => caught);
    expect(busy).toBeInstanceOf(JournalBusyError);
    expect((busy as JournalBusyError).details.hint).toContain('remove');
  });

  test('a lock whose pid now belongs to another process (started at another time) is stale; the same process is live', async () => {
    const dir = tempConfigDir();
    const startTimes: Record<number, string> = { 777: '1000' };
    const startTimeOf = (pid: number) => startTimes[pid];
    await new FileJournal(dir, { pid: 777, host: 'test-host', startTimeOf, bootId: 'boot-a' }).acquire('k');
    expect(new FileJournal(dir).readLock('k')).toMatchObject({ pid: 777, started: '1000', boot: 'boot-a' });

    const live = journalAt(dir, { pid: 888, isAlive: () => true, startTimeOf, bootId: 'boot-a' }).journal;
    expect(await live.acquire('k', { waitMs: 0 }).catch((caught: unknown) => caught)).toBeInstanceOf(
      JournalBusyError,
    );

    startTimes[777] = '5000'; // pid 777 was reused by a process started later
    const run = await live.acquire('k', { waitMs: 0 });
    expect(live.readLock('k')).toMatchObject({ pid: 888 });
    await run.release();
  });

  test('a lock from before a reboot (another boot id) is stale even if its pid is alive now', async () => {
    const dir = tempConfigDir();
    await new FileJournal(dir, {
      pid: 777,
      host: 'test-host',
      startTimeOf: () => undefined,
      bootId: 'boot-a',
    }).acquire('k');
    const { journal } = journalAt(dir, {
      pid: 888,
      isAlive: () => true,
      startTimeOf: () => undefined,
      bootId: 'boot-b',
    });
    const run = await journal.acquire('k', { waitMs: 0 });
    expect(journal.readLock('k')).toMatchObject({ pid: 888, boot: 'boot-b' });
    await run.release();
  });

  test.runIf(existsSync('/proc/self/stat'))(
    'on Linux, the start time of a real process tells a live holder from a reused pid',
    async () => {
      const child = spawn('sleep', ['30']);
      try {
        await new Promise((resolve) => child.once('spawn', resolve));
        const started = processStartTime(child.pid!);
        expect(started).toMatch(/^\d+$/);
        const dir = tempConfigDir();
        const keyDir = join(dir, 'payout-journal', 'k');
        mkdirSync(keyDir, { recursive: true });
        const journal = new FileJournal(dir, { host: 'test-host' });
        const lock = (startedAt: string) =>
          writeFileSync(
            join(keyDir, 'lock'),
            JSON.stringify({
              pid: child.pid,
              host: 'test-host',
              token: 't',
              at: 'now',
              started: startedAt,
              boot: journal.boot,
            }),
          );
        lock(started!);
        expect(await journal.acquire('k', { waitMs: 0 }).catch((caught: unknown) => caught)).toBeInstanceOf(
          JournalBusyError,
        );
        lock('1'); // the same pid, but not the process that wrote the lock
        await (await journal.acquire('k', { waitMs: 0 })).release();
      } finally {
        child.kill();
      }
    },
  );

  test('a record of an older version names what its key made `payout`: read as `made`, a rerun pays nothing', async () => {
    const dir = tempConfigDir();
    const { journal } = journalAt(dir, { pid: 111 });
    const keyDir = join(dir, 'payout-journal', 'old-1');
    mkdirSync(keyDir, { recursive: true });
    const older = {
      version: 1,
      key: 'old-1',
      seq: 1,
      attempt: 1,
      state: 'done',
      intent: {
        amount: 1500,
        description: 'payout old-1',
        balance_seen: null,
        at: '2026-11-20T10:00:00.000Z',
      },
      payout: { id: 'co_older', status: 'completed', amount: 1500 },
      pid: 1,
      host: 'h',
      written_at: '2026-11-20T10:00:01.000Z',
    };
    writeFileSync(join(keyDir, '000001.json'), JSON.stringify(older));
    const entry = await journal.read('old-1');
    expect(entry?.made).toMatchObject({ id: 'co_older' });
    expect(entry).not.toHaveProperty('payout');
    const run = await journal.acquire('old-1');
    expect(run.decide()).toMatchObject({ kind: 'done', entry: { made: { id: 'co_older' } } });
    await run.release();
  });

  test('stray temp files are ignored; a corrupt record is outcome-unknown (exit 9), never a fresh start', async () => {
    const dir = tempConfigDir();
    const { journal } = journalAt(dir);
    const run = await journal.acquire('k');
    await run.begin(intent);
    await run.release();
    const keyDir = join(dir, 'payout-journal', 'k');
    writeFileSync(join(keyDir, '.tmp-1-abc'), '{"partial');
    expect((await journal.read('k'))?.state).toBe('intent');
    writeFileSync(join(keyDir, '000002.json'), '{"partial');
    await expect(journal.read('k')).rejects.toThrow(JournalFileError);
    try {
      await journal.read('k');
    } catch (error) {
      expect((error as JournalFileError).exitCode).toBe(9);
    }
  });

  test('records are complete JSON with mode 0600 and the lock names its owner', async () => {
    const dir = tempConfigDir();
    const { journal } = journalAt(dir, { pid: 4242 });
    const run = await journal.acquire('k');
    const lock = JSON.parse(readFileSync(join(dir, 'payout-journal', 'k', 'lock'), 'utf8'));
    expect(lock).toMatchObject({ pid: 4242, host: 'test-host' });
    await run.begin(intent);
    const path = join(dir, 'payout-journal', 'k', '000001.json');
    expect(JSON.parse(readFileSync(path, 'utf8')).state).toBe('intent');
    if (process.platform !== 'win32') {
      const { statSync } = await import('node:fs');
      expect(statSync(path).mode & 0o777).toBe(0o600);
    }
    await run.release();
  });

  test('claimedPayoutIds lists the payouts other keys recorded', async () => {
    const dir = tempConfigDir();
    const { journal } = journalAt(dir);
    for (const [key, id] of [
      ['a', 'co_1'],
      ['b', 'co_2'],
    ] as const) {
      const run = await journal.acquire(key);
      await run.begin(intent);
      await run.markSent(intent.at, 1);
      await run.markDone({ id, status: 'pending' });
      await run.release();
    }
    mkdirSync(join(dir, 'payout-journal', 'not a key'), { recursive: true });
    expect([...(await journal.claimedIds('a'))]).toEqual(['co_2']);
    expect(await journal.entries()).toHaveLength(2);
  });

  test('keys are case-insensitive (one entry for Sweep-1 and sweep-1)', async () => {
    const dir = tempConfigDir();
    const { journal } = journalAt(dir);
    const run = await journal.acquire('Sweep-1');
    await run.begin(intent);
    await run.release();
    expect(await journal.read('sweep-1')).toMatchObject({ key: 'Sweep-1', state: 'intent' });
    expect(await journal.entries()).toHaveLength(1);
  });

  test('waiting for a lock stops on Ctrl-C (exit 130)', async () => {
    const dir = tempConfigDir();
    const holder = await new FileJournal(dir, { pid: 444, host: 'test-host' }).acquire('k');
    const controller = new AbortController();
    const journal = new FileJournal(dir, {
      pid: 555,
      host: 'test-host',
      isAlive: () => true,
      sleep: async () => {
        controller.abort();
        throw new Error('aborted');
      },
    });
    const error = await journal
      .acquire('k', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect((error as { exitCode: number }).exitCode).toBe(130);
    await holder.release();
  });

  test('keys are checked (they become directory names)', () => {
    expect(checkJournalKey('sweep-2026-11-22')).toBe('sweep-2026-11-22');
    for (const bad of ['', '../x', '.hidden', 'a/b', 'a b', 'x'.repeat(101)]) {
      expect(() => checkJournalKey(bad)).toThrow(/--key/);
    }
  });

  test('processIsAlive: this process yes, a pid that cannot exist no', () => {
    expect(processIsAlive(process.pid)).toBe(true);
    expect(processIsAlive(2 ** 22 + 12345)).toBe(false);
    expect(processIsAlive(-1)).toBe(false);
  });
});

function journal(dir: string): FileJournal {
  return new FileJournal(dir);
}

describe('entries of earlier versions', () => {
  const base = {
    version: 1,
    seq: 3,
    attempt: 1,
    pid: 1,
    host: 'h',
    written_at: '2026-11-22T10:00:00.000Z',
    intent: { amount: 100, description: null, balance_seen: null, at: '2026-11-22T10:00:00.000Z' },
  } as const;

  test('kindOfRecord: the kind it says, else the id it made, else its description or balance', () => {
    expect(kindOfRecord({ ...base, key: 'k', state: 'done', kind: 'charge', made: { id: 'co_1' } })).toBe(
      'charge',
    );
    expect(kindOfRecord({ ...base, key: 'k', state: 'done', made: { id: 'co_1' } })).toBe('payout');
    expect(kindOfRecord({ ...base, key: 'k', state: 'done', made: { id: 'ci_1' } })).toBe('charge');
    const sent = { ...base, key: 'Sweep-1', state: 'sent' as const };
    expect(kindOfRecord({ ...sent, intent: { ...sent.intent, description: 'payout sweep-1' } })).toBe(
      'payout',
    );
    expect(kindOfRecord({ ...sent, intent: { ...sent.intent, description: 'rent [Sweep-1]' } })).toBe(
      'payout',
    );
    expect(kindOfRecord({ ...sent, intent: { ...sent.intent, description: 'sweep-1' } })).toBe('charge');
    expect(kindOfRecord({ ...sent, intent: { ...sent.intent, balance_seen: 5 } })).toBe('payout');
    expect(kindOfRecord(sent)).toBeUndefined();
  });

  test('an earlier entry whose kind cannot be told, sent or done, stops the key loudly (exit 9)', async () => {
    const configDir = tempConfigDir();
    const scope = {
      id: '@x',
      gateway: 'http://loopback:9',
      seller: '7',
      fingerprint: 'f',
      baseUrl: 'http://127.0.0.1:9/v1',
    };
    const directory = join(configDir, 'payout-journal', '@older');
    mkdirSync(directory, { recursive: true });
    writeFileSync(
      join(directory, 'scope.json'),
      JSON.stringify({ gateway: 'http://LOCALHOST:9/api/v1', seller: '7' }),
    );
    const older = new FileJournal(configDir, { directory });
    const run = await older.acquire('mystery');
    await run.begin({
      amount: 100,
      description: 'something',
      balanceSeen: null,
      at: new Date().toISOString(),
    });
    await run.markSent(new Date().toISOString(), 1);
    await run.release();
    const file = join(older.keyDir('mystery'), '000002.json');
    const { kind: _kind, ...withoutKind } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(withoutKind));

    const find = earlierEntryFinder(configDir, scope, 'payout');
    let thrown: unknown;
    try {
      find('mystery');
    } catch (error) {
      thrown = error;
    }
    expect((thrown as PaygateError).exitCode).toBe(ExitCode.OutcomeUnknown);
    expect((thrown as Error).message).toContain(
      'does not say whether it was a payout or a charge; nothing was sent',
    );
    // Another account's directory is not searched.
    expect(earlierEntryFinder(configDir, { ...scope, seller: '8' }, 'payout')('mystery')).toBeUndefined();
  });
});

describe('describeJournalUrl', () => {
  test('never shows a password, in the URL or as a parameter', () => {
    expect(describeJournalUrl('postgres://cron:pw%40x@db:5432/ops')).toBe('postgres://cron:***@db:5432/ops');
    expect(describeJournalUrl('postgres://cron@db/ops?password=pw&sslmode=require')).toBe(
      'postgres://cron@db/ops?password=***&sslmode=require',
    );
    expect(describeJournalUrl('not a url pw')).not.toContain('pw');
  });
});

test('a record started before the previous one is committed (a missing await) throws at once, before any send', async () => {
  const dir = tempConfigDir();
  const { journal } = journalAt(dir, { pid: 111 });
  const run = await journal.acquire('hasty');
  const intentWritten = run.begin(intent);
  expect(() => run.markSent(intent.at, 1)).toThrow(/started before the previous one was committed/);
  await intentWritten;
  expect((await run.markSent(intent.at, 1)).state).toBe('sent');
  await run.release();
});
