import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, client, pixCharge, start } from './helpers.js';

let sb: Sandbox;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);
beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  sb = await start();
});
afterAll(async () => {
  await sb.close();
  process.off('unhandledRejection', onUnhandled);
});

describe('robustness', () => {
  it('400 invalid_json for malformed JSON (after authentication)', async () => {
    const api = client(sb);
    const response = await api.post('/v1/charges', undefined, { raw: '{"amount": 10,' });
    expect(response.status).toBe(400);
    expect(response.json.error).toEqual({
      type: 'invalid_request_error',
      code: 'invalid_json',
      message: expect.any(String),
    });
    const anon = await call(sb, 'POST', '/v1/charges', { raw: '{' });
    expect(anon.status).toBe(401);
    const deep = await api.post('/v1/charges', undefined, { raw: '['.repeat(200_000) + ']'.repeat(200_000) });
    expect(deep.status).toBe(400);
  });

  it('a body nested deeper than 1000 levels is 400 before anything is stored: later lists still serialise', async () => {
    const api = client(sb);
    const metadata = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;
    const response = await api.post('/v1/charges', undefined, {
      raw: `{"amount":1000,"payment_method":"pix","metadata":${metadata}}`,
    });
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('invalid_json');
    expect((await api.get('/v1/charges')).status).toBe(200);
  });

  it('413 payload_too_large above 1 MiB, and keeps serving', async () => {
    const big = JSON.stringify({
      amount: 100,
      payment_method: 'pix',
      metadata: { x: 'y'.repeat(1024 * 1024) },
    });
    const response = await client(sb).post('/v1/charges', undefined, { raw: big });
    expect(response.status).toBe(413);
    expect(response.json.error).toMatchObject({ type: 'invalid_request_error', code: 'payload_too_large' });
    const ok = JSON.stringify({
      amount: 100,
      payment_method: 'pix',
      metadata: { x: 'y'.repeat(1000 * 1000) },
    });
    expect((await client(sb).post('/v1/charges', undefined, { raw: ok })).status).toBe(201);
  });

  it('404 route_not_found for unknown routes, 405 for a known path with another method', async () => {
    const api = client(sb);
    for (const path of ['/v1/nothing', '/api/v1/charges/x/y/z', '/v2/charges', '/nothing', '/v1']) {
      const response = await api.get(path);
      expect(response.status).toBe(404);
      expect(response.json.error).toMatchObject({ type: 'not_found_error', code: 'route_not_found' });
    }
    const wrongMethod = await api.del('/v1/charges');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.json.error.code).toBe('method_not_allowed');
    expect(wrongMethod.headers.get('allow')).toContain('GET');
    const bad = await api.get('/v1/charges/%E0%A4%A');
    expect(bad.status).toBe(404);
    expect(bad.json.error.code).toBe('charge_not_found');
    const ctl = await call(sb, 'POST', '/_sandbox/nothing');
    expect(ctl.status).toBe(404);
  });

  it('answers /api/v1 exactly as /v1', async () => {
    const api = client(sb);
    const response = await api.post('/api/v1/charges', pixCharge(700));
    expect(response.status).toBe(201);
    const underV1 = await api.get(`/v1/charges/${response.json.data.id}`);
    expect(underV1.json.data).toEqual(response.json.data);
    expect((await api.get('/api/v1/balance')).json.data.currency).toBe('BRL');
    expect(
      (await api.get('/api/v1/sellers/search?email=vendas%40parceirobeta.com.br')).json.data.seller_id,
    ).toBe(1003);
  });

  it('never answers 500 nor crashes on odd bodies to any endpoint', async () => {
    const api = client(sb);
    const pk = sb.sellers[0]!.public_key;
    const bodies: unknown[] = [
      null,
      0,
      'x',
      true,
      [],
      [{}],
      {},
      { amount: null },
      { amount: 1e308, payment_method: 'pix' },
      { amount: 100, payment_method: 'pix', split: 'all' },
      { amount: 100, payment_method: 'pix', split: [null] },
      { amount: 100, payment_method: 'pix', split: [{ seller_id: 1002, percentage: Number.MAX_VALUE }] },
      { amount: 100, payment_method: 'pix', items: [{}] },
      { amount: 100, payment_method: 'pix', customer: 'me' },
      { amount: 100, payment_method: 'pix', customer: { address: [] } },
      { amount: 100, payment_method: 'pix', pix: null },
      { amount: 2 ** 53 + 2, payment_method: 'pix' },
      { __proto__: { amount: 1 }, payment_method: 'pix' },
      { constructor: { prototype: { polluted: true } }, amount: 100, payment_method: 'pix' },
      { url: 5, enabled: 'yes' },
      { number: 5, cvv: [], exp_month: 'x' },
      { amount: -1, description: {} },
    ];
    const endpoints: Array<[string, string, string]> = [
      ['POST', '/v1/charges', api.key],
      ['POST', '/v1/charges/ci_x/refund', api.key],
      ['POST', '/v1/charges/ci_x/cancel', api.key],
      ['POST', '/v1/payouts', api.key],
      ['POST', '/v1/webhooks', api.key],
      ['PUT', '/v1/webhooks/wh_x', api.key],
      ['POST', '/v1/tokens/card', pk],
    ];
    for (const [method, path, key] of endpoints) {
      for (const body of bodies) {
        const response = await call(sb, method, path, { key, raw: JSON.stringify(body) });
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(response.json.success).toBeTypeOf('boolean');
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await api.get('/v1/account')).status).toBe(200);
    expect(unhandled).toEqual([]);
  });

  it('survives garbage on the socket', async () => {
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(sb.port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d));
      socket.on('close', () => resolve(data));
      socket.on('error', () => resolve(data));
    });
    expect(reply).toContain('400');
    expect((await client(sb).get('/v1/account')).status).toBe(200);
  });

  it('survives a client that goes away mid-request', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(sb.port, '127.0.0.1', () => {
        socket.write(
          `POST /v1/charges HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${sb.sellers[0]!.secret_key}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"amount":`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 20);
      });
    });
    expect((await client(sb).get('/v1/balance')).status).toBe(200);
  });
});
