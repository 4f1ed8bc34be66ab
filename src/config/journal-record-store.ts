// What a journal store is to a run holding one of its keys (journal-run.ts): the records it reads
// and publishes, and the lock it releases. The store that hands out runs adds acquire
// (journal-store.ts).
import type { LockInfo } from './journal-lock.js';
import type { JournalKind, JournalRecord, RecordChange } from './journal-records.js';

export interface JournalRecordStore {
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
