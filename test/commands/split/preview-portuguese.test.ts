// `split preview` in Portuguese: the percentages and the tolerance of a broken total are written
// as Portuguese writes decimals (`99,9%`, `0,01`); --json is the same bytes in both languages.
import { describe, expect, it } from 'vitest';
import { splitPreview } from '../../../src/commands/split/preview.js';
import { englishLinesIn } from '../../helpers/english.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { runHandler, stderrWords } from '../../helpers/run-handler.js';

englishAfterEachTest();

const broken = ['split', 'preview', '-a', '100,00', '--split', '1002=50.5%', '--split', '1003=49.4%'];

describe('split preview in Portuguese', () => {
  it('a total that is not 100: the total and the tolerance with a decimal comma, exit 2', async () => {
    const english = await runHandler(splitPreview, broken);
    expect(english.stderr).toContain(
      '✗ split: percentages total 99.9%, they must total 100 (tolerance 0.01)',
    );
    await speakPortuguese();
    const result = await runHandler(splitPreview, broken);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '✗ split: as porcentagens somam 99,9%, devem somar 100 (tolerância 0,01)',
    );
    expect(englishLinesIn(stderrWords(result))).toEqual([]);
  });

  it('a total within the tolerance: the rest for the main seller, with a decimal comma', async () => {
    await speakPortuguese();
    const result = await runHandler(splitPreview, [
      'split',
      'preview',
      '-a',
      '100,00',
      '--split',
      '1002=50.5%',
      '--split',
      '1003=49.495%',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'As porcentagens somam 99,995%: os R$ 0,01 restantes ficam com o vendedor principal.',
    );
  });

  it('--json is the same bytes in both languages (the violation in English, with its decimal point)', async () => {
    const english = await runHandler(splitPreview, broken, { globals: { json: true } });
    await speakPortuguese();
    const portuguese = await runHandler(splitPreview, broken, { globals: { json: true } });
    expect(portuguese.stdout).toBe(english.stdout);
    expect(english.stdout).toContain(
      '"message": "split: percentages total 99.9%, they must total 100 (tolerance 0.01)"',
    );
  });
});
