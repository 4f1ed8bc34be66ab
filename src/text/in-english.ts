// Texts said in English whatever the run's language, for what a program reads: a gateway's
// answers (the sandbox started by `sandbox start` or `demo` shares the CLI's rules, src/domain and
// src/schemas, whose words otherwise follow the run's language), and the headers, labels and
// words of csv and plain output, the same bytes in every language (docs/language.md).
import { currentLanguage, type Say, type Texts, useLanguage } from './catalog.js';
import type { Language } from './language.js';

/**
 * `make()` with every text said in English. Only the synchronous part of `make` is: the language
 * is restored when it returns, before anything else of the process runs.
 */
export function inEnglish<Result>(make: () => Result): Result {
  return inLanguage('en', make);
}

/** `make()` with every text said in `language`, the run's restored when it returns (as inEnglish). */
export function inLanguage<Result>(language: Language, make: () => Result): Result {
  const before = currentLanguage();
  useLanguage(language);
  try {
    return make();
  } finally {
    useLanguage(before);
  }
}

/** An area's texts said in English whatever the run's language. */
export function englishOf<Area extends Texts>(say: Say<Area>): Say<Area> {
  return ((key: keyof Area & string, ...values: never[]) =>
    inEnglish(() => (say as (key: string, ...values: never[]) => string)(key, ...values))) as Say<Area>;
}

/** An area's texts for people (`forPeople`: a table) in the run's language, else in English. */
export function sayFor<Area extends Texts>(say: Say<Area>, forPeople: boolean): Say<Area> {
  return forPeople ? say : englishOf(say);
}

/** What `make` makes: in the run's language on a table, in English in any other output format. */
export function tableWords<Result>(format: string, make: () => Result): Result {
  return format === 'table' ? make() : inEnglish(make);
}
