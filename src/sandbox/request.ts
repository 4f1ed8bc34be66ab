// Reading one request (its bounded body: src/read-body.ts): its JSON, the bearer token, the client's address, and
// the redactions applied before a request is recorded (keys and card data never stored whole).
import type { IncomingMessage } from 'node:http';
import { parseJsonText } from '../json.js';
import { readBody } from '../read-body.js';

/** The token of `Bearer <token>` (case-insensitive scheme); null when not that form. */
export function bearerToken(auth: string): string | null {
  if (auth.length > 7 && (auth.startsWith('Bearer ') || auth.slice(0, 7).toLowerCase() === 'bearer ')) {
    const token = auth.slice(7).trim();
    if (token !== '' && !/\s/.test(token)) return token;
  }
  return null;
}

const redactedCache = new Map<string, string>();

/** `Bearer sk_…last4` (cached: clients send the same header again and again). */
export function redactAuthorizationCached(value: string): string {
  let redacted = redactedCache.get(value);
  if (redacted === undefined) {
    redacted = redactAuthorization(value);
    if (redactedCache.size >= 1000) redactedCache.clear();
    redactedCache.set(value, redacted);
  }
  return redacted;
}

function redactAuthorization(value: string): string {
  const match = /^(\S+)\s+(\S+)$/.exec(value);
  if (!match) return '[redacted]';
  const token = match[2]!;
  const underscore = token.indexOf('_');
  const prefix = underscore > 0 && underscore <= 4 ? token.slice(0, underscore + 1) : '';
  return `${match[1]} ${prefix}…${token.length > 8 ? token.slice(-4) : ''}`;
}

export function redactCard(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const redacted = { ...(body as Record<string, unknown>) };
  if (typeof redacted.number === 'string')
    redacted.number = `…${redacted.number.replace(/[\s-]/g, '').slice(-4)}`;
  else if (redacted.number !== undefined) redacted.number = '[redacted]';
  if (redacted.cvv !== undefined) redacted.cvv = '***';
  return redacted;
}

export function clientIp(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * Parses JSON; `undefined` signals malformed JSON, or JSON nested deeper than any real body (it
 * would be stored, then break every later listing that serialises it). An empty body is null.
 */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  const parsed = parseJsonText(text);
  return parsed.ok ? parsed.value : undefined;
}

/**
 * Reads a request's JSON body: `aborted` when the client went away, `tooLarge` above
 * `maxBodyBytes`, else the parsed body (null when empty, undefined when not JSON; see parseJson).
 * GET and HEAD have no body to read.
 */
export async function readJsonBody(
  req: IncomingMessage,
  method: string,
  maxBodyBytes: number,
): Promise<{ aborted: true } | { tooLarge: true } | { body: unknown }> {
  if (method === 'GET' || method === 'HEAD') return { body: null };
  const read = await readBody(req, maxBodyBytes);
  if ('aborted' in read || 'tooLarge' in read) return read;
  return { body: parseJson(read.body.toString('utf8')) };
}
