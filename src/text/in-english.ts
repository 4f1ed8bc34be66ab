// What a gateway answers is in English whatever the language of the process it runs in (the
// sandbox started by `sandbox start` or `demo`, docs/language.md): its rules are the ones the CLI
// shares (src/domain, src/schemas), whose words otherwise follow the run's language.
import { currentLanguage, useLanguage } from './catalog.js';

/**
 * `make()` with every text said in English. Only the synchronous part of `make` is: the language
 * is restored when it returns, before anything else of the process runs.
 */
export function inEnglish<Result>(make: () => Result): Result {
  const language = currentLanguage();
  useLanguage('en');
  try {
    return make();
  } finally {
    useLanguage(language);
  }
}
