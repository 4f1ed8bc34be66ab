// The key's mark on the gateway: a keyed create leaves its key, verbatim, where the gateway keeps it
// and shows it (a payout's description, a charge's metadata and external_id), so that a run without
// the local journal's entry (a fresh container, another host) can find what the key already made
// before it sends anything; what counts as the mark is src/domain/key-mark.ts. And the gateway's
// clock, which reconcile goes by instead of the local one.
import { ApiError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { formatDuration } from '../../domain/duration.js';
import { payoutMarkOn, TEXT_FIELD_NAMES } from '../../domain/key-mark.js';
import { EXTERNAL_ID_NAMES, hasExternalId } from '../../domain/resource-fields.js';
import { isJsonObject } from '../../json.js';
import type { Charge } from '../../schemas/charge.js';
import type { Payout } from '../../schemas/payout.js';

/** How much of the gateway's newest records a run searches for its key's mark (100 a page). */
export const MARK_SEARCH_PAGES = 3;
const PAGE_SIZE = 100;

export interface MarkSearch<T> {
  /** What carries the mark, in the order listed (newest first where the gateway says so). */
  found: T[];
  /** False when the gateway shows no such field (or no list): the search could not tell. */
  searchable: boolean;
}

/**
 * The gateway's recent payouts with a text that is the mark of `key`, whole or maybe cut short
 * (payoutMarkOn; `sent`: the description a run of the key sends).
 */
export async function findMarkedPayouts(
  context: Context,
  key: string,
  sent?: string,
): Promise<MarkSearch<Payout>> {
  const client = await context.client();
  return scan(
    client.payouts.listAll({}, { pageSize: PAGE_SIZE, maxPages: MARK_SEARCH_PAGES, signal: context.signal }),
    TEXT_FIELD_NAMES,
    (payout) => payoutMarkOn(payout, key, sent) !== undefined,
  );
}

/** The gateway's recent charges with this external_id (filtered by the gateway, checked here). */
export async function findChargesByExternalId(
  context: Context,
  externalId: string,
): Promise<MarkSearch<Charge>> {
  const client = await context.client();
  return scan(
    client.charges.listAll(
      { external_id: externalId },
      { pageSize: PAGE_SIZE, maxPages: MARK_SEARCH_PAGES, signal: context.signal },
    ),
    EXTERNAL_ID_NAMES,
    (charge) => hasExternalId(charge, externalId),
  );
}

async function scan<T extends object>(
  listing: AsyncGenerator<T, unknown, undefined>,
  fields: readonly string[],
  matches: (item: T) => boolean,
): Promise<MarkSearch<T>> {
  const found: T[] = [];
  let scanned = 0;
  let shown = false;
  try {
    for await (const item of listing) {
      scanned++;
      if (isJsonObject(item) && fields.some((field) => field in item)) shown = true;
      if (matches(item)) found.push(item);
    }
  } catch (error) {
    // No list endpoint (404/405): nothing to search. Anything else stops the run, nothing sent.
    if (error instanceof ApiError && (error.status === 404 || error.status === 405))
      return { found, searchable: false };
    throw error;
  }
  return { found, searchable: scanned === 0 || shown };
}

const toldUnsearchable = new WeakSet<object>();

/** Says once per run that the gateway cannot be searched for the key's mark. */
export function tellUnsearchable(context: Context, what: 'payouts' | 'charges'): void {
  if (toldUnsearchable.has(context.io)) return;
  toldUnsearchable.add(context.io);
  // A payout's mark may be in any text field: only a list whose records show none of the fields
  // that keep what they were sent (a description, a comment, metadata) says the search is blind.
  const field =
    what === 'payouts'
      ? "field that could carry a key's mark (a description, comment or metadata)"
      : 'external ids';
  context.log.warn(
    `this gateway's ${what} show no ${field}: a key's earlier ${what === 'payouts' ? 'payout' : 'charge'} cannot be found on it; relying on the local journal alone`,
  );
}

/** How far the local clock is from the gateway's, and the gateway's time now. */
export interface GatewayClock {
  /** The gateway's time now (epoch ms), or the local time when the gateway did not say. */
  now: number;
  /** gateway − local, in ms (0 when unknown). */
  skewMs: number;
  known: boolean;
}

/** Beyond this the skew is said on stderr. */
export const SKEW_TOLD_MS = 60_000;

/**
 * The gateway's clock, read from the `Date` header of a GET of `path` (one item): the local time
 * is taken as the middle of the exchange, and `Date`, whole seconds, as the middle of its second.
 */
export async function gatewayClock(context: Context, path: string): Promise<GatewayClock> {
  const client = await context.client();
  const before = context.clock.now();
  const response = await client.requestEnvelope('GET', path, { query: { limit: 1 }, signal: context.signal });
  const local = (before + context.clock.now()) / 2;
  const date = Date.parse(response.headers.date ?? '');
  if (Number.isNaN(date)) {
    context.log.debug('the gateway sent no Date header: going by the local clock');
    return { now: local, skewMs: 0, known: false };
  }
  const now = date + 500;
  const skewMs = Math.round(now - local);
  if (Math.abs(skewMs) > SKEW_TOLD_MS) {
    context.log.warn(
      `the local clock is ${formatDuration(Math.abs(skewMs))} ${skewMs < 0 ? 'ahead of' : 'behind'} the gateway's (its Date header): going by the gateway's time`,
    );
  }
  return { now, skewMs, known: true };
}
