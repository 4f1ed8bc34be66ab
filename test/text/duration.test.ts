// A duration as a person reads it (src/text/duration.ts): the two largest units, rounded down (a
// countdown never shows more time than is left), in the run's language (docs/language.md).
import { describe, expect, it } from 'vitest';
import { durationText } from '../../src/text/duration.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';

englishAfterEachTest();

const CASES: ReadonlyArray<readonly [milliseconds: number, english: string, portuguese: string]> = [
  [0, '0s', '0 s'],
  [-5_000, '0s', '0 s'],
  [Number.NaN, '0s', '0 s'],
  [80, '80ms', '80 ms'],
  [45_000, '45s', '45 s'],
  [60_000, '1m 00s', '1 min 00 s'],
  [1_799_999, '29m 59s', '29 min 59 s'],
  [3_779_000, '1h 02m', '1 h 02 min'],
  [86_400_000, '1d 00h', '1 d 00 h'],
  [2 * 86_400_000 + 3 * 3_600_000, '2d 03h', '2 d 03 h'],
];

describe('durationText', () => {
  it.each(CASES)('%d ms is %s in English', (milliseconds, english) => {
    expect(durationText(milliseconds)).toBe(english);
  });

  it.each(CASES)('%d ms in Portuguese', async (milliseconds, _english, portuguese) => {
    await speakPortuguese();
    expect(durationText(milliseconds)).toBe(portuguese);
  });
});
