// Card checks done locally before tokenization (`token card`). Brands are a best
// effort by prefix: the gateway's answer is the one that counts.
import { ruleBroken, sentenceOf } from '../errors.js';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'elo' | 'hipercard' | 'unknown';

export interface CardInput {
  number: string;
  exp_month: number | string;
  exp_year: number | string;
  cvv: string;
}

export interface CardProblem {
  field: 'number' | 'exp_month' | 'exp_year' | 'cvv';
  message: string;
}

/** Card numbers are often typed in groups: spaces and hyphens are ignored. */
function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** Luhn (mod 10) check of a card number. */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let position = 0; position < digits.length; position++) {
    let digit = Number(digits[digits.length - 1 - position]);
    if (position % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

// Six-digit BIN ranges (inclusive). Elo and Hipercard are checked first because some of their
// BINs start like Visa (4) or Mastercard (5) numbers.
const ELO_RANGES: Array<[number, number]> = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
];
const HIPERCARD_BINS = new Set([606282, 384100, 384140, 384160, 637095, 637568, 637599, 637609, 637612]);

export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (!/^\d{6,}$/.test(digits)) return 'unknown';
  const bin = Number(digits.slice(0, 6));
  if (ELO_RANGES.some(([from, to]) => bin >= from && bin <= to)) return 'elo';
  if (HIPERCARD_BINS.has(bin)) return 'hipercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (digits.startsWith('4')) return 'visa';
  const firstFour = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (firstFour >= 2221 && firstFour <= 2720)) return 'mastercard';
  return 'unknown';
}

function toWholeNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
}

/**
 * What is wrong with a holder name, else undefined: it is the name printed on the card, so it has
 * letters (`12/30` typed at the wrong question is not one).
 */
export function holderNameProblem(name: string): string | undefined {
  if (name.trim() === '') return sentenceOf(ruleBroken('holderNameRequired'));
  if (!/\p{L}/u.test(name)) return sentenceOf(ruleBroken('holderNameLetters'));
  return undefined;
}

/**
 * Every problem with a card, empty when none. A card is valid through the last day of its expiry
 * month, compared in UTC with `now` so the answer does not depend on the machine's time zone.
 * A two-digit year is 20YY.
 */
export function validateCard(card: CardInput, now: Date): CardProblem[] {
  const problems: CardProblem[] = [];
  const digits = cardDigits(card.number);
  if (!/^\d{13,19}$/.test(digits)) {
    problems.push({ field: 'number', message: sentenceOf(ruleBroken('cardNumberLength')) });
  } else if (!luhnValid(digits)) {
    problems.push({ field: 'number', message: sentenceOf(ruleBroken('cardNumberCheckDigit')) });
  }

  const month = toWholeNumber(card.exp_month);
  const monthIsValid = month !== null && month >= 1 && month <= 12;
  if (!monthIsValid)
    problems.push({ field: 'exp_month', message: sentenceOf(ruleBroken('expiryMonthRange')) });

  const yearText = String(card.exp_year).trim();
  let year = toWholeNumber(card.exp_year);
  if (year !== null && /^\d{2}$/.test(yearText)) year += 2000;
  const yearIsValid = year !== null && /^(?:\d{2}|\d{4})$/.test(yearText);
  if (!yearIsValid) problems.push({ field: 'exp_year', message: sentenceOf(ruleBroken('expiryYearDigits')) });

  if (monthIsValid && yearIsValid) {
    const currentYear = now.getUTCFullYear();
    const currentMonth = now.getUTCMonth() + 1;
    if (year! < currentYear) {
      problems.push({
        field: 'exp_year',
        message: sentenceOf(ruleBroken('cardExpiredYear', { year: year! })),
      });
    } else if (year === currentYear && month! < currentMonth) {
      problems.push({
        field: 'exp_month',
        message: sentenceOf(
          ruleBroken('cardExpiredMonth', { month: String(month).padStart(2, '0'), year: year! }),
        ),
      });
    }
  }

  const cvvLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(card.cvv.trim())) {
    problems.push({ field: 'cvv', message: sentenceOf(ruleBroken('cvvDigits', { length: cvvLength })) });
  }
  return problems;
}
