import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../src/text/amount-in-words.js';

describe('amountInWords in Portuguese', () => {
  // Forms as Brazilian cheques and bank confirmations write them.
  it.each([
    [95910, 'novecentos e cinquenta e nove reais e dez centavos'],
    [100, 'um real'],
    [1, 'um centavo'],
    [0, 'zero reais'],
    [101, 'um real e um centavo'],
    [99, 'noventa e nove centavos'],
    [200, 'dois reais'],
    [1000, 'dez reais'],
    [1100, 'onze reais'],
    [1400, 'quatorze reais'],
    [1600, 'dezesseis reais'],
    [1700, 'dezessete reais'],
    [1900, 'dezenove reais'],
    [2000, 'vinte reais'],
    [2100, 'vinte e um reais'],
    [10000, 'cem reais'],
    [10100, 'cento e um reais'],
    [11000, 'cento e dez reais'],
    [20000, 'duzentos reais'],
    [50050, 'quinhentos reais e cinquenta centavos'],
    [99999, 'novecentos e noventa e nove reais e noventa e nove centavos'],
    [100000, 'mil reais'],
    [100100, 'mil e um reais'],
    [110000, 'mil e cem reais'],
    [123400, 'mil duzentos e trinta e quatro reais'],
    [120000, 'mil e duzentos reais'],
    [200000, 'dois mil reais'],
    [2100000, 'vinte e um mil reais'],
    [10000000, 'cem mil reais'],
    [10100000, 'cento e um mil reais'],
    [100000000, 'um milhão de reais'],
    [200000000, 'dois milhões de reais'],
    [100000100, 'um milhão e um reais'],
    [120000000, 'um milhão e duzentos mil reais'],
    [
      123456789,
      'um milhão duzentos e trinta e quatro mil quinhentos e sessenta e sete reais e oitenta e nove centavos',
    ],
    [100000000000, 'um bilhão de reais'],
    [150000000000, 'um bilhão e quinhentos milhões de reais'],
    [300000000001, 'três bilhões de reais e um centavo'],
    [
      99999999999999,
      'novecentos e noventa e nove bilhões novecentos e noventa e nove milhões novecentos e noventa e nove mil novecentos e noventa e nove reais e noventa e nove centavos',
    ],
    [100000000000000, 'um trilhão de reais'],
  ])('%i centavos: %s', (centavos, words) => {
    expect(amountInWords(centavos, 'pt-BR')).toBe(words);
  });
});

describe('amountInWords in English', () => {
  it.each([
    [95910, 'nine hundred fifty-nine reais and ten centavos'],
    [100, 'one real'],
    [1, 'one centavo'],
    [0, 'zero reais'],
    [10000, 'one hundred reais'],
    [10100, 'one hundred one reais'],
    [100100, 'one thousand one reais'],
    [110000, 'one thousand one hundred reais'],
    [100000000, 'one million reais'],
    [200000000, 'two million reais'],
    [
      123456789,
      'one million two hundred thirty-four thousand five hundred sixty-seven reais and eighty-nine centavos',
    ],
    [
      99999999999999,
      'nine hundred ninety-nine billion nine hundred ninety-nine million nine hundred ninety-nine thousand nine hundred ninety-nine reais and ninety-nine centavos',
    ],
  ])('%i centavos: %s', (centavos, words) => {
    expect(amountInWords(centavos, 'en')).toBe(words);
  });
});

describe('amountInWords refuses what is not whole centavos in range', () => {
  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2, 100000000000000000])('%s', (centavos) => {
    expect(() => amountInWords(centavos, 'pt-BR')).toThrow(RangeError);
  });

  it('takes a bigint up to R$ 999.999.999.999.999,99', () => {
    expect(amountInWords(99999999999999999n, 'en')).toMatch(
      /^nine hundred ninety-nine trillion .* and ninety-nine centavos$/,
    );
    expect(() => amountInWords(100000000000000000n, 'en')).toThrow(RangeError);
  });
});
