// A decimal number as the run's language writes it: `3.99` in English, `3,99` in Portuguese
// (docs/language.md: percentages `3,99%`). Only for people: scripts get the number itself.
import { currentLanguage } from './catalog.js';

/** `3.99` → `3,99` when the run speaks Portuguese; the same text in English. */
export function decimalText(value: number | string): string {
  const text = String(value);
  return currentLanguage() === 'pt-BR' ? text.replace('.', ',') : text;
}
