// The catalog kept complete and in step: every area of src/text/en/ has its Portuguese texts,
// the same keys, the same placeholders, and each counted text is counted in both languages.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders, loadedAreas, type Text, type Texts } from '../../src/text/catalog.js';
import { chooseLanguage, languageOfLocale } from '../../src/text/language.js';

const englishDir = fileURLToPath(new URL('../../src/text/en/', import.meta.url));

beforeAll(async () => {
  for (const file of readdirSync(englishDir).filter((name) => name.endsWith('.ts')))
    await import(`../../src/text/en/${file}`);
  await import('../../src/text/pt-BR/index.js');
});

function placeholders(text: Text): string[] {
  const forms = typeof text === 'string' ? [text] : [text.one, text.other, '{count}'];
  const names = forms.flatMap((form) =>
    [...form.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1]!),
  );
  return [...new Set(names)].sort();
}

function shapeOf(texts: Texts): Record<string, { counted: boolean; placeholders: string[] }> {
  return Object.fromEntries(
    Object.entries(texts).map(([key, text]) => [
      key,
      { counted: typeof text !== 'string', placeholders: placeholders(text) },
    ]),
  );
}

describe('the catalog', () => {
  it('has Portuguese texts for every English area, and no area only in Portuguese', () => {
    const { english, portuguese } = loadedAreas();
    expect(english.size).toBeGreaterThan(0);
    expect([...portuguese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has the same keys, placeholders and counted texts in both languages', () => {
    const { english, portuguese } = loadedAreas();
    for (const [area, texts] of english) {
      expect({ area, texts: shapeOf(portuguese.get(area) ?? {}) }).toEqual({ area, texts: shapeOf(texts) });
    }
  });

  it('has no empty text', () => {
    const { english, portuguese } = loadedAreas();
    for (const areas of [english, portuguese])
      for (const [area, texts] of areas)
        for (const [key, text] of Object.entries(texts)) {
          const forms = typeof text === 'string' ? [text] : [text.one, text.other];
          for (const form of forms) expect(form.trim(), `${area}.${key}`).not.toBe('');
        }
  });
});

describe('placeholders', () => {
  it('are filled by name; braces around anything else stay text', () => {
    expect(fillPlaceholders('Cobrança {id} criada; {"error":{}} {missing}', { id: 'ci_1' })).toBe(
      'Cobrança ci_1 criada; {"error":{}} {missing}',
    );
  });
});

describe('the language of a run', () => {
  it('is Portuguese for any pt locale and English for anything else', () => {
    for (const value of ['pt', 'pt_BR', 'pt-BR', 'pt_BR.UTF-8', 'PT_br', 'pt_PT@euro'])
      expect(languageOfLocale(value)).toBe('pt-BR');
    for (const value of ['C', 'POSIX', 'en_US.UTF-8', 'fr_FR', 'portuguese'])
      expect(languageOfLocale(value)).toBe('en');
  });

  it('is PAYGATE_LANG, then the setting, then LC_ALL, LC_MESSAGES and LANG, the first set', () => {
    expect(chooseLanguage({ PAYGATE_LANG: 'en', LANG: 'pt_BR.UTF-8' }, 'pt-BR')).toBe('en');
    expect(chooseLanguage({ PAYGATE_LANG: 'pt', LC_ALL: 'C' }, 'en')).toBe('pt-BR');
    expect(chooseLanguage({ LC_ALL: 'pt_BR.UTF-8' }, 'en')).toBe('en');
    expect(chooseLanguage({ LC_ALL: 'C', LANG: 'pt_BR.UTF-8' }, undefined)).toBe('en');
    expect(chooseLanguage({ LC_ALL: '', LC_MESSAGES: 'pt_BR', LANG: 'en_US' }, undefined)).toBe('pt-BR');
    expect(chooseLanguage({ LANG: 'pt_BR.UTF-8' }, undefined)).toBe('pt-BR');
    expect(chooseLanguage({ PAYGATE_LANG: ' ' }, undefined)).toBe('en');
    expect(chooseLanguage({}, undefined)).toBe('en');
  });
});
