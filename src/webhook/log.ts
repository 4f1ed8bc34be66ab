// `webhook listen --log FILE` and `webhook replay FILE`: every notification as one JSON line,
// appended (never truncated), mode 0600, flushed to disk before the sender is answered, so a line
// is either whole in the file or not there at all (a kill mid-write leaves at most a torn last
// line, which the reader skips and reports).
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import type { Verification } from './verify.js';

export interface LoggedNotification {
  received_at: string;
  method: string;
  path: string;
  /** Every request header as received (replay sends them again). */
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received (UTF-8 text). */
  body: string;
  verification?: Verification | null;
}

export class NotificationLog {
  readonly #fd: number;

  constructor(readonly path: string) {
    this.#fd = openSync(path, 'a', 0o600);
  }

  append(entry: LoggedNotification): void {
    writeSync(this.#fd, `${JSON.stringify(entry)}\n`);
    fsyncSync(this.#fd);
  }

  close(): void {
    closeSync(this.#fd);
  }
}

/** The log's entries, in order; lines that do not parse (a torn last line) are counted, not fatal. */
export function readNotificationLog(text: string): {
  entries: Array<LoggedNotification & { line: number }>;
  skipped: number[];
} {
  const entries: Array<LoggedNotification & { line: number }> = [];
  const skipped: number[] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    try {
      const value = JSON.parse(raw) as LoggedNotification;
      if (typeof value.body !== 'string' || typeof value.method !== 'string') throw new Error('not an entry');
      entries.push({ ...value, line: index + 1 });
    } catch {
      skipped.push(index + 1);
    }
  });
  return { entries, skipped };
}
