// Reading a charge's or payout's fields under the names real gateways give them. One place for
// tables, CSV exports, filters and answer checks: a gateway's `value`, `valor` or `dateCreated`
// is the same amount or creation time as our `amount` and `created_at`. Pure: no IO.
import { isJsonObject, WrittenNumber } from '../json.js';
import {
  echoesSent,
  type MoneyReading,
  type MoneyReadingOptions,
  type MoneyUnit,
  readMoney,
} from './money-reading.js';

/**
 * Names of a resource's id, most common first: Woovi keys charges and payments by
 * `correlationID`, BCB's Pix API (Efí) keys a charge by `txid` and a sent Pix by `idEnvio`.
 */
export const ID_NAMES = ['id', 'correlationID', 'txid', 'idEnvio'] as const;

/**
 * Names of the merchant's own reference of a charge or payout: Asaas' `externalReference`,
 * Mercado Pago's `external_reference`, Pagar.me's `code`, Woovi's `correlationID`.
 */
export const EXTERNAL_ID_NAMES = [
  'external_id',
  'externalReference',
  'external_reference',
  'code',
  'correlationID',
] as const;

/** Names of a charge's PIX txid: the API's `pix.txid`, BCB's (Efí's) `txid`. */
export const TXID_NAMES = ['pix.txid', 'txid'] as const;

/** Names of a resource's amount, most common first (BCB's charge: `valor.original`). */
export const AMOUNT_NAMES = ['amount', 'value', 'valor.original', 'valor', 'transaction_amount'] as const;

/** Names of a resource's creation time (dotted: a member of a member, as BCB's `calendario.criacao`). */
export const CREATED_AT_NAMES = [
  'created_at',
  'createdAt',
  'dateCreated',
  'date_created',
  'created_date',
  'horario.solicitacao',
  'horario',
  'calendario.criacao',
  'transaction.time',
] as const;

/** Members a gateway wraps one resource in: `{charge: {...}}` (Woovi), `{payment: {...}}`, `{cob: {...}}`... */
export const WRAPPER_NAMES = ['charge', 'payment', 'transfer', 'payout', 'cob'] as const;

/**
 * Where a charge's PIX copy-and-paste code is: ours (`pix.emv`), Woovi's `brCode`, BCB's and Efí's
 * `pixCopiaECola`, Mercado Pago's `point_of_interaction.transaction_data.qr_code`, Pagar.me's
 * `last_transaction.qr_code`.
 */
export const PIX_CODE_NAMES = [
  'pix.emv',
  'brCode',
  'pixCopiaECola',
  'point_of_interaction.transaction_data.qr_code',
  'last_transaction.qr_code',
] as const;

/** A field found under one of its names: which name, and the value as received. */
export interface FoundField {
  name: string;
  value: unknown;
}

/** The value at a dotted path (`calendario.criacao`), or undefined. */
export function valueAt(record: Record<string, unknown>, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (!isJsonObject(value) || !Object.hasOwn(value, part)) return undefined;
    value = value[part];
  }
  return value;
}

/** Sets the value at a dotted path (`pix.expires_in`), making the objects on the way (keeping those there). */
export function setValueAt(record: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let target = record;
  for (const key of keys.slice(0, -1)) {
    if (!isJsonObject(target[key])) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys.at(-1)!] = value;
}

/** The first of `names` that `row` fills (not null, not empty text), with its name. */
export function findField(row: unknown, names: readonly string[]): FoundField | undefined {
  if (!isJsonObject(row)) return undefined;
  for (const name of names) {
    const value = valueAt(row, name);
    if (value !== undefined && value !== null && value !== '') return { name, value };
  }
  return undefined;
}

/** An id's text: a non-empty string as it is, an integer (Mercado Pago's ids) as its digits. */
function idText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
  if (value instanceof WrittenNumber) return /^\d+$/.test(value.text) ? value.text : undefined;
  return undefined;
}

/** A resource's id under its common names (the first usable one), with the name it was read from. */
export function findId(row: unknown): FoundField | undefined {
  if (!isJsonObject(row)) return undefined;
  for (const name of ID_NAMES) {
    const text = idText(row[name]);
    if (text !== undefined) return { name, value: text };
  }
  return undefined;
}

/** A resource's id as text (see findId), or undefined when it has none. */
export function resourceId(row: unknown): string | undefined {
  return findId(row)?.value as string | undefined;
}

/** Whether a resource's own reference (under its common names) is `externalId`. */
export function hasExternalId(row: unknown, externalId: string): boolean {
  return findField(row, EXTERNAL_ID_NAMES)?.value === externalId;
}

/** Whether a charge's PIX txid (under its common names) is `txid`. */
export function hasTxid(row: unknown, txid: string): boolean {
  return findField(row, TXID_NAMES)?.value === txid;
}

/**
 * The id of a resource the client checked (a charge or payout answer is refused without one):
 * resourceId(), with '' standing for none.
 */
export function idOf(row: unknown): string {
  return resourceId(row) ?? '';
}

/**
 * A resource as the journal records it: its id as text under `id`, whatever name and form the
 * gateway gave it, so that a later run finds it again by that id.
 */
export function journaled<T extends object>(resource: T): T & { id: string } {
  return { ...resource, id: idOf(resource) };
}

/** A resource's amount under its common names (as received: integer centavos or anything else). */
export function findAmount(row: unknown): FoundField | undefined {
  return findField(row, AMOUNT_NAMES);
}

/**
 * A resource's amount read as money (src/domain/money-reading.ts): centavos where its unit is
 * known (the API's `amount` as an integer, or the profile's declared unit) and the resource names
 * no currency but BRL, else unknown.
 */
export function readAmount(
  row: unknown,
  declared?: MoneyUnit,
  options: MoneyReadingOptions = {},
): MoneyReading | undefined {
  const found = findAmount(row);
  if (found === undefined) return undefined;
  return readMoney(found.name, found.value, declared, { currency: currencyOf(row), ...options });
}

/** The currency a resource names (its `currency`, as received): money in another than BRL is not centavos of reais. */
function currencyOf(row: unknown): unknown {
  return isJsonObject(row) ? row.currency : undefined;
}

/**
 * A resource's amount checked against `sent` centavos, in its currency (echoesSent: true, false,
 * or undefined when nothing says), with its reading; undefined when it has no amount.
 */
export function amountEcho(
  row: unknown,
  sent: number,
  declared?: MoneyUnit,
): { echoes: boolean | undefined; reading: MoneyReading } | undefined {
  const found = findAmount(row);
  if (found === undefined) return undefined;
  const currency = { currency: currencyOf(row) };
  return {
    echoes: echoesSent(found.name, found.value, sent, declared, currency),
    reading: readMoney(found.name, found.value, declared, currency),
  };
}

/**
 * The amount as `-o plain` and csv's `amount` give it: integer centavos when its unit is known,
 * else nothing (`valor: 10000`, centavos or reais, never where centavos go; csv's
 * `amount_as_received` and --json keep it as received).
 */
export function amountCentavos(
  row: unknown,
  declared?: MoneyUnit,
  options: MoneyReadingOptions = {},
): number | '' {
  const reading = readAmount(row, declared, options);
  return reading?.known ? reading.centavos : '';
}

/**
 * A resource's creation time under its common names (as received), else in the answer it was
 * wrapped in (a Woovi payment's time is its wrapper's `transaction.time`).
 */
export function findCreatedAt(row: unknown): FoundField | undefined {
  const found = findField(row, CREATED_AT_NAMES);
  if (found !== undefined) return found;
  const wrapper = receivedData(row);
  return wrapper === row ? undefined : findField(wrapper, CREATED_AT_NAMES);
}

/** The top-level member a dotted name lives in (`calendario` for `calendario.criacao`). */
export function topLevelName(name: string): string {
  return name.split('.', 1)[0]!;
}

/** The top-level fields a resource's id, amount and creation time were read from (`value`, `calendario`). */
export function namesRead(resource: unknown): string[] {
  return [findId(resource)?.name, findAmount(resource)?.name, findCreatedAt(resource)?.name]
    .filter((name) => name !== undefined)
    .map(topLevelName);
}

/** The resources unwrapped, each with the answer data it came in (for --json: data as received). */
const wrappers = new WeakMap<object, unknown>();

/**
 * The resource inside a one-member wrapper (`{charge: {...}}`, `{payment: {...}}`, also with other
 * members beside it, as Woovi's `{charge, correlationID, brCode}`) when the data itself has no id
 * but the wrapped one's; else the data itself. The wrapper is remembered: receivedData() gives
 * it back for printing.
 */
export function unwrapResource(data: unknown): unknown {
  const found = wrappedResource(data);
  if (!found) return data;
  wrappers.set(found.value as object, data);
  return found.value;
}

/** Where a wrapped resource is (`charge`) and the resource, when `data` is such a wrapper. */
export function wrappedResource(data: unknown): FoundField | undefined {
  if (!isJsonObject(data)) return undefined;
  const inside = WRAPPER_NAMES.filter((name) => isJsonObject(data[name]));
  if (inside.length !== 1) return undefined;
  const name = inside[0]!;
  const own = findId(data);
  // Data with an id of its own is the resource, unless that id is the wrapped one's, repeated
  // beside it (Woovi answers a create with `{charge: {...}, correlationID, brCode}`).
  if (own !== undefined && findId(data[name])?.value !== own.value) return undefined;
  return { name, value: data[name] };
}

/** The answer data a resource came in: its wrapper when unwrapResource took it out of one. */
export function receivedData(value: unknown): unknown {
  return typeof value === 'object' && value !== null && wrappers.has(value) ? wrappers.get(value) : value;
}

/**
 * A charge's PIX copy-and-paste code under its common names: a BR Code, which always starts with
 * its payload format indicator `000201` (a `qr_code` that is an image URL is not one).
 */
export function findPixCode(row: unknown): string | undefined {
  if (!isJsonObject(row)) return undefined;
  for (const name of PIX_CODE_NAMES) {
    const value = valueAt(row, name);
    if (typeof value === 'string' && value.startsWith('000201')) return value;
  }
  return undefined;
}
