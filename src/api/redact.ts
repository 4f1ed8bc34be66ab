// Redaction for --debug traces and for everything read from an answer: no key and no card data
// ever reaches stderr, a --json error or the journal.
// - headers: Authorization (and any other credential header) becomes `[redacted]`;
// - JSON bodies: card fields become "[redacted]" wherever they are nested;
// - any text: the configured keys themselves are replaced, wherever they appear and in the forms
//   a reader decodes (JSON escapes, percent escapes, base64 alone or in a Basic credential:
//   secret-forms.ts), so a key echoed in a URL, in an error body or in a text body never shows;
//   nor does any 10-character piece of a key, in any case or encoding (key-windows.ts).

import { replaceSpans, secretSpans } from './secret-forms.js';
import type { SentResponse } from './transport.js';

export const REDACTED = '[redacted]';

/** Keys whose value is always card data or a credential. Compared lower-case, `-` as `_`. */
const ALWAYS_REDACTED = new Set([
  'cvv',
  'cvc',
  'cvv2',
  'card_number',
  'cardnumber',
  'security_code',
  'securitycode',
  'pan',
  'secret_key',
  'secretkey',
  'password',
  'authorization',
]);

/** Card-ish siblings: an object with one of them is a card, so its `number` is the card number. */
const CARD_SIBLINGS = ['cvv', 'cvc', 'exp_month', 'exp_year', 'expiry', 'holder_name', 'security_code'];

/** 12 to 19 digits, optionally grouped by spaces or dashes: looks like a card number. */
const PAN_LIKE = /^\d(?:[ -]?\d){11,18}$/;

const norm = (key: string) => key.toLowerCase().replace(/-/g, '_');

/**
 * A copy of a parsed JSON value with card fields (`number`, `cvv`, `card_number`, `security_code`,
 * ...) replaced by "[redacted]". `number` is redacted inside an object that looks like a card or
 * when its value looks like a card number; an address's street `number` ("123") is kept.
 */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value === null || typeof value !== 'object') return value;
  const input = value as Record<string, unknown>;
  const keys = Object.keys(input).map(norm);
  const isCard = CARD_SIBLINGS.some((sibling) => keys.includes(sibling));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(input)) {
    const k = norm(key);
    if (ALWAYS_REDACTED.has(k) && item !== null && item !== undefined) out[key] = REDACTED;
    else if (k === 'number' && (isCard || (typeof item === 'string' && PAN_LIKE.test(item))))
      out[key] = REDACTED;
    else out[key] = redactJson(item);
  }
  return out;
}

/** Card fields in text that is not parseable JSON (a truncated body, form data). */
const TEXT_FIELDS =
  /("(?:number|cvv|cvc|card_number|cardNumber|security_code|securityCode|secret_key)"\s*:\s*)("(?:[^"\\]|\\.)*"|\d+)/gi;

/**
 * A body for the trace: JSON is parsed, redacted and re-serialised on one line; anything else is
 * redacted by pattern. `secrets` (the configured keys) are removed in both cases.
 */
export function redactBody(body: string, secrets: readonly string[] = []): string {
  let text: string;
  try {
    text = JSON.stringify(redactJson(JSON.parse(body)));
  } catch {
    text = body.replace(TEXT_FIELDS, `$1"${REDACTED}"`);
  }
  return redactSecrets(text, secrets);
}

/**
 * Every occurrence of each secret (of 6 characters or more) replaced by `[redacted]`: plain,
 * JSON-escaped, percent-encoded or in base64 (secret-forms.ts), and any 10 characters of a key in
 * any case and encoding (key-windows.ts).
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return scrubText(text, secrets, false);
}

const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy_authorization',
  'cookie',
  'set_cookie',
  'x_api_key',
]);

/** Headers for the trace, credentials replaced: `authorization: Bearer [redacted]`. */
export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (CREDENTIAL_HEADERS.has(norm(name))) {
      const scheme = /^(\w+)\s+\S/.exec(text)?.[1];
      out[name] = scheme ? `${scheme} ${REDACTED}` : REDACTED;
    } else {
      out[name] = text;
    }
  }
  return out;
}

/**
 * The card data and credentials of a request body we sent (JSON text): values the server must
 * not get to echo back to a terminal, a `--json` error or the journal. A card number also in its
 * digits-only form.
 */
export function sentSecrets(body: string | undefined): string[] {
  if (body === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [];
  }
  const found: string[] = [];
  const visit = (node: unknown, redactAll: boolean): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, redactAll);
      return;
    }
    if (node === null || typeof node !== 'object') {
      if (redactAll && (typeof node === 'string' || typeof node === 'number')) {
        const text = String(node);
        found.push(text);
        const digits = text.replace(/[ -]/g, '');
        if (digits !== text && /^\d+$/.test(digits)) found.push(digits);
      }
      return;
    }
    const input = node as Record<string, unknown>;
    const keys = Object.keys(input).map(norm);
    const isCard = CARD_SIBLINGS.some((sibling) => keys.includes(sibling));
    for (const [key, item] of Object.entries(input)) {
      const k = norm(key);
      const secret =
        ALWAYS_REDACTED.has(k) ||
        (k === 'number' && (isCard || (typeof item === 'string' && PAN_LIKE.test(item))));
      visit(item, redactAll || secret);
    }
  };
  visit(value, false);
  return found.filter((text) => text.length >= 3);
}

/**
 * Server text with our secrets removed, in any of the forms a reader decodes (JSON escapes,
 * percent escapes, base64 of the secret alone or in a Basic credential). Secrets of 6 characters
 * or more go wherever they appear; shorter ones (a CVV) only as whole tokens, and only when
 * `shortToo` (error answers: a success's data is returned unchanged but for the long secrets).
 * Only the secret's span of the raw text is replaced: JSON stays JSON, and a text without our
 * secrets is returned as it is.
 */
export function scrubText(text: string, secrets: readonly string[], shortToo: boolean): string {
  return replaceSpans(text, secretSpans(text, secrets, shortToo), REDACTED);
}

/** An answer with our secrets removed from its body and headers, before anything reads it. */
export function scrubResponse(response: SentResponse, secrets: readonly string[]): SentResponse {
  const failed =
    response.status < 200 || response.status >= 300 || /"success"\s*:\s*false/.test(response.text);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers))
    headers[name] = scrubText(value, secrets, true);
  return { status: response.status, headers, text: scrubText(response.text, secrets, failed) };
}
