// What a person hands paygate as a file or on stdin (a request body, a CSV, a card token, a code),
// read with a bound: a device such as /dev/urandom, or a file far larger than any request, is
// refused at the bound instead of being read until memory runs out.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { Context } from '../../context.js';
import { type ArgumentName, fieldKey, fieldWord, UsageError } from '../../errors.js';
import { sayShared } from '../../text/en/shared.js';

/** Far above any request body or billing CSV paygate reads whole (a 32 MiB CSV is ~300,000 rows). */
export const INPUT_LIMIT_BYTES = 32 * 1024 * 1024;

const MEBIBYTE = 1024 * 1024;

/**
 * The text of `source`, a file path or `-` for stdin, as UTF-8. A file that cannot be read, or
 * more than `limit` bytes, is a UsageError naming `field`.
 */
export async function readInput(
  source: string,
  context: Pick<Context, 'io'>,
  field: string | ArgumentName,
  limit = INPUT_LIMIT_BYTES,
): Promise<string> {
  const shown = source === '-' ? sayShared('stdin') : JSON.stringify(source);
  let stream: Readable;
  try {
    stream = source === '-' ? context.io.stdin : createReadStream(source);
    return await readBounded(stream, limit, source !== '-');
  } catch (error) {
    if (error instanceof InputTooLarge) {
      const size = limit >= MEBIBYTE ? `${limit / MEBIBYTE} MiB` : `${Math.ceil(limit / 1024)} KiB`;
      throw new UsageError(sayShared('inputTooLarge', { field: fieldWord(field), source: shown, size }), {
        field: fieldKey(field),
      });
    }
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(sayShared('inputUnreadable', { field: fieldWord(field), source: shown, reason }), {
      field: fieldKey(field),
    });
  }
}

/** All of stdin as text (for `-` arguments that take one value). */
export function readAllStdin(context: Pick<Context, 'io'>, field = 'stdin'): Promise<string> {
  return readInput('-', context, field);
}

class InputTooLarge extends Error {}

async function readBounded(stream: Readable, limit: number, ownStream: boolean): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer);
    size += bytes.length;
    if (size > limit) {
      // A file stream is ours to close; stdin is left as it is (the run ends soon after).
      if (ownStream) stream.destroy();
      throw new InputTooLarge();
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}
