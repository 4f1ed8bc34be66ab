import { describe, expect, it } from 'vitest';
import { type CardInput, cardBrand, luhnValid, validateCard } from '../../src/domain/card.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const VALID_VISA: CardInput = { number: '4111 1111 1111 1111', exp_month: 12, exp_year: 2030, cvv: '123' };

describe('luhnValid', () => {
  it.each([
    '4111111111111111',
    '4111-1111-1111-1111',
    '5555555555554444',
    '378282246310005',
    '79927398713',
    '0',
  ])('accepts %s', (number) => {
    expect(luhnValid(number)).toBe(true);
  });

  it.each(['4111111111111112', '79927398710', '4111a11111111111', ''])('rejects %j', (number) => {
    expect(luhnValid(number)).toBe(false);
  });
});

describe('cardBrand', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['2720990000000000', 'mastercard'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6363680000457009', 'elo'],
    ['5067230000000000', 'elo'],
    ['4011780000000000', 'elo'], // an Elo BIN that starts like Visa
    ['5090000000000000', 'elo'],
    ['6062825624254001', 'hipercard'],
    ['3841000000000000', 'hipercard'],
    ['6011111111111117', 'unknown'],
    ['2721000000000000', 'unknown'],
    ['12', 'unknown'],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('validateCard', () => {
  it('accepts a good card', () => {
    expect(validateCard(VALID_VISA, NOW)).toEqual([]);
    expect(validateCard({ ...VALID_VISA, exp_month: '06', exp_year: '26' }, NOW)).toEqual([]);
    expect(
      validateCard({ number: '378282246310005', exp_month: 1, exp_year: 2027, cvv: '1234' }, NOW),
    ).toEqual([]);
  });

  it('checks the number: 13–19 digits and Luhn', () => {
    expect(validateCard({ ...VALID_VISA, number: '4111111111111112' }, NOW)).toEqual([
      { field: 'number', message: 'card number is not valid (its check digit is wrong)' },
    ]);
    expect(validateCard({ ...VALID_VISA, number: '411111111111' }, NOW)).toEqual([
      { field: 'number', message: 'card number must have 13 to 19 digits' },
    ]);
    expect(validateCard({ ...VALID_VISA, number: '4'.repeat(20) }, NOW)[0]!.field).toBe('number');
  });

  it('treats a card as valid through the end of its expiry month', () => {
    expect(validateCard({ ...VALID_VISA, exp_month: 6, exp_year: 2026 }, NOW)).toEqual([]);
    expect(validateCard({ ...VALID_VISA, exp_month: 5, exp_year: 2026 }, NOW)).toEqual([
      { field: 'exp_month', message: 'card expired in 05/2026' },
    ]);
    expect(validateCard({ ...VALID_VISA, exp_month: 12, exp_year: 2025 }, NOW)).toEqual([
      { field: 'exp_year', message: 'card expired in 2025' },
    ]);
    expect(
      validateCard({ ...VALID_VISA, exp_month: 5, exp_year: 2026 }, new Date('2026-05-31T23:59:59Z')),
    ).toEqual([]);
  });

  it('checks month and year shapes', () => {
    for (const exp_month of [0, 13, '1.5', 'ab', 1.5]) {
      expect(validateCard({ ...VALID_VISA, exp_month }, NOW)).toEqual([
        { field: 'exp_month', message: 'expiry month must be 1 to 12' },
      ]);
    }
    for (const exp_year of [202, '2', 'abcd', 20301]) {
      expect(validateCard({ ...VALID_VISA, exp_year }, NOW)).toEqual([
        { field: 'exp_year', message: 'expiry year must have 2 or 4 digits' },
      ]);
    }
  });

  it('needs a 3-digit CVV, or 4 for amex', () => {
    expect(validateCard({ ...VALID_VISA, cvv: '1234' }, NOW)).toEqual([
      { field: 'cvv', message: 'CVV must be 3 digits' },
    ]);
    expect(validateCard({ ...VALID_VISA, cvv: '12a' }, NOW)).toEqual([
      { field: 'cvv', message: 'CVV must be 3 digits' },
    ]);
    expect(
      validateCard({ number: '378282246310005', exp_month: 1, exp_year: 2027, cvv: '123' }, NOW),
    ).toEqual([{ field: 'cvv', message: 'CVV must be 4 digits' }]);
  });

  it('lists every problem at once', () => {
    const problems = validateCard({ number: '1234', exp_month: 13, exp_year: 'x', cvv: '' }, NOW);
    expect(problems.map((problem) => problem.field)).toEqual(['number', 'exp_month', 'exp_year', 'cvv']);
  });
});
