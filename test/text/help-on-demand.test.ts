// Needs modules of its own: it registers help areas and checks what an English fallback says,
// which a real catalog registered by an earlier file in the same worker would answer instead.
// Portuguese help as built (scripts/build.mjs): each help area is a function that reads its texts,
// with the first words of its keys, and a run reads only the areas of the words it shows
// (src/text/catalog.ts, helpText). This file registers its own areas: it loads no real catalog.
import { describe, expect, it } from 'vitest';
import { addPortugueseHelp, helpText, portugueseHelpKeys, useLanguage } from '../../src/text/catalog.js';
import { englishAfterEachTest } from '../helpers/language.js';

englishAfterEachTest();

/** A built help area: its texts, the first words of its keys, and how many times it was read. */
function builtArea(texts: Record<string, string>) {
  const area = Object.assign(
    () => {
      area.reads += 1;
      return texts;
    },
    { firstWords: [...new Set(Object.keys(texts).map((key) => key.split(' ')[0]!))], reads: 0 },
  );
  return area;
}

describe('Portuguese help read on demand', () => {
  it('reads only the areas of the word looked up, each once, and says English before a choice', () => {
    const split = builtArea({ split: 'Planeja o split', 'split preview --amount': 'valor da cobrança' });
    const charge = builtArea({ charge: 'Cobranças', 'charge create --amount': 'valor' });
    const both = builtArea({ 'split preview --yes': 'não pergunta', 'charge create --yes': 'confirma' });
    for (const area of [split, charge, both]) addPortugueseHelp(area);

    expect(helpText('split preview --amount', 'amount')).toBe('amount');
    expect(split.reads).toBe(0);

    useLanguage('pt-BR');
    expect(helpText('split preview --amount', 'amount')).toBe('valor da cobrança');
    expect(helpText('split', 'Plan a split')).toBe('Planeja o split');
    expect(helpText('split preview --yes', 'do not ask')).toBe('não pergunta');
    expect(helpText('split preview --resolve', 'look up')).toBe('look up');
    expect([split.reads, charge.reads, both.reads]).toEqual([1, 0, 1]);

    expect(portugueseHelpKeys()).toContain('charge create --amount');
    expect([split.reads, charge.reads, both.reads]).toEqual([1, 1, 1]);
  });

  it('says the text of the area registered last for a key in two, whichever was read first', () => {
    const first = builtArea({ 'topic one': 'primeiro', 'refund x': 'estorno' });
    const last = builtArea({ 'help y': 'ajuda', 'refund x': 'estorno revisto' });
    addPortugueseHelp(first);
    addPortugueseHelp(last);
    useLanguage('pt-BR');
    expect(helpText('help y', 'help')).toBe('ajuda');
    expect(helpText('topic one', 'one')).toBe('primeiro');
    expect([first.reads, last.reads]).toEqual([1, 1]);
    expect(helpText('refund x', 'refund')).toBe('estorno revisto');
  });
});
