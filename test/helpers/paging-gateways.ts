// Test servers that page lists as five Brazilian gateways do (their public SDK and OpenAPI shapes),
// each inside the API's `{success: true}` envelope so that only the paging differs:
// - asaas: `offset`/`limit` (at most 100), `page` ignored; `{object, hasMore, totalCount, limit,
//   offset, data}`, newest first;
// - pagarme: `page`/`size` (default 10, at most 50), `limit` ignored; `{data, paging: {total,
//   previous, next}}` with `next` a link, newest first;
// - woovi: `skip`/`limit` (at most 100); `{data: {charges, pageInfo: {skip, limit, totalCount,
//   hasPreviousPage, hasNextPage}}}`, newest first;
// - mercadopago: `offset`/`limit` (at most 50); `{paging: {total, limit, offset}, results}`,
//   oldest first, creation time `date_created`;
// - efi: `paginacao.paginaAtual` (from 0)/`paginacao.itensPorPagina` (default 100); `{parametros:
//   {paginacao: {paginaAtual, itensPorPagina, quantidadeDePaginas, quantidadeTotalDeItens}}, cobs}`,
//   oldest first, creation time `calendario.criacao`;
// - deaf: answers the first 100 whatever is asked, with `total` (paging it cannot be driven).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PagingKind = 'asaas' | 'pagarme' | 'woovi' | 'mercadopago' | 'efi' | 'deaf';

export interface PagingGateway {
  url: string;
  env: Record<string, string>;
  /** The query of every list request, in order. */
  queries: Array<Record<string, string>>;
  charges: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

const SECRET = 'sk_paging_0123456789abcdef';
const HOUR = 3600_000;

function charge(index: number, count: number, kind: PagingKind, now: number): Record<string, unknown> {
  const created = new Date(now - (count - index) * HOUR).toISOString();
  const base = {
    id: `ch_${String(index).padStart(6, '0')}`,
    status: 'paid',
    amount: 1000 + index,
    external_id: `order-${index}`,
  };
  if (kind === 'mercadopago') return { ...base, date_created: created };
  if (kind === 'efi') return { ...base, calendario: { criacao: created, expiracao: 3600 } };
  return { ...base, created_at: created };
}

function int(value: string | null, fallback: number): number {
  return value !== null && /^\d+$/.test(value) ? Number(value) : fallback;
}

export async function startPagingGateway(kind: PagingKind, count = 250): Promise<PagingGateway> {
  const now = Date.now();
  // Index 1 is the oldest; the list order is the gateway's.
  const oldestFirst = Array.from({ length: count }, (_, i) => charge(i + 1, count, kind, now));
  const charges = kind === 'mercadopago' || kind === 'efi' ? oldestFirst : [...oldestFirst].reverse();
  const queries: PagingGateway['queries'] = [];

  function page(query: URLSearchParams): unknown {
    const total = charges.length;
    switch (kind) {
      case 'asaas': {
        const limit = Math.min(100, int(query.get('limit'), 10));
        const offset = int(query.get('offset'), 0);
        const data = charges.slice(offset, offset + limit);
        return {
          object: 'list',
          hasMore: offset + data.length < total,
          totalCount: total,
          limit,
          offset,
          data,
        };
      }
      case 'pagarme': {
        const size = Math.min(50, int(query.get('size'), 10));
        const number = int(query.get('page'), 1);
        const data = charges.slice((number - 1) * size, number * size);
        const link = (n: number) => `https://api.pagar.me/core/v5/charges?page=${n}&size=${size}`;
        return {
          data,
          paging: {
            total,
            previous: number > 1 ? link(number - 1) : null,
            next: number * size < total ? link(number + 1) : null,
          },
        };
      }
      case 'woovi': {
        const limit = Math.min(100, int(query.get('limit'), 20));
        const skip = int(query.get('skip'), 0);
        return {
          data: {
            charges: charges.slice(skip, skip + limit),
            pageInfo: {
              skip,
              limit,
              totalCount: total,
              hasPreviousPage: skip > 0,
              hasNextPage: skip + limit < total,
            },
          },
        };
      }
      case 'mercadopago': {
        const limit = Math.min(50, int(query.get('limit'), 30));
        const offset = int(query.get('offset'), 0);
        return { data: { paging: { total, limit, offset }, results: charges.slice(offset, offset + limit) } };
      }
      case 'efi': {
        const perPage = int(query.get('paginacao.itensPorPagina'), 100);
        const current = int(query.get('paginacao.paginaAtual'), 0);
        return {
          parametros: {
            inicio: new Date(now - 30 * 24 * HOUR).toISOString(),
            fim: new Date(now).toISOString(),
            paginacao: {
              paginaAtual: current,
              itensPorPagina: perPage,
              quantidadeDePaginas: Math.ceil(total / perPage),
              quantidadeTotalDeItens: total,
            },
          },
          cobs: charges.slice(current * perPage, (current + 1) * perPage),
        };
      }
      case 'deaf':
        return { data: charges.slice(0, 100), total };
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body: unknown;
    let status = 200;
    if (req.headers.authorization !== `Bearer ${SECRET}`) {
      status = 401;
      body = { success: false, error: { type: 'authentication_error', code: 'bad_key', message: 'bad key' } };
    } else if (url.pathname === '/v1/charges' || url.pathname === '/v1/payouts') {
      queries.push(Object.fromEntries(url.searchParams));
      const answer = page(url.searchParams) as Record<string, unknown>;
      body = { success: true, ...answer };
    } else {
      status = 404;
      body = { success: false, error: { type: 'not_found_error', code: 'not_found', message: 'Not found' } };
    }
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: { PAYGATE_BASE_URL: url, PAYGATE_SECRET_KEY: SECRET },
    queries,
    charges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
