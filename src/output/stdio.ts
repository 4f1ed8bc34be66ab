// The process's stdout and stderr for src/main.ts, opened as streams only when a stream is needed.
//
// Why: the first use of process.stdout on a pipe loads net and the stream modules, which cost
// more than all the rest of `paygate --version` (bench/CHOICES.md). The same goes for asking whether fd 1 is a terminal through node:tty, which loads net too.
import { fstatSync, statSync, writeSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { OutputStream } from '../io.js';

/**
 * Output written straight to the file descriptor is limited to what one pipe holds (64 KiB on
 * Linux): that much cannot keep a blocking write waiting for a slow reader. After it, the stream
 * takes over, with its back-pressure.
 */
export const DIRECT_WRITE_LIMIT = 64 * 1024;

type Listener = (...args: unknown[]) => void;

/**
 * stdout or stderr. Writes go to the file descriptor at once (fs.writeSync, as Node itself writes
 * to files and terminals) until one of these happens, then the stream is opened and used for good:
 * - DIRECT_WRITE_LIMIT bytes have been written;
 * - a write cannot be done at once (EAGAIN: a non-blocking pipe that is full) or fails (EPIPE:
 *   the reader is gone). The stream then writes what is left and reports the error as it always
 *   did, to the listeners registered here;
 * - someone asks for the stream itself (`stream()`: the prompts draw on it).
 * Listeners are kept until the stream exists: none of its events can happen before that.
 */
export class StdioOutput implements OutputStream {
  private opened: Writable | undefined;
  private written = 0;
  private readonly pending: Array<{ event: string; listener: Listener; once: boolean }> = [];

  constructor(
    private readonly fd: number,
    private readonly open: () => Writable,
  ) {}

  write(chunk: string): boolean {
    if (this.opened !== undefined || this.written >= DIRECT_WRITE_LIMIT) return this.stream().write(chunk);
    let bytes: Buffer | undefined;
    let offset = 0;
    try {
      offset = writeSync(this.fd, chunk);
      const length = Buffer.byteLength(chunk);
      if (offset < length) {
        bytes = Buffer.from(chunk);
        while (offset < length) offset += writeSync(this.fd, bytes, offset);
      }
      this.written += length;
      return true;
    } catch {
      const rest = offset === 0 ? chunk : (bytes ?? Buffer.from(chunk)).subarray(offset);
      return this.stream().write(rest);
    }
  }

  /** The stream itself; from now on every write goes through it. */
  stream(): Writable {
    if (this.opened === undefined) {
      const stream = this.open();
      this.opened = stream;
      for (const { event, listener, once } of this.pending.splice(0)) {
        if (once) stream.once(event, listener);
        else stream.on(event, listener);
      }
    }
    return this.opened;
  }

  on(event: string, listener: Listener): this {
    if (this.opened) this.opened.on(event, listener);
    else this.pending.push({ event, listener, once: false });
    return this;
  }

  once(event: string, listener: Listener): this {
    if (this.opened) this.opened.once(event, listener);
    else this.pending.push({ event, listener, once: true });
    return this;
  }

  off(event: string, listener: Listener): this {
    if (this.opened) {
      this.opened.off(event, listener);
      return this;
    }
    const index = this.pending.findIndex((entry) => entry.event === event && entry.listener === listener);
    if (index >= 0) this.pending.splice(index, 1);
    return this;
  }
}

/**
 * Whether `fd` is a terminal. Pipes, files, sockets and /dev/null (what scripts and cron give)
 * are answered from fstat alone; node:tty is loaded only for another character device.
 */
export function isTerminal(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    if (!stat.isCharacterDevice()) return false;
    if (process.platform !== 'win32' && stat.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    return false;
  }
  return process.getBuiltinModule('node:tty').isatty(fd);
}
