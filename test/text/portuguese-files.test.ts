// Needs modules of its own: it registers the Portuguese areas as the build does, in a catalog fresh
// for each test.
//
// The Portuguese areas as built (scripts/build.mjs): one reader and two tables in plain text
// (src/text/catalog.ts, addPortugueseFiles). An area is read on its first text said, a help file
// on the first help of one of its words, and nothing else.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const files: Record<string, Record<string, string>> = {
  'api-facts': { missing: 'faltou {field}' },
  split: { net: 'Líquido' },
  'help-api': { 'api get': 'faz um GET' },
  'help-split': { split: 'split de pagamento', 'split preview': 'calcula o split' },
};

/** The catalog as a run starts it, with the Portuguese files registered, and the files it read. */
async function registeredCatalog() {
  vi.resetModules();
  const catalog = await import('../../src/text/catalog.js');
  const reads: string[] = [];
  catalog.addPortugueseFiles(
    (file) => {
      reads.push(file);
      return files[file]!;
    },
    'api=api-facts split=split',
    'help-api=api,api: help-split=split',
  );
  catalog.useLanguage('pt-BR');
  return { ...catalog, reads };
}

let catalog: Awaited<ReturnType<typeof registeredCatalog>>;
beforeEach(async () => {
  catalog = await registeredCatalog();
});

describe('Portuguese areas registered as built', () => {
  it('reads an area by its file on the first text said, once, and nothing else', () => {
    const { englishTexts, reads } = catalog;
    const say = englishTexts('split', { net: 'Net', gross: 'Gross' });
    expect(reads).toEqual([]);
    expect(say('net')).toBe('Líquido');
    expect(say('net')).toBe('Líquido');
    expect(reads).toEqual(['split']);
    // A text the area does not translate is said in English.
    expect(say('gross')).toBe('Gross');
  });

  it('finds an area whose file has another name, and says English for an area with none', () => {
    const { englishTexts, reads } = catalog;
    expect(englishTexts('api', { missing: 'missing {field}' })('missing', { field: 'amount' })).toBe(
      'faltou amount',
    );
    expect(reads).toEqual(['api-facts']);
    expect(englishTexts('sandbox', { ready: 'Ready' })('ready')).toBe('Ready');
    expect(reads).toEqual(['api-facts']);
  });

  it('reads only the help files of the word looked up', () => {
    const { helpText, reads } = catalog;
    expect(helpText('split preview', 'Compute a split')).toBe('calcula o split');
    expect(reads).toEqual(['help-split']);
    expect(helpText('seller find', 'Find sellers')).toBe('Find sellers');
    expect(reads).toEqual(['help-split']);
    expect(helpText('api get', 'Send a GET')).toBe('faz um GET');
    expect(reads).toEqual(['help-split', 'help-api']);
  });
});
