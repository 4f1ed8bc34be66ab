// Outgoing notifications (webhooks and per-charge callback_url). Each delivery is POSTed as JSON
// and retried with exponential backoff (base × 2^(attempt−1), capped) on a non-2xx answer or a
// connection error, up to maxAttempts. Every attempt is recorded, whatever its outcome.
import { Poster } from '../api/poster.js';

export interface NotificationTarget {
  url: string;
  seller_id: number | null;
  channel: 'webhook' | 'callback' | 'forged';
  webhook_id: string | null;
}

export interface NotificationAttempt {
  /** Delivery id (`ntf_…`), the same on every attempt of one delivery. */
  id: string;
  url: string;
  seller_id: number | null;
  channel: 'webhook' | 'callback' | 'forged';
  webhook_id: string | null;
  event: string;
  payload: unknown;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
  /** HTTP status answered by the receiver; null on a connection error or timeout. */
  status: number | null;
  error: string | null;
  /** ISO time (sandbox clock) when the attempt started. */
  at: string;
}

export interface NotifierOptions {
  /** Attempts per delivery, first included (default 4). */
  maxAttempts?: number;
  /** Delay before the first retry (default 1000 ms); doubles each retry. */
  baseDelayMs?: number;
  /** Cap of the retry delay (default 30000 ms). */
  maxDelayMs?: number;
  /** Per-attempt timeout (default 5000 ms). */
  timeoutMs?: number;
}

export class Notifier {
  readonly attempts: NotificationAttempt[] = [];
  readonly #maxAttempts: number;
  readonly #baseDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #timeoutMs: number;
  readonly #agent: Poster;
  readonly #inflight = new Set<Promise<void>>();
  readonly #sleepers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  #generation = 0;
  #closed = false;

  readonly #nowIso: () => string;
  readonly #newId: () => string;
  readonly #recordLimit: number;

  constructor(options: NotifierOptions, nowIso: () => string, newId: () => string, recordLimit: number) {
    this.#nowIso = nowIso;
    this.#newId = newId;
    this.#recordLimit = recordLimit;
    this.#maxAttempts = Math.max(1, Math.floor(options.maxAttempts ?? 4));
    this.#baseDelayMs = Math.max(0, options.baseDelayMs ?? 1000);
    this.#maxDelayMs = Math.max(this.#baseDelayMs, options.maxDelayMs ?? 30_000);
    this.#timeoutMs = Math.max(1, options.timeoutMs ?? 5000);
    this.#agent = new Poster(this.#timeoutMs, 16);
  }

  /**
   * Starts a delivery in the background. The promise settles with the first attempt's record
   * (retries go on after it); it never rejects.
   */
  send(target: NotificationTarget, event: string, payload: unknown): Promise<NotificationAttempt> {
    const id = this.#newId();
    let onFirst: (attempt: NotificationAttempt) => void = () => {};
    const first = new Promise<NotificationAttempt>((resolve) => {
      onFirst = resolve;
    });
    const run = this.#deliver(id, target, event, payload, onFirst)
      .catch(() => {})
      .finally(() => {
        this.#inflight.delete(run);
        // Settles `first` even if the delivery ended before its first attempt (no-op otherwise).
        onFirst({
          id,
          ...target,
          event,
          payload,
          attempt: 0,
          status: null,
          error: 'not delivered',
          at: this.#nowIso(),
        });
      });
    this.#inflight.add(run);
    return first;
  }

  /** Resolves when no delivery is in progress (retries included). */
  async idle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.all([...this.#inflight]);
  }

  /** Stops every pending retry and forgets the recorded attempts. */
  reset(): void {
    this.#generation++;
    this.#wakeSleepers();
    this.attempts.length = 0;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#generation++;
    this.#wakeSleepers();
    await Promise.race([this.idle(), new Promise((resolve) => setTimeout(resolve, this.#timeoutMs).unref())]);
    this.#agent.close();
  }

  async #deliver(
    id: string,
    target: NotificationTarget,
    event: string,
    payload: unknown,
    onFirst: (attempt: NotificationAttempt) => void,
  ): Promise<void> {
    const generation = this.#generation;
    const body = JSON.stringify(payload);
    for (let attempt = 1; attempt <= this.#maxAttempts; attempt++) {
      const record: NotificationAttempt = {
        id,
        url: target.url,
        seller_id: target.seller_id,
        channel: target.channel,
        webhook_id: target.webhook_id,
        event,
        payload,
        attempt,
        status: null,
        error: null,
        at: this.#nowIso(),
      };
      if (this.#closed) {
        record.error = 'sandbox closed';
      } else {
        try {
          const status = await this.#agent.post(
            target.url,
            {
              'content-type': 'application/json',
              'user-agent': 'paygate-sandbox/1',
              'x-paygate-event': event,
              'x-paygate-delivery': id,
              'x-paygate-attempt': String(attempt),
            },
            body,
          );
          record.status = status;
          if (status < 200 || status > 299) record.error = `receiver answered ${status}`;
        } catch (error) {
          record.error = describe(error);
        }
      }
      if (generation !== this.#generation && !this.#closed) {
        onFirst(record);
        return;
      }
      this.#record(record);
      if (attempt === 1) onFirst(record);
      if (record.status !== null && record.status >= 200 && record.status <= 299) return;
      if (attempt === this.#maxAttempts || this.#closed || generation !== this.#generation) return;
      await this.#sleep(Math.min(this.#maxDelayMs, this.#baseDelayMs * 2 ** (attempt - 1)));
      if (this.#closed || generation !== this.#generation) return;
    }
  }

  /** Called with every attempt as it is recorded (the sandbox log). */
  onRecord: ((attempt: NotificationAttempt) => void) | undefined;

  #record(attempt: NotificationAttempt): void {
    this.onRecord?.(attempt);
    this.attempts.push(attempt);
    if (this.attempts.length > this.#recordLimit)
      this.attempts.splice(0, this.attempts.length - this.#recordLimit);
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const sleeper = {
        timer: setTimeout(() => {
          this.#sleepers.delete(sleeper);
          resolve();
        }, ms),
        resolve,
      };
      sleeper.timer.unref();
      this.#sleepers.add(sleeper);
    });
  }

  #wakeSleepers(): void {
    for (const sleeper of this.#sleepers) {
      clearTimeout(sleeper.timer);
      sleeper.resolve();
    }
    this.#sleepers.clear();
  }
}

/** A failed attempt's error as one line: the system code (ECONNREFUSED…) and the message. */
function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    const causeCode = cause && typeof cause.code === 'string' ? cause.code : undefined;
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    return [typeof code === 'string' ? code : causeCode, error.message].filter(Boolean).join(': ');
  }
  return String(error);
}
