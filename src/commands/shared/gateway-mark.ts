// The key's mark on the gateway: a keyed create leaves its key, verbatim, where the gateway keeps it
// and shows it (a payout's description, a charge's metadata and external_id), so that a run without
// the local journal's entry (a fresh container, another host) can find what the key already made
// before it sends anything; what counts as the mark is src/domain/key-mark.ts. And the gateway's
// clock, which reconcile goes by instead of the local one.
import { ApiError } from '../../api/errors.js';
import { clockOfAnswer } from '../../api/gateway-clock.js';
import {
  incompleteReading,
  type ListAllSummary,
  Listing,
  type ResourceListAllOptions,
} from '../../api/pagination.js';
import type { BeforeRetry } from '../../api/requester.js';
import type { JournalRecordStore } from '../../config/journal-record-store.js';
import type { JournalRecord } from '../../config/journal-records.js';
import type { Context } from '../../context.js';
import { parseDuration } from '../../domain/duration.js';
import { zonedTimestampMs } from '../../domain/instant.js';
import { payoutMarkOn, TEXT_FIELD_NAMES } from '../../domain/key-mark.js';
import { EXTERNAL_ID_NAMES, findCreatedAt, hasExternalId } from '../../domain/resource-fields.js';
import { ExitCode, IncompleteError, PaygateError, sayFact } from '../../errors.js';
import { isJsonObject } from '../../json.js';
import type { Charge } from '../../schemas/charge.js';
import type { Payout } from '../../schemas/payout.js';
import { durationText } from '../../text/duration.js';
import { sayShared } from '../../text/en/shared.js';
import { listNoun } from './list-filter.js';

/**
 * The bound of one look-up: beyond this many pages (100 items each) of the window the look-up is
 * incomplete, never a "no" (a gateway that ignores the date filter and lists oldest first is read
 * to its end up to here).
 */
export const MARK_LOOKUP_MAX_PAGES = 200;
const PAGE_SIZE = 100;
/** The idempotency window a look-up covers unless `journal.lookup_window` says otherwise. */
const DEFAULT_LOOKUP_WINDOW = '48h';

export interface MarkSearch<T> {
  /** What carries the mark, in the order listed (newest first where the gateway says so). */
  found: T[];
  /** False when the gateway shows no such field (or no list): the search could not tell. */
  searchable: boolean;
}

/** How far back a look-up reads: `journal.lookup_window` (default 48h), in ms. */
export function lookupWindowMs(context: Context): number {
  const setting = context.setting('journal.lookup_window');
  return parseDuration(String(setting ?? DEFAULT_LOOKUP_WINDOW), 'journal.lookup_window');
}

const toldSkipped = new WeakSet<object>();

/**
 * Whether this run looks for a key's mark on the gateway: not with `journal.gateway_lookup skip`
 * (said once per run: the journal and the idempotency header alone keep the key).
 */
export function gatewayLookupSkipped(context: Context): boolean {
  if (context.setting('journal.gateway_lookup') !== 'skip') return false;
  if (!toldSkipped.has(context.io)) {
    toldSkipped.add(context.io);
    context.log.warn(sayShared('lookupSkipped'));
  }
  return true;
}

/**
 * The gateway's payouts of the look-up window with a text that is the mark of `key`, whole or
 * maybe cut short (payoutMarkOn; `sent`: the description a run of the key sends).
 */
export async function findMarkedPayouts(
  context: Context,
  key: string,
  sent?: string,
): Promise<MarkSearch<Payout>> {
  if (gatewayLookupSkipped(context)) return { found: [], searchable: true };
  const client = await context.client();
  const since = context.clock.now() - lookupWindowMs(context);
  return scan(
    context,
    'payouts',
    since,
    (options) => client.payouts.listAll({ since: new Date(since).toISOString() }, options),
    TEXT_FIELD_NAMES,
    (payout) => payoutMarkOn(payout, key, sent) !== undefined,
  );
}

/** Whether a charge carries the mark of the key whose external_id is `externalId`. */
export function chargeMatches(externalId: string): (charge: Charge) => boolean {
  return (charge) => hasExternalId(charge, externalId);
}

/**
 * The gateway's charges of the look-up window that `matches` takes for a key's (the gateway is
 * asked for `externalId` when one key is looked for; whether it filters or not, each is checked
 * here). `--from-csv` looks up all its rows at once, without `externalId`.
 */
export async function findMarkedCharges(
  context: Context,
  matches: (charge: Charge) => boolean,
  externalId?: string,
): Promise<MarkSearch<Charge>> {
  if (gatewayLookupSkipped(context)) return { found: [], searchable: true };
  const client = await context.client();
  const since = context.clock.now() - lookupWindowMs(context);
  const query = {
    since: new Date(since).toISOString(),
    ...(externalId !== undefined ? { external_id: externalId } : {}),
  };
  return scan(
    context,
    'charges',
    since,
    (options) => client.charges.listAll(query, options),
    EXTERNAL_ID_NAMES,
    matches,
  );
}

/** The gateway's charges of the look-up window with this external_id. */
export function findChargesByExternalId(context: Context, externalId: string): Promise<MarkSearch<Charge>> {
  return findMarkedCharges(context, chargeMatches(externalId), externalId);
}

/**
 * Reads the look-up window to its end: the gateway is asked for records since `since` (a gateway
 * may ignore it), and the pages are read until the list ends, or, in a list seen newest first,
 * until a record whose time names its instant is older than the window. A list that cannot be
 * read so within MARK_LOOKUP_MAX_PAGES (or whose paging cannot be driven) is an IncompleteError:
 * not finding the mark in part of the window is not a "no" (docs/gateway-api.md, "The gateway's record of a key").
 */
async function scan<T extends object>(
  context: Context,
  what: 'payouts' | 'charges',
  since: number,
  list: (options: ResourceListAllOptions<T>) => AsyncGenerator<T, ListAllSummary, undefined>,
  fields: readonly string[],
  matches: (item: T) => boolean,
): Promise<MarkSearch<T>> {
  const found: T[] = [];
  const listing = new Listing(
    list({ pageSize: PAGE_SIZE, maxPages: MARK_LOOKUP_MAX_PAGES, signal: context.signal }),
  );
  const order = new NewestFirstProof();
  let scanned = 0;
  let shown = false;
  let endProven = false;
  try {
    for await (const item of listing) {
      scanned++;
      if (isJsonObject(item) && fields.some((field) => field in item)) shown = true;
      if (matches(item)) found.push(item);
      // Newest first, and this one older than the window: every record after it is older too.
      if (order.olderThan(item, since)) {
        endProven = true;
        break;
      }
    }
  } catch (error) {
    // No list endpoint (404/405): nothing to search. Anything else stops the run, nothing sent.
    if (error instanceof ApiError && (error.status === 404 || error.status === 405))
      return { found, searchable: false };
    throw error;
  }
  if (!endProven) {
    const reading = incompleteReading(listing.summary, listNoun(what), sayShared('lookupBound'));
    if (reading) throw incompleteLookup(what, since, sayFact(reading));
  }
  return { found, searchable: scanned === 0 || shown };
}

/**
 * Whether a list is newest first, as far as its records prove it: every readable, zoned time so
 * far no later than the one before, and at least one earlier (a list of one time, or of times
 * that cannot be read, proves no order).
 */
class NewestFirstProof {
  #previous: number | undefined;
  #descending = true;
  #proven = false;

  /** Whether `item` proves the rest of the list older than `since`. */
  olderThan(item: unknown, since: number): boolean {
    const found = findCreatedAt(item);
    const created = found === undefined ? undefined : zonedTimestampMs(found.value);
    if (created === undefined) return false;
    if (this.#previous !== undefined) {
      if (created > this.#previous) this.#descending = false;
      else if (created < this.#previous) this.#proven = true;
    }
    this.#previous = created;
    return this.#descending && this.#proven && created < since;
  }
}

/** The exit-10 error of a look-up that could not read the whole window: nothing was sent. */
function incompleteLookup(what: 'payouts' | 'charges', since: number, read: string): IncompleteLookup {
  return new IncompleteLookup({
    what: listNoun(what),
    since: new Date(since).toISOString(),
    read,
  });
}

/** A look-up that could not read its whole window, with what it read (said again after a 429). */
class IncompleteLookup extends IncompleteError {
  readonly lookup: { what: string; since: string; read: string };
  constructor(lookup: { what: string; since: string; read: string }) {
    super(sayShared('lookupIncomplete', lookup), {
      code: 'mark_lookup_incomplete',
      hint: sayShared('lookupIncompleteHint'),
    });
    this.lookup = lookup;
  }
}

/** Thrown by a keyed create's look before a retry when it found what the key made: not sent again. */
export class MadeBeforeRetry<T> extends Error {
  readonly made: T;
  constructor(made: T) {
    super('the create was made before the gateway answered 429');
    this.made = made;
  }
}

/**
 * What a keyed create does before it is sent again after the gateway's 429 (api/requester.ts,
 * BeforeRetry): `lookUp` looks for the key's mark. Found: MadeBeforeRetry, nothing sent again;
 * none in a complete look-up: the retry goes; a look-up that could not be completed: the 429 may
 * have come after the create was made, so the outcome is unknown (exit 9), nothing more sent.
 */
export function lookBeforeRetry<T>(lookUp: () => Promise<T | undefined>): BeforeRetry {
  return async () => {
    let made: T | undefined;
    try {
      made = await lookUp();
    } catch (error) {
      if (!(error instanceof IncompleteError)) throw error;
      throw new PaygateError(
        error instanceof IncompleteLookup
          ? sayShared('lookupIncompleteAfter429', error.lookup)
          : sayShared('after429', { problem: error.message.replace(/, so nothing was sent$/, '') }),
        ExitCode.OutcomeUnknown,
        { type: 'outcome_unknown', code: 'mark_lookup_incomplete' },
      );
    }
    if (made !== undefined) throw new MadeBeforeRetry(made);
  };
}

const toldUnsearchable = new WeakSet<object>();

/** Says once per run that the gateway cannot be searched for the key's mark. */
export function tellUnsearchable(context: Context, what: 'payouts' | 'charges'): void {
  if (toldUnsearchable.has(context.io)) return;
  toldUnsearchable.add(context.io);
  // A payout's mark may be in any text field: only a list whose records show none of the fields
  // that keep what they were sent (a description, a comment, metadata) says the search is blind.
  context.log.warn(what === 'payouts' ? sayShared('payoutsUnsearchable') : sayShared('chargesUnsearchable'));
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
 * Reconcile (payout and charge): once the skew is taken off, what was created up to this much
 * before the intent still matches (the skew is measured to about a second; the clock may have
 * been stepped since the run).
 */
export const INTENT_MARGIN_MS = 60_000;

/** The gateway's clock, read from the `Date` header of a GET of `path` (one item; clockOfAnswer). */
export async function gatewayClock(context: Context, path: string): Promise<GatewayClock> {
  const client = await context.client();
  const before = context.clock.now();
  const response = await client.requestEnvelope('GET', path, { query: { limit: 1 }, signal: context.signal });
  const after = context.clock.now();
  const reading = clockOfAnswer(before, after, response.headers.date);
  if (!reading) {
    context.log.debug('the gateway sent no Date header: going by the local clock');
    return { now: (before + after) / 2, skewMs: 0, known: false };
  }
  const { now, skewMs } = reading;
  if (Math.abs(skewMs) > SKEW_TOLD_MS) {
    const duration = durationText(Math.abs(skewMs));
    context.log.warn(
      skewMs < 0 ? sayShared('clockAhead', { duration }) : sayShared('clockBehind', { duration }),
    );
  }
  return { now, skewMs, known: true };
}

/**
 * How a journal entry's own times (intent.at, sent_at: its writer's clock) are placed on the
 * gateway's: by the skew its writer recorded; else by this run's (`clock`) when the entry was
 * written on this host, or the person declares the clocks agreed (`sameClock`); else they cannot
 * be, and `host` names the writer.
 */
export type EntryClock = { known: true; skewMs: number } | { known: false; host: string };

export async function entryClock(
  store: JournalRecordStore,
  entry: JournalRecord,
  clock: GatewayClock,
  sameClock: boolean,
): Promise<EntryClock> {
  if (typeof entry.clock_skew_ms === 'number' && Number.isFinite(entry.clock_skew_ms)) {
    return { known: true, skewMs: entry.clock_skew_ms };
  }
  const host = writerOf(await store.history(entry.key), entry);
  if (sameClock || host === store.host) return { known: true, skewMs: clock.skewMs };
  return { known: false, host };
}

/**
 * The host that wrote the entry's times: that of the `sent` record of its attempt, else of its
 * intent (a later record, such as an unreadable one's `unknown`, may come from a reconcile
 * elsewhere).
 */
function writerOf(history: readonly JournalRecord[], entry: JournalRecord): string {
  const latestFirst = history.filter((record) => record.attempt === entry.attempt).reverse();
  const written =
    latestFirst.find((record) => record.state === 'sent') ??
    latestFirst.find((record) => record.state === 'intent');
  return (written ?? entry).host;
}
