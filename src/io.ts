// The process's streams and environment as handlers see them: a leaf module, so that the
// prompter, the context and src/output/ all depend on it, not on each other.
import type { Readable, Writable } from 'node:stream';

/** The environment variables (process.env, or a test's). */
export type Env = Readonly<Record<string, string | undefined>>;

/** Where output goes: process.stdout in the CLI, a fake in tests. */
export interface OutputStream {
  write(chunk: string): unknown;
  // Present on real streams: used for back-pressure and to notice a closed pipe.
  once?(event: string, listener: (...args: unknown[]) => void): unknown;
  on?(event: string, listener: (...args: unknown[]) => void): unknown;
  off?(event: string, listener: (...args: unknown[]) => void): unknown;
}

/** The process's streams, or fakes in tests. */
export interface IO {
  stdin: Readable;
  stdout: OutputStream;
  stderr: OutputStream;
  /** stderr as a stream, for the prompts (they draw on a stream). */
  promptOutput(): Writable;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** stdout's terminal size when it is a TTY (the QR code is drawn to fit it). */
  terminalSize?(): { rows: number; columns: number } | undefined;
}
