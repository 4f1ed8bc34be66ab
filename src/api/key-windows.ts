// Where any 10 consecutive characters of a key's secret part (after `sk_live_`/`sk_test_`) sit in a
// text, in any letter case and in the forms a reader decodes: JSON escapes, percent-encoding (up to
// three layers), HTML entities (named, decimal, hex), base64 (standard and URL-safe, any
// alignment) and hex (either case). A server that echoes a piece of the key in any of these forms
// gets that piece redacted, not just the whole key (docs/architecture.md, "Secrets").
//
// How: the text is decoded layer by layer (each layer keeps a map to raw indices) and each layer
// is searched, lower-cased, for the key's windows; its runs of hex and base64 characters are
// decoded and searched the same way. What is searched for is computed once per set of keys
// (KeyForms); the base64 groups of a key only when a text first has a run of base64 characters
// (a short answer such as a balance has none: bench/CHOICES.md). Most text costs one lower-casing
// and a Set look-up every 5 characters; a run of 12 base64 characters is decoded only when it
// holds the base64 of 3 consecutive bytes of a key.

/**
 * The prefixes of the keys gateways issue (`sk_live_`, `pk_test_`, `sk_sandbox_`): what follows is
 * the secret part. A secret without one (a password sent, another gateway's token) is redacted
 * whole only (secret-forms.ts): its pieces may be ids the gateway shows (a token that ends in the
 * account's number).
 */
// Both cases spelt out, not `/i`: V8 works out a case-insensitive class's set with ICU when it
// compiles the pattern, at every run (bench/CHOICES.md).
const KEY_PREFIX = /^[A-Za-z]{2,4}_[A-Za-z]+_/;
/** The length of a piece of the key that is never shown, in any form. */
export const KEY_WINDOW = 10;
/** Every 5th index is looked at: a window (10) always holds a 5-character piece starting at one. */
const STEP = 5;

/** One decoding of the raw text: its text and, for each index of it (and its length), the raw index. */
interface Layer {
  text: string;
  toRaw: Int32Array | undefined;
}

/** What is looked for, for a set of keys: their windows, pieces of them, and base64 groups of them. */
interface KeyForms {
  /** The secret parts of the keys (secretPart), as given. */
  parts: string[];
  /** Each KEY_WINDOW-character window of the secret parts, lower-cased. */
  windows: Set<string>;
  /** The hash (pieceHash) of each STEP-character piece of the secret parts, lower-cased. */
  pieces: Set<number>;
  /**
   * The 4 base64 characters (standard and URL-safe) of each 3 consecutive bytes, in any letter
   * case (groupCode); made by base64Groups on the first run of base64 characters searched.
   */
  groups: Set<number> | undefined;
}

/** The secret part of a key (after its prefix); undefined for a secret without one. */
function secretPart(secret: string): string | undefined {
  const prefix = KEY_PREFIX.exec(secret)?.[0];
  return prefix ? secret.slice(prefix.length) : undefined;
}

/** `text` in every letter case of its letters (2^letters forms: used on 3 characters). */
function letterCases(text: string): string[] {
  let forms = [''];
  for (const character of text) {
    const cases = new Set([character.toLowerCase(), character.toUpperCase()]);
    forms = forms.flatMap((form) => [...cases].map((variant) => form + variant));
  }
  return forms;
}

const formsCache = new Map<string, KeyForms | undefined>();

/** The forms of `secrets`' keys, computed once per set of keys; undefined when none is a key. */
function keyForms(secrets: readonly string[]): KeyForms | undefined {
  const cacheKey = secrets.join('\n');
  if (formsCache.has(cacheKey)) return formsCache.get(cacheKey);
  const parts = secrets
    .map(secretPart)
    .filter((part): part is string => part !== undefined && part.length >= KEY_WINDOW);
  let forms: KeyForms | undefined;
  if (parts.length > 0) {
    forms = { parts, windows: new Set(), pieces: new Set(), groups: undefined };
    for (const part of parts) {
      const lower = asciiLower(part);
      for (let at = 0; at + KEY_WINDOW <= lower.length; at++)
        forms.windows.add(lower.slice(at, at + KEY_WINDOW));
      for (let at = 0; at + STEP <= lower.length; at++) forms.pieces.add(pieceHash(lower, at));
    }
  }
  if (formsCache.size > 16) formsCache.clear();
  formsCache.set(cacheKey, forms);
  return forms;
}

/** The base64 groups of `forms` (KeyForms.groups), made on first use and kept with them. */
function base64Groups(forms: KeyForms): Set<number> {
  if (forms.groups) return forms.groups;
  const groups = new Set<number>();
  for (const part of forms.parts) {
    for (let at = 0; at + 3 <= part.length; at++) {
      if (part.charCodeAt(at) <= 0x7f && part.charCodeAt(at + 1) <= 0x7f && part.charCodeAt(at + 2) <= 0x7f) {
        addAsciiGroups(part, at, groups);
        continue;
      }
      for (const cased of letterCases(part.slice(at, at + 3))) {
        const group = Buffer.from(cased, 'latin1').toString('base64');
        groups.add(groupCode(group, 0));
        groups.add(groupCode(group.replaceAll('+', '-').replaceAll('/', '_'), 0));
      }
    }
  }
  forms.groups = groups;
  return groups;
}

const BASE64_STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** An ASCII letter's code in the other case; any other character's own. */
function otherCase(code: number): number {
  if (code >= 0x41 && code <= 0x5a) return code + 32;
  if (code >= 0x61 && code <= 0x7a) return code - 32;
  return code;
}

/** The group code (groupCode) of the 4 base64 characters of 3 bytes, in `alphabet`. */
function groupOfBits(alphabet: string, bits: number): number {
  return (
    ((alphabet.charCodeAt(bits >> 18) << 21) |
      (alphabet.charCodeAt((bits >> 12) & 63) << 14) |
      (alphabet.charCodeAt((bits >> 6) & 63) << 7)) +
    alphabet.charCodeAt(bits & 63)
  );
}

/**
 * The groups of the 3 ASCII characters of `part` at `at`, each in both letter cases, in both
 * alphabets: what the Buffer round trip above gives, computed from the codes. It is done for every
 * key of a network command whose answer has a base64 run (`application/json` is one): the round
 * trip, then arrays, Sets and iterators made per triple, cost most of a millisecond of its start
 * (bench/CHOICES.md).
 */
function addAsciiGroups(part: string, at: number, groups: Set<number>): void {
  const first = part.charCodeAt(at);
  const second = part.charCodeAt(at + 1);
  const third = part.charCodeAt(at + 2);
  const firstOther = otherCase(first);
  const secondOther = otherCase(second);
  const thirdOther = otherCase(third);
  // A character without a letter case is tried once.
  for (let i = 0; i < (firstOther === first ? 1 : 2); i++)
    for (let j = 0; j < (secondOther === second ? 1 : 2); j++)
      for (let k = 0; k < (thirdOther === third ? 1 : 2); k++) {
        const bits =
          ((i === 0 ? first : firstOther) << 16) |
          ((j === 0 ? second : secondOther) << 8) |
          (k === 0 ? third : thirdOther);
        groups.add(groupOfBits(BASE64_STANDARD, bits));
        groups.add(groupOfBits(BASE64_URL, bits));
      }
}

/** Lower case at the same length, so that indices stay valid (toLowerCase makes `İ` two characters). */
function asciiLower(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Escapes a reader decodes, in one layer. `&amp;#115;` decodes in two layers, as a browser's twice. */
const LAYER_ESCAPE =
  /\\u[0-9a-fA-F]{4}|\\["\\/bfnrt]|%[0-9a-fA-F]{2}|&#[xX][0-9a-fA-F]{1,6};?|&#[0-9]{1,7};?|&[A-Za-z][A-Za-z0-9]{1,31};/g;
/**
 * An escape of a character a key, its hex or base64, or another escape is made of (`\u00e3` of a
 * Portuguese word is not one): a text without any is not decoded.
 */
const MAY_HIDE_A_KEY = /\\u00[2-7][0-9a-fA-F]|\\[\\/]|%[2-7][0-9a-fA-F]|&#|&[A-Za-z][A-Za-z0-9]{1,31};/;
/** What an escape that may hide a key decodes to: the characters of keys, hex, base64 and escapes. */
const MAY_BE_OF_A_KEY = /^[\x20-\x7e]$/;
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
  if (!MAY_HIDE_A_KEY.test(text)) return undefined;
  const parts: string[] = [];
  // Built only once an escape is decoded: the map of the text before it is the identity.
  let map: Int32Array | undefined;
  let length = 0;
  let copied = 0;
  for (const match of text.matchAll(LAYER_ESCAPE)) {
    const decoded = decodeOne(match[0]);
    if (decoded === undefined || !MAY_BE_OF_A_KEY.test(decoded)) continue;
    map ??= new Int32Array(text.length + 1);
    for (let at = copied; at < match.index; at++) map[length++] = at;
    map[length++] = match.index;
    parts.push(text.slice(copied, match.index), decoded);
    copied = match.index + match[0].length;
  }
  if (!map) return undefined;
  for (let at = copied; at <= text.length; at++) map[length++] = at;
  parts.push(text.slice(copied));
  const toRaw = map.subarray(0, length);
  const outer = layer.toRaw;
  if (outer) for (let index = 0; index < length; index++) toRaw[index] = outer[toRaw[index]!]!;
  return { text: parts.join(''), toRaw };
}

/** The STEP characters of `text` at `at`, hashed without making a string (a match is then compared). */
function pieceHash(text: string, at: number): number {
  let hash = 0;
  for (let index = at; index < at + STEP; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return hash;
}

/** Runs that may be hex or base64 of a window (10 bytes: 20 hex digits, 12 base64 characters and more). */
const RUN_MIN = 12;
/** Hex inside a run: `0x7333…` or `hex7333…` is hex after its first characters. */
const HEX_STRETCH = /[0-9a-fA-F]{20,}/g;
/** The characters of base64 (both alphabets) by char code; `=` ends a run. */
const BASE64_CODE = new Uint8Array(128);
for (const character of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_')
  BASE64_CODE[character.charCodeAt(0)] = 1;

/** Each run of RUN_MIN base64 characters or more (with its `=` padding), as [start, end). */
function encodedRuns(text: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = -1;
  for (let at = 0; at <= text.length; at++) {
    const code = at < text.length ? text.charCodeAt(at) : 0;
    if (code < 128 && BASE64_CODE[code] === 1) {
      if (start === -1) start = at;
      continue;
    }
    if (start !== -1 && at - start >= RUN_MIN) {
      let end = at;
      while (end < text.length && end - at < 2 && text[end] === '=') end++;
      runs.push([start, end]);
    }
    start = -1;
  }
  return runs;
}

/**
 * Each window of `forms` in `lowered` (lower-cased text), as [start, end). Every STEP-th index is
 * looked up in the pieces; only where one is found are the windows around it compared.
 */
function windowsIn(lowered: string, forms: KeyForms): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  const last = lowered.length - STEP;
  for (let at = 0; at <= last; at += STEP) {
    if (!forms.pieces.has(pieceHash(lowered, at))) continue;
    for (let start = Math.max(0, at + STEP - KEY_WINDOW); start <= at; start++) {
      if (forms.windows.has(lowered.slice(start, start + KEY_WINDOW)))
        found.push([start, start + KEY_WINDOW]);
    }
  }
  return found;
}

/** True when `run` holds the base64 of 3 consecutive bytes of a key, at any of its 4 alignments. */
function mayBeBase64OfAKey(run: string, forms: KeyForms): boolean {
  const groups = base64Groups(forms);
  for (let at = 0; at + 4 <= run.length; at++) if (groups.has(groupCode(run, at))) return true;
  return false;
}

/** 4 base64 characters (ASCII) at `at` as one number, without making a string. */
function groupCode(text: string, at: number): number {
  return (
    ((text.charCodeAt(at) << 21) | (text.charCodeAt(at + 1) << 14) | (text.charCodeAt(at + 2) << 7)) +
    text.charCodeAt(at + 3)
  );
}

/** The windows found in one layer: plain (any case), in hex runs and in base64 runs. */
function layerSpans(text: string, forms: KeyForms): Array<[number, number]> {
  const spans = windowsIn(asciiLower(text), forms);
  for (const [start, end] of encodedRuns(text)) {
    const run = text.slice(start, end);
    for (const stretch of run.length >= 2 * KEY_WINDOW ? run.matchAll(HEX_STRETCH) : []) {
      const hex = stretch[0];
      for (let parity = 0; parity < 2; parity++) {
        const even = hex.slice(parity, parity + ((hex.length - parity) & ~1));
        const from = start + stretch.index + parity;
        for (const [begin, end] of windowsIn(asciiLower(Buffer.from(even, 'hex').toString('latin1')), forms))
          spans.push([from + 2 * begin, from + 2 * end]);
      }
    }
    if (!mayBeBase64OfAKey(run, forms)) continue;
    // Whatever came before the key's bytes in the encoded blob, one of 4 starts is aligned with it.
    const body = run.replace(/=+$/, '');
    for (let offset = 0; offset < 4 && body.length - offset >= 12; offset++) {
      // Node decodes a last, incomplete group too: the key's last bytes may sit in it.
      const bytes = asciiLower(Buffer.from(body.slice(offset), 'base64').toString('latin1'));
      // The whole run goes: a base64 token is unreadable in part, and its ends are not a key's.
      if (windowsIn(bytes, forms).length > 0) {
        spans.push([start, start + run.length]);
        break;
      }
    }
  }
  return spans;
}

/**
 * The raw-text spans where a window of one of `secrets` (the keys: secretPart) shows, plain or
 * decoded; unsorted, possibly overlapping.
 */
export function keyWindowSpans(raw: string, secrets: readonly string[]): Array<[number, number]> {
  const forms = keyForms(secrets);
  if (!forms) return [];
  const spans: Array<[number, number]> = [];
  let layer: Layer | undefined = { text: raw, toRaw: undefined };
  for (let depth = 0; layer && depth <= MAX_LAYERS; depth++) {
    const { toRaw } = layer;
    for (const [start, end] of layerSpans(layer.text, forms))
      spans.push(toRaw ? [toRaw[start]!, toRaw[end]!] : [start, end]);
    layer = decodeLayer(layer);
  }
  return spans;
}
