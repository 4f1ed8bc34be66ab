// Words a table shows and a script may read too: a column's header, a detail view's label, a word
// in a cell. On a table (a person reads it) they follow the run's language; in csv and plain
// output a script parses them, and they stay English byte for byte (docs/language.md).
import { currentLanguage, useLanguage } from './catalog.js';

/** What `say` makes, in English whatever the run's language. */
export function inEnglish(say: () => string): string {
  const language = currentLanguage();
  useLanguage('en');
  try {
    return say();
  } finally {
    useLanguage(language);
  }
}

/** What `say` makes: in the run's language on a table, in English in any other format. */
export function tableWords(format: string, say: () => string): string {
  return format === 'table' ? say() : inEnglish(say);
}
