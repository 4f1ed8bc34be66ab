// List pagination (DESIGN.md §4). The list shape is not documented, so every common one is read:
//   {data: [...]}                                        items in data
//   {data: {items|data|results: [...]}}                  items nested
// with pagination fields (`has_more`, `next_page`, `total`, `next_cursor`, `total_pages`; camelCase
// too) in `pagination`/`meta`, at the top level, or inside `data`. Pages are requested with `page`
// and `limit`, plus `cursor` and `starting_after` once the server gave a `next_cursor`. Without
// any pagination field, a short or empty page is the last. listAll() streams: it holds one page
// at a time and fetches the next only when the consumer asks for more.

import { isJsonObject } from '../json.js';
import type { Client } from './client.js';
import { MalformedResponseError } from './errors.js';
import type { Needs } from './needs.js';
import { checkShape } from './shape.js';
import type { QueryValue } from './url.js';

export const DEFAULT_PAGE_SIZE = 100;

export interface ListPageOptions {
  query?: Record<string, QueryValue>;
  /** What each item must have; the raw values are returned. */
  needs?: Needs;
  /** 1-based page number (default 1, or `query.page`). */
  page?: number;
  /** Page size (default `query.limit`, else 100). */
  limit?: number;
  /** A `next_cursor` the previous page gave. */
  cursor?: string;
  /** Id of the last item of the previous page (sent as `starting_after` with a cursor). */
  startingAfter?: string;
  signal?: AbortSignal;
}

export interface Page<T> {
  items: T[];
  /** Whether another page follows. */
  hasMore: boolean;
  /** Total number of items, when the server says. */
  total?: number;
  /** The page number this was (as requested). */
  page: number;
  limit: number;
  nextCursor?: string;
  nextPage?: number;
}

export interface ListAllOptions<T = unknown> {
  query?: Record<string, QueryValue>;
  needs?: Needs;
  /** Items per request, default 100. */
  pageSize?: number;
  /** Stop after this many pages (bounded scans such as `charge find --max-pages`). */
  maxPages?: number;
  signal?: AbortSignal;
  /** Told about each page as it arrives (progress, "stopped at --max-pages" notices). */
  onPage?: (page: Page<T>, pagesSoFar: number) => void;
}

/** The listAll() options of the resource modules (query and needs are theirs). */
export interface ResourceListAllOptions<T> {
  pageSize?: number;
  maxPages?: number;
  signal?: AbortSignal;
  onPage?: (page: Page<T>, pagesSoFar: number) => void;
}

export interface ListAllSummary {
  pages: number;
  items: number;
  /** True when maxPages stopped the listing while the server had more. */
  truncated: boolean;
}

const ITEM_KEYS = ['items', 'data', 'results'] as const;

/** The items and the objects that may carry pagination fields, nearest first. */
function extract(
  envelope: Record<string, unknown>,
): { items: unknown[]; sources: Record<string, unknown>[] } | undefined {
  const data = envelope.data;
  const around = [envelope.pagination, envelope.meta, envelope].filter(isJsonObject);
  if (data === null || data === undefined) return { items: [], sources: around };
  if (Array.isArray(data)) return { items: data, sources: around };
  if (!isJsonObject(data)) return undefined;
  // A gateway may name its list after the resource (`{webhooks: [...]}`): an object with exactly
  // one list-valued field holds that list.
  const lists = Object.keys(data).filter((key) => Array.isArray(data[key]));
  const key =
    ITEM_KEYS.find((name) => Array.isArray(data[name])) ?? (lists.length === 1 ? lists[0] : undefined);
  if (key === undefined) return undefined;
  return {
    items: data[key] as unknown[],
    sources: [data.pagination, data.meta, data, ...around].filter(isJsonObject),
  };
}

/** The first source that has one of `names` (present, even null), with its value. */
function field(sources: Record<string, unknown>[], ...names: string[]): { present: boolean; value: unknown } {
  for (const source of sources) {
    for (const name of names) {
      if (Object.hasOwn(source, name)) return { present: true, value: source[name] };
    }
  }
  return { present: false, value: undefined };
}

function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** Fetches one page. */
export async function listPage<T = unknown>(
  client: Client,
  path: string,
  options: ListPageOptions = {},
): Promise<Page<T>> {
  const query = { ...(options.query ?? {}) };
  const page = options.page ?? positiveInt(query.page) ?? 1;
  const limit = options.limit ?? positiveInt(query.limit) ?? DEFAULT_PAGE_SIZE;
  query.page = page;
  query.limit = limit;
  if (options.cursor !== undefined) {
    query.cursor = options.cursor;
    if (options.startingAfter !== undefined) query.starting_after = options.startingAfter;
  }
  const response = await client.requestEnvelope('GET', path, { query, signal: options.signal });
  const { method, url, status } = response;
  const found = extract(response.envelope);
  if (!found) {
    throw new MalformedResponseError(
      `${method} ${url}: unexpected answer: HTTP ${status} with data that is not a list (expected data: [...], or an object holding one list such as data.items)`,
      { status, contentType: response.headers['content-type'], method, url, reason: 'data is not a list' },
    );
  }
  const { items, sources } = found;
  if (options.needs) {
    items.forEach((item, index) => {
      checkShape(options.needs!, item, { status, method, url, safe: true, path, root: `data[${index}]` });
    });
  }

  const hasMoreField = field(sources, 'has_more', 'hasMore');
  const cursorField = field(sources, 'next_cursor', 'nextCursor');
  const nextPageField = field(sources, 'next_page', 'nextPage');
  const total = positiveInt(field(sources, 'total', 'total_count', 'totalCount').value);
  const totalPages = positiveInt(field(sources, 'total_pages', 'totalPages').value);
  const nextCursor =
    typeof cursorField.value === 'string' && cursorField.value !== '' ? cursorField.value : undefined;
  const nextPage = positiveInt(nextPageField.value);

  let hasMore: boolean;
  if (items.length === 0) hasMore = false;
  else if (typeof hasMoreField.value === 'boolean') hasMore = hasMoreField.value;
  else if (cursorField.present) hasMore = nextCursor !== undefined;
  else if (nextPageField.present) hasMore = nextPage !== undefined;
  else if (totalPages !== undefined) hasMore = page < totalPages;
  else if (total !== undefined) hasMore = (page - 1) * limit + items.length < total;
  else hasMore = items.length >= limit;

  return {
    items: items as T[],
    hasMore,
    page,
    limit,
    ...(total !== undefined ? { total } : {}),
    ...(nextCursor !== undefined ? { nextCursor } : {}),
    ...(nextPage !== undefined ? { nextPage } : {}),
  };
}

function identity(item: unknown): string | undefined {
  if (isJsonObject(item) && (typeof item.id === 'string' || typeof item.id === 'number'))
    return String(item.id);
  return undefined;
}

/**
 * Every item of a list, page after page, as an async iterator (for await ... of). The next page
 * is requested as soon as the current one has arrived, while the consumer writes it out: a
 * listing is not one round trip per page slower than the rate budget allows, and at most two
 * pages are held. Stops at the last page, at `maxPages`, or when the server answers the same
 * page twice (it ignores `page`). The generator's return value says whether maxPages cut the
 * listing short.
 */
export async function* listAll<T = unknown>(
  client: Client,
  path: string,
  options: ListAllOptions<T> = {},
): AsyncGenerator<T, ListAllSummary, undefined> {
  const limit = options.pageSize ?? positiveInt(options.query?.limit) ?? DEFAULT_PAGE_SIZE;
  const { limit: _limit, page: _page, ...query } = options.query ?? {};
  // A consumer that stops early (a --limit reached, `| head`) leaves the prefetched page unread:
  // it is aborted then, so that no request, and no retry of one, outlives the listing.
  const stopped = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopped.signal]) : stopped.signal;
  const request = (pageNumber: number, cursor?: string, startingAfter?: string) => {
    const next = listPage<T>(client, path, {
      query,
      needs: options.needs,
      page: pageNumber,
      limit,
      cursor,
      startingAfter,
      signal,
    });
    next.catch(() => {});
    return next;
  };
  try {
    return yield* pagesFrom(client, path, options, request);
  } finally {
    stopped.abort();
  }
}

async function* pagesFrom<T>(
  client: Client,
  path: string,
  options: ListAllOptions<T>,
  request: (pageNumber: number, cursor?: string, startingAfter?: string) => Promise<Page<T>>,
): AsyncGenerator<T, ListAllSummary, undefined> {
  let pageNumber = 1;
  let pending = request(pageNumber);
  let previousFirst: string | undefined;
  let pages = 0;
  let count = 0;
  for (;;) {
    const page = await pending;
    pages++;
    const first = page.items.length ? (identity(page.items[0]) ?? JSON.stringify(page.items[0])) : undefined;
    if (pages > 1 && first !== undefined && first === previousFirst) {
      // The server ignored the paging parameters and sent the same page again.
      client.trace(`... ${path}: page ${pageNumber} repeats page ${pageNumber - 1}; stopping the listing`);
      return { pages, items: count, truncated: false };
    }
    previousFirst = first;
    options.onPage?.(page, pages);
    const maxPagesReached = options.maxPages !== undefined && pages >= options.maxPages;
    if (page.hasMore && !maxPagesReached) {
      const cursor = page.nextCursor;
      const startingAfter = cursor !== undefined ? identity(page.items[page.items.length - 1]) : undefined;
      pageNumber = page.nextPage ?? pageNumber + 1;
      pending = request(pageNumber, cursor, startingAfter);
    }
    for (const item of page.items) {
      count++;
      yield item;
    }
    if (!page.hasMore) return { pages, items: count, truncated: false };
    if (maxPagesReached) return { pages, items: count, truncated: true };
  }
}
