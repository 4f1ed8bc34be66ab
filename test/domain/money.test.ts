import { describe, expect, it } from 'vitest';
import {
  centavosReading,
  formatMoney,
  parseMoney,
  payoutCentavosNote,
  smallCentavosNote,
  toExactDecimal,
} from '../../src/domain/money.js';
import { UsageError } from '../../src/errors.js';

function usageErrorOf(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('expected a UsageError');
}

describe('parseMoney', () => {
  it.each([
    ['1500', 1500],
    ['1', 1],
    ['15.00', 1500],
    ['15,00', 1500],
    ['R$ 15,00', 1500],
    ['R$15,00', 1500],
    ['1234.56', 123456],
    ['0.05', 5],
    [' 42 ', 42],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
    // The unambiguous grouped forms: Brazilian, with R$, and their US twins.
    ['1.500,00', 150000],
    ['R$ 1.500,00', 150000],
    ['R$1.500,00', 150000],
    ['1.234.567,89', 123456789],
    ['1,500.00', 150000],
    ['1,234,567.89', 123456789],
    ['R$ 1,500.00', 150000],
  ])('reads %j as %i centavos', (input, expected) => {
    expect(parseMoney(input, '--amount')).toBe(expected);
  });

  it.each([
    '15.0',
    '15.000',
    '1.500',
    '1,500',
    '1.50,00',
    '1.5000,00',
    '15.00,00',
    '1,500,00',
    '1.500.00',
    '1,500.0',
    '1.500,0',
    '+3',
    '1e3',
    '',
    '   ',
    '0x10',
    '1_000',
    '1 000',
    '15 .00',
    'R$  15,00',
    '15.00 R$',
    '.50',
    '15.',
    'abc',
    '١٢٣',
  ])('rejects %j', (input) => {
    const error = usageErrorOf(() => parseMoney(input, '--amount'));
    expect(error.exitCode).toBe(2);
    expect(error.details.field).toBe('--amount');
    expect(error.message).toBe(
      `--amount: ${JSON.stringify(input)} is not a money value: use centavos (1500) or reais with two decimals (15.00, 15,00, R$ 1.500,00, 1,500.00)`,
    );
  });

  it.each([
    ['-3', '--amount: "-3" must be positive (a money value greater than zero)'],
    ['-15,00', '--amount: "-15,00" must be positive (a money value greater than zero)'],
    ['R$ 15', '--amount: "R$ 15" is reais without decimals: write R$ 15,00 (two decimals) or 1500 centavos'],
    [
      'R$1500',
      '--amount: "R$1500" is reais without decimals: write R$ 1500,00 (two decimals) or 150000 centavos',
    ],
  ])('rejects %j saying what is wrong with it', (input, message) => {
    const error = usageErrorOf(() => parseMoney(input, '--amount'));
    expect(error.exitCode).toBe(2);
    expect(error.details.field).toBe('--amount');
    expect(error.message).toBe(message);
  });

  it('rejects values beyond Number.MAX_SAFE_INTEGER', () => {
    const error = usageErrorOf(() => parseMoney('9007199254740992', '--amount'));
    expect(error.message).toContain('too large');
    expect(error.details.field).toBe('--amount');
    expect(() => parseMoney('90071992547409.92', '--amount')).toThrow(UsageError);
  });

  it('rejects zero unless allowZero', () => {
    for (const zero of ['0', '0.00', '0,00', 'R$ 0,00']) {
      const error = usageErrorOf(() => parseMoney(zero, '--keep'));
      expect(error.message).toContain('must be greater than zero');
      expect(error.details.field).toBe('--keep');
      expect(parseMoney(zero, '--keep', { allowZero: true })).toBe(0);
    }
  });

  it('says what a bare integer below 100 is (a person may have meant reais)', () => {
    expect(smallCentavosNote('15', '--amount')).toBe('--amount 15 is 15 centavos, R$ 0,15');
    expect(smallCentavosNote(' 1 ', '--keep')).toBe('--keep 1 is 1 centavo, R$ 0,01');
    expect(smallCentavosNote('99', '--amount')).toBe('--amount 99 is 99 centavos, R$ 0,99');
    for (const quiet of ['100', '1500', '0', '15,00', '0.15', 'x']) {
      expect(smallCentavosNote(quiet, '--amount')).toBeUndefined();
    }
  });

  it("names a payout's bare integer below R$ 100,00 in reais, with the reais form it may have meant", () => {
    expect(payoutCentavosNote('100', '--keep')).toBe(
      '--keep 100 is 100 centavos (R$ 1,00); write 100.00 for R$ 100,00',
    );
    expect(payoutCentavosNote('1', '--amount')).toBe(
      '--amount 1 is 1 centavo (R$ 0,01); write 1.00 for R$ 1,00',
    );
    expect(payoutCentavosNote('9999', '--amount')).toBe(
      '--amount 9999 is 9999 centavos (R$ 99,99); write 9999.00 for R$ 9.999,00',
    );
    for (const quiet of ['10000', '0', '100.00', '1,00', 'x']) {
      expect(payoutCentavosNote(quiet, '--keep'), quiet).toBeUndefined();
    }
  });

  it('says how a bare integer was read, for the line that reports it', () => {
    expect(centavosReading('100', '--keep')).toBe('--keep 100 = 100 centavos');
    expect(centavosReading('1', '--amount')).toBe('--amount 1 = 1 centavo');
    for (const other of ['0', '100.00', 'R$ 1,00'])
      expect(centavosReading(other, '--keep'), other).toBeUndefined();
  });

  it('names the field it was given', () => {
    expect(usageErrorOf(() => parseMoney('x', '--item')).message).toMatch(/^--item: "x"/);
  });
});

describe('formatMoney', () => {
  it.each([
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [100, 'R$ 1,00'],
    [1500, 'R$ 15,00'],
    [99999, 'R$ 999,99'],
    [100000, 'R$ 1.000,00'],
    [123456, 'R$ 1.234,56'],
    [-100, '-R$ 1,00'],
    [-5, '-R$ 0,05'],
    [123456789012, 'R$ 1.234.567.890,12'],
    [Number.MAX_SAFE_INTEGER, 'R$ 90.071.992.547.409,91'],
  ])('formats %i as %s', (centavos, expected) => {
    expect(formatMoney(centavos)).toBe(expected);
  });

  it('refuses non-integers rather than rounding', () => {
    expect(() => formatMoney(1.5)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });

  it('round-trips with parseMoney', () => {
    for (const centavos of [1, 5, 99, 100, 123456, 100000000]) {
      expect(parseMoney(formatMoney(centavos).replace(/\./g, ''), '--amount')).toBe(centavos);
    }
  });
});

describe('toExactDecimal', () => {
  it.each([
    [3.99, 399n, 2],
    [100, 100n, 0],
    [33.33, 3333n, 2],
    [0.1, 1n, 1],
    [1e-7, 1n, 7],
    [1.5e-7, 15n, 8],
    [1e21, 10n ** 21n, 0],
    [-2.5, -25n, 1],
  ])('reads %d as its decimal digits', (value, numerator, scale) => {
    expect(toExactDecimal(value)).toEqual({ numerator, scale });
  });

  it('rejects non-finite numbers', () => {
    expect(() => toExactDecimal(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toExactDecimal(Number.NaN)).toThrow(RangeError);
  });
});
