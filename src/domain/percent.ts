// A percentage as people type it (a fee rate, `config set fee.card`): `3.99`, `3,99` or `3.99%`,
// from 0 to 100 with at most four decimals. One parser for every flag and setting that takes one.
import { ruleBroken, UsageError } from '../errors.js';

const PERCENT_PATTERN = /^\d{1,3}(?:\.\d{1,4})?$/;

export function parsePercent(text: string, field: string): number {
  const cleaned = text.trim().replace(/%$/, '').trim().replace(',', '.');
  const value = Number(cleaned);
  if (!PERCENT_PATTERN.test(cleaned) || value > 100) {
    throw new UsageError(ruleBroken('percentRange', { field, value: JSON.stringify(text) }), { field });
  }
  return value;
}
