// The process's streams as handlers see them: its own module so that the prompter and the
// context both depend on it, not on each other.
import type { Readable, Writable } from 'node:stream';
import type { OutputStream } from './output/render.js';

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
