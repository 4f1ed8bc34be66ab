import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIRECT_WRITE_LIMIT, isTerminal, StdioOutput } from '../../src/output/stdio.js';
import { CapturedStream } from '../helpers/fake-io.js';

/** A descriptor number no test process has open (EBADF). */
const NOT_OPEN = 987_654;

let dir: string;
let file: string;
let fd: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'paygate-stdio-'));
  file = join(dir, 'out');
  fd = openSync(file, 'w');
});
afterEach(() => {
  closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
});

/** A StdioOutput on `fd` whose stream is a CapturedStream, and how often it was opened. */
function outputOn(target: number) {
  const stream = new CapturedStream();
  let opened = 0;
  const output = new StdioOutput(target, () => {
    opened += 1;
    return stream;
  });
  return { output, stream, opened: () => opened };
}

describe('StdioOutput', () => {
  it('writes a short output straight to the file descriptor, without opening the stream', () => {
    const { output, stream, opened } = outputOn(fd);
    expect(output.write('olá, ')).toBe(true);
    expect(output.write('R$ 96,01\n')).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('olá, R$ 96,01\n');
    expect(opened()).toBe(0);
    expect(stream.text).toBe('');
  });

  it('hands over to the stream after DIRECT_WRITE_LIMIT bytes, in order, with the listeners kept so far', () => {
    const { output, stream, opened } = outputOn(fd);
    const errors: unknown[] = [];
    output.on('error', (error) => errors.push(error));
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < DIRECT_WRITE_LIMIT / line.length; i++) output.write(line);
    expect(opened()).toBe(0);
    output.write('after the limit\n');
    expect(opened()).toBe(1);
    expect(readFileSync(file, 'utf8')).toHaveLength(DIRECT_WRITE_LIMIT);
    expect(stream.text).toBe('after the limit\n');
    stream.emit('error', new Error('EPIPE'));
    expect(errors).toHaveLength(1);
  });

  it('gives a write that fails (a descriptor that is not open) to the stream, which reports the error as before', () => {
    const { output, stream, opened } = outputOn(NOT_OPEN);
    expect(output.write('lost?\n')).toBe(true);
    expect(opened()).toBe(1);
    expect(stream.text).toBe('lost?\n');
    output.write('next\n');
    expect(stream.text).toBe('lost?\nnext\n');
  });

  it('opens the stream once when asked for it, and removes a listener taken off before', () => {
    const { output, stream, opened } = outputOn(fd);
    const seen: string[] = [];
    const kept = () => seen.push('kept');
    const removed = () => seen.push('removed');
    const onceOnly = () => seen.push('once');
    output.on('drain', kept);
    output.on('drain', removed);
    output.once('drain', onceOnly);
    output.off('drain', removed);
    expect(output.stream()).toBe(stream);
    expect(output.stream()).toBe(stream);
    expect(opened()).toBe(1);
    stream.emit('drain');
    stream.emit('drain');
    expect(seen).toEqual(['kept', 'once', 'kept']);
    output.write('through the stream\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    expect(stream.text).toBe('through the stream\n');
  });
});

describe('isTerminal', () => {
  it('is false for a file, /dev/null (a character device) and a descriptor that is not open', () => {
    expect(isTerminal(fd)).toBe(false);
    const devNull = openSync('/dev/null', 'w');
    try {
      expect(isTerminal(devNull)).toBe(false);
    } finally {
      closeSync(devNull);
    }
    expect(isTerminal(NOT_OPEN)).toBe(false);
  });
});
