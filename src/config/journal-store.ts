// Where the journal of keyed creates is kept: files in the config dir (journal.ts, the default)
// or a PostgreSQL table shared by several hosts (journal-postgres.ts). Both give the same
// guarantees: a record is durable before the call that writes it returns; each record is
// published as the successor of a record number, and only one writer can publish that number
// (a compare-and-swap), so a key never leads to two POSTs even if a lock were wrongly broken;
// and one run per key at a time holds the key's lock.
import type { JournalRecordStore } from './journal-record-store.js';
import type { JournalRun } from './journal-run.js';

export type { JournalKind, RecordChange } from './journal-records.js';

export interface AcquireOptions {
  waitMs?: number;
  pollMs?: number;
  signal?: AbortSignal;
  /** For reconcile: an unreadable latest record is set aside and the key made `unknown`. */
  recoverUnreadable?: boolean;
}

/** A journal store: its records, and runs that each hold one key's lock. */
export interface JournalStore extends JournalRecordStore {
  /** Takes the key's lock (waiting for a live holder, then JournalBusyError) and reads its entry. */
  acquire(key: string, options?: AcquireOptions): Promise<JournalRun>;
}
