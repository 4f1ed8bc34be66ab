import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { MalformedResponseError } from '../../src/api/errors.js';
import { Listing, listAll, listPage } from '../../src/api/pagination.js';
import { json, makeClient, ok, rejection, startServer, type TestServer } from './helpers.js';

let server: TestServer;
let client: Client;
beforeEach(async () => {
  server = await startServer();
  client = makeClient(server.url).client;
});
afterEach(async () => {
  await client.close();
  await server.close();
});

const item = (n: number) => ({ id: `ci_${String(n).padStart(12, '0')}`, status: 'paid', amount: n });
const itemNeeds = { id: 'string' } as const;

function params(url: string) {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

/** Serves `total` items; `shape` builds the body of a page. */
function serve(total: number, shape: (items: unknown[], page: number, limit: number) => unknown) {
  server.handle((req, res) => {
    const q = params(req.url);
    const page = Number(q.page ?? 1);
    const limit = Number(q.limit ?? 100);
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) =>
      item((page - 1) * limit + i + 1),
    );
    json(res, 200, shape(items, page, limit));
  });
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of iterable) out.push(value);
  return out;
}

describe('list shapes', () => {
  it('data: [...] with pagination {page, limit, total, has_more} (the sandbox shape)', async () => {
    serve(250, (items, page, limit) => ({
      success: true,
      data: items,
      pagination: { page, limit, total: 250, has_more: page * limit < 250 },
    }));
    const all = await collect(listAll(client, '/charges', { needs: itemNeeds, query: { status: 'paid' } }));
    expect(all).toHaveLength(250);
    expect(all[249]).toEqual(item(250));
    expect(server.requests.map((r) => params(r.url))).toEqual(
      [0, 1, 2].map((index) => ({
        status: 'paid',
        page: String(index + 1),
        limit: '100',
        size: '100',
        offset: String(index * 100),
        skip: String(index * 100),
        'paginacao.paginaAtual': String(index),
        'paginacao.itensPorPagina': '100',
      })),
    );
  });

  it('data: {items: [...], has_more} nested', async () => {
    serve(5, (items, page, limit) => ({ success: true, data: { items, has_more: page * limit < 5 } }));
    expect(await collect(listAll(client, '/charges', { pageSize: 2 }))).toHaveLength(5);
    expect(server.requests).toHaveLength(3);
  });

  it('data: {results: [...]} with total only', async () => {
    serve(4, (items) => ({ success: true, data: { results: items, total: 4 } }));
    expect(await collect(listAll(client, '/payouts', { pageSize: 2 }))).toHaveLength(4);
    expect(server.requests).toHaveLength(2); // total reached: no third request
  });

  it('data: {data: [...]} with next_page', async () => {
    serve(3, (items, page) => ({
      success: true,
      data: { data: items, next_page: page < 2 ? page + 1 : null },
    }));
    expect(await collect(listAll(client, '/charges', { pageSize: 2 }))).toHaveLength(3);
    expect(server.requests).toHaveLength(2);
  });

  it('next_cursor: sends cursor and starting_after, stops at a null cursor', async () => {
    server.handle((req, res) => {
      const q = params(req.url);
      if (!q.cursor) return json(res, 200, ok([item(1), item(2)], { next_cursor: 'c2' }));
      if (q.cursor === 'c2') return json(res, 200, ok([item(3), item(4)], { next_cursor: 'c3' }));
      return json(res, 200, ok([item(5)], { next_cursor: null }));
    });
    const all = await collect(listAll(client, '/charges', { pageSize: 2 }));
    expect(all.map((c) => (c as { amount: number }).amount)).toEqual([1, 2, 3, 4, 5]);
    expect(params(server.requests[1]!.url)).toMatchObject({
      cursor: 'c2',
      starting_after: item(2).id,
      limit: '2',
    });
    expect(server.requests).toHaveLength(3);
  });

  it('no pagination fields: a short page is the end once the next one, empty, confirms it', async () => {
    serve(5, (items) => ok(items));
    expect(await collect(listAll(client, '/charges', { pageSize: 2 }))).toHaveLength(5);
    expect(server.requests).toHaveLength(4);
  });

  // A gateway that gives at most 50 of the 100 asked and says nothing of paging: its short pages
  // are not the end. Read as the end, a keyed payout's look-up missed its earlier payout (record
  // 80 of 120) and paid again.
  it('no pagination fields, pages capped by the gateway: every item is read', async () => {
    server.handle((req, res) => {
      const q = params(req.url);
      const page = Number(q.page ?? 1);
      const items = Array.from({ length: Math.max(0, Math.min(50, 120 - (page - 1) * 50)) }, (_, i) =>
        item((page - 1) * 50 + i + 1),
      );
      json(res, 200, ok(items));
    });
    const listing = new Listing(listAll(client, '/charges'));
    const all = await collect(listing);
    expect(all.map((c) => (c as { amount: number }).amount)).toEqual(
      Array.from({ length: 120 }, (_, i) => i + 1),
    );
    expect(server.requests.map((request) => params(request.url).page)).toEqual(['1', '2', '3', '4']);
    expect(listing.summary).toMatchObject({ read: 120, truncated: false });
    expect(listing.summary?.unfinished).toBeUndefined();
  });

  it('no pagination fields: stops at an empty page', async () => {
    serve(4, (items) => ok(items));
    expect(await collect(listAll(client, '/charges', { pageSize: 2 }))).toHaveLength(4);
    expect(server.requests).toHaveLength(3);
  });

  it('has_more: true with an empty page still stops', async () => {
    server.handle((_req, res) => json(res, 200, ok([], { has_more: true })));
    expect(await collect(listAll(client, '/charges'))).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('a server that ignores page (same page again) does not loop forever, and the summary says why', async () => {
    server.handle((_req, res) => json(res, 200, ok([item(1), item(2)])));
    const listing = new Listing(listAll(client, '/charges', { pageSize: 2 }));
    expect(await collect(listing)).toHaveLength(2);
    expect(server.requests).toHaveLength(2);
    expect(listing.summary).toMatchObject({
      read: 2,
      unfinished: "page 2 repeats page 1 (the gateway's paging is not understood)",
    });
    expect(() => listing.exitCode('charges')).toThrow(
      "incomplete: read 2 charges; page 2 repeats page 1 (the gateway's paging is not understood)",
    );
  });

  it('data: null is an empty list; data that is not a list is a clear error', async () => {
    server.handle((_req, res) => json(res, 200, ok(null)));
    expect((await listPage(client, '/charges')).items).toEqual([]);
    server.handle((_req, res) => json(res, 200, ok({ foo: 1 })));
    const error = await rejection(listPage(client, '/charges'));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.exitCode).toBe(6);
  });

  it('an item that that lacks what is needed names its index', async () => {
    server.handle((_req, res) => json(res, 200, ok([item(1), { id: 2 }])));
    const error = await rejection(listPage(client, '/charges', { needs: itemNeeds }));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toContain('data[1].id');
  });
});

describe("the gateways' own paging words", () => {
  it('a short page is not the end while a `next` link says otherwise: its page is asked next, on our own host', async () => {
    server.handle((req, res) => {
      const page = Number(params(req.url).page);
      const items = page === 1 ? [item(1), item(2)] : [item(3)];
      const next = page === 1 ? 'https://elsewhere.example/core/v5/charges?page=2&size=2' : null;
      json(res, 200, ok(items, { paging: { total: 3, next } }));
    });
    const all = await collect(listAll(client, '/charges', { pageSize: 10 }));
    expect(all).toHaveLength(3);
    expect(server.requests.map((r) => params(r.url).page)).toEqual(['1', '2']);
  });

  it('an opaque `next` is a cursor; hasNextPage with endCursor too', async () => {
    server.handle((req, res) => {
      const cursor = params(req.url).cursor;
      if (cursor === undefined) return json(res, 200, ok([item(1)], { next: 'abc' }));
      if (cursor === 'abc')
        return json(res, 200, ok({ items: [item(2)], pageInfo: { hasNextPage: true, endCursor: 'def' } }));
      return json(res, 200, ok({ items: [item(3)], pageInfo: { hasNextPage: false, endCursor: 'ghi' } }));
    });
    expect(await collect(listAll(client, '/charges', { pageSize: 1 }))).toHaveLength(3);
    expect(server.requests.map((r) => params(r.url).cursor)).toEqual([undefined, 'abc', 'def']);
  });

  it('a short list the answer says is complete is one request', async () => {
    server.handle((_req, res) => json(res, 200, ok([item(1), item(2)], { hasMore: false, totalCount: 2 })));
    const listing = new Listing(listAll(client, '/charges'));
    expect(await collect(listing)).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
    expect(listing.exitCode('charges')).toBe(0);
  });

  it('a last page before the count the gateway gave: the summary says how much was read of it', async () => {
    server.handle((req, res) => {
      const page = Number(params(req.url).page);
      json(res, 200, ok(page === 1 ? [item(1), item(2)] : [], { total: 5 }));
    });
    const listing = new Listing(listAll(client, '/charges', { pageSize: 2 }));
    expect(await collect(listing)).toHaveLength(2);
    expect(() => listing.exitCode('charges')).toThrow(
      'incomplete: read 2 of 5 charges; page 2 was empty although the gateway counts 5',
    );
  });

  it('a page that overlaps the one before (a charge created meanwhile) yields each item once', async () => {
    server.handle((req, res) => {
      const offset = Number(params(req.url).offset);
      json(res, 200, ok(offset === 0 ? [item(1), item(2)] : [item(2), item(3)], { has_more: offset === 0 }));
    });
    const all = await collect(listAll(client, '/charges', { pageSize: 2 }));
    expect(all.map((charge) => (charge as { amount: number }).amount)).toEqual([1, 2, 3]);
  });
});

describe('listPage', () => {
  it('returns items, hasMore and total, with page and limit from the query', async () => {
    serve(30, (items, page, limit) =>
      ok(items, { pagination: { page, limit, total: 30, has_more: page * limit < 30 } }),
    );
    const page = await listPage(client, '/charges', { query: { limit: 20, status: 'pending' } });
    expect(page.items).toHaveLength(20);
    expect(page.hasMore).toBe(true);
    expect(page.total).toBe(30);
    expect(params(server.requests[0]!.url)).toMatchObject({ limit: '20', status: 'pending', page: '1' });
    const second = await listPage(client, '/charges', { query: { limit: 20 }, page: 2 });
    expect(second.items).toHaveLength(10);
    expect(second.hasMore).toBe(false);
  });
});

describe('listAll streams', () => {
  it('fetches the next page only when the consumer gets there', async () => {
    serve(1000, (items, page, limit) =>
      ok(items, { pagination: { page, limit, total: 1000, has_more: true } }),
    );
    const iterator = listAll(client, '/charges', { pageSize: 100 })[Symbol.asyncIterator]();
    await iterator.next();
    expect(server.requests).toHaveLength(1);
    for (let i = 1; i < 100; i++) await iterator.next();
    expect(server.requests).toHaveLength(1);
    await iterator.next(); // the 101st item
    expect(server.requests).toHaveLength(2);
    await iterator.return?.(undefined as never);
    expect(server.requests).toHaveLength(2);
  });

  it('breaking out of for-await stops the requests', async () => {
    serve(1000, (items) => ok(items, { has_more: true }));
    let seen = 0;
    for await (const _ of listAll(client, '/charges', { pageSize: 10 })) {
      if (++seen === 15) break;
    }
    expect(server.requests).toHaveLength(2);
  });

  it('maxPages bounds the scan and the summary says it was cut short', async () => {
    serve(1000, (items) => ok(items, { has_more: true }));
    const generator = listAll(client, '/charges', { pageSize: 10, maxPages: 3, onPage: () => undefined });
    let count = 0;
    let result = await generator.next();
    while (!result.done) {
      count++;
      result = await generator.next();
    }
    expect(count).toBe(30);
    expect(result.value).toEqual({ pages: 3, items: 30, read: 30, truncated: true });
    expect(server.requests).toHaveLength(3);
  });
});

describe('listAll prefetch', () => {
  it('asks for the next page while the consumer still writes the current one, and holds two at most', async () => {
    serve(6, (items, page, limit) => ({
      success: true,
      data: items,
      pagination: { page, limit, total: 6, has_more: page * limit < 6 },
    }));
    const iterator = listAll(client, '/charges', { pageSize: 2 });
    const first = await iterator.next();
    expect(first.value).toEqual(item(1));
    // The consumer has not asked for item 3, yet page 2 is on its way; page 3 is not, even a while
    // after page 2 arrived.
    await vi.waitFor(() => expect(server.requests.map((r) => params(r.url).page)).toEqual(['1', '2']), {
      timeout: 10_000,
      interval: 5,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.map((r) => params(r.url).page)).toEqual(['1', '2']);
    const rest = await collect({ [Symbol.asyncIterator]: () => iterator });
    expect(rest).toHaveLength(5);
    expect(server.requests.map((r) => params(r.url).page)).toEqual(['1', '2', '3']);
  });

  it('a consumer that stops early leaves no failure behind', async () => {
    let calls = 0;
    server.handle((_req, res) => {
      calls++;
      if (calls === 1)
        json(res, 200, { success: true, data: [item(1), item(2)], pagination: { has_more: true } });
      else
        json(res, 404, { success: false, error: { type: 'not_found_error', code: 'gone', message: 'gone' } });
    });
    for await (const value of listAll(client, '/charges', { pageSize: 2 })) {
      expect(value).toEqual(item(1));
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBeLessThanOrEqual(2);
  });

  it('the prefetched page is aborted when the consumer stops: no request outlives the listing', async () => {
    let calls = 0;
    let abandoned = false;
    server.handle((_req, res) => {
      calls++;
      if (calls === 1) {
        json(res, 200, { success: true, data: [item(1), item(2)], pagination: { has_more: true } });
        return;
      }
      // Page 2 answers slowly: the listing is over before it could.
      res.on('close', () => {
        if (!res.writableEnded) abandoned = true;
      });
      setTimeout(() => {
        if (!res.destroyed)
          json(res, 200, { success: true, data: [item(3)], pagination: { has_more: false } });
      }, 300);
    });
    for await (const value of listAll(client, '/charges', { pageSize: 2 })) {
      expect(value).toEqual(item(1));
      // Let the prefetch reach the server before stopping.
      await vi.waitFor(() => expect(calls).toBe(2), { timeout: 10_000, interval: 5 });
      break;
    }
    await vi.waitFor(() => expect(abandoned).toBe(true), { timeout: 10_000, interval: 5 });
    expect(calls).toBe(2);
  });
});
