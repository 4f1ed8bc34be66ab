// The journal of keyed creates: what a record and a lock hold, the numbered immutable record
// files published by exclusive hard link (a compare-and-swap on the record number, see
// journal.ts), and how they are read back.
import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parseJsonLossless } from '../json.js';
import { sayJournal } from '../text/en/journal.js';
import { syncDirectory, writeNewFileSynced } from './atomic-file.js';
import { JournalFileError } from './journal-errors.js';

export const JOURNAL_STATES = [
  'intent',
  'sent',
  'done',
  'failed_before_send',
  'rejected',
  'unknown',
  'not_sent',
] as const;
export type JournalState = (typeof JOURNAL_STATES)[number];

/** States after which this key has certainly not paid: a rerun may start a new attempt. */
export const RETRYABLE_STATES: readonly JournalState[] = ['failed_before_send', 'rejected', 'not_sent'];

/** What a journal key creates: payouts and charges keep separate entries, so one key may be used by both. */
export const JOURNAL_KINDS = ['payout', 'charge'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** What a run means to create, recorded before anything is sent. */
export interface CreateIntent {
  amount: number;
  description: string | null;
  /** `available` of the balance read just before. */
  /** Integer centavos, or null when the gateway's balance could not be read as such. */
  balanceSeen: number | null;
  /** ISO time the intent was written (local clock). */
  at: string;
  /** gateway − local clock in ms, as the gateway's latest answer showed it; undefined when none did. */
  clockSkewMs?: number;
}

export interface JournalRecord {
  version: number;
  key: string;
  seq: number;
  /** 1 for the first try; a new intent after a failed or unsent attempt increments it. */
  attempt: number;
  state: JournalState;
  /** What the key creates; absent in records of older versions (kindOfRecord tells it from the rest). */
  kind?: JournalKind;
  intent: { amount: number; description: string | null; balance_seen: number | null; at: string };
  /** When the POST was about to be made, and how long its outcome may stay unknown. */
  sent_at?: string;
  outcome_window_ms?: number;
  /**
   * gateway − writer's clock in ms when `intent.at` and `sent_at` were written (the `Date` of the
   * gateway's latest answer), so that a reconcile on another host can place them; absent in
   * records of older versions and when the writer had seen no `Date`.
   */
  clock_skew_ms?: number;
  /**
   * What the key made (done): the payout or the charge as the gateway returned it. Records of
   * older versions name it `payout` for both; isRecord reads that as `made`.
   */
  made?: Record<string, unknown> & { id: string; status?: string };
  error?: { message: string; type?: string; code?: string };
  /** Free text: how the state was decided (e.g. by reconcile). */
  note?: string;
  pid: number;
  host: string;
  written_at: string;
}

export const JOURNAL_VERSION = 1;

/** What a run writes; the store adds who wrote it, when, and the record number. */
export type RecordChange = Omit<JournalRecord, 'version' | 'key' | 'seq' | 'pid' | 'host' | 'written_at'>;

/**
 * `record` as the successor of record `previousSeq` of `key`, stamped with the format version, the
 * kind of the store it goes to and its writer: what every store publishes.
 */
export function nextRecord(
  key: string,
  previousSeq: number,
  record: RecordChange,
  writer: { kind: JournalKind; pid: number; host: string; now: number },
): JournalRecord {
  return {
    version: JOURNAL_VERSION,
    key,
    seq: previousSeq + 1,
    ...record,
    kind: writer.kind,
    pid: writer.pid,
    host: writer.host,
    written_at: new Date(writer.now).toISOString(),
  };
}

export const RECORD_NAME = /^(\d{6,})\.json$/;
export const recordName = (seq: number) => `${String(seq).padStart(6, '0')}.json`;

/**
 * Writes `content` to `target` only if `target` does not exist, atomically: a temp file is
 * written and fsynced, then hard-linked to the target name (EEXIST if taken), then the directory
 * is fsynced. Returns false when the name was taken.
 */
export function publishExclusive(dir: string, target: string, content: string, pid: number): boolean {
  const tmp = join(dir, `.tmp-${pid}-${randomBytes(6).toString('hex')}`);
  try {
    writeNewFileSynced(tmp, content);
  } catch (error) {
    throw new JournalFileError(tmp, String((error as NodeJS.ErrnoException).code ?? error), true);
  }
  try {
    linkSync(tmp, join(dir, target));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    throw new JournalFileError(
      join(dir, target),
      code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS'
        ? sayJournal('noHardLinks')
        : String(code ?? error),
      true,
    );
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // A leftover temp file is ignored by readers.
    }
  }
  syncDirectory(dir);
  return true;
}

/** A journal file; a gateway's `150.00` in a recorded answer stays `150.00` (never 150 centavos). */
export function readJson(path: string): unknown {
  return parseJsonLossless(readFileSync(path, 'utf8'));
}

export function isRecord(value: unknown): value is JournalRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<JournalRecord> & { payout?: JournalRecord['made'] };
  // A record of an older version names what the key made `payout`, charges included.
  if (record.made === undefined && record.payout !== undefined) {
    record.made = record.payout;
    delete record.payout;
  }
  return (
    typeof record.key === 'string' &&
    typeof record.seq === 'number' &&
    typeof record.state === 'string' &&
    (JOURNAL_STATES as readonly string[]).includes(record.state) &&
    typeof record.intent === 'object' &&
    record.intent !== null &&
    typeof record.intent.amount === 'number'
  );
}

/**
 * What an older record (written before records said their kind, when charges and payouts shared
 * one directory) creates: the id the gateway gave it (payouts `co_`, charges `ci_`), else its
 * description (a keyed payout's says `payout <key>` or ends with ` [<key>]`; a keyed charge's
 * is its external_id, the key by default). Undefined when nothing tells.
 */
export function kindOfRecord(record: JournalRecord): JournalKind | undefined {
  if (record.kind) return record.kind;
  const id = record.made?.id;
  if (typeof id === 'string') {
    if (id.startsWith('co_')) return 'payout';
    if (id.startsWith('ci_')) return 'charge';
  }
  const description = record.intent.description;
  const key = record.key.toLowerCase();
  if (description !== null) {
    const lower = description.toLowerCase();
    if (lower === `payout ${key}` || lower.endsWith(` [${key}]`)) return 'payout';
    if (lower === key) return 'charge';
  }
  // A charge's intent records no balance; a payout's the balance it read (null only when unreadable).
  if (record.intent.balance_seen !== null) return 'payout';
  return undefined;
}

/** One line on an entry's state, for messages. */
export function describeState(entry: JournalRecord): string {
  switch (entry.state) {
    case 'intent':
      return sayJournal('stateIntent');
    case 'sent': {
      const at = entry.sent_at ?? entry.written_at;
      if (entry.kind === 'payout') return sayJournal('stateSentPayout', { at });
      if (entry.kind === 'charge') return sayJournal('stateSentCharge', { at });
      return sayJournal('stateSentCreate', { at });
    }
    case 'done':
      return sayJournal(entry.kind === 'charge' ? 'stateCreated' : 'statePaid', {
        id: entry.made?.id ?? '?',
      });
    case 'failed_before_send':
      return entry.error
        ? sayJournal('stateFailedBeforeSendBecause', { message: entry.error.message })
        : sayJournal('stateFailedBeforeSend');
    case 'rejected':
      return entry.error
        ? sayJournal('stateRejectedBecause', { message: entry.error.message })
        : sayJournal('stateRejected');
    case 'unknown':
      return entry.error
        ? sayJournal('stateUnknownBecause', { message: entry.error.message })
        : sayJournal('stateUnknown');
    case 'not_sent':
      return sayJournal(entry.kind === 'charge' ? 'stateNotSentCharge' : 'stateNotSentPayout');
  }
}
