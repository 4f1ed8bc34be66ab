// The journal of keyed creates, in files (the default store; journal-store.ts says what every
// store guarantees, journal-postgres.ts keeps the same journal in PostgreSQL for several hosts).
// Over 400 lines because it is one store: a key's records, their compare-and-swap and its run lock
// share one directory and its trust checks; the notes below are the design any change must keep.
//
// Layout: `<configDir>/journal/@<account>/<kind>/<key, lower-cased: keys are case-insensitive>/`
// (`@<account>` is the gateway and seller, journal-scope.ts; `<kind>` is `payout` or `charge`, so
// one key may make a payout and a charge):
//   000001.json, 000002.json, …   the entry's history: one immutable record per state change,
//                                  each holding the whole entry; the highest number is the entry
//   lock                          the run lock: {pid, host, token, at}
// Older versions kept both kinds in `payout-journal/@<scope>/<key>/` and, before that, in
// `payout-journal/<key>/`: journal-earlier.ts still finds those entries.
//
// Why a directory of immutable records rather than one file rewritten in place: every record is
// published with link(2) from a fully written and fsynced temp file, and link fails with EEXIST
// when the name exists. So each state change is a compare-and-swap on the record number: of two
// writers that both read record n, exactly one can publish n+1, and the other learns it. The
// guarantee that a key never leads to two POSTs therefore does not rest on the lock alone (a
// lock file can be wrongly judged stale, e.g. two runs breaking the same dead lock at once): a
// run may POST only after it published `sent` as the direct successor of its own `intent`.
// A record is either absent or complete (temp + fsync + link + fsync of the directory), so a
// kill -9 at any instant leaves a readable journal; stray `.tmp-*` files are ignored.
//
// States of an entry (`state` of its latest record):
//   intent              written under the lock before anything is sent; if the run died here,
//                       nothing was sent and a rerun may go on (new attempt)
//   sent                written (and fsynced) right before the POST: from here the outcome is
//                       unknown until a later record says otherwise
//   done                the gateway answered with what it created (its id and status are kept)
//   failed_before_send  the request never left (connection refused, …): nothing was created
//   rejected            the gateway answered with an error: nothing was created
//   unknown             sent, and no usable answer came (exit 9)
//   not_sent            set by reconcile when nothing matched after the outcome window
// A rerun creates again only from intent (dead run), failed_before_send, rejected or not_sent.
// From sent (dead run) or unknown it refuses with exit 9 and the reconcile command.
//
// The lock: `lock` is published like a record (exclusive link), so it always holds its owner's
// pid. A lock whose pid is dead on this host is stale and is broken (renamed away, then checked
// to be the one judged stale). A lock from another host cannot be checked and counts as live.
// A run that finds a live lock polls for up to 10 s, then refuses with exit 3 (journal_busy):
// another run with this key is in progress and this one sent nothing.
//
// Test hooks: when PAYGATE_TEST_HOOKS=1, PAYGATE_TEST_CRASH_AT=after-intent|before-send|
// after-answer makes a keyed create kill itself with SIGKILL at that point (see crashPoint):
// after-intent = the intent record is durable, nothing sent; before-send = the `sent` record is
// durable and the POST is not made; after-answer = the gateway answered, `done` not yet written.
// Without PAYGATE_TEST_HOOKS=1 the variable is ignored.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, renameSync, unlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { ExitCode, InterruptedError, PaygateError, UsageError } from '../errors.js';
import { stringifyJson } from '../json.js';
import { sleep } from '../sleep.js';
import { sayJournal } from '../text/en/journal.js';
import { syncDirectory } from './atomic-file.js';
import { JournalBusyError, JournalConflictError, JournalFileError } from './journal-errors.js';
import { isLockInfo, type LockInfo } from './journal-lock.js';
import {
  describeState,
  isRecord,
  type JournalKind,
  type JournalRecord,
  nextRecord,
  publishExclusive,
  RECORD_NAME,
  readJson,
  recordName,
} from './journal-records.js';
import { carryOverEarlierEntry, JournalRun } from './journal-run.js';
import type { AcquireOptions, JournalStore, RecordChange } from './journal-store.js';
import { currentBootId, processIsAlive, processStartTime } from './process-identity.js';
import { ConfigDirTrust } from './trusted-path.js';

export { JournalBusyError, JournalConflictError, JournalFileError } from './journal-errors.js';
export type { LockInfo } from './journal-lock.js';
export {
  type CreateIntent,
  describeState,
  JOURNAL_KINDS,
  JOURNAL_STATES,
  type JournalKind,
  type JournalRecord,
  type JournalState,
  kindOfRecord,
  RETRYABLE_STATES,
} from './journal-records.js';
export {
  CRASH_POINTS,
  type CrashPoint,
  crashPoint,
  type JournalDecision,
  JournalRun,
} from './journal-run.js';
export type { AcquireOptions, JournalStore } from './journal-store.js';
export { processIsAlive, processStartTime } from './process-identity.js';

/** The journal of keyed creates, one directory per account, then per kind. */
export const JOURNAL_DIR_NAME = 'journal';
/** Where versions before the journal of keyed creates kept payouts and charges together. */
export const EARLIER_JOURNAL_DIR_NAME = 'payout-journal';
/** How long a run waits for another run holding the key's lock before refusing. */
export const DEFAULT_LOCK_WAIT_MS = 10_000;
export const LOCK_POLL_MS = 200;
/**
 * How long after `sent` a payout may still show up in the list when its answer was lost. Only
 * after it may reconcile conclude "not sent". Generous on purpose: concluding too early could pay twice.
 */
export const DEFAULT_OUTCOME_WINDOW_MS = 10 * 60_000;

/** An entry an earlier layout holds for a key, and where (journal-earlier.ts). */
export interface EarlierEntry {
  entry: JournalRecord;
  from: string;
}

export interface JournalOptions {
  /** The account's directory under journal/ (journal-scope.ts); none: the unscoped `payout-journal/` of older versions. */
  scope?: string;
  /** What the keys create: payouts (default) or charges. */
  kind?: JournalKind;
  /** A directory of key directories of an earlier layout, read as it is (journal-earlier.ts). */
  directory?: string;
  /** The entry an earlier layout holds for a key the journal has none of (its done, sent or unknown entries). */
  earlier?: (key: string) => EarlierEntry | undefined;
  /** Whether a process of this host is alive; default `process.kill(pid, 0)`. */
  isAlive?: (pid: number) => boolean;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  pid?: number;
  host?: string;
  /** When process `pid` started, or undefined where that cannot be read; default /proc (Linux). */
  startTimeOf?: (pid: number) => string | undefined;
  /** This boot's id, or undefined; default /proc/sys/kernel/random/boot_id (Linux). */
  bootId?: string;
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** Keys become directory names: letters, digits, `.`, `_`, `-`, at most 100, not starting with `.`. */
export function checkJournalKey(key: string, field = '--key'): string {
  if (!KEY_PATTERN.test(key)) {
    throw new UsageError(sayJournal('notAJournalKey', { field, key: JSON.stringify(key) }), { field });
  }
  return key;
}

/** The file store of the journal of keyed creates of one account and kind. */
export class FileJournal implements JournalStore {
  readonly dir: string;
  readonly kind: JournalKind;
  readonly #earlier: ((key: string) => EarlierEntry | undefined) | undefined;
  readonly #isAlive: (pid: number) => boolean;
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #startTimeOf: (pid: number) => string | undefined;
  readonly pid: number;
  readonly host: string;
  readonly boot: string | undefined;
  // A key directory (or a record) that another user owns or can write could be renamed away and
  // the key pay again: every level from the config dir to what is read or written is checked.
  readonly #trust: ConfigDirTrust;

  constructor(configDir: string, options: JournalOptions = {}) {
    this.#trust = new ConfigDirTrust(configDir);
    this.kind = options.kind ?? 'payout';
    this.dir = options.directory
      ? options.directory
      : options.scope
        ? join(configDir, JOURNAL_DIR_NAME, options.scope, this.kind)
        : join(configDir, EARLIER_JOURNAL_DIR_NAME);
    this.#earlier = options.earlier;
    this.#isAlive = options.isAlive ?? processIsAlive;
    this.#now = options.now ?? Date.now;
    this.#sleep = options.sleep ?? sleep;
    this.pid = options.pid ?? process.pid;
    this.host = options.host ?? hostname();
    this.#startTimeOf = options.startTimeOf ?? processStartTime;
    this.boot = 'bootId' in options ? options.bootId : currentBootId();
  }

  get location(): string {
    return this.dir;
  }

  /** Keys are case-insensitive (file systems may be): `Sweep-1` and `sweep-1` are one entry. */
  keyDir(key: string): string {
    return join(this.dir, checkJournalKey(key).toLowerCase());
  }

  /** The key's directory once it and every level above it inside the config dir are trusted. */
  #trustedKeyDir(key: string): string {
    const dir = this.keyDir(key);
    this.#trust.check(dir);
    return dir;
  }

  lockPath(key: string): string {
    return join(this.keyDir(key), 'lock');
  }

  /** The entry of `key` here or, when it has none here, in an earlier layout. */
  async read(key: string): Promise<JournalRecord | undefined> {
    return this.readHere(key) ?? this.#earlier?.(key)?.entry;
  }

  /** The entry of `key` in this directory (its latest record), or undefined when it has none. */
  readHere(key: string): JournalRecord | undefined {
    const dir = this.#trustedKeyDir(key);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new JournalFileError(dir, String((error as NodeJS.ErrnoException).code ?? error));
    }
    let latest = 0;
    for (const name of names) {
      const match = RECORD_NAME.exec(name);
      if (match) latest = Math.max(latest, Number(match[1]));
    }
    if (latest === 0) return undefined;
    const path = join(dir, recordName(latest));
    this.#trust.check(path);
    let value: unknown;
    try {
      value = readJson(path);
    } catch (error) {
      throw new JournalFileError(
        path,
        error instanceof SyntaxError ? sayJournal('notValidJson') : String(error),
        false,
        error instanceof SyntaxError ? this.#reconcileCommand(key) : undefined,
      );
    }
    if (!isRecord(value) || value.seq !== latest || value.key.toLowerCase() !== key.toLowerCase()) {
      throw new JournalFileError(path, sayJournal('notARecord'), false, this.#reconcileCommand(key));
    }
    return value;
  }

  /** Whether `key` has a record, readable or not (reconcile settles an unreadable one). */
  async hasRecords(key: string): Promise<boolean> {
    try {
      return (await this.read(key)) !== undefined;
    } catch (error) {
      if (error instanceof JournalFileError && error.unreadableRecord) return true;
      throw error;
    }
  }

  async history(key: string): Promise<JournalRecord[]> {
    return this.historyHere(key);
  }

  /** Every record of `key` in this directory, oldest first (its history). */
  historyHere(key: string): JournalRecord[] {
    const dir = this.#trustedKeyDir(key);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names
      .flatMap((name) => {
        const match = RECORD_NAME.exec(name);
        return match ? [Number(match[1])] : [];
      })
      .sort((a, b) => a - b)
      .flatMap((seq) => {
        this.#trust.check(join(dir, recordName(seq)));
        try {
          const value = readJson(join(dir, recordName(seq)));
          return isRecord(value) ? [value] : [];
        } catch {
          return [];
        }
      });
  }

  async entries(): Promise<JournalRecord[]> {
    return this.entriesHere();
  }

  /** Every key's entry in this directory; unreadable entries are skipped. */
  entriesHere(): JournalRecord[] {
    // Checked here, not skipped as unreadable: an entry another user controls is refused aloud.
    this.#trust.check(this.dir);
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      if (!KEY_PATTERN.test(name) || name !== name.toLowerCase()) return [];
      this.#trust.check(join(this.dir, name));
      try {
        const entry = this.readHere(name);
        return entry ? [entry] : [];
      } catch {
        return [];
      }
    });
  }

  async claimedIds(exceptKey?: string): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const entry of this.entriesHere()) {
      if (entry.key.toLowerCase() !== exceptKey?.toLowerCase() && entry.made?.id) ids.add(entry.made.id);
    }
    return ids;
  }

  /** The lock's holder, or undefined when there is no lock. */
  readLock(key: string): LockInfo | undefined {
    try {
      const value = readJson(this.lockPath(key));
      return isLockInfo(value) ? value : { pid: 0, host: this.host, token: 'unreadable', at: 'unknown' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      // Published atomically, so it is never partial; an unreadable lock is someone's mistake.
      return { pid: 0, host: this.host, token: 'unreadable', at: 'unknown' };
    }
  }

  /**
   * Whether the lock's holder may still be running. Another host cannot be checked: yes. On this
   * host: not after a reboot (another boot id), not when the pid is gone, and not when the pid now
   * belongs to a process that started at another time (a reused pid).
   */
  holderIsAlive(holder: LockInfo): boolean {
    if (holder.host !== this.host) return true;
    if (holder.boot !== undefined && this.boot !== undefined && holder.boot !== this.boot) return false;
    if (holder.pid === this.pid)
      return holder.started === undefined || holder.started === this.#startTimeOf(this.pid);
    if (!this.#isAlive(holder.pid)) return false;
    if (holder.started === undefined) return true;
    const started = this.#startTimeOf(holder.pid);
    return started === undefined || started === holder.started;
  }

  /**
   * Takes the key's exclusive lock, waiting up to `waitMs` for a live holder (JournalBusyError
   * then). A lock whose holder died is broken. Returns a handle to read and advance the entry.
   */
  async acquire(key: string, options: AcquireOptions = {}): Promise<JournalRun> {
    const dir = this.#trustedKeyDir(key);
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw this.#unwritable(
        key,
        new JournalFileError(dir, String((error as NodeJS.ErrnoException).code ?? error), true),
      );
    }
    const waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
    const pollMs = options.pollMs ?? LOCK_POLL_MS;
    const started = this.#now();
    const token = randomBytes(12).toString('hex');
    const processStarted = this.#startTimeOf(this.pid);
    const mine: LockInfo = {
      pid: this.pid,
      host: this.host,
      token,
      at: new Date(this.#now()).toISOString(),
      ...(processStarted !== undefined ? { started: processStarted } : {}),
      ...(this.boot !== undefined ? { boot: this.boot } : {}),
    };
    for (;;) {
      let locked: boolean;
      try {
        locked = publishExclusive(dir, 'lock', `${JSON.stringify(mine)}\n`, this.pid);
      } catch (error) {
        throw this.#unwritable(key, error);
      }
      if (locked) {
        try {
          return options.recoverUnreadable
            ? await this.#recoveredRun(key, mine)
            : await this.#openRun(key, mine);
        } catch (error) {
          this.#releaseLock(key, mine);
          throw error;
        }
      }
      const holder = this.readLock(key);
      if (holder === undefined) continue; // released between our try and our read
      if (!this.holderIsAlive(holder)) {
        this.#breakStaleLock(key, holder);
        continue;
      }
      if (this.#now() - started >= waitMs) throw this.busyError(key, holder);
      try {
        await this.#sleep(pollMs, options.signal);
      } catch {
        throw new InterruptedError(sayJournal('interruptedWaiting', { key }));
      }
    }
  }

  /**
   * The journal cannot be written (read-only, full): nothing can be sent (exit 2). But when the
   * key's last record says a request went out with no known answer, that is what the operator must
   * hear: exit 9, as any run of an unknown key.
   */
  /** The command that settles `key` (printed in hints; the logger names the program as it was run). */
  #reconcileCommand(key: string): string {
    return `paygate ${this.kind} reconcile --key ${key}`;
  }

  #unwritable(key: string, error: unknown): unknown {
    let entry: JournalRecord | undefined;
    try {
      entry = this.readHere(key) ?? this.#earlier?.(key)?.entry;
    } catch {
      return error;
    }
    if (entry?.state !== 'sent' && entry?.state !== 'unknown') return error;
    const reason = error instanceof Error ? error.message : String(error);
    return new PaygateError(
      sayJournal('unwritableAfterUnknown', { key, state: describeState(entry), reason }),
      ExitCode.OutcomeUnknown,
      {
        type: 'outcome_unknown',
        code: 'journal_outcome_unknown',
        hint: sayJournal('makeWritableHint', { command: `\`${this.#reconcileCommand(key)}\`` }),
      },
    );
  }

  /**
   * For reconcile, under the lock: an unreadable latest record (a disk fault, a hand edit) is
   * renamed to `<record>.corrupt-<time>` and replaced by an `unknown` record carrying the last
   * readable intent, since the lost record may have said `sent`. The key then reconciles like any
   * unknown outcome. With no readable record before it, the amount is unknown: nothing is moved,
   * and the error says so (exit 9).
   */
  async #recoveredRun(key: string, mine: LockInfo): Promise<JournalRun> {
    for (;;) {
      try {
        return await this.#openRun(key, mine);
      } catch (error) {
        const path = error instanceof JournalFileError ? error.unreadableRecord : undefined;
        if (!path) throw error;
        const readable = this.historyHere(key);
        if (readable.length === 0) {
          throw new JournalFileError(path, sayJournal('unreadableNoEarlier'));
        }
        const aside = `${path}.corrupt-${new Date(this.#now()).toISOString().replace(/[:.]/g, '-')}`;
        renameSync(path, aside);
        syncDirectory(this.keyDir(key));
        const run = await this.#openRun(key, mine);
        await run.markUnknown({
          message: `the record after this one could not be read; it was set aside as ${aside}`,
          code: 'journal_record_unreadable',
        });
        return run;
      }
    }
  }

  /** The run of a key whose lock is `mine`: its entry here, or the one an earlier layout holds. */
  async #openRun(key: string, mine: LockInfo): Promise<JournalRun> {
    const entry = this.readHere(key) ?? (await carryOverEarlierEntry(this, key, this.#earlier));
    return new JournalRun(this, key, mine, entry, this.kind);
  }

  liveWriterOf(entry: JournalRecord): LockInfo | undefined {
    if (entry.host !== this.host || (entry.pid === this.pid && entry.host === this.host)) return undefined;
    const writer: LockInfo = { pid: entry.pid, host: entry.host, token: '', at: entry.written_at };
    return this.holderIsAlive(writer) ? writer : undefined;
  }

  busyError(key: string, holder: LockInfo | undefined): Error {
    return new JournalBusyError(
      key,
      holder,
      holder === undefined || holder.host === this.host,
      sayJournal('busyOtherHostHint', { path: this.lockPath(key) }),
    );
  }

  /**
   * Removes a lock judged stale. It is renamed away first (atomic), then checked to be the lock
   * that was judged: if another run replaced it meanwhile, that fresh lock is put back.
   */
  #breakStaleLock(key: string, stale: LockInfo): void {
    const path = this.lockPath(key);
    const aside = `${path}.stale-${this.pid}-${randomBytes(4).toString('hex')}`;
    try {
      renameSync(path, aside);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return; // already gone: someone else broke or released it
      throw new JournalFileError(path, sayJournal('staleLock', { reason: String(code ?? error) }), true);
    }
    try {
      const moved = readJson(aside);
      if (isLockInfo(moved) && moved.token !== stale.token) {
        try {
          linkSync(aside, path);
        } catch {
          // Someone took the lock meanwhile: the record CAS still keeps the key safe.
        }
      }
    } catch {
      // Unreadable: it was the stale one.
    }
    try {
      unlinkSync(aside);
    } catch {
      // ignore
    }
    syncDirectory(this.keyDir(key));
  }

  async release(key: string, mine: LockInfo): Promise<void> {
    this.#releaseLock(key, mine);
  }

  /** Releases a lock if it is still `mine`. */
  #releaseLock(key: string, mine: LockInfo): void {
    const holder = this.readLock(key);
    if (holder?.token !== mine.token) return;
    try {
      unlinkSync(this.lockPath(key));
      syncDirectory(this.keyDir(key));
    } catch {
      // Already gone.
    }
  }

  /**
   * Publishes `record` as the successor of `previousSeq`; JournalConflictError when another run
   * published that number first.
   */
  async publish(key: string, previousSeq: number, record: RecordChange): Promise<JournalRecord> {
    const full = nextRecord(key, previousSeq, record, {
      kind: this.kind,
      pid: this.pid,
      host: this.host,
      now: this.#now(),
    });
    const dir = this.#trustedKeyDir(key);
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      // Its directory gone or replaced under a running command: a file error like any other.
      throw new JournalFileError(dir, String((error as NodeJS.ErrnoException).code ?? error), true);
    }
    if (!publishExclusive(dir, recordName(full.seq), `${stringifyJson(full, 2)}\n`, this.pid)) {
      throw new JournalConflictError(key, this.kind);
    }
    return full;
  }
}
