import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, client, pixCharge, start } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
beforeEach(() => sb.reset());
afterAll(() => sb.close());

const fault = (body: Record<string, unknown>) => call(sb, 'POST', '/_sandbox/faults', { body });
const total = async () => (await client(sb).get('/v1/charges')).json.pagination.total;

describe('faults', () => {
  it('drop (after, the default): the charge is created, then the socket closes without an answer', async () => {
    const response = await fault({ route: 'POST /v1/charges', kind: 'drop', count: 1 });
    expect(response.status).toBe(201);
    expect(response.json.data).toMatchObject({ kind: 'drop', when: 'after', remaining: 1 });
    await expect(client(sb).post('/v1/charges', pixCharge(100, { external_id: 'lost' }))).rejects.toThrow();
    const list = (await client(sb).get('/v1/charges?external_id=lost')).json;
    expect(list.data).toHaveLength(1);
    const rec = sb.requests.find((r) => r.method === 'POST' && r.path === '/v1/charges')!;
    expect(rec.status).toBeNull();
    expect(rec.fault).toMatch(/:drop$/);
    // Only the next N: the following request is answered.
    expect((await client(sb).post('/v1/charges', pixCharge(100))).status).toBe(201);
    expect((await call(sb, 'GET', '/_sandbox/faults')).json.data).toEqual([]);
  });

  it('drop before: nothing is processed', async () => {
    await fault({ route: 'POST /api/v1/payouts', kind: 'drop', when: 'before' });
    await fault({ route: 'POST /v1/charges', kind: 'drop', when: 'before' });
    await expect(client(sb).post('/v1/charges', pixCharge(100))).rejects.toThrow();
    expect(await total()).toBe(0);
  });

  it('500, 503, html502, 429, malformed answer in place of the endpoint for the next N matches', async () => {
    await fault({ route: 'GET /v1/charges/{id}', kind: '500', count: 2 });
    const charge = (await client(sb).post('/v1/charges', pixCharge(100))).json.data;
    for (let index = 0; index < 2; index++) {
      const response = await client(sb).get(`/api/v1/charges/${charge.id}`);
      expect(response.status).toBe(500);
      expect(response.json.error).toMatchObject({ type: 'api_error', code: 'internal_error' });
      expect(response.headers.get('x-ratelimit-limit')).toBe('5000');
    }
    expect((await client(sb).get(`/v1/charges/${charge.id}`)).status).toBe(200);

    await fault({ route: '/v1/balance', kind: '503' });
    expect((await client(sb).get('/v1/balance')).status).toBe(503);

    await fault({ route: 'GET /v1/account', kind: 'html502' });
    const html = await client(sb).get('/v1/account');
    expect(html.status).toBe(502);
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(html.text).toContain('502 Bad Gateway');

    await fault({ route: 'POST /v1/charges', kind: '429', delayMs: 3000 });
    const limited = await client(sb).post('/v1/charges', pixCharge(100));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.json.error.code).toBe('rate_limit_exceeded');
    expect(await total()).toBe(1);

    await fault({ route: 'POST /v1/charges', kind: 'malformed' });
    const bad = await client(sb).post('/v1/charges', pixCharge(100));
    expect(bad.status).toBe(200);
    expect(bad.json).toBeNull();
    expect(bad.text).toMatch(/^\{"success":true/);
    expect(await total()).toBe(2);

    // The gateway's own 429, though it made the charge.
    await fault({ route: 'POST /v1/charges', kind: '429-processed' });
    const madeAnyway = await client(sb).post('/v1/charges', pixCharge(100));
    expect(madeAnyway.status).toBe(429);
    expect(madeAnyway.json.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(await total()).toBe(3);
  });

  it('delay holds the answer, prefixes match every path under them, * any method', async () => {
    await fault({ route: '* /v1/charges', kind: 'delay', delayMs: 150, count: 1 });
    const t0 = Date.now();
    const response = await client(sb).get('/v1/charges/ci_whatever0000');
    expect(response.status).toBe(404);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('rejects a bad fault definition and can be cleared', async () => {
    expect((await fault({ route: 'POST /v1/charges', kind: 'explode' })).json.error).toMatchObject({
      code: 'invalid_value',
      field: 'kind',
    });
    expect((await fault({ kind: '500' })).json.error).toMatchObject({
      code: 'missing_field',
      field: 'route',
    });
    expect((await fault({ route: 'POST /v1/charges', kind: '500', count: 0 })).json.error.field).toBe(
      'count',
    );
    await fault({ route: 'POST /v1/charges', kind: '500', count: 5 });
    await call(sb, 'DELETE', '/_sandbox/faults');
    expect((await client(sb).post('/v1/charges', pixCharge(100))).status).toBe(201);
  });
});
