// List pagination. The list shape is not documented, and each gateway pages in its own words, so
// every common vocabulary is spoken and read:
// - requests carry the page in each common form: `page` (from 1) and `limit`, `size`, `offset`
//   and `skip` (items before the page), `paginacao.paginaAtual` (from 0) and
//   `paginacao.itensPorPagina`, and `cursor`/`starting_after` once the gateway gave a cursor;
// - the items are `data: [...]`, or a list member (`items`, `data`, `results`, `charges`, `cobs`,
//   `transfers`, `payouts`, `payments`) of `data` or of the answer itself;
// - what says whether more follows is read wherever it is (`pagination`, `meta`, `paging`,
//   `pageInfo`, `parametros.paginacao`, the answer, its `data`): `has_more`/`hasMore`/
//   `hasNextPage`, a next cursor (`next_cursor`, `endCursor`), `next`/`next_page`, `total_pages`/
//   `quantidadeDePaginas`, `total`/`totalCount`/`quantidadeTotalDeItens`.
// A page shorter than asked is the end only when nothing says otherwise. A listing that cannot be
// read to the end (a page that repeats the last one, an empty page before the count the gateway
// gave, a bound reached) says so in its summary: never a quiet partial list. listAll() streams: it
// holds one page at a time (and the next, prefetched).

import { findId, receivedData, resourceId, unwrapResource } from '../domain/resource-fields.js';
import { apiFact, type Fact, IncompleteError, sayFact } from '../errors.js';
import { MalformedResponseError } from './errors.js';
import { extract, type PagingFacts, pagingOf, positiveInt } from './page-vocabulary.js';
import type { ApiRequester } from './requester.js';
import type { Needs } from './required-fields.js';
import { requireFields } from './unusable-answer.js';
import type { QueryValue } from './url.js';

export const DEFAULT_PAGE_SIZE = 100;

export interface ListPageOptions {
  query?: Record<string, QueryValue>;
  /**
   * What each item must have; the raw values are returned, a resource listed inside a wrapper
   * (`{payment: {...}, transaction: {...}}`) taken out of it (receivedData() gives the item back).
   */
  needs?: Needs;
  /** 1-based page number (default 1, or `query.page`). */
  page?: number;
  /** Page size (default `query.limit`, else 100). */
  limit?: number;
  /** How many items the earlier pages held (sent as `offset` and `skip`; default (page - 1) × limit). */
  offset?: number;
  /** A cursor the previous page gave. */
  cursor?: string;
  /** Id of the last item of the previous page (sent as `starting_after` with a cursor). */
  startingAfter?: string;
  signal?: AbortSignal;
}

export interface Page<T> extends PagingFacts {
  items: T[];
  /** The page number this was (as requested). */
  page: number;
  limit: number;
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
  /** Items yielded (an item a page repeated from the one before is yielded once). */
  items: number;
  /** Items the gateway's pages held. */
  read: number;
  /** The number of items the gateway last said the list has. */
  total?: number;
  /** True when maxPages stopped the listing while the server had more. */
  truncated: boolean;
  /** Why the end of the list could not be reached although the gateway has more, if so. */
  unfinished?: string;
}

/** The query of one page: the page in every common vocabulary. */
function pageQuery(
  options: ListPageOptions,
  page: number,
  limit: number,
  offset: number,
): Record<string, QueryValue> {
  const query = { ...(options.query ?? {}) };
  query.page = page;
  query.limit = limit;
  query.size = limit;
  query.offset = offset;
  query.skip = offset;
  query['paginacao.paginaAtual'] = page - 1;
  query['paginacao.itensPorPagina'] = limit;
  if (options.cursor !== undefined) {
    query.cursor = options.cursor;
    if (options.startingAfter !== undefined) query.starting_after = options.startingAfter;
  }
  return query;
}

/** Fetches one page. */
export async function listPage<T = unknown>(
  client: ApiRequester,
  path: string,
  options: ListPageOptions = {},
): Promise<Page<T>> {
  const page = options.page ?? positiveInt(options.query?.page) ?? 1;
  const limit = options.limit ?? positiveInt(options.query?.limit) ?? DEFAULT_PAGE_SIZE;
  const offset = options.offset ?? (page - 1) * limit;
  const query = pageQuery(options, page, limit, offset);
  const response = await client.requestEnvelope('GET', path, { query, signal: options.signal });
  const { method, url, status } = response;
  const found = extract(response.envelope);
  if (!found) {
    throw new MalformedResponseError(apiFact('notAList', { request: `${method} ${url}`, status }), {
      status,
      contentType: response.headers['content-type'],
      method,
      url,
      reason: sayFact(apiFact('dataNotAList')),
    });
  }
  const { items, sources } = found;
  const needs = options.needs;
  if (needs) {
    items.forEach((item, index) => {
      requireFields(needs, item, { status, method, url, safe: true, path, root: `data[${index}]` });
    });
  }
  const resources = needs && Object.keys(needs).length > 0 ? items.map(unwrapResource) : items;
  return { items: resources as T[], page, limit, ...pagingOf(sources, items.length, page, offset) };
}

/** What tells items apart: the id under its common names, else the whole item as received. */
function identity(item: unknown): string {
  const id = findId(item);
  return id !== undefined ? `${id.name}:${id.value as string}` : JSON.stringify(receivedData(item));
}

/**
 * Every item of a list, page after page, as an async iterator (for await ... of). The next page
 * is requested as soon as the current one has arrived, while the consumer writes it out: a
 * listing is not one round trip per page slower than the rate budget allows, and at most two
 * pages are held. Stops at the last page, at `maxPages`, or where the gateway's paging is not
 * understood (a page that repeats the one before, an empty page before the count it gave). The
 * generator's return value says whether and why the listing stopped before the end.
 */
export async function* listAll<T = unknown>(
  client: ApiRequester,
  path: string,
  options: ListAllOptions<T> = {},
): AsyncGenerator<T, ListAllSummary, undefined> {
  const limit = options.pageSize ?? positiveInt(options.query?.limit) ?? DEFAULT_PAGE_SIZE;
  const { limit: _limit, page: _page, ...query } = options.query ?? {};
  // A consumer that stops early (a --limit reached, `| head`) leaves the prefetched page unread:
  // it is aborted then, so that no request, and no retry of one, outlives the listing.
  const stopped = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopped.signal]) : stopped.signal;
  const request = (position: PagePosition) => {
    const next = listPage<T>(client, path, { query, needs: options.needs, limit, signal, ...position });
    next.catch(() => {});
    return next;
  };
  try {
    return yield* pagesFrom(client, path, options, request);
  } finally {
    stopped.abort();
  }
}

type PagePosition = Pick<ListPageOptions, 'page' | 'offset' | 'cursor' | 'startingAfter'>;

async function* pagesFrom<T>(
  client: ApiRequester,
  path: string,
  options: ListAllOptions<T>,
  request: (position: PagePosition) => Promise<Page<T>>,
): AsyncGenerator<T, ListAllSummary, undefined> {
  let position: PagePosition = { page: 1, offset: 0 };
  let pending = request(position);
  let previousIds = new Set<string>();
  const summary: ListAllSummary = { pages: 0, items: 0, read: 0, truncated: false };
  const stop = (unfinished?: string) => {
    if (unfinished !== undefined) {
      summary.unfinished = unfinished;
      client.trace(() => sayFact(apiFact('traceListingStops', { path, unfinished })));
    }
    return summary;
  };
  for (;;) {
    const page = await pending;
    const pageNumber = position.page!;
    summary.pages++;
    if (page.total !== undefined) summary.total = page.total;
    const ids = page.items.map(identity);
    if (summary.pages > 1 && ids.length > 0 && ids.every((id) => previousIds.has(id))) {
      return stop(sayFact(apiFact('pageRepeats', { page: pageNumber, previous: pageNumber - 1 })));
    }
    const fresh = page.items.filter((_, index) => !previousIds.has(ids[index]!));
    previousIds = new Set(ids);
    summary.read += page.items.length;
    options.onPage?.(page, summary.pages);
    const maxPagesReached = options.maxPages !== undefined && summary.pages >= options.maxPages;
    if (page.hasMore && !maxPagesReached) {
      const cursor = page.nextCursor;
      position = {
        page: page.nextPage ?? pageNumber + 1,
        offset: page.nextOffset ?? summary.read,
        cursor,
        startingAfter: cursor !== undefined ? resourceId(page.items[page.items.length - 1]) : undefined,
      };
      pending = request(position);
    }
    for (const item of fresh) {
      summary.items++;
      yield item;
    }
    if (page.hasMore && maxPagesReached) {
      summary.truncated = true;
      return stop();
    }
    if (!page.hasMore) {
      const short = summary.total !== undefined && summary.read < summary.total;
      const shortBy = { page: pageNumber, total: summary.total ?? 0 };
      return stop(
        short
          ? sayFact(apiFact(page.items.length === 0 ? 'pageEmptyShort' : 'pageLastShort', shortBy))
          : undefined,
      );
    }
  }
}

/** What a listing reads: a fact, worded in the run's language when its error is said. */
export type ListedThing = 'charges' | 'payouts';

const LISTED_NOUN = { charges: 'listedCharges', payouts: 'listedPayouts' } as const;

/**
 * The exit-10 error of a listing of `what` that did not reach the end of its list (`bound` names
 * the flag that cut it), or undefined when it did.
 */
export function incompleteListing(
  summary: ListAllSummary | undefined,
  what: ListedThing,
  bound?: string,
): IncompleteError | undefined {
  return incompleteError(summary, apiFact(LISTED_NOUN[what]), bound);
}

/** incompleteListing with the noun already said by the caller. */
function incompleteError(
  summary: ListAllSummary | undefined,
  noun: string | Fact,
  bound?: string,
): IncompleteError | undefined {
  const reading = incompleteReading(summary, noun, bound);
  if (reading === undefined) return undefined;
  return new IncompleteError(apiFact('incomplete', { reading }), {
    code: summary?.truncated ? 'list_truncated' : 'list_unfinished',
  });
}

/**
 * What an incomplete listing read, and why it stopped (`read 40 charges; stopped at --max-pages
 * (2 pages)`), for a message that says it in its own sentence; undefined when it read to the end.
 */
export function incompleteReading(
  summary: ListAllSummary | undefined,
  noun: string | Fact,
  bound: string = sayFact(apiFact('thePageLimit')),
): Fact | undefined {
  if (summary === undefined || (!summary.truncated && summary.unfinished === undefined)) return undefined;
  const pages = apiFact('pages', { count: summary.pages });
  const why = summary.unfinished ?? apiFact('stoppedAtBound', { bound, pages });
  const read = { read: summary.read, noun, why };
  return summary.total !== undefined && summary.total > summary.read
    ? apiFact('listReadOf', { ...read, total: summary.total })
    : apiFact('listRead', read);
}

/**
 * A listing as an AsyncIterable that keeps its summary once it ran to its end (a consumer that
 * stopped early, having what it needed, leaves none).
 */
export class Listing<T> implements AsyncIterable<T> {
  summary: ListAllSummary | undefined;
  readonly #generator: AsyncGenerator<T, ListAllSummary, undefined>;
  constructor(generator: AsyncGenerator<T, ListAllSummary, undefined>) {
    this.#generator = generator;
  }
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    this.summary = yield* this.#generator;
  }
  /** Exit 0 once what was read is printed; throws the exit-10 error when the list was not read to the end. */
  exitCode(noun: string, bound?: string): 0 {
    const incomplete = incompleteError(this.summary, noun, bound);
    if (incomplete) throw incomplete;
    return 0;
  }
}
