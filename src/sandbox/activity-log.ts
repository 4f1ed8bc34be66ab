// The sandbox's log for people (`sandbox log`): one line for each API request it
// answered and each notification it tried to deliver, newest last, in a bounded ring. `sandbox
// start` prints them as they happen; `sandbox log` reads them from GET /_sandbox/log.

import type { NotificationAttempt } from './notifier.js';
import type { RecordedRequest } from './recorded-request.js';

export interface SandboxLogEvent {
  /** 1, 2, 3…: `GET /_sandbox/log?after=SEQ` returns the events after it. */
  seq: number;
  /** ISO time on the sandbox clock. */
  at: string;
  kind: 'request' | 'notification';
  /** The event as one line for people (no time: the reader adds it). */
  line: string;
  /** `req_…` or `ntf_…`. */
  id: string;
  status: number | null;
}

/** How many events the ring keeps (the newest). */
export const SANDBOX_LOG_CAPACITY = 1000;

export function requestLine(request: RecordedRequest): string {
  const status = request.status === null ? 'no answer' : String(request.status);
  const seller = request.seller_id !== null ? `  seller ${request.seller_id}` : '';
  const fault = request.fault ? `  fault ${request.fault}` : '';
  return `${request.method} ${request.path} → ${status}${seller}${fault}`;
}

export function notificationLine(attempt: NotificationAttempt): string {
  const outcome = attempt.status !== null ? String(attempt.status) : (attempt.error ?? 'no answer');
  const seller = attempt.seller_id !== null ? ` seller ${attempt.seller_id}` : '';
  return `notify ${attempt.event} (${attempt.channel}${seller}) → ${attempt.url} → ${outcome}  try ${attempt.attempt}`;
}

export class SandboxLog {
  readonly #events: SandboxLogEvent[] = [];
  readonly #listeners = new Set<(event: SandboxLogEvent) => void>();
  readonly #capacity: number;
  #seq = 0;

  constructor(capacity = SANDBOX_LOG_CAPACITY) {
    this.#capacity = capacity;
  }

  addRequest(request: RecordedRequest): void {
    this.#add({
      at: request.at,
      kind: 'request',
      line: requestLine(request),
      id: request.id,
      status: request.status,
    });
  }

  addNotification(attempt: NotificationAttempt): void {
    this.#add({
      at: attempt.at,
      kind: 'notification',
      line: notificationLine(attempt),
      id: attempt.id,
      status: attempt.status,
    });
  }

  /** The events after `seq` (all kept, with 0), oldest first. */
  after(seq: number): SandboxLogEvent[] {
    const first = this.#events.findIndex((event) => event.seq > seq);
    return first < 0 ? [] : this.#events.slice(first);
  }

  /** Calls `listener` with each new event; returns the function that stops it. */
  listen(listener: (event: SandboxLogEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  clear(): void {
    this.#events.length = 0;
  }

  #add(event: Omit<SandboxLogEvent, 'seq'>): void {
    const full = { seq: ++this.#seq, ...event };
    this.#events.push(full);
    if (this.#events.length > this.#capacity) this.#events.splice(0, this.#events.length - this.#capacity);
    for (const listener of this.#listeners) listener(full);
  }
}
