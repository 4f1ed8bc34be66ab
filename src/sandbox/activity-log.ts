// The sandbox's log for people (`sandbox log`): one line for each API request it
// answered and each notification it tried to deliver, newest last, in a bounded ring. `sandbox
// start` prints them as they happen; `sandbox log` reads them from GET /_sandbox/log.

import { saySandboxServer } from '../text/en/sandbox-server.js';
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

// `→` escaped, as the build wants every file of dist/ in ASCII (scripts/build.mjs).
const REQUEST_LINE = /^(\S+) (\S+) \u2192 (no answer|\d+)(?: {2}seller (\S+))?(?: {2}fault (\S+))?$/;
const NOTIFICATION_LINE = /^notify (\S+) \((\S+?)(?: seller (\S+))?\) \u2192 (\S+) \u2192 (.+) {2}try (\d+)$/;

/**
 * An event's line in the run's language, for the person watching (`sandbox start`, `sandbox log`
 * as a table). The event keeps the sandbox's own line (its answers are a gateway's words), so this
 * reads that line back; a line of another form (an older sandbox) is shown as it came.
 */
export function lineForPeople(event: Pick<SandboxLogEvent, 'kind' | 'line'>): string {
  const said = (status: string) => (status === 'no answer' ? saySandboxServer('noAnswer') : status);
  if (event.kind === 'request') {
    const parts = REQUEST_LINE.exec(event.line);
    if (!parts) return event.line;
    const [, method, path, status, seller, fault] = parts;
    return (
      saySandboxServer('request', { method: method!, path: path!, status: said(status!) }) +
      (seller !== undefined ? saySandboxServer('requestSeller', { seller }) : '') +
      (fault !== undefined ? saySandboxServer('requestFault', { fault }) : '')
    );
  }
  const parts = NOTIFICATION_LINE.exec(event.line);
  if (!parts) return event.line;
  const [, notified, channel, seller, url, outcome, attempt] = parts;
  const values = {
    event: notified!,
    channel: channel!,
    url: url!,
    outcome: said(outcome!),
    attempt: attempt!,
  };
  return seller !== undefined
    ? saySandboxServer('notificationToSeller', { ...values, seller })
    : saySandboxServer('notification', values);
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
