// What counts as a key's mark on the gateway (docs/gateway-api.md, "The gateway's record of a
// key"): a keyed create leaves its key where the gateway keeps it, and a later run without the
// journal's entry recognises it there. Gateways keep a payout's description under names of their
// own (`metadata.description`, `comment`, `infoPagador`), upper-case it or cut it to a length, so
// the mark is looked for in every text of the record, and a cut one is told apart: it may be the
// key's, never proof that it is not. A charge's mark is the key in its metadata: an external_id
// the person gave is theirs, and another charge may share it. Pure: no IO.

import { isJsonObject } from '../json.js';
import type { MoneyUnit } from './money-reading.js';
import { amountEcho, findField, receivedData } from './resource-fields.js';

/**
 * Where gateways keep a description, a comment or the merchant's metadata. A record showing one
 * of these (even empty) keeps text it was sent; a record showing none of them gives no sign that
 * it would show a mark, although its other texts are searched too.
 */
export const TEXT_FIELD_NAMES = [
  'description',
  'comment',
  'infoPagador',
  'metadata',
  'solicitacaoPagador',
  'additional_info',
  'additionalInfo',
  'memo',
  'note',
  'notes',
  'message',
] as const;

/** A cut mark is at least this long: shorter beginnings are too common to point at a key. */
export const CUT_MARK_MIN_LENGTH = 12;

/** The metadata entry that carries a keyed charge's key. */
export const CHARGE_KEY_METADATA = 'paygate_key';

/** A payout's description for `key`: `payout <key>`, or the person's description with ` [<key>]`. */
export function markedPayoutDescription(key: string, description: string | undefined): string {
  if (description === undefined) return `payout ${key}`;
  return carriesPayoutMark(description, key) ? description : `${description} [${key}]`;
}

/** Whether a text is, whole, the payout mark of `key` (keys and marks compare in any letter case). */
export function carriesPayoutMark(description: string | null | undefined, key: string): boolean {
  if (typeof description !== 'string') return false;
  const lower = description.toLowerCase();
  const wanted = key.toLowerCase();
  return lower === `payout ${wanted}` || lower.endsWith(` [${wanted}]`);
}

/** A text found in a record: where (a dotted path, `[n]` for an array's items) and what. */
export interface RecordText {
  path: string;
  text: string;
}

/** Every string of a record, nested objects and arrays included, with its path. */
export function textsOf(value: unknown, path = ''): RecordText[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsOf(item, `${path}[${index}]`));
  if (!isJsonObject(value)) return [];
  return Object.entries(value).flatMap(([name, member]) =>
    textsOf(member, path === '' ? name : `${path}.${name}`),
  );
}

/** The key's mark as found on a record: whole (`mark`), or maybe cut short (`cut`). */
export interface MarkFound extends RecordText {
  kind: 'mark' | 'cut';
}

/**
 * The mark of `key` on a payout record (its answer's wrapper included): a text that is the mark
 * whole in any letter case (`payout <key>`, `… [<key>]`, or `sent`, the description the run sent),
 * else one that may be it cut short: a proper beginning of `payout <key>` or of `sent`, at least
 * CUT_MARK_MIN_LENGTH long, or a text ending in a beginning of ` [<key>]` (` [` and more).
 */
export function payoutMarkOn(record: unknown, key: string, sent?: string | null): MarkFound | undefined {
  const texts = textsOf(receivedData(record));
  const marks = [`payout ${key}`, ...(sent ? [sent] : [])].map((mark) => mark.toLowerCase());
  const whole = texts.find(({ text }) => carriesPayoutMark(text, key) || marks.includes(text.toLowerCase()));
  if (whole) return { ...whole, kind: 'mark' };
  const suffix = ` [${key.toLowerCase()}]`;
  const cut = texts.find(({ text }) => {
    const lower = text.toLowerCase();
    if (lower.length >= CUT_MARK_MIN_LENGTH && marks.some((mark) => mark.startsWith(lower))) return true;
    for (let length = 3; length < suffix.length; length++) {
      if (lower.endsWith(suffix.slice(0, length))) return true;
    }
    return false;
  });
  return cut ? { ...cut, kind: 'cut' } : undefined;
}

/**
 * Whether a record's amount is `centavos`, compared in the unit it was written in (echoesSent:
 * `valor "123.45"` is 12345); false only when its unit is known and it differs; undefined when
 * nothing says (no amount, or one of unknown unit that is not the same figure): the API's integer
 * `amount` is centavos, a gateway's `value` or `valor` only in the unit the profile declares
 * (src/domain/money-reading.ts; docs/gateway-api.md, "Money as it was written").
 */
export function amountIs(record: unknown, centavos: number, declared?: MoneyUnit): boolean | undefined {
  // In the record's currency: an amount in another one is never compared as centavos.
  const echo = amountEcho(record, centavos, declared);
  if (echo === undefined) return undefined;
  if (echo.echoes === true) return true;
  return echo.reading.known ? false : undefined;
}

/** Whether a record shows a field that keeps text it was sent (see TEXT_FIELD_NAMES). */
export function showsTextField(record: unknown): boolean {
  const data = receivedData(record);
  const shows = (value: unknown) =>
    isJsonObject(value) && TEXT_FIELD_NAMES.some((name) => Object.hasOwn(value, name));
  return shows(record) || shows(data);
}

/**
 * A keyed charge's request, marked: the key in `metadata.paygate_key` (the person's own entries
 * stay), and as the external_id when the person gave none, so `charge find --external-id K`
 * finds it.
 */
export function markKeyedCharge(body: { external_id?: string; metadata?: unknown }, key: string): void {
  body.external_id ??= key;
  body.metadata = { ...(isJsonObject(body.metadata) ? body.metadata : {}), [CHARGE_KEY_METADATA]: key };
}

/**
 * Whose a charge listed under the run's external_id is: `ours` (its metadata carries the key;
 * or, without a key in its metadata, the external_id is the key itself, as every keyed charge
 * sent it), `other` (its metadata carries another key, or shows no key while the external_id is
 * the person's), or `unknown` (the gateway shows no metadata on it: its mark cannot be read).
 */
export function chargeMarkOf(charge: unknown, key: string, externalId: string): 'ours' | 'other' | 'unknown' {
  const metadata = (findField(charge, ['metadata']) ?? findField(receivedData(charge), ['metadata']))?.value;
  const marked = isJsonObject(metadata) ? metadata[CHARGE_KEY_METADATA] : undefined;
  if (typeof marked === 'string') return marked.toLowerCase() === key.toLowerCase() ? 'ours' : 'other';
  if (externalId.toLowerCase() === key.toLowerCase()) return 'ours';
  return isJsonObject(metadata) ? 'other' : 'unknown';
}
