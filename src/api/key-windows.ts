// Where any 10 consecutive characters of a key's secret part (after `sk_live_`/`sk_test_`) sit in a
// text, in any letter case and in the forms a reader decodes: JSON escapes, percent-encoding (up to
// three layers), HTML entities (named, decimal, hex), base64 (standard and URL-safe, any
// alignment) and hex (either case). A server that echoes a piece of the key in any of these forms
// gets that piece redacted, not just the whole key (docs/architecture.md, "Secrets").
//
// How: the text is decoded layer by layer (each layer keeps a map to raw indices), each layer is
// searched for the key's windows, ASCII-lower-cased, and its runs of hex and base64 characters
// are decoded and searched the same way. The windows of a key are computed once per key.
// A text without escapes and without long hex/base64 runs costs a few `indexOf` per key.

/** The prefixes of the keys gateways issue: what follows is the secret part. */
const KEY_PREFIX = /^[a-z]{2,4}_(?:live|test)_/i;
/** The length of a piece of the key that is never shown, in any form. */
export const KEY_WINDOW = 10;
/** A key without a known prefix is looked at whole only when it is this long and not digits alone. */
const UNPREFIXED_MIN = 16;

/** One decoding of the raw text: its text and, for each index of it (and its length), the raw index. */
interface Layer {
  text: string;
  toRaw: Int32Array | undefined;
}

const windowCache = new Map<string, readonly string[]>();

/**
 * The lower-cased windows of `secret`'s secret part, each KEY_WINDOW characters long; none for
 * a secret that is not a key (card data, a CVV: redact.ts handles them whole).
 */
export function keyWindows(secret: string): readonly string[] {
  const cached = windowCache.get(secret);
  if (cached) return cached;
  const prefix = KEY_PREFIX.exec(secret)?.[0];
  const part = prefix ? secret.slice(prefix.length) : secret;
  const isKey = prefix !== undefined || (secret.length >= UNPREFIXED_MIN && /[a-z]/i.test(secret));
  const windows = new Set<string>();
  if (isKey) {
    const lower = asciiLower(part);
    for (let at = 0; at + KEY_WINDOW <= lower.length; at++) windows.add(lower.slice(at, at + KEY_WINDOW));
  }
  const list = [...windows];
  windowCache.set(secret, list);
  return list;
}

/** Lower case of A–Z only: the length stays, so indices stay valid (unlike toLowerCase on `İ`). */
function asciiLower(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text;
}

/** Escapes a reader decodes, in one layer. `&amp;#115;` decodes in two layers, as a browser's twice. */
const LAYER_ESCAPE =
  /\\u[0-9a-fA-F]{4}|\\["\\/bfnrt]|%[0-9a-fA-F]{2}|&#[xX][0-9a-fA-F]{1,6};?|&#[0-9]{1,7};?|&[A-Za-z][A-Za-z0-9]{1,31};/g;
const MAY_DECODE = /\\[u"\\/bfnrt]|%[0-9a-fA-F]{2}|&#|&[A-Za-z][A-Za-z0-9]{1,31};/;
/** Percent-encoding three times over, with entities and JSON escapes mixed in: a few more layers. */
const MAX_LAYERS = 5;
const SHORT_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The named HTML entities of the characters keys, base64 and hex are made of, and of `&`. */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lowbar: '_',
  underbar: '_',
  plus: '+',
  sol: '/',
  equals: '=',
  hyphen: '-',
  dash: '-',
  minus: '-',
  percnt: '%',
  num: '#',
  semi: ';',
  colon: ':',
  period: '.',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  bsol: '\\',
};

function decodeOne(sequence: string): string | undefined {
  const first = sequence[0];
  if (first === '%') return String.fromCharCode(Number.parseInt(sequence.slice(1, 3), 16));
  if (first === '\\') {
    if (sequence[1] === 'u') return String.fromCharCode(Number.parseInt(sequence.slice(2), 16));
    return SHORT_ESCAPES[sequence[1]!] ?? sequence[1]!;
  }
  if (sequence[1] === '#') {
    const hex = sequence[2] === 'x' || sequence[2] === 'X';
    const code = Number.parseInt(sequence.slice(hex ? 3 : 2).replace(';', ''), hex ? 16 : 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return NAMED_ENTITIES[sequence.slice(1, -1).toLowerCase()];
}

/** One layer of escapes decoded, with its map to raw indices; undefined when there is none. */
function decodeLayer(layer: Layer): Layer | undefined {
  const { text } = layer;
  if (!MAY_DECODE.test(text)) return undefined;
  const parts: string[] = [];
  const map: number[] = [];
  let copied = 0;
  for (const match of text.matchAll(LAYER_ESCAPE)) {
    const decoded = decodeOne(match[0]);
    if (decoded === undefined) continue;
    for (let at = copied; at < match.index; at++) map.push(at);
    parts.push(text.slice(copied, match.index), decoded);
    for (let unit = 0; unit < decoded.length; unit++) map.push(match.index);
    copied = match.index + match[0].length;
  }
  if (parts.length === 0) return undefined;
  for (let at = copied; at <= text.length; at++) map.push(at);
  parts.push(text.slice(copied));
  const toRaw = new Int32Array(map.length);
  for (let index = 0; index < map.length; index++) {
    const inLayer = map[index]!;
    toRaw[index] = layer.toRaw ? layer.toRaw[inLayer]! : inLayer;
  }
  return { text: parts.join(''), toRaw };
}

/** Runs that may be hex or base64 of a window (10 bytes: 20 hex digits, at least 12 base64 characters). */
const ENCODED_RUN = /[A-Za-z0-9+/_-]{12,}={0,2}/g;
const HEX_RUN = /^[0-9a-fA-F]+$/;

/** Each window of `windows` found in `lowered`, as a span `place` turns into one of the layer. */
function windowSpans(
  lowered: string,
  windows: readonly string[],
  spans: Array<[number, number]>,
  place: (start: number, end: number) => [number, number],
): void {
  for (const window of windows) {
    for (let at = lowered.indexOf(window); at !== -1; at = lowered.indexOf(window, at + 1))
      spans.push(place(at, at + KEY_WINDOW));
  }
}

/** The windows found in one layer: plain (any case), in hex runs and in base64 runs. */
function layerSpans(text: string, windows: readonly string[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  windowSpans(asciiLower(text), windows, spans, (start, end) => [start, end]);
  for (const match of text.matchAll(ENCODED_RUN)) {
    const run = match[0];
    const start = match.index;
    if (run.length >= 2 * KEY_WINDOW && HEX_RUN.test(run)) {
      for (let parity = 0; parity < 2; parity++) {
        const even = run.slice(parity, parity + ((run.length - parity) & ~1));
        const bytes = asciiLower(Buffer.from(even, 'hex').toString('latin1'));
        const from = start + parity;
        windowSpans(bytes, windows, spans, (begin, end) => [from + 2 * begin, from + 2 * end]);
      }
    }
    // Whatever came before the key's bytes in the encoded blob, one of 4 starts is aligned with it.
    const body = run.replace(/=+$/, '');
    for (let offset = 0; offset < 4; offset++) {
      if (body.length - offset < 12) break;
      // Node decodes a last, incomplete group too: the key's last bytes may sit in it.
      const bytes = asciiLower(Buffer.from(body.slice(offset), 'base64').toString('latin1'));
      // The whole run goes: a base64 token is unreadable in part, and its ends are not a key's.
      if (windows.some((window) => bytes.includes(window))) {
        spans.push([start, start + run.length]);
        break;
      }
    }
  }
  return spans;
}

/**
 * The raw-text spans where a window of one of `secrets` (the keys: keyWindows) shows, plain or
 * decoded; unsorted, possibly overlapping.
 */
export function keyWindowSpans(raw: string, secrets: readonly string[]): Array<[number, number]> {
  const windows = secrets.flatMap((secret) => keyWindows(secret));
  if (windows.length === 0) return [];
  const spans: Array<[number, number]> = [];
  let layer: Layer | undefined = { text: raw, toRaw: undefined };
  for (let depth = 0; layer && depth <= MAX_LAYERS; depth++) {
    const { toRaw } = layer;
    for (const [start, end] of layerSpans(layer.text, windows))
      spans.push(toRaw ? [toRaw[start]!, toRaw[end]!] : [start, end]);
    layer = decodeLayer(layer);
  }
  return spans;
}
