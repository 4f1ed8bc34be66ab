// A run that holds the lock of one journal key: what it may do given the key's entry (decide),
// and each record it writes on the way (intent, sent, then the outcome). Where the records are
// kept (files, PostgreSQL), how the lock is held and how a record is published is the store's
// job (journal-store.ts).
import { ExitCode, PaygateError } from '../errors.js';
import type { LockInfo } from './journal-lock.js';
import type { JournalRecordStore } from './journal-record-store.js';
import { type CreateIntent, describeState, type JournalKind, type JournalRecord } from './journal-records.js';

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
  #writing = false;

  constructor(
    readonly journal: JournalRecordStore,
    readonly key: string,
    readonly lock: LockInfo,
    entry: JournalRecord | undefined,
    readonly kind: JournalKind,
  ) {
    this.#entry = entry;
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
      case 'intent': {
        // We hold the lock, so the run that wrote it is gone (or lost its lock): it never sent.
        // A live run wrote it (its lock was broken under it): let it finish; never race it.
        const writer = this.journal.liveWriterOf(entry);
        if (writer) throw this.journal.busyError(this.key, writer);
        return { kind: 'retry', previous: entry, reason: 'the previous run stopped before sending anything' };
      }
      default:
        return { kind: 'retry', previous: entry, reason: describeState(entry) };
    }
  }

  /** Records the intent (first record of an attempt), before anything is sent. */
  begin(intent: CreateIntent): Promise<JournalRecord> {
    const previous = this.#entry;
    const attempt = previous ? previous.attempt + (previous.state === 'intent' ? 0 : 1) : 1;
    return this.#write(() =>
      this.journal.publish(this.key, previous?.seq ?? 0, {
        attempt,
        state: 'intent',
        kind: this.kind,
        intent: {
          amount: intent.amount,
          description: intent.description,
          balance_seen: intent.balanceSeen,
          at: intent.at,
        },
        ...skewOf(intent.clockSkewMs),
      }),
    );
  }

  /**
   * Right before the POST. Only the run whose intent is the latest record can write this.
   * `clockSkewMs`: as in begin (the intent's is kept when undefined).
   */
  markSent(at: string, outcomeWindowMs: number, clockSkewMs?: number): Promise<JournalRecord> {
    return this.#advance({
      state: 'sent',
      sent_at: at,
      outcome_window_ms: outcomeWindowMs,
      ...skewOf(clockSkewMs),
    });
  }

  /** `made`: the payout or charge as the gateway returned it. */
  markDone(
    made: Record<string, unknown> & { id: string; status?: string },
    note?: string,
  ): Promise<JournalRecord> {
    return this.#advance({ state: 'done', made, note, error: undefined });
  }

  markFailedBeforeSend(error: { message: string; type?: string; code?: string }): Promise<JournalRecord> {
    return this.#advance({ state: 'failed_before_send', error });
  }

  markRejected(error: { message: string; type?: string; code?: string }): Promise<JournalRecord> {
    return this.#advance({ state: 'rejected', error });
  }

  markUnknown(error: { message: string; type?: string; code?: string }): Promise<JournalRecord> {
    return this.#advance({ state: 'unknown', error });
  }

  markNotSent(note: string): Promise<JournalRecord> {
    return this.#advance({ state: 'not_sent', note, error: undefined });
  }

  #advance(change: Partial<JournalRecord>): Promise<JournalRecord> {
    this.#refuseWhileWriting();
    const current = this.#entry;
    if (!current)
      throw new PaygateError('internal: journal entry advanced before begin()', ExitCode.Internal);
    const { version: _v, key: _k, seq: _s, pid: _p, host: _h, written_at: _w, ...rest } = current;
    return this.#write(() =>
      this.journal.publish(this.key, current.seq, { ...rest, kind: this.kind, ...change }),
    );
  }

  /**
   * Each record follows the one before, committed: a record started while the previous one is
   * still being written (its promise not awaited) throws here, synchronously, so that the caller
   * stops before it sends anything on a record that may not be durable.
   */
  #write(publish: () => Promise<JournalRecord>): Promise<JournalRecord> {
    this.#refuseWhileWriting();
    this.#writing = true;
    return publish()
      .then((record) => {
        this.#entry = record;
        return record;
      })
      .finally(() => {
        this.#writing = false;
      });
  }

  #refuseWhileWriting(): void {
    if (this.#writing) {
      throw new PaygateError(
        `internal: a journal record of --key ${this.key} was started before the previous one was committed`,
        ExitCode.Internal,
      );
    }
  }

  async release(): Promise<void> {
    if (this.#released) return;
    this.#released = true;
    await this.journal.release(this.key, this.lock);
  }
}

/** The record's `clock_skew_ms`, only when the writer knows it (old readers ignore it). */
function skewOf(clockSkewMs: number | undefined): { clock_skew_ms?: number } {
  return clockSkewMs !== undefined && Number.isFinite(clockSkewMs) ? { clock_skew_ms: clockSkewMs } : {};
}

/**
 * A key this journal has no entry of, whose earlier layout holds one (a payout made, or sent with
 * an unknown outcome): that entry is published here as the key's first record, under the lock,
 * so that this journal honours it from now on.
 */
export async function carryOverEarlierEntry(
  store: JournalRecordStore,
  key: string,
  earlier: ((key: string) => { entry: JournalRecord; from: string } | undefined) | undefined,
): Promise<JournalRecord | undefined> {
  const found = earlier?.(key);
  if (!found) return undefined;
  const { version: _v, key: _k, seq: _s, pid: _p, host: _h, written_at: _w, ...rest } = found.entry;
  return store.publish(key, 0, { ...rest, kind: store.kind, note: `carried over from ${found.from}` });
}

export const CRASH_POINTS = ['after-intent', 'before-send', 'after-answer'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** Test hook: SIGKILL this process at `point` when PAYGATE_TEST_HOOKS=1 and PAYGATE_TEST_CRASH_AT names it. */
export function crashPoint(env: Readonly<Record<string, string | undefined>>, point: CrashPoint): void {
  if (env.PAYGATE_TEST_HOOKS === '1' && env.PAYGATE_TEST_CRASH_AT === point) {
    process.kill(process.pid, 'SIGKILL');
  }
}
