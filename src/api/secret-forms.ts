// Where our secrets sit in a text, in the forms a gateway or proxy may echo them: plain,
// JSON-escaped (`\u0073k_…`, any mix of escaped and plain characters), percent-encoded, and in
// base64 or base64url, alone or inside a Basic credential (`user:key`, `key:`). The search runs on
// the decoded text, so what a reader decodes is what is checked; the spans it returns are of the
// raw text, so the text keeps its shape (still JSON) with only the secret's span replaced.
//
// Cheap on answers without secrets: a text with no escape of a character a secret is made of is
// searched as it is (a few `indexOf` per secret, nothing copied); only a text with such escapes is
// decoded, in one linear pass. A text with no secret is returned as it is. Pieces of a key (any 10
// characters, any case, more encodings) are found by key-windows.ts, whose spans join these.

import { keyWindowSpans } from './key-windows.js';

/** A secret shorter than this is matched only as a whole token (a CVV in "cvv 987"). */
const LONG = 6;
/** A secret this long or longer is also looked for in base64 (its fragments are distinctive). */
const BASE64_MIN = 12;

const BASE64_CHAR = /[A-Za-z0-9+/\-_=]/;

/**
 * A text as a reader decodes it, and where its escapes were: escape k starts at decoded index
 * `at[k]` and at raw index `rawAt[k]`, and took `rawLength[k]` raw characters for one decoded one.
 */
interface Decoded {
  text: string;
  at: number[];
  rawAt: number[];
  rawLength: number[];
}

/** JSON string escapes (an escaped backslash is one pair: `\\u0073` is no escape) and percent escapes. */
const ESCAPE = /\\u[0-9a-fA-F]{4}|\\["\\/bfnrt]|%[0-9a-fA-F]{2}/g;
/**
 * An escape of a character a secret or its base64 is made of (space, `+`, `-`, `/`, `=`, digits,
 * letters, `_`). A text without one is searched as it is: the usual escapes (`\u00e7` of a
 * Portuguese word, `\/` of a URL, `\u003c` `\u0026` of HTML-safe JSON) cost no decoding; `\/` in
 * base64 is looked for as such.
 */
const MAY_HIDE_A_SECRET =
  /\\u00(?:2[0bdfBDF]|3[0-9dD]|[4-7][0-9a-fA-F])|%(?:2[0bdfBDF]|3[0-9dD]|[4-7][0-9a-fA-F])/;
const SHORT_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

function decodeEscape(sequence: string): string {
  if (sequence[0] === '%') return String.fromCharCode(Number.parseInt(sequence.slice(1), 16));
  if (sequence[1] === 'u') return String.fromCharCode(Number.parseInt(sequence.slice(2), 16));
  return SHORT_ESCAPES[sequence[1]!] ?? sequence[1]!;
}

/** JSON string escapes and percent escapes decoded; a text without either is its own decoding. */
function decode(raw: string): Decoded {
  const decoded: Decoded = { text: raw, at: [], rawAt: [], rawLength: [] };
  if (!MAY_HIDE_A_SECRET.test(raw)) return decoded;
  const parts: string[] = [];
  let copied = 0;
  let length = 0;
  for (const match of raw.matchAll(ESCAPE)) {
    const plain = raw.slice(copied, match.index);
    parts.push(plain, decodeEscape(match[0]));
    length += plain.length;
    decoded.at.push(length);
    decoded.rawAt.push(match.index);
    decoded.rawLength.push(match[0].length);
    length += 1;
    copied = match.index + match[0].length;
  }
  if (decoded.at.length === 0) return decoded;
  parts.push(raw.slice(copied));
  decoded.text = parts.join('');
  return decoded;
}

/** The raw index of decoded index `index` (the raw length for the decoded length). */
function rawIndex(decoded: Decoded, index: number): number {
  const { at, rawAt, rawLength } = decoded;
  // The last escape at or before `index` (binary search: escapes are in order).
  let low = 0;
  let high = at.length - 1;
  let last = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (at[middle]! <= index) {
      last = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  if (last === -1) return index;
  if (at[last] === index) return rawAt[last]!;
  return rawAt[last]! + rawLength[last]! + (index - at[last]! - 1);
}

/**
 * The stretches of base64 text that stand for `secret` whatever comes before or after it in the
 * encoded bytes (a `user:` before, a `:` after): for each of the three alignments, the encoded
 * groups made of the secret's bytes only. In the standard and the URL alphabets.
 */
export function base64Fragments(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const fragments = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    const firstGroup = Math.ceil(offset / 3);
    const endGroup = Math.floor(padded.length / 3);
    if (endGroup <= firstGroup) continue;
    const encoded = padded.subarray(0, endGroup * 3).toString('base64');
    const fragment = encoded.slice(firstGroup * 4, endGroup * 4);
    fragments.add(fragment);
    fragments.add(fragment.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return [...fragments];
}

/** A base64 fragment as itself and, when it has a `/`, as JSON that escapes it writes it (`\/`). */
const withEscapedSlashes = (fragment: string) =>
  fragment.includes('/') ? [fragment, fragment.replace(/\//g, '\\/')] : [fragment];

const searchedFragments = new Map<string, string[]>();

/**
 * The base64 fragments of `secret` as they are looked for (withEscapedSlashes), made once per
 * secret: an answer's body and each of its headers are searched for the same secrets.
 */
function searchedBase64(secret: string): string[] {
  let fragments = searchedFragments.get(secret);
  if (fragments) return fragments;
  fragments = base64Fragments(secret).flatMap(withEscapedSlashes);
  if (searchedFragments.size > 16) searchedFragments.clear();
  searchedFragments.set(secret, fragments);
  return fragments;
}

/** Every [start, end) of `needle` in `haystack`. */
function occurrences(haystack: string, needle: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length))
    found.push([at, at + needle.length]);
  return found;
}

/** The whole base64 token around [start, end): a Basic credential goes with its user part. */
function widenToBase64Run(text: string, start: number, end: number): [number, number] {
  let from = start;
  let to = end;
  // A `\/` (a `/` as some JSON writes it) is part of the token, taken whole: JSON stays JSON.
  for (;;) {
    if (from > 0 && BASE64_CHAR.test(text[from - 1]!))
      from -= text[from - 1] === '/' && text[from - 2] === '\\' ? 2 : 1;
    else break;
  }
  for (;;) {
    if (to < text.length && BASE64_CHAR.test(text[to]!)) to++;
    else if (text[to] === '\\' && text[to + 1] === '/') to += 2;
    else break;
  }
  return [from, to];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Decoded-text spans of the secrets: plain, short ones as whole tokens, base64 ones widened. */
function decodedSpans(text: string, secrets: readonly string[], shortToo: boolean): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const secret of secrets) {
    if (!secret) continue;
    if (secret.length >= LONG) {
      spans.push(...occurrences(text, secret));
    } else if (shortToo && secret.length >= 3 && text.includes(secret)) {
      const token = new RegExp(`(?<![0-9A-Za-z])${escapeRegExp(secret)}(?![0-9A-Za-z])`, 'g');
      for (const match of text.matchAll(token)) spans.push([match.index, match.index + secret.length]);
    }
    if (secret.length < BASE64_MIN) continue;
    for (const fragment of searchedBase64(secret)) {
      for (const [start, end] of occurrences(text, fragment)) spans.push(widenToBase64Run(text, start, end));
    }
  }
  return spans;
}

/**
 * The raw-text spans holding one of `secrets` in any of its forms, sorted and merged. Secrets of 6
 * characters or more wherever they appear; shorter ones (a CVV) only as whole tokens and only
 * when `shortToo`.
 */
export function secretSpans(
  raw: string,
  secrets: readonly string[],
  shortToo: boolean,
): Array<[number, number]> {
  const decoded = decode(raw);
  const spans = decodedSpans(decoded.text, secrets, shortToo);
  const rawSpans =
    decoded.at.length === 0
      ? spans
      : spans.map(([start, end]): [number, number] => [rawIndex(decoded, start), rawIndex(decoded, end)]);
  // Any piece of a key, in any case and any encoding (key-windows.ts).
  rawSpans.push(...keyWindowSpans(raw, secrets));
  if (rawSpans.length === 0) return rawSpans;
  rawSpans.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const span of rawSpans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

/** `raw` with each span replaced by `replacement`; `raw` itself when there is none. */
export function replaceSpans(
  raw: string,
  spans: ReadonlyArray<[number, number]>,
  replacement: string,
): string {
  if (spans.length === 0) return raw;
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    out += raw.slice(at, start) + replacement;
    at = end;
  }
  return out + raw.slice(at);
}
