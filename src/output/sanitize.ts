// Terminal hygiene: every string that came from the server or a file is stripped of
// escape sequences and control characters before it is printed for a person, so that a seller
// named `Evil\x1b]0;pwned\x07Corp` cannot retitle the window, recolour the screen, plant a
// hyperlink or move the cursor to overwrite what we printed. Not used for --json/ndjson output,
// which is data and is escaped by JSON itself.

import { stringifyJson } from '../json.js';

/**
 * Escape sequences, longest forms first:
 * - CSI: `ESC [` (or C1 0x9B) parameters 0x30–0x3F, intermediates 0x20–0x2F, final 0x40–0x7E;
 * - string commands: OSC `ESC ]`, DCS `ESC P`, SOS `ESC X`, PM `ESC ^`, APC `ESC _` (or their C1
 *   forms) up to BEL, `ESC \` or C1 ST (0x9C) — this covers OSC 0/2 titles and OSC 8 hyperlinks;
 * - any other `ESC` + intermediates + final (e.g. `ESC c`, `ESC ( B`, `ESC 7`).
 * An unterminated or truncated sequence is not matched here: its ESC (or C1 byte) is removed as a
 * control character below and the rest shows as harmless text.
 */
const ESCAPE_SEQUENCE =
  /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)|\x1b[ -/]*[0-~]/g;

/** Line and cell breaks: CRLF, CR, LF, VT, FF, NEL (0x85), LINE/PARAGRAPH SEPARATOR. */
const LINE_BREAK = /\r\n|[\r\n\v\f\x85\u2028\u2029]/g;

/**
 * What is left to remove: C0 controls (tab handled by the caller), DEL, C1 controls 0x80–0x9F,
 * and the bidirectional overrides/isolates that can reorder what a person reads (U+202A–U+202E,
 * U+2066–U+2069: "Trojan Source").
 */
const CONTROL_SINGLE_LINE = /[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
const CONTROL_MULTILINE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Every character any of the patterns above starts with. Most text has none of them: one
 * character class tested is cheaper than four replacements (and their compilation, on start-up).
 */
const NEEDS_CLEANING = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * A server's field typed as text may hold anything (a status that is an object): such a value is
 * shown as its JSON, never as `[object Object]` nor a crash.
 */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === null || value === undefined ? '' : stringifyJson(value);
}

/**
 * For one line of output (a table cell, a label, a spinner line): removes escape sequences and
 * control characters; line breaks and tabs become a space so the cell stays on its line.
 */
export function sanitizeForTerminal(value: string): string {
  const text = asText(value);
  if (!NEEDS_CLEANING.test(text)) return text;
  return text
    .replace(ESCAPE_SEQUENCE, '')
    .replace(LINE_BREAK, ' ')
    .replace(/\t/g, ' ')
    .replace(CONTROL_SINGLE_LINE, '');
}

/**
 * For text shown as a block (a description, an error body): as {@link sanitizeForTerminal} but
 * line breaks are kept, normalised to `\n` (a lone CR, which would let later text overwrite the
 * line, becomes a newline too), and tabs are kept.
 */
export function sanitizeMultiline(value: string): string {
  const text = asText(value);
  if (!NEEDS_CLEANING.test(text)) return text;
  return text.replace(ESCAPE_SEQUENCE, '').replace(LINE_BREAK, '\n').replace(CONTROL_MULTILINE, '');
}

export interface SanitizeDeepOptions {
  /** Keep line breaks in strings (sanitizeMultiline) instead of flattening them. Default false. */
  multiline?: boolean;
}

/**
 * A copy of `value` with every string inside arrays and plain objects sanitised, object keys
 * included (metadata keys come from the server too). Numbers, booleans, null and non-plain
 * objects are returned as they are; the input is never modified. For human rendering only.
 */
export function sanitizeDeep<T>(value: T, options: SanitizeDeepOptions = {}): T {
  const clean = options.multiline ? sanitizeMultiline : sanitizeForTerminal;
  const seen = new WeakMap<object, unknown>();
  const visit = (input: unknown): unknown => {
    if (typeof input === 'string') return clean(input);
    if (input === null || typeof input !== 'object') return input;
    const cached = seen.get(input);
    if (cached !== undefined) return cached;
    if (Array.isArray(input)) {
      const copy: unknown[] = [];
      seen.set(input, copy);
      for (const item of input) copy.push(visit(item));
      return copy;
    }
    const prototype = Object.getPrototypeOf(input);
    if (prototype !== Object.prototype && prototype !== null) return input;
    const copy: Record<string, unknown> = {};
    seen.set(input, copy);
    for (const [key, item] of Object.entries(input)) copy[clean(key)] = visit(item);
    return copy;
  };
  return visit(value) as T;
}
