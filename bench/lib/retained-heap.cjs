// Preloaded into the CLI by the bench's memory runs only (`node --expose-gc -r <this file>`; the
// product never uses these flags): the heap still retained at the last record (DESIGN.md §9,
// bench/RESULTS.md, method notes). It counts the records (lines) the command writes to stdout and,
// when the expected count has been written, forces full garbage collections and writes
// `process.memoryUsage().heapUsed` to the file named by BENCH_RETAINED_HEAP_FILE. The command is
// still running then, so whatever it keeps per record is still referenced.
//
// The CLI writes stdout straight to fd 1 with fs.writeSync first, then through process.stdout
// (src/output/stdio.ts): both are counted. process.stdout is wrapped only when the CLI first asks
// for it, as it would be created then anyway (bench/CHOICES.md: stdout opened when needed).
'use strict';
const fs = require('node:fs');

const expectedRecords = Number(process.env.BENCH_EXPECTED_RECORDS);
const resultFile = process.env.BENCH_RETAINED_HEAP_FILE;
const NEWLINE = 0x0a;
/** Full collections in a row: what one frees (a finalizer, a weak reference) can free more in the next. */
const COLLECTIONS = 3;

let recordsWritten = 0;
let measured = false;

/** Newlines in `chunk` (a string or bytes); a newline byte is never part of a longer UTF-8 character. */
function newlinesIn(chunk) {
  if (typeof chunk === 'string') {
    let count = 0;
    for (let index = chunk.indexOf('\n'); index !== -1; index = chunk.indexOf('\n', index + 1)) count++;
    return count;
  }
  const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let count = 0;
  for (let index = bytes.indexOf(NEWLINE); index !== -1; index = bytes.indexOf(NEWLINE, index + 1)) count++;
  return count;
}

/** Heap used after forced full collections, written once, when the last record has been written. */
function countRecords(lines) {
  recordsWritten += lines;
  if (measured || recordsWritten < expectedRecords) return;
  measured = true;
  for (let index = 0; index < COLLECTIONS; index++) globalThis.gc();
  fs.writeFileSync(resultFile, String(process.memoryUsage().heapUsed));
}

/** The part of a write to fd 1 that went out: `written` bytes of the chunk, from its offset. */
function writtenPart(chunk, offset, written) {
  if (typeof chunk === 'string') {
    return written === Buffer.byteLength(chunk) ? chunk : Buffer.from(chunk).subarray(0, written);
  }
  const start = typeof offset === 'number' ? offset : 0;
  return Buffer.from(chunk.buffer, chunk.byteOffset + start, written);
}

function countDirectWrites() {
  const writeSync = fs.writeSync;
  fs.writeSync = function countedWriteSync(...args) {
    const written = writeSync.apply(this, args);
    const [fd, chunk, offset] = args;
    if (fd === 1) countRecords(newlinesIn(writtenPart(chunk, offset, written)));
    return written;
  };
}

function countStreamWrites() {
  const descriptor = Object.getOwnPropertyDescriptor(process, 'stdout');
  let wrapped;
  Object.defineProperty(process, 'stdout', {
    configurable: true,
    enumerable: descriptor.enumerable,
    get() {
      const stream = descriptor.get.call(process);
      if (wrapped !== stream) {
        wrapped = stream;
        const write = stream.write;
        stream.write = function countedWrite(chunk, ...rest) {
          if (chunk !== null && chunk !== undefined) countRecords(newlinesIn(chunk));
          return write.call(this, chunk, ...rest);
        };
      }
      return stream;
    },
  });
}

if (resultFile && expectedRecords > 0 && typeof globalThis.gc === 'function') {
  countDirectWrites();
  countStreamWrites();
}
