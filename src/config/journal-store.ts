// Where the journal of keyed creates is kept: files in the config dir (journal.ts, the default)
// or a PostgreSQL table shared by several hosts (journal-postgres.ts). Both give the same
// guarantees: a record is durable before the call that writes it returns; each record is
// published as the successor of a record number, and only one writer can publish that number
// (a compare-and-swap), so a key never leads to two POSTs even if a lock were wrongly broken;
// and one run per key at a time holds the key's lock.
import type { JournalKind, JournalRecord, LockInfo, RecordChange } from './journal-records.js';
import type { JournalRun } from './journal-run.js';

export type { JournalKind, RecordChange } from './journal-records.js';

export interface AcquireOptions {
  waitMs?: number;
  pollMs?: number;
  signal?: AbortSignal;
  /** For reconcile: an unreadable latest record is set aside and the key made `unknown`. */
  recoverUnreadable?: boolean;
}

export interface JournalStore {
  /** What its keys create. */
  readonly kind: JournalKind;
  /** Where the entries are, for messages (a directory, or the database without its password). */
  readonly location: string;
  readonly pid: number;
  readonly host: string;
  /** The entry of `key` (its latest record), or undefined when the key was never used. */
  read(key: string): Promise<JournalRecord | undefined>;
  /** Whether `key` has a record, readable or not (reconcile settles an unreadable one). */
  hasRecords(key: string): Promise<boolean>;
  /** Every record of `key`, oldest first. */
  history(key: string): Promise<JournalRecord[]>;
  /** Every key's entry; unreadable entries are skipped. */
  entries(): Promise<JournalRecord[]>;
  /** Ids of what entries other than `exceptKey` created (a payout or charge belongs to one key at most). */
  claimedIds(exceptKey?: string): Promise<Set<string>>;
  /** Takes the key's lock (waiting for a live holder, then JournalBusyError) and reads its entry. */
  acquire(key: string, options?: AcquireOptions): Promise<JournalRun>;
  /** Publishes `record` as the successor of `previousSeq`; JournalConflictError when that number is taken. */
  publish(key: string, previousSeq: number, record: RecordChange): Promise<JournalRecord>;
  /** Releases the lock of a run (and the store's connection, if it has one). */
  release(key: string, lock: LockInfo): Promise<void>;
  /**
   * For an `intent` record found by a run holding the lock: whether the run that wrote it may be
   * alive (its lock broken under it), so that this run must not race it. Its lock info, or undefined.
   */
  liveWriterOf(entry: JournalRecord): LockInfo | undefined;
  /** The error for a live run holding `key` (exit 3). */
  busyError(key: string, holder: LockInfo | undefined): Error;
}
