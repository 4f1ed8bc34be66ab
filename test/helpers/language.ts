// Portuguese for tests that run a handler without src/cli.ts (runHandler, fakeContext): cli.ts
// chooses the language of a run; here a test chooses it, and puts English back after each test.
import { afterEach } from 'vitest';
import { useLanguage } from '../../src/text/catalog.js';

/** Loads the Portuguese texts and says every text of the test in Portuguese. */
export async function speakPortuguese(): Promise<void> {
  await import('../../src/text/pt-BR/index.js');
  useLanguage('pt-BR');
}

/** Call once in a test file that uses speakPortuguese: each test starts in English. */
export function englishAfterEachTest(): void {
  afterEach(() => useLanguage('en'));
}
