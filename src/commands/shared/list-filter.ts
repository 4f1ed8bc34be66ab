// The filters and order of `charge list` and `payout list`, applied here whatever the gateway did
// with them (DESIGN.md §10: a gateway may ignore `status`, `since`, `until` and newest-first).
// Paging stops early only on what the answers prove: while every item seen came newest first,
// the first --limit matches are the newest; once one came out of order, the whole list is read
// and the --limit newest kept (never more than that in memory). With --all the rows stream in the
// gateway's order, and a gateway that does not list newest first is said so.
import { timestampMs } from '../../domain/instant.js';

export interface ListFilter {
  status?: readonly string[];
  sinceMs?: number;
  untilMs?: number;
}

interface Listed {
  status?: unknown;
  created_at?: unknown;
}

export function matchesFilter(item: Listed, filter: ListFilter): boolean {
  if (filter.status && !filter.status.includes(String(item.status))) return false;
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
