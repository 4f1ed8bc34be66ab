// Needs modules of its own: it registers the Portuguese areas as the build does, once.
//
// The Portuguese areas as built (scripts/build.mjs): one reader and two tables in plain text
// (src/text/catalog.ts, addPortugueseFiles). An area is read on its first text said, a help file
// on the first help of one of its words, and nothing else.
import { describe, expect, it } from 'vitest';
import { addPortugueseFiles, englishTexts, helpText, useLanguage } from '../../src/text/catalog.js';

const reads: string[] = [];
const files: Record<string, Record<string, string>> = {
  'api-facts': { missing: 'faltou {field}' },
  split: { net: 'Líquido' },
  'help-api': { 'api get': 'faz um GET' },
  'help-split': { split: 'split de pagamento', 'split preview': 'calcula o split' },
};
addPortugueseFiles(
  (file) => {
    reads.push(file);
    return files[file]!;
  },
  'api=api-facts split=split',
  'help-api=api,api: help-split=split',
);
useLanguage('pt-BR');

describe('Portuguese areas registered as built', () => {
  it('reads an area by its file on the first text said, once, and nothing else', () => {
    const say = englishTexts('split', { net: 'Net', gross: 'Gross' });
    expect(reads).toEqual([]);
    expect(say('net')).toBe('Líquido');
    expect(say('net')).toBe('Líquido');
    expect(reads).toEqual(['split']);
    // A text the area does not translate is said in English.
    expect(say('gross')).toBe('Gross');
  });

  it('finds an area whose file has another name, and says English for an area with none', () => {
    expect(englishTexts('api', { missing: 'missing {field}' })('missing', { field: 'amount' })).toBe(
      'faltou amount',
    );
    expect(reads).toEqual(['split', 'api-facts']);
    expect(englishTexts('sandbox', { ready: 'Ready' })('ready')).toBe('Ready');
    expect(reads).toEqual(['split', 'api-facts']);
  });

  it('reads only the help files of the word looked up', () => {
    expect(helpText('split preview', 'Compute a split')).toBe('calcula o split');
    expect(reads).toEqual(['split', 'api-facts', 'help-split']);
    expect(helpText('seller find', 'Find sellers')).toBe('Find sellers');
    expect(reads).toEqual(['split', 'api-facts', 'help-split']);
    expect(helpText('api get', 'Send a GET')).toBe('faz um GET');
    expect(reads).toEqual(['split', 'api-facts', 'help-split', 'help-api']);
  });
});
