// The filters and order of `charge list` and `payout list`, applied here whatever the gateway did
// with them (DESIGN.md §10: a gateway may ignore `status`, `since`, `until` and newest-first).
// Paging stops early only on what the answers prove: while every item seen came newest first,
// the first --limit matches are the newest; once one came out of order, the whole list is read
// and the --limit newest kept (never more than that in memory). With --all the rows stream in the
// gateway's order, and a gateway that does not list newest first is said so.
import { parseDuration } from '../../domain/duration.js';
import { timestampMs } from '../../domain/instant.js';
import { UsageError } from '../../errors.js';

export interface ListFilter {
  status?: readonly string[];
  sinceMs?: number;
  untilMs?: number;
  externalId?: string;
}

interface Listed {
  status?: unknown;
  created_at?: unknown;
  external_id?: unknown;
}

export function matchesFilter(item: Listed, filter: ListFilter): boolean {
  if (filter.status && !filter.status.includes(String(item.status))) return false;
  if (filter.externalId !== undefined && item.external_id !== filter.externalId) return false;
  if (filter.sinceMs === undefined && filter.untilMs === undefined) return true;
  const created = timestampMs(item.created_at);
  if (created === undefined) return false;
  if (filter.sinceMs !== undefined && created < filter.sinceMs) return false;
  return filter.untilMs === undefined || created < filter.untilMs;
}

export interface NewestFirstOptions {
  filter: ListFilter;
  /** How many rows at most; Infinity with --all. */
  limit: number;
  /** Told once, when the gateway's order turns out not to be newest first. */
  onUnordered: (streaming: boolean) => void;
}

export async function* newestFirst<T extends Listed>(
  items: AsyncIterable<T>,
  options: NewestFirstOptions,
): AsyncGenerator<T> {
  const streaming = !Number.isFinite(options.limit);
  const kept: T[] = [];
  let ordered = true;
  let previous: number | undefined;
  for await (const item of items) {
    const created = timestampMs(item.created_at);
    if (created !== undefined) {
      if (ordered && previous !== undefined && created > previous) {
        ordered = false;
        options.onUnordered(streaming);
      }
      previous = created;
    }
    if (!matchesFilter(item, options.filter)) continue;
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
}

/** Sorts newest first (no time last) and keeps `limit`. */
function keepNewest<T extends Listed>(items: T[], limit: number): void {
  const time = (item: T) => timestampMs(item.created_at) ?? Number.NEGATIVE_INFINITY;
  items.sort((a, b) => time(b) - time(a));
  items.length = Math.min(items.length, limit);
}

/** What the user is told when the gateway's order is not newest first. */
export function unorderedNotice(what: string, streaming: boolean): string {
  return streaming
    ? `the gateway does not list ${what} newest first: rows follow its order (filters are applied here)`
    : `the gateway does not list ${what} newest first: reading the whole list to show the newest`;
}

const DURATION_AGO = /^\d+(?:ms|s|m|h|d)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A point in time from `--since`/`--until`: a duration ago (`7d`, `12h`, `90` seconds) on the
 * injected clock, an ISO date (`2026-11-01`, local midnight) or date-time (`2026-11-01T10:00`,
 * local unless it has a zone). Returns epoch ms.
 */
export function parseTimeArgument(text: string, flag: string, now: number): number {
  const value = text.trim();
  if (DURATION_AGO.test(value)) return now - parseDuration(value, flag);
  let ms = Number.NaN;
  if (DATE_ONLY.test(value)) ms = new Date(`${value}T00:00:00`).getTime();
  else if (DATE_TIME.test(value)) ms = Date.parse(value.replace(' ', 'T'));
  if (Number.isNaN(ms)) {
    throw new UsageError(
      `${flag}: ${JSON.stringify(text)} is not a time: use an ISO date (2026-11-01), a date-time ` +
        '(2026-11-01T14:30, 2026-11-01T14:30:00Z) or a duration ago (90m, 12h, 7d)',
      { field: flag },
    );
  }
  return ms;
}

/** `--since`/`--until` as epoch ms, the one before the other. */
export function parseTimeWindow(
  since: string | undefined,
  until: string | undefined,
  now: number,
): { sinceMs?: number; untilMs?: number } {
  const sinceMs = since === undefined ? undefined : parseTimeArgument(since, '--since', now);
  const untilMs = until === undefined ? undefined : parseTimeArgument(until, '--until', now);
  if (sinceMs !== undefined && untilMs !== undefined && sinceMs >= untilMs) {
    throw new UsageError('--since: must be before --until', { field: '--since' });
  }
  return { sinceMs, untilMs };
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
  const unknown = statuses.filter((status) => !choices.includes(status));
  if (unknown.length > 0) {
    throw new UsageError(
      `--status: ${unknown.map((status) => JSON.stringify(status)).join(', ')} is not one of ${choices.join(', ')}`,
      {
        field: '--status',
      },
    );
  }
  return statuses.length > 0 ? [...new Set(statuses)] : undefined;
}
