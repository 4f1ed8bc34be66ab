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
  let r = redactedCache.get(value);
  if (r === undefined) {
    r = redactAuthorization(value);
    if (redactedCache.size >= 1000) redactedCache.clear();
    redactedCache.set(value, r);
  }
  return r;
}

function redactAuthorization(value: string): string {
  const m = /^(\S+)\s+(\S+)$/.exec(value);
  if (!m) return '[redacted]';
  const token = m[2]!;
  const us = token.indexOf('_');
  const prefix = us > 0 && us <= 4 ? token.slice(0, us + 1) : '';
  return `${m[1]} ${prefix}…${token.length > 8 ? token.slice(-4) : ''}`;
}

export function redactCard(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = { ...(body as Record<string, unknown>) };
  if (typeof b.number === 'string') b.number = `…${b.number.replace(/[\s-]/g, '').slice(-4)}`;
  else if (b.number !== undefined) b.number = '[redacted]';
  if (b.cvv !== undefined) b.cvv = '***';
  return b;
}

export function clientIp(req: IncomingMessage): string {
  const a = req.socket.remoteAddress ?? '';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
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
