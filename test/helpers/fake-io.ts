import { PassThrough, Writable } from 'node:stream';
import type { IO } from '../../src/context.js';

/** A writable that keeps what was written, for assertions. */
export class CapturedStream extends Writable {
  chunks: string[] = [];
  isTTY: boolean;
  constructor(isTTY = false) {
    super();
    this.isTTY = isTTY;
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(chunk.toString());
    callback();
  }
  get text(): string {
    return this.chunks.join('');
  }
}

export interface FakeIOOptions {
  /** Everything on stdin (ended at once), or undefined for an open empty stdin. */
  stdin?: string;
  tty?: boolean;
  /** The terminal's size (with tty). */
  terminalSize?: { rows: number; columns: number };
}

export interface FakeIO extends IO {
  stdout: CapturedStream;
  stderr: CapturedStream;
  stdin: PassThrough;
}

export function createFakeIO(options: FakeIOOptions = {}): FakeIO {
  const stdin = new PassThrough();
  if (options.stdin !== undefined) stdin.end(options.stdin);
  const tty = options.tty ?? false;
  const stderr = new CapturedStream(tty);
  // Inquirer pipes a prompt into this stream and ends the pipe when the prompt is done; a pipe
  // never ends process.stderr, so neither does it end this one: a second question still shows.
  const promptOutput = Object.assign(
    new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        stderr.write(chunk, callback);
      },
    }),
    { isTTY: tty },
  );
  promptOutput.end = (() => promptOutput) as typeof promptOutput.end;
  return {
    stdin,
    stdout: new CapturedStream(tty),
    stderr,
    promptOutput: () => promptOutput,
    stdinIsTTY: tty,
    stdoutIsTTY: tty,
    stderrIsTTY: tty,
    ...(options.terminalSize ? { terminalSize: () => options.terminalSize } : {}),
  };
}
