// Reading a money field of an answer: centavos only when its unit is known, never guessed
// (docs/gateway-api.md, "Money as it was written"). A field is centavos where the API names it so
// (`amount`, `available`, `pending`, `reserved`, the fee and net fields) and it is an integer
// literal; under any other name (`balance`, `value`, `valor`, `saldo`…) its unit is unknown
// unless the profile declares it (the setting `gateway.money_unit`). Pure: no IO, no floats.
import { ruleBroken, sentenceOf } from '../errors.js';
import { stringifyJson, WrittenNumber } from '../json.js';

/** The units a profile may declare for money fields outside the API's own names. */
export const MONEY_UNITS = ['centavos', 'reais'] as const;
export type MoneyUnit = (typeof MONEY_UNITS)[number];

export function isMoneyUnit(value: unknown): value is MoneyUnit {
  return (MONEY_UNITS as readonly unknown[]).includes(value);
}

/** The names the API gives money in integer centavos (docs/gateway-api.md). */
export const CENTAVOS_NAMES: ReadonlySet<string> = new Set([
  'amount',
  'available',
  'pending',
  'reserved',
  'fee',
  'net',
  'unit_price',
]);

/**
 * A money field read: integer centavos, or of unknown unit (shown as received, with why; with the
 * currency its record names when that is not BRL).
 */
export type MoneyReading =
  | { known: true; field: string; received: string; centavos: number }
  | { known: false; field: string; received: string; why: string; currency?: string };

/** An integer literal: a JSON integer within the safe range (a WrittenNumber never is). */
const isIntegerLiteral = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

/** The value as it was written: numbers as their literal, strings as they are, the rest as JSON. */
export function writtenText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof WrittenNumber) return value.text;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return stringifyJson(value);
}

// Reais: a whole number or at most two decimals (`1500`, `1500.5`, `1500.50`, `-3.10`).
const REAIS_TEXT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** Reais written as text, in exact centavos (string arithmetic), or undefined. */
function reaisToCentavos(text: string): number | undefined {
  const match = REAIS_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const centavos = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  if (centavos > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return sign === '-' && centavos !== 0n ? -Number(centavos) : Number(centavos);
}

/** How an answer's money is read besides the declared unit. */
export interface MoneyReadingOptions {
  /**
   * False for an answer whose shape the API does not describe (a refund object answered instead
   * of the charge): its `amount` is not the API's, so its unit is as unknown as any other name's.
   */
  apiNames?: boolean;
  /**
   * The currency the amount's record names (its `currency`, as received). The API's centavos are
   * of reais, BRL its default (docs/gateway-api.md): money in any other currency is of unknown unit.
   */
  currency?: unknown;
}

/** Whether a record's `currency` (as received) names one other than BRL, in any letter case; none is BRL. */
export function isOtherCurrency(currency: unknown): boolean {
  if (currency === undefined || currency === null) return false;
  return typeof currency !== 'string' || currency.toUpperCase() !== 'BRL';
}

/** A reading as received, with its currency when it names one other than BRL (`2000 USD`). */
export function receivedWithCurrency(reading: MoneyReading): string {
  return !reading.known && reading.currency !== undefined
    ? `${reading.received} ${reading.currency}`
    : reading.received;
}

/**
 * One money field of an answer read: `field` is where it was found (dotted: `balance.available`,
 * `valor.original`; its last name decides), `value` as received, `declared` the profile's unit
 * for names outside the API's. Centavos when the API names the field so and it is an integer
 * literal; else, with `reais` declared, a whole number or a decimal with at most two places
 * (number or text); with `centavos` declared, an integer literal; anything else is unknown.
 */
export function readMoney(
  field: string,
  value: unknown,
  declared?: MoneyUnit,
  options: MoneyReadingOptions = {},
): MoneyReading {
  const name = field.split('.').at(-1)!;
  const received = writtenText(value);
  if (isOtherCurrency(options.currency)) {
    // Not centavos of reais, whatever its name and form: never read as such, never computed with.
    const currency = writtenText(options.currency);
    return {
      known: false,
      field,
      received,
      currency,
      why: sentenceOf(ruleBroken('moneyInOtherCurrency', { field, received, currency })),
    };
  }
  if (options.apiNames !== false && CENTAVOS_NAMES.has(name)) {
    if (isIntegerLiteral(value)) return { known: true, field, received, centavos: value };
    return {
      known: false,
      field,
      received,
      why: sentenceOf(ruleBroken('moneyNotCentavos', { field, received })),
    };
  }
  if (declared === 'centavos' && isIntegerLiteral(value))
    return { known: true, field, received, centavos: value };
  if (
    declared === 'reais' &&
    (typeof value === 'number' || value instanceof WrittenNumber || typeof value === 'string')
  ) {
    const centavos = reaisToCentavos(received.trim());
    if (centavos !== undefined) return { known: true, field, received, centavos };
  }
  const why = sentenceOf(
    declared === undefined
      ? ruleBroken('moneyUnitUnknown', { field, received })
      : ruleBroken('moneyNotInUnit', { field, received, unit: declared }),
  );
  return { known: false, field, received, why };
}

/**
 * Whether a create's echoed amount (`field`, `value` as received) is the `sent` centavos, compared
 * in the unit it was written in: read by readMoney when its unit is known; under a name outside
 * the API's, a decimal literal (`"100.00"`, `100.5`) is reais. A decimal under the API's own names
 * (`amount: 150.00`) contradicts the API: never equal. Undefined when nothing says: a whole number
 * under another name (`valor: 10000`) may be centavos or reais, 100 times apart, so the same
 * figure proves nothing and another figure no difference (docs/gateway-api.md). An echo whose
 * record names another currency (`options.currency`) is never the centavos of reais sent.
 */
export function echoesSent(
  field: string,
  value: unknown,
  sent: number,
  declared?: MoneyUnit,
  options: MoneyReadingOptions = {},
): boolean | undefined {
  const reading = readMoney(field, value, declared, options);
  if (reading.known) return reading.centavos === sent;
  if (reading.currency !== undefined || CENTAVOS_NAMES.has(field.split('.').at(-1)!)) return false;
  const text =
    value instanceof WrittenNumber || typeof value === 'string' ? writtenText(value).trim() : undefined;
  if (text === undefined || !text.includes('.')) return undefined;
  const centavos = reaisToCentavos(text);
  return centavos === undefined ? undefined : centavos === sent;
}

/** The setting that declares the unit (per profile: docs/gateway-api.md, "Money as it was written"). */
export const MONEY_UNIT_SETTING = 'gateway.money_unit';

/** The unit a run's settings declare, or undefined (a value that is not a unit declares nothing). */
export function declaredMoneyUnit(settings: { setting(name: string): unknown }): MoneyUnit | undefined {
  const value = settings.setting(MONEY_UNIT_SETTING);
  return isMoneyUnit(value) ? value : undefined;
}
