// The catalog as built (scripts/build.mjs makes each area a function parsed on first use): what
// the binary prints, not the sources. Labels a script reads stay English in every language; a
// person's table follows the language.
import { describe, expect, test } from 'vitest';
import { tempConfigDir } from '../helpers/run-cli.js';
import { spawnPaygate } from '../helpers/spawn-cli.js';

const LINE = '00190.50095 40144.816069 06809.350314 3 37370000000100';

describe('the built catalog', () => {
  test('boleto inspect -o plain: the same English labels in both languages', async () => {
    const english = await spawnPaygate(['boleto', 'inspect', LINE, '-o', 'plain'], {
      env: { PAYGATE_CONFIG_DIR: tempConfigDir() },
    });
    const portuguese = await spawnPaygate(['boleto', 'inspect', LINE, '-o', 'plain'], {
      env: { PAYGATE_CONFIG_DIR: tempConfigDir(), PAYGATE_LANG: 'pt-BR' },
    });
    expect(english.code, english.stderr).toBe(0);
    expect(english.stdout).toMatch(/^Valid\ttrue\nKind\tbank\nBank\t001\n/);
    expect(portuguese.stdout).toBe(english.stdout);
  });

  test('a person reads the same labels in Portuguese', async () => {
    const result = await spawnPaygate(['boleto', 'inspect', LINE], {
      env: { PAYGATE_CONFIG_DIR: tempConfigDir(), PAYGATE_LANG: 'pt-BR' },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Válido +sim\nTipo +bancário\nBanco +001\n/);
  });
});
