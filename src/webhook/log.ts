// `webhook listen --log FILE` and `webhook replay FILE`: every notification as one JSON line,
// appended (never truncated), mode 0600, flushed to disk before the sender is answered, so a line
// is either whole in the file or not there at all (a kill mid-write leaves at most a torn last
// line, which the reader skips and reports).
import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  realpathSync,
  writeSync,
} from 'node:fs';
import {
  checkTrustedPath,
  distrustReason,
  ownedByAnother,
  UntrustedPathError,
} from '../config/trusted-path.js';
import { sayConfig } from '../text/en/config.js';
import { sayWebhook } from '../text/en/webhook.js';
import type { Verification } from './notification.js';

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
    this.#fd = openLogFile(path);
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

/**
 * Opens `path` to append, without following a link another user controls: in a shared directory
 * (/tmp, where the kernel may not protect symlinks) another user could point the name at a file
 * of ours and have the notifications appended to it, or at a file of theirs and read them. A
 * symlink is followed only when it and its target are trusted (trusted-path.ts); the last
 * component is opened with O_NOFOLLOW, and the file opened must be ours (or root's) and not
 * writable by others. UntrustedPathError (exit 2) otherwise, before a byte is written.
 */
function openLogFile(path: string): number {
  const fix = {
    foreign: sayWebhook('logFixForeign'),
    writable: sayConfig('runCommand', { command: `\`chmod go-w ${path}\`` }),
  };
  const label = `--log ${path}`;
  let target = path;
  if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) {
    checkTrustedPath(path, label, fix);
    target = realpathSync(path);
  }
  let fd: number;
  try {
    fd = openSync(
      target,
      constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0),
      0o600,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP')
      throw new UntrustedPathError(
        sayConfig('refusingPath', { label, why: sayWebhook('logBecameSymlink'), fix: fix.foreign }),
      );
    throw error;
  }
  const uid = process.getuid?.();
  const stats = fstatSync(fd);
  const reason = uid === undefined ? undefined : distrustReason(stats, uid);
  if (reason) {
    closeSync(fd);
    // Which fix applies is read from the file, not from the reason's words (they follow the language).
    const foreign = uid !== undefined && ownedByAnother(stats, uid);
    throw new UntrustedPathError(
      sayConfig('refusingPath', {
        label: target === path ? label : sayWebhook('logLabelSymlink', { path, target }),
        why: reason,
        fix: foreign ? fix.foreign : fix.writable,
      }),
    );
  }
  return fd;
}
