import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Scheduler, type Task } from '../../src/sandbox/scheduler.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, client, pixCharge, start } from './helpers.js';

let sb: Sandbox;
const now = Date.parse('2026-07-01T00:00:00.000Z');
beforeAll(async () => {
  sb = await start({ clock: { now: () => now } });
});
beforeEach(() => sb.reset());
afterAll(() => sb.close());

describe('recorded requests', () => {
  it('records method, path, query, redacted headers, parsed body, status and time; not /_sandbox calls', async () => {
    const api = client(sb);
    await api.post('/api/v1/charges', pixCharge(100, { external_id: 'r1' }));
    await api.get('/v1/charges?status=pending&limit=5');
    await call(sb, 'GET', '/_sandbox/state');
    const served = (await call(sb, 'GET', '/_sandbox/requests')).json;
    expect(served).toHaveLength(2);
    expect(served[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/charges',
      query: {},
      body: { amount: 100, payment_method: 'pix', external_id: 'r1' },
      status: 201,
      at: '2026-07-01T00:00:00.000Z',
      seller_id: 1001,
      route: 'POST /v1/charges',
    });
    expect(served[0].headers.authorization).toBe(`Bearer sk_…${api.key.slice(-4)}`);
    expect(served[1]).toMatchObject({
      method: 'GET',
      query: { status: 'pending', limit: '5' },
      body: null,
      status: 200,
    });
    expect(sb.requests).toHaveLength(2);
    const filtered = (await call(sb, 'GET', '/_sandbox/requests?method=post&path=/v1/charges')).json;
    expect(filtered).toHaveLength(1);
    await call(sb, 'DELETE', '/_sandbox/requests');
    expect(sb.requests).toHaveLength(0);
  });
});

describe('control endpoints', () => {
  it('GET /_sandbox/state lists sellers with balances and the ledger', async () => {
    const snapshot = (await call(sb, 'GET', '/_sandbox/state')).json.data;
    expect(snapshot.sellers).toHaveLength(7);
    expect(snapshot.sellers[0]).toMatchObject({
      seller_id: 1001,
      whitelisted_ips: ['127.0.0.1', '::1'],
      balance: { available: 0, pending: 0, reserved: 0, currency: 'BRL' },
      rate_limit: 5000,
    });
    expect(snapshot.ledger.sum).toBe(0);
    expect(snapshot.fee_rate).toBe(3.99);
  });

  it('clock: advance by ms or seconds, validated', async () => {
    expect((await call(sb, 'GET', '/_sandbox/clock')).json.data).toEqual({
      now: '2026-07-01T00:00:00.000Z',
      offset_ms: 0,
    });
    expect(
      (await call(sb, 'POST', '/_sandbox/clock/advance', { body: { ms: 1500 } })).json.data.offset_ms,
    ).toBe(1500);
    expect((await call(sb, 'POST', '/_sandbox/clock/advance', { body: { seconds: 2 } })).json.data.now).toBe(
      '2026-07-01T00:00:03.500Z',
    );
    expect(sb.now()).toBe(now + 3500);
    const bad = await call(sb, 'POST', '/_sandbox/clock/advance', { body: { ms: -1 } });
    expect(bad.status).toBe(400);
    expect((await call(sb, 'POST', '/_sandbox/clock/advance', { raw: '{' })).json.error.code).toBe(
      'invalid_json',
    );
    sb.reset();
    expect(sb.now()).toBe(now);
  });

  it('seller patch changes eligibility, rate limit; reset restores the seeded sellers', async () => {
    await call(sb, 'POST', '/_sandbox/sellers/1002', { body: { status: 'inactive', rate_limit: 9 } });
    const response = await client(sb).post(
      '/v1/charges',
      pixCharge(100, { split: [{ seller_id: 1002, percentage: 100 }] }),
    );
    expect(response.json.error.code).toBe('split_seller_inactive');
    expect((await client(sb, 1).get('/v1/balance')).headers.get('x-ratelimit-limit')).toBe('9');
    expect((await call(sb, 'POST', '/_sandbox/sellers/1002', { body: { pix_enabled: 'no' } })).status).toBe(
      400,
    );
    expect((await call(sb, 'POST', '/_sandbox/sellers/4242', { body: {} })).status).toBe(404);
    await call(sb, 'POST', '/_sandbox/reset');
    const ok = await client(sb).post(
      '/v1/charges',
      pixCharge(100, { split: [{ seller_id: 1002, percentage: 100 }] }),
    );
    expect(ok.status).toBe(201);
  });
});

describe('bulk seeding', () => {
  it('creates many charges through the normal path, listable in pages', async () => {
    const response = await call(sb, 'POST', '/_sandbox/seed/charges', {
      body: { count: 250, amount: 1234, status: 'paid' },
    });
    expect(response.status).toBe(201);
    expect(response.json.data).toMatchObject({ created: 250, seller_id: 1001, status: 'paid' });
    const page = await client(sb).get('/v1/charges?limit=100&page=3');
    expect(page.json.data).toHaveLength(50);
    expect(page.json.pagination).toEqual({ page: 3, limit: 100, total: 250, has_more: false });
    expect(page.json.data[49]).toMatchObject({ status: 'paid', amount: 1234, external_id: 'seed-1' });
    expect((await client(sb).get('/v1/balance')).json.data.available).toBe(250 * (1234 - 49));
    const bad = await call(sb, 'POST', '/_sandbox/seed/charges', { body: { count: 0 } });
    expect(bad.json.error).toMatchObject({ code: 'invalid_value', field: 'count' });
    const badAmount = await call(sb, 'POST', '/_sandbox/seed/charges', { body: { count: 1, amount: -1 } });
    expect(badAmount.json.error).toMatchObject({ code: 'invalid_amount', field: 'amount' });
  });
});

describe('Scheduler (unit)', () => {
  it('runs due tasks in due order with their own due time, lazily or on a timer', async () => {
    let now = 1000;
    const ran: Array<[Task['kind'], string, number]> = [];
    const reports: string[] = [];
    const scheduler = new Scheduler({
      now: () => now,
      run: (task) => ran.push([task.kind, task.id, task.due]),
      report: (message) => reports.push(message),
    });
    scheduler.add(3000, 'charge.expire', 'b');
    scheduler.add(2000, 'charge.expire', 'a');
    scheduler.add(2000, 'charge.autopay', 'a2');
    scheduler.add(1_000_000, 'payout.complete', 'z');
    expect(scheduler.runDue()).toBe(0);
    now = 5000;
    expect(scheduler.runDue()).toBe(3);
    expect(ran).toEqual([
      ['charge.expire', 'a', 2000],
      ['charge.autopay', 'a2', 2000],
      ['charge.expire', 'b', 3000],
    ]);
    expect(scheduler.size).toBe(1);
    scheduler.add(now + 20, 'payout.process', 'p');
    await new Promise((resolve) => setTimeout(resolve, 5));
    now += 20;
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(ran.at(-1)).toEqual(['payout.process', 'p', 5020]);
    expect(reports).toEqual([]);
    scheduler.close();
  });

  it('reports a task that throws on the writer it was given, and runs the tasks after it', () => {
    const ran: string[] = [];
    const reports: string[] = [];
    const scheduler = new Scheduler({
      now: () => 10_000,
      run: (task) => {
        if (task.id === 'ci_broken') throw new Error('no such charge');
        ran.push(task.id);
      },
      report: (message) => reports.push(message),
    });
    scheduler.add(1000, 'charge.expire', 'ci_broken');
    scheduler.add(2000, 'charge.expire', 'ci_fine');
    expect(scheduler.runDue()).toBe(2);
    expect(reports).toEqual(['task charge.expire ci_broken failed: no such charge']);
    expect(ran).toEqual(['ci_fine']);
    scheduler.close();
  });
});
