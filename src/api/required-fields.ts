// What an answer must have for a command to go on (docs/gateway-api.md, "What an answer must
// have"), and the first field it lacks; checked without zod: a real gateway fills in what the
// documented API leaves open its own way, so an answer is judged only on the few fields the
// commands act on (an id, a status), never on the rest of its shape. The zod schemas in
// src/schemas stay the one source of the types (`import type`: nothing of zod loads on the path
// of a network command) and of the request rules.

import { findId, ID_NAMES, wrappedResource } from '../domain/resource-fields.js';
import { apiFact, sayFact } from '../errors.js';
import { WrittenNumber } from '../json.js';

/**
 * A field's kind; a trailing `?` means it may be absent or null, and is checked when present.
 * `present`: any value but null (a status a gateway sends as an object is shown, not refused).
 * `id`: the resource's id under any of its common names (`id`, `correlationID`, `txid`,
 * `idEnvio`), a non-empty string or an integer.
 */
export type FieldKind = 'string' | 'object' | 'present' | 'id' | 'string?' | 'object?';

/** The fields an answer's data must have: it is a JSON object, with these. */
export type Needs = Readonly<Record<string, FieldKind>>;

/** Any JSON object (account, balance, refund answers). */
export const ANY_OBJECT: Needs = {};
/** A charge or a payout: what watch, create and reconcile act on. */
export const RESOURCE_NEEDS: Needs = { id: 'id', status: 'present' };
/** A create's answer: a usable id proves the resource was made, whatever else it holds. */
export const CREATED_NEEDS: Needs = { id: 'id' };
/** A card token, a webhook. */
export const ID_NEEDS: Needs = { id: 'string' };

/** The first way `value` falls short of `needs`, as `data.id: expected a string`, or undefined. */
export function unmetNeed(needs: Needs, value: unknown, root: string): string | undefined {
  // A resource may come wrapped (`{charge: {...}}`, a Woovi payment listed as `{payment, transaction}`):
  // it is read inside the wrapper, as the resource APIs and listings return it.
  const wrapped = Object.keys(needs).length > 0 ? wrappedResource(value) : undefined;
  if (wrapped) return unmetNeed(needs, wrapped.value, `${root}.${wrapped.name}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return sayFact(apiFact('expectedObject', { field: root, value: describe(value) }));
  }
  const record = value as Record<string, unknown>;
  for (const [name, kind] of Object.entries(needs)) {
    if (kind === 'id') {
      if (findId(record) !== undefined) continue;
      const given = ID_NAMES.find((idName) => record[idName] !== undefined && record[idName] !== null);
      if (given === undefined) return sayFact(apiFact('missingField', { field: `${root}.${name}` }));
      return sayFact(
        apiFact('expectedStringOrInteger', { field: `${root}.${given}`, value: describe(record[given]) }),
      );
    }
    const optional = kind.endsWith('?');
    const field = record[name];
    if (field === undefined || field === null) {
      if (optional) continue;
      return sayFact(apiFact('missingField', { field: `${root}.${name}` }));
    }
    const wanted = optional ? kind.slice(0, -1) : kind;
    if (wanted === 'present') continue;
    const ok =
      wanted === 'string'
        ? typeof field === 'string' && field !== ''
        : typeof field === 'object' && !Array.isArray(field) && !(field instanceof WrittenNumber);
    if (!ok) {
      const wrong = { field: `${root}.${name}`, value: describe(field) };
      return sayFact(apiFact(wanted === 'string' ? 'expectedString' : 'expectedObject', wrong));
    }
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return sayFact(apiFact('aList'));
  if (typeof value === 'string') return `"${value.length > 20 ? `${value.slice(0, 20)}…` : value}"`;
  if (value instanceof WrittenNumber) return value.text;
  return typeof value === 'object' ? sayFact(apiFact('anObject')) : String(value);
}
