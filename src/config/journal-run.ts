// A run that holds the lock of one journal key: what it may do given the key's entry (decide),
// and each record it writes on the way (intent, sent, then the outcome). The journal itself
// (files, locks, publishing a record) is journal.ts.
import { ExitCode, PaygateError } from '../errors.js';
import type { PayoutJournal } from './journal.js';
import { JournalBusyError } from './journal-errors.js';
import { describeState, type JournalRecord, type LockInfo, type PayoutIntent } from './journal-records.js';

/** What a run with the lock may do with the key, given its entry. */
export type JournalDecision =
  | { kind: 'new' }
  /** A previous attempt certainly paid nothing (or died before sending): a new attempt may pay. */
  | { kind: 'retry'; previous: JournalRecord; reason: string }
  | { kind: 'done'; entry: JournalRecord }
  /** Sent with no known answer: exit 9 until reconciled. */
  | { kind: 'unknown'; entry: JournalRecord };

/** A run holding the lock of one key. */
export class JournalRun {
  #entry: JournalRecord | undefined;
  #released = false;

  constructor(
    readonly journal: PayoutJournal,
    readonly key: string,
    readonly lock: LockInfo,
  ) {
    this.#entry = journal.read(key);
  }

  /** The entry as this run last read or wrote it. */
  get entry(): JournalRecord | undefined {
    return this.#entry;
  }

  decide(): JournalDecision {
    const entry = this.#entry;
    if (!entry) return { kind: 'new' };
    switch (entry.state) {
      case 'done':
        return { kind: 'done', entry };
      case 'sent':
      case 'unknown':
        return { kind: 'unknown', entry };
      case 'intent':
        // We hold the lock, so the run that wrote it is gone (or lost its lock): it never sent.
        if (entry.pid !== this.journal.pid || entry.host !== this.journal.host) {
          const writer: LockInfo = { pid: entry.pid, host: entry.host, token: '', at: entry.written_at };
          if (entry.host === this.journal.host && this.journal.holderIsAlive(writer)) {
            // A live run wrote it (its lock was broken under it): let it finish; never race it.
            throw new JournalBusyError(this.key, writer, this.journal.lockPath(this.key), true);
          }
        }
        return { kind: 'retry', previous: entry, reason: 'the previous run stopped before sending anything' };
      default:
        return { kind: 'retry', previous: entry, reason: describeState(entry) };
    }
  }

  /** Records the intent (first record of an attempt), before anything is sent. */
  begin(intent: PayoutIntent): JournalRecord {
    const previous = this.#entry;
    const attempt = previous ? previous.attempt + (previous.state === 'intent' ? 0 : 1) : 1;
    this.#entry = this.journal.publish(this.key, previous?.seq ?? 0, {
      attempt,
      state: 'intent',
      intent: {
        amount: intent.amount,
        description: intent.description,
        balance_seen: intent.balanceSeen,
        at: intent.at,
      },
    });
    return this.#entry;
  }

  /** Right before the POST. Only the run whose intent is the latest record can write this. */
  markSent(at: string, outcomeWindowMs: number): JournalRecord {
    return this.#advance({ state: 'sent', sent_at: at, outcome_window_ms: outcomeWindowMs });
  }

  markDone(payout: Record<string, unknown> & { id: string; status?: string }, note?: string): JournalRecord {
    return this.#advance({ state: 'done', payout, note, error: undefined });
  }

  markFailedBeforeSend(error: { message: string; type?: string; code?: string }): JournalRecord {
    return this.#advance({ state: 'failed_before_send', error });
  }

  markRejected(error: { message: string; type?: string; code?: string }): JournalRecord {
    return this.#advance({ state: 'rejected', error });
  }

  markUnknown(error: { message: string; type?: string; code?: string }): JournalRecord {
    return this.#advance({ state: 'unknown', error });
  }

  markNotSent(note: string): JournalRecord {
    return this.#advance({ state: 'not_sent', note, error: undefined });
  }

  #advance(change: Partial<JournalRecord>): JournalRecord {
    const current = this.#entry;
    if (!current)
      throw new PaygateError('internal: journal entry advanced before begin()', ExitCode.Internal);
    const { version: _v, key: _k, seq: _s, pid: _p, host: _h, written_at: _w, ...rest } = current;
    this.#entry = this.journal.publish(this.key, current.seq, { ...rest, ...change });
    return this.#entry;
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.journal.release(this.key, this.lock);
  }
}

export const CRASH_POINTS = ['after-intent', 'before-send', 'after-answer'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** Test hook: SIGKILL this process at `point` when PAYGATE_TEST_HOOKS=1 and PAYGATE_TEST_CRASH_AT names it. */
export function crashPoint(env: Readonly<Record<string, string | undefined>>, point: CrashPoint): void {
  if (env.PAYGATE_TEST_HOOKS === '1' && env.PAYGATE_TEST_CRASH_AT === point) {
    process.kill(process.pid, 'SIGKILL');
  }
}
