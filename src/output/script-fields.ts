// One raw value as a field of the formats for scripts: csv (RFC 4180, guarded against spreadsheet
// formulas) and plain (tab-separated, one line); centavos stay integers, objects compact JSON.
import { stringifyJson, WrittenNumber } from '../json.js';
import { sanitizeForTerminal, sanitizeMultiline } from './sanitize.js';

/** Cell text for csv/plain from a raw value: numbers raw, objects as compact JSON. */
export function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof WrittenNumber) return value.text;
  return stringifyJson(value);
}

const PLAIN_NEGATIVE_NUMBER = /^-\d+(?:[.,]\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field: escape sequences and control characters removed (line breaks kept, as
 * `\n`), a value a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first)
 * prefixed with `'` unless it is a plain negative number, quoted when it holds `"`, `,` or a
 * line break.
 */
export function csvField(value: unknown): string {
  let text = typeof value === 'number' ? String(value) : sanitizeMultiline(rawText(value));
  if (typeof value !== 'number' && FORMULA_START.test(text) && !PLAIN_NEGATIVE_NUMBER.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One field of tab-separated plain output: on one line, no tabs, no escapes. */
export function plainField(value: unknown): string {
  return sanitizeForTerminal(rawText(value));
}

const CSV_EOL = '\r\n';

export function csvRecord(values: unknown[]): string {
  return values.map(csvField).join(',') + CSV_EOL;
}
