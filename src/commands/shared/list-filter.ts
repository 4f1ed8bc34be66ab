// The filters and order of `charge list` and `payout list`, applied here whatever the gateway did
// with them (a gateway may ignore `status`, `since`, `until` and newest-first). Statuses match in
// any letter case, and a status word declared for the profile (`RECEIVED=paid`) matches the status
// it reads as; the creation time is read under each gateway's name for it, and an item whose
// time cannot be read is kept and counted, never silently dropped.
// Paging stops early only on what the answers prove: while every item seen came newest first,
// the first --limit matches are the newest, and (but with --all) an item older than --since ends
// the list, the rest being older still. Once one came out of order, the whole list is read and
// the --limit newest kept (never more than that in memory; a --since/--until range without
// --limit keeps every match). With --all the rows stream in the gateway's order, and a gateway
// that does not list newest first is said so.
import type { Listing } from '../../api/pagination.js';
import { localDayEnd, localDayStart, writtenTime } from '../../domain/instant.js';
import { findCreatedAt, hasExternalId } from '../../domain/resource-fields.js';
import { readStatus, type StatusWords } from '../../domain/status.js';
import { IncompleteError, ruleBroken, UsageError } from '../../errors.js';
import { localZoneName } from '../../output/format.js';
import { sayShared } from '../../text/en/shared.js';
import type { TimeWindow } from './time-window.js';

/** Rows a list shows without --limit, --all or a --since/--until range. */
export const DEFAULT_LIST_LIMIT = 20;

/** Pages a --since/--until range reads without --max-pages (100 items a page). */
export const DEFAULT_RANGE_MAX_PAGES = 50;

/** How much of a list is read and shown. */
export interface ListBounds {
  /** Rows at most: Infinity with --all, or for a --since/--until range without --limit. */
  limit: number;
  /**
   * True when no flag chose the limit (the default 20): rows it leaves out are said on stderr in
   * every output mode, as an export cut short must never pass for a whole one.
   */
  defaultLimit: boolean;
  /** Pages read at most (exit 10 when the gateway has more); undefined: no bound. */
  maxPages?: number;
  /** --all: rows stream in the gateway's order; else they are shown newest first. */
  streaming: boolean;
}

/**
 * --limit, --all (which --limit would contradict) and --max-pages: an export of a date range
 * (`--since 2026-11-01 -o csv`) is the whole range, bounded by --max-pages; else the newest 20.
 */
export function listBounds(
  options: { limit?: number; all?: boolean; maxPages?: number },
  window: TimeWindow,
): ListBounds {
  if (options.all === true && options.limit !== undefined) {
    throw new UsageError(sayShared('limitAndAll'), {
      field: '--limit',
    });
  }
  const range = window.since !== undefined || window.until !== undefined;
  const chosen = options.all === true || options.limit !== undefined;
  const byRange = range && !chosen;
  const maxPages = options.maxPages ?? (byRange ? DEFAULT_RANGE_MAX_PAGES : undefined);
  return {
    limit: options.all === true || byRange ? Number.POSITIVE_INFINITY : (options.limit ?? DEFAULT_LIST_LIMIT),
    defaultLimit: !chosen && !range,
    ...(maxPages !== undefined ? { maxPages } : {}),
    streaming: options.all === true,
  };
}

/**
 * What the gateway said of a list beyond the rows shown (its pages' has-more and total), for the
 * line a person at a terminal gets when --limit hid some: gh says so of its truncated lists too.
 */
export class ListExtent {
  #more = false;
  #total: number | undefined;
  #shown = 0;
  readonly onPage = (page: { hasMore: boolean; total?: number }): void => {
    this.#more = page.hasMore;
    if (page.total !== undefined) this.#total = page.total;
  };

  async *counted<T>(rows: AsyncIterable<T>): AsyncGenerator<T> {
    for await (const row of rows) {
      this.#shown++;
      yield row;
    }
  }

  /** The line to print when the rows stopped at `limit` and the gateway has more, else undefined. */
  notice(what: string, limit: number, filtered: boolean): string | undefined {
    if (!Number.isFinite(limit) || this.#shown < limit) return undefined;
    const total = this.#total !== undefined && this.#total > this.#shown ? this.#total : undefined;
    if (!this.#more && total === undefined) return undefined;
    const shown = { count: this.#shown, what: listNoun(what) };
    if (filtered) return sayShared('showingNewestMatching', shown);
    return total !== undefined
      ? sayShared('showingNewestOfTotal', { ...shown, total })
      : sayShared('showingNewest', shown);
  }
}

export interface ListFilter {
  status?: readonly string[];
  /** The gateway's words declared for this resource: `--status paid` keeps a declared `RECEIVED`. */
  statusWords?: StatusWords;
  sinceMs?: number;
  untilMs?: number;
  externalId?: string;
}

export interface Listed {
  status?: unknown;
}

/**
 * An item's creation time under any of its common names, as the span it names in epoch ms: an
 * instant is a point; a date-only value (`dateCreated: "2026-11-26"`) is its whole local day, the
 * day `--since 2026-11-26` starts; a date-time without a zone is read in the local zone, as
 * `--since` reads one (`wallClock`: said to the user when it decided a filter).
 */
function createdSpan(item: unknown): { from: number; to: number; wallClock: boolean } | undefined {
  const found = findCreatedAt(item);
  const time = found === undefined ? undefined : writtenTime(found.value);
  if (time === undefined) return undefined;
  if (time.kind === 'date') {
    const from = localDayStart(time.date);
    const to = localDayEnd(time.date);
    return from === undefined || to === undefined ? undefined : { from, to, wallClock: false };
  }
  const ms = time.kind === 'instant' ? time.ms : Date.parse(time.text.replace(' ', 'T'));
  return { from: ms, to: ms, wallClock: time.kind === 'wall_clock' };
}

/** Epoch ms of an item's creation time (a date-only one: its local day's start), or undefined. */
export function createdAtOf(item: unknown): number | undefined {
  return createdSpan(item)?.from;
}

/**
 * Whether an item passes the filter: `yes`, `no`, or, for an item that passes every other part
 * and is kept: `undated` when no creation time could be read, `date_only` when it carries only a
 * date and --since/--until cut that very day at a time of day, `wall_clock` when a time without a
 * zone (read as local time) decided it.
 */
export function matchesFilter(
  item: Listed,
  filter: ListFilter,
): 'yes' | 'no' | 'undated' | 'date_only' | 'wall_clock' {
  if (filter.status && !filter.status.includes(readStatus(item.status, filter.statusWords) ?? ''))
    return 'no';
  if (filter.externalId !== undefined && !hasExternalId(item, filter.externalId)) return 'no';
  const { sinceMs, untilMs } = filter;
  if (sinceMs === undefined && untilMs === undefined) return 'yes';
  const created = createdSpan(item);
  if (created === undefined) return 'undated';
  // The span is inside [since, until): yes; wholly outside: no; cut by a bound: a date's day
  // that --since/--until splits, which cannot be judged.
  const day = created.from !== created.to;
  if (sinceMs !== undefined && (day ? created.to <= sinceMs : created.from < sinceMs)) return 'no';
  if (untilMs !== undefined && created.from >= untilMs) return 'no';
  const cut =
    (sinceMs !== undefined && created.from < sinceMs) || (untilMs !== undefined && created.to > untilMs);
  if (day && cut) return 'date_only';
  return created.wallClock ? 'wall_clock' : 'yes';
}

export interface NewestFirstOptions {
  filter: ListFilter;
  /** How many rows at most; Infinity with --all or for a whole --since/--until range. */
  limit: number;
  /** Rows in the gateway's order as they come (--all); default: when `limit` is Infinity. */
  streaming?: boolean;
  /** Told once, when the gateway's order turns out not to be newest first. */
  onUnordered: (streaming: boolean) => void;
  /** Told, once the rows are out, how many were kept although --since/--until could not judge them. */
  onUndated?: (count: number) => void;
  /** Told, once the rows are out, how many kept rows carry only a date on a day --since/--until cut. */
  onDateOnly?: (count: number) => void;
  /** Told, once the rows are out, how many kept rows' times had no zone and were read as local time. */
  onWallClock?: (count: number) => void;
  /**
   * Told when a list that is not newest first was too long to read to its end for its newest
   * rows: how many items were read. The rows shown are the newest of those.
   */
  onCut?: (read: number) => void;
}

/**
 * How many items a list that is not newest first is read for its newest rows (without --all): a
 * gateway that lists oldest first puts them at the end, and reading a long list whole would take
 * thousands of requests.
 */
export const UNORDERED_READ_LIMIT = 1000;

export async function* newestFirst<T extends Listed>(
  items: AsyncIterable<T>,
  options: NewestFirstOptions,
): AsyncGenerator<T> {
  const streaming = options.streaming ?? !Number.isFinite(options.limit);
  const kept: T[] = [];
  let ordered = true;
  // A step down seen (an item older than the one before): the list is newest first, not one
  // item that happens to be alone in order.
  let descended = false;
  let previous: number | undefined;
  let undated = 0;
  let dateOnly = 0;
  let wallClock = 0;
  let read = 0;
  try {
    for await (const item of items) {
      if (!streaming && !ordered && read >= UNORDERED_READ_LIMIT) {
        options.onCut?.(read);
        break;
      }
      read++;
      const span = createdSpan(item);
      const created = span?.from;
      if (span !== undefined && created !== undefined) {
        if (ordered && previous !== undefined && created > previous) {
          ordered = false;
          options.onUnordered(streaming);
        }
        if (previous !== undefined && created < previous) descended = true;
        previous = created;
        // Newest first: what follows an item older than --since is older still (a gateway that
        // ignores `since` is not read to its end, nor to --max-pages). --all reads every page.
        // Only a time that names its instant proves it (a date's whole day, not its start, must be
        // before --since; a time without a zone proves nothing).
        const sinceMs = options.filter.sinceMs;
        const before =
          sinceMs !== undefined &&
          !span.wallClock &&
          (span.from === span.to ? span.from < sinceMs : span.to <= sinceMs);
        if (!streaming && ordered && descended && before) break;
      }
      const match = matchesFilter(item, options.filter);
      if (match === 'no') continue;
      if (match === 'undated') undated++;
      if (match === 'date_only') dateOnly++;
      if (match === 'wall_clock') wallClock++;
      if (streaming) {
        yield item;
        continue;
      }
      kept.push(item);
      if (ordered && kept.length >= options.limit) break;
      if (!ordered && kept.length >= 2 * options.limit) keepNewest(kept, options.limit);
    }
    if (!ordered) keepNewest(kept, options.limit);
    yield* kept.slice(0, options.limit);
  } finally {
    if (undated > 0) options.onUndated?.(undated);
    if (dateOnly > 0) options.onDateOnly?.(dateOnly);
    if (wallClock > 0) options.onWallClock?.(wallClock);
  }
}

/** Sorts newest first (no time last) and keeps `limit`. */
function keepNewest<T extends Listed>(items: T[], limit: number): void {
  const time = (item: T) => createdAtOf(item) ?? Number.NEGATIVE_INFINITY;
  items.sort((a, b) => time(b) - time(a));
  items.length = Math.min(items.length, limit);
}

/** A list's noun (`charges`, `payouts`) in the run's language; any other as it is. */
export function listNoun(what: string): string {
  return what === 'charges' ? sayShared('charges') : what === 'payouts' ? sayShared('payouts') : what;
}

/** What the user is told when some items could not be judged by --since/--until. */
export function undatedNotice(what: string, count: number): string {
  return sayShared('undated', { count, what: listNoun(what) });
}

/** What the user is told when some items carry only a date, on a day that --since/--until cut. */
export function dateOnlyNotice(what: string, count: number): string {
  return sayShared('dateOnly', { count, what: listNoun(what) });
}

/** What the user is told when some items' creation times have no zone. */
export function wallClockNotice(what: string, count: number): string {
  return sayShared('wallClock', { count, what: listNoun(what), zone: localZoneName() });
}

/** What the user is told when the gateway's order is not newest first. */
export function unorderedNotice(what: string, streaming: boolean): string {
  return streaming
    ? sayShared('unorderedStreaming', { what: listNoun(what) })
    : sayShared('unorderedReading', { what: listNoun(what), limit: UNORDERED_READ_LIMIT });
}

/**
 * How a listing shown through newestFirst ends: `onCut` is newestFirst's, `exitCode()` is called
 * once the rows are out: 0, or the exit-10 error of a list that was not read to its end (`bound`
 * names the flag that stopped the paging).
 */
export function listEnding(listing: Listing<unknown>, what: string, bound?: string) {
  let cutAt: number | undefined;
  return {
    onCut: (read: number) => {
      cutAt = read;
    },
    exitCode: (): 0 => {
      if (cutAt !== undefined) throw cutNotice(what, cutAt);
      return listing.exitCode(listNoun(what), bound);
    },
  };
}

/** The exit-10 error of a list not newest first that was too long to read whole for its newest rows. */
function cutNotice(what: string, read: number): IncompleteError {
  return new IncompleteError(sayShared('unorderedCut', { what: listNoun(what), read }), {
    code: 'list_unordered_cut',
    hint: sayShared('unorderedCutHint'),
  });
}

/** `--status paid --status refunded` or `--status paid,refunded`, each one of `choices`. */
export function parseStatuses(
  values: readonly string[] | undefined,
  choices: readonly string[],
): string[] | undefined {
  if (values === undefined) return undefined;
  const statuses = values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  // The first status that is not a choice is named, as every other refusal of a choice names one.
  const unknown = statuses.find((status) => !choices.includes(status.toLowerCase()));
  if (unknown !== undefined) {
    throw new UsageError(
      ruleBroken('mustBeOneOf', { field: '--status', value: unknown, values: choices.join(', ') }),
      {
        field: '--status',
      },
    );
  }
  // Statuses are matched in any letter case: a gateway may send `FAILED` for `failed`.
  return statuses.length > 0 ? [...new Set(statuses.map((status) => status.toLowerCase()))] : undefined;
}
