// Reading a charge's or payout's fields under the names real gateways give them. One place for
// tables, CSV exports, filters and answer checks: a gateway's `value`, `valor` or `dateCreated`
// is the same amount or creation time as our `amount` and `created_at`. Pure: no IO.
import { isJsonObject } from '../json.js';

/** Names of a resource's amount, most common first. */
export const AMOUNT_NAMES = ['amount', 'value', 'valor', 'transaction_amount'] as const;

/** Names of a resource's creation time (dotted: a member of a member, as BCB's `calendario.criacao`). */
export const CREATED_AT_NAMES = [
  'created_at',
  'createdAt',
  'dateCreated',
  'date_created',
  'created_date',
  'horario',
  'calendario.criacao',
] as const;

/** Members a gateway wraps one resource in: `{charge: {...}}` (Woovi), `{payment: {...}}`... */
export const WRAPPER_NAMES = ['charge', 'payment', 'transfer', 'payout'] as const;

/** A field found under one of its names: which name, and the value as received. */
export interface FoundField {
  name: string;
  value: unknown;
}

/** The value at a dotted path (`calendario.criacao`), or undefined. */
function valueAt(record: Record<string, unknown>, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) {
    if (!isJsonObject(value) || !Object.hasOwn(value, part)) return undefined;
    value = value[part];
  }
  return value;
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

/** A resource's amount under its common names (as received: integer centavos or anything else). */
export function findAmount(row: unknown): FoundField | undefined {
  return findField(row, AMOUNT_NAMES);
}

/** A resource's creation time under its common names (as received). */
export function findCreatedAt(row: unknown): FoundField | undefined {
  return findField(row, CREATED_AT_NAMES);
}

/** The top-level member a dotted name lives in (`calendario` for `calendario.criacao`). */
export function topLevelName(name: string): string {
  return name.split('.', 1)[0]!;
}

/** The top-level fields a resource's amount and creation time were read from (`value`, `calendario`). */
export function namesRead(resource: unknown): string[] {
  return [findAmount(resource)?.name, findCreatedAt(resource)?.name]
    .filter((name) => name !== undefined)
    .map(topLevelName);
}

/** The resources unwrapped, each with the answer data it came in (for --json: data as received). */
const wrappers = new WeakMap<object, unknown>();

/**
 * The resource inside a one-member wrapper (`{charge: {...}}`, `{payment: {...}}`, also with other
 * members beside it) when the data itself has no id; else the data itself. The wrapper is
 * remembered: receivedData() gives it back for printing.
 */
export function unwrapResource(data: unknown): unknown {
  const found = wrappedResource(data);
  if (!found) return data;
  wrappers.set(found.value as object, data);
  return found.value;
}

/** Where a wrapped resource is (`charge`) and the resource, when `data` is such a wrapper. */
export function wrappedResource(data: unknown): FoundField | undefined {
  if (!isJsonObject(data) || (typeof data.id === 'string' && data.id !== '')) return undefined;
  const inside = WRAPPER_NAMES.filter((name) => isJsonObject(data[name]));
  if (inside.length !== 1) return undefined;
  const name = inside[0]!;
  return { name, value: data[name] };
}

/** The answer data a resource came in: its wrapper when unwrapResource took it out of one. */
export function receivedData(value: unknown): unknown {
  return typeof value === 'object' && value !== null && wrappers.has(value) ? wrappers.get(value) : value;
}
