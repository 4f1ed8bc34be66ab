import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { NotFoundError, OutcomeUnknownError } from '../../src/api/errors.js';
import { errorMessage } from '../../src/output/error-text.js';
import {
  drop,
  fail,
  json,
  makeClient,
  ok,
  PUBLIC,
  rejection,
  SECRET,
  sequence,
  startServer,
  type TestServer,
  text,
} from './helpers.js';

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

const charge = {
  id: 'ci_abcdefghijkl',
  status: 'pending',
  amount: 1500,
  pix: { txid: 'T'.repeat(26), emv: '000201...', expires_at: '2026-01-01T00:00:00Z' },
};
const payout = { id: 'co_abcdefghijkl', status: 'pending', amount: 500 };
const seen = (i = 0) => server.requests[i]!;

describe('resources are lazy properties', () => {
  it('returns the same instance each time', () => {
    expect(client.charges).toBe(client.charges);
    expect(client.webhooks).toBe(client.webhooks);
  });
});

describe('charges', () => {
  it('create: POST /v1/charges with the body, returns data as received', async () => {
    server.handle((_req, res) => json(res, 201, ok(charge)));
    const created = await client.charges.create({ amount: 1500, payment_method: 'pix' });
    expect(created).toEqual(charge);
    expect(seen().method).toBe('POST');
    expect(seen().url).toBe('/v1/charges');
    expect(JSON.parse(seen().body)).toEqual({ amount: 1500, payment_method: 'pix' });
  });

  it('create is not retried after a dropped connection', async () => {
    server.handle(drop);
    const error = await rejection(client.charges.create({ amount: 1, payment_method: 'pix' }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(server.requests).toHaveLength(1);
  });

  it('get: encodes the id, refuses empty and dot ids before sending', async () => {
    server.handle((_req, res) => json(res, 200, ok(charge)));
    await client.charges.get('ci_abc/../x?y');
    expect(seen().url).toBe('/v1/charges/ci_abc%2F..%2Fx%3Fy');
    for (const id of ['', '  ', '..', '.']) {
      const error = await rejection(client.charges.get(id));
      expect(error.exitCode).toBe(2);
    }
    expect(server.requests).toHaveLength(1);
  });

  it('list: one page; listAll: every page', async () => {
    server.handle((req, res) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
      const c = (n: number) => ({ ...charge, id: `ci_${n}` });
      json(res, 200, ok(page === 1 ? [c(1), c(2)] : [c(3)], { pagination: { has_more: page === 1 } }));
    });
    const page = await client.charges.list({ status: 'pending', limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.hasMore).toBe(true);
    expect(seen().url).toBe(
      '/v1/charges?status=pending&limit=2&page=1&size=2&offset=0&skip=0&paginacao.paginaAtual=0&paginacao.itensPorPagina=2',
    );
    const all = [];
    for await (const c of client.charges.listAll({ status: 'pending' }, { pageSize: 2 })) all.push(c);
    expect(all).toHaveLength(3);
  });

  it('refund and cancel: POST to their paths; answers of any charge-like shape', async () => {
    server.handle((_req, res) => json(res, 200, ok({ status: 'refunded' })));
    await expect(client.charges.refund('ci_1', { amount: 100 })).resolves.toEqual({ status: 'refunded' });
    await client.charges.cancel('ci_1');
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'POST /v1/charges/ci_1/refund {"amount":100}',
      'POST /v1/charges/ci_1/cancel {}',
    ]);
  });
});

describe('payouts', () => {
  it('create, get, list', async () => {
    server.handle((req, res) =>
      json(res, req.method === 'POST' ? 201 : 200, ok(req.url.includes('?') ? [payout] : payout)),
    );
    await expect(client.payouts.create({ amount: 500 })).resolves.toEqual(payout);
    await expect(client.payouts.get('co_abcdefghijkl')).resolves.toEqual(payout);
    expect((await client.payouts.list()).items).toEqual([payout]);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /v1/payouts',
      'GET /v1/payouts/co_abcdefghijkl',
      'GET /v1/payouts?page=1&limit=100&size=100&offset=0&skip=0&paginacao.paginaAtual=0&paginacao.itensPorPagina=100',
    ]);
  });

  it('a 5xx HTML page on create is outcome-unknown and points to payout list', async () => {
    server.handle((_req, res) => text(res, 504, '<html><title>504 Gateway Time-out</title></html>'));
    const error = await rejection(client.payouts.create({ amount: 500 }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    // A keyed run names its own `payout reconcile --key …`; an unkeyed one has only the list.
    expect(error.nextStep).toEqual({ kind: 'look_before_retrying', resource: { kind: 'payout' } });
    expect(errorMessage(error)).toContain('check with `paygate payout list`');
    expect(errorMessage(error)).not.toContain('--key K');
  });
});

describe('account, balance, sellers, tokens', () => {
  it('getAccount and getBalance', async () => {
    server.handle((req, res) =>
      json(
        res,
        200,
        ok(req.url.endsWith('/balance') ? { available: 10, pending: 0, reserved: 0 } : { seller_id: 1 }),
      ),
    );
    await expect(client.account.getAccount()).resolves.toEqual({ seller_id: 1 });
    await expect(client.account.getBalance()).resolves.toEqual({ available: 10, pending: 0, reserved: 0 });
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/account', '/v1/balance']);
  });

  it('searchByEmail: one seller, a list, or none', async () => {
    const seller = {
      seller_id: 2,
      name: 'B',
      email: 'b@x.com',
      status: 'active',
      compliance_status: 'approved',
    };
    server.handle(
      sequence(
        (_req, res) => json(res, 200, ok(seller)),
        (_req, res) => json(res, 200, ok([{ ...seller, email: 'other@x.com' }, seller])),
        (_req, res) => json(res, 200, ok(null)),
        (_req, res) => json(res, 404, fail('not_found_error', 'seller_not_found', 'No seller')),
      ),
    );
    await expect(client.sellers.searchByEmail('b@x.com')).resolves.toEqual(seller);
    expect(seen().url).toBe('/v1/sellers/search?email=b%40x.com');
    await expect(client.sellers.searchByEmail('B@X.com')).resolves.toEqual(seller);
    await expect(client.sellers.searchByEmail('b@x.com')).resolves.toBeNull();
    expect(await rejection(client.sellers.searchByEmail('b@x.com'))).toBeInstanceOf(NotFoundError);
    expect((await rejection(client.sellers.searchByEmail(' '))).exitCode).toBe(2);
  });

  it('createCardToken uses the public key', async () => {
    server.handle((_req, res) => json(res, 201, ok({ id: 'tok_1', last4: '1111' })));
    const token = await client.tokens.createCardToken({
      number: '4111111111111111',
      holder_name: 'A',
      exp_month: 12,
      exp_year: 2030,
      cvv: '123',
    });
    expect(token.id).toBe('tok_1');
    expect(seen().url).toBe('/v1/tokens/card');
    expect(seen().headers.authorization).toBe(`Bearer ${PUBLIC}`);
    expect(seen().headers.authorization).not.toContain(SECRET);
  });
});

describe('webhooks', () => {
  const hook = { id: 'wh_1', url: 'https://example.com/hook', enabled: true };
  it('list, create, update, delete, test', async () => {
    server.handle((req, res) =>
      json(res, 200, ok(req.method === 'GET' ? [hook] : req.method === 'DELETE' ? null : hook)),
    );
    await expect(client.webhooks.list()).resolves.toEqual([hook]);
    await expect(client.webhooks.create({ url: hook.url })).resolves.toEqual(hook);
    await client.webhooks.update('wh_1', { enabled: false });
    await client.webhooks.delete('wh_1');
    await client.webhooks.test('wh_1');
    expect(server.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'GET /v1/webhooks',
      'POST /v1/webhooks',
      'PUT /v1/webhooks/wh_1',
      'DELETE /v1/webhooks/wh_1',
      'POST /v1/webhooks/wh_1/test',
    ]);
  });

  it('delete is not idempotent: a drop is outcome-unknown', async () => {
    server.handle(drop);
    expect(await rejection(client.webhooks.delete('wh_1'))).toBeInstanceOf(OutcomeUnknownError);
    expect(server.requests).toHaveLength(1);
  });

  it('update is retried (idempotent)', async () => {
    server.handle(sequence(drop, (_req, res) => json(res, 200, ok(hook))));
    await client.webhooks.update('wh_1', { enabled: true });
    expect(server.requests).toHaveLength(2);
  });

  it('a 404 on the collection says the gateway manages webhooks in its dashboard (exit 3)', async () => {
    server.handle((_req, res) => json(res, 404, fail('not_found_error', 'route_not_found', 'Not found')));
    const error = await rejection(client.webhooks.list());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain('dashboard');
  });
});
