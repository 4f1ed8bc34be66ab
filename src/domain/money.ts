// Money in and out. Amounts are integer centavos everywhere; no value in reais is
// ever held in a float.
import { type Fact, ruleBroken, sentenceOf, UsageError } from '../errors.js';

export interface ParseMoneyOptions {
  /** Accept 0 (item unit prices may be 0). Default false: zero is rejected. */
  allowZero?: boolean;
}

const CENTAVOS_PATTERN = /^\d+$/;
// Reais need exactly two decimals: `15.00`, `15,00`, and the unambiguous grouped forms a
// Brazilian types (`1.500,00`) and their US twins (`1,500.00`). The `R$` prefix (with or without
// one space) only makes sense on reais, so `R$ 1500` is rejected rather than read as centavos.
// `1.500` (grouping or decimals?), `15.0`, `1e3` and `-3` match nothing.
const REAIS_PATTERN = /^(?:R\$\s?)?(?:(\d+)[.,]|(\d{1,3}(?:\.\d{3})+),|(\d{1,3}(?:,\d{3})+)\.)(\d{2})$/;

/**
 * What is wrong with two money values people often type, said plainly: `-3` (a sign), `R$ 15`
 * (reais without their two decimals). Undefined for anything else (the general rule is said).
 */
function moneyMistake(text: string, field: string, value: string): Fact | undefined {
  const unsigned = text.replace(/^-\s*/, '');
  if (unsigned !== text && (CENTAVOS_PATTERN.test(unsigned) || REAIS_PATTERN.test(unsigned))) {
    return ruleBroken('moneyNotPositive', { field, value });
  }
  const reais = /^R\$\s?(\d+)$/.exec(text);
  if (reais) {
    const whole = BigInt(reais[1]!);
    return ruleBroken('moneyReaisWithoutDecimals', {
      field,
      value,
      reais: String(whole),
      centavos: String(whole * 100n),
    });
  }
  return undefined;
}

/**
 * Parses a money value typed by a user into integer centavos: `1500` is centavos; `15.00`,
 * `15,00`, `R$ 15,00`, `1.500,00`, `1,500.00` are reais. Anything else (`15.0`, `1.500`, `-3`,
 * `1e3`) is a UsageError naming `field` and the rule.
 */
export function parseMoney(input: string, field: string, options: ParseMoneyOptions = {}): number {
  const text = input.trim();
  let centavos: bigint;
  if (CENTAVOS_PATTERN.test(text)) {
    centavos = BigInt(text);
  } else {
    const reais = REAIS_PATTERN.exec(text);
    if (!reais) {
      const value = JSON.stringify(input);
      const specific = moneyMistake(text, field, value);
      throw new UsageError(specific ?? ruleBroken('moneyNotMoney', { field, value }), { field });
    }
    const whole = (reais[1] ?? reais[2] ?? reais[3]!).replace(/[.,]/g, '');
    centavos = BigInt(whole) * 100n + BigInt(reais[4]!);
  }
  if (centavos > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new UsageError(ruleBroken('moneyTooLarge', { field, value: JSON.stringify(input) }), { field });
  }
  if (centavos === 0n && !options.allowZero) {
    throw new UsageError(ruleBroken('moneyNotAboveZero', { field, value: JSON.stringify(input) }), { field });
  }
  return Number(centavos);
}

/**
 * What a bare integer below 100 means, said back to the person who typed it (`--amount 15 is 15
 * centavos, R$ 0,15`): they may have meant reais. Undefined for anything else.
 */
export function smallCentavosNote(input: string, field: string): string | undefined {
  const text = input.trim();
  if (!CENTAVOS_PATTERN.test(text)) return undefined;
  const centavos = Number(text);
  if (centavos === 0 || centavos >= 100) return undefined;
  return sentenceOf(
    ruleBroken('smallCentavosNote', { field, count: centavos, money: formatMoney(centavos) }),
  );
}

/** Below this many centavos (R$ 100,00), a bare integer given to a payout may well mean reais. */
export const PAYOUT_CENTAVOS_NOTE_BELOW = 10_000;

/**
 * How a bare integer was read (`--keep 100 = 100 centavos`), for the line that reports the money
 * it moved or kept. Undefined for a value typed in reais, or zero (which needs no reading).
 */
export function centavosReading(input: string, field: string): string | undefined {
  const text = input.trim();
  if (!CENTAVOS_PATTERN.test(text) || Number(text) === 0) return undefined;
  return sentenceOf(ruleBroken('centavosReading', { field, count: Number(text) }));
}

/**
 * A bare integer below R$ 100,00 given to a payout's --amount/--keep, named in reais with the way
 * to write the reais it may have meant: `--keep 100 is 100 centavos (R$ 1,00); write 100.00 for
 * R$ 100,00`. A payout moves money at once, from cron too: said in every mode.
 */
export function payoutCentavosNote(input: string, field: string): string | undefined {
  const reading = centavosReading(input, field);
  const centavos = Number(input.trim());
  if (reading === undefined || centavos >= PAYOUT_CENTAVOS_NOTE_BELOW) return undefined;
  return sentenceOf(
    ruleBroken('payoutCentavosNote', {
      field,
      count: centavos,
      money: formatMoney(centavos),
      meant: formatMoney(centavos * 100),
    }),
  );
}

/** `R$ 1.234,56`, `R$ 0,05`, `-R$ 1,00` (Brazilian grouping), from integer centavos. */
export function formatMoney(centavos: number): string {
  if (!Number.isSafeInteger(centavos)) {
    throw new RangeError(`formatMoney expects integer centavos, got ${centavos}`);
  }
  const sign = centavos < 0 ? '-' : '';
  const magnitude = Math.abs(centavos);
  const reais = Math.floor(magnitude / 100);
  const cents = magnitude % 100;
  const groupedReais = String(reais).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}R$ ${groupedReais},${String(cents).padStart(2, '0')}`;
}

/** An exact decimal: `numerator / 10^scale`. */
export interface ExactDecimal {
  numerator: bigint;
  scale: number;
}

/**
 * The exact decimal a JavaScript number was written as (its shortest round-trip string), so that
 * 3.99 is 399/100 and not 3.9900000000000002131628207280300557613372802734375.
 * Throws RangeError for NaN and infinities.
 */
export function toExactDecimal(value: number): ExactDecimal {
  if (!Number.isFinite(value)) {
    throw new RangeError(`expected a finite number, got ${value}`);
  }
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(value));
  if (!match) {
    throw new RangeError(`cannot read ${value} as a decimal`);
  }
  const [, sign, integerDigits, fractionDigits = '', exponentText = '0'] = match;
  let numerator = BigInt(`${integerDigits}${fractionDigits}`);
  if (sign === '-') numerator = -numerator;
  const exponent = Number(exponentText) - fractionDigits.length;
  if (exponent >= 0) {
    return { numerator: numerator * 10n ** BigInt(exponent), scale: 0 };
  }
  return { numerator, scale: -exponent };
}

/** `numerator / denominator` rounded half up, for a non-negative numerator and positive denominator. */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return remainder * 2n >= denominator ? quotient + 1n : quotient;
}
