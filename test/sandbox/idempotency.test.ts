// `Idempotency-Key` on any POST (per seller, 24 hours by the sandbox clock): a replay answers the
// first answer and makes nothing new; another body with the key is 422; a key still in use is 409.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, client, pixCharge, start } from './helpers.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(async () => sb.close());
beforeEach(() => sb.reset());

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });
const chargePosts = () =>
  sb.requests.filter((request) => request.method === 'POST' && request.path === '/v1/charges').length;

async function chargeCount(sellerIndex = 0): Promise<number> {
  return (await client(sb, sellerIndex).get('/v1/charges?limit=100')).json.pagination.total;
}

describe('Idempotency-Key', () => {
  it('the same key and body: the first answer again, Idempotent-Replayed: true, nothing new', async () => {
    const main = client(sb);
    const first = await main.post('/v1/charges', pixCharge(1234), keyed('k-1'));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await main.post('/v1/charges', pixCharge(1234), keyed('k-1'));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    // Also under /api/v1, the same endpoint.
    const prefixed = await main.post('/api/v1/charges', pixCharge(1234), keyed('k-1'));
    expect(prefixed.json.data.id).toBe(first.json.data.id);
    expect(await chargeCount()).toBe(1);
    expect(chargePosts()).toBe(2);
  });

  it('a refusal of the endpoint is kept too: the same request is refused again the same way', async () => {
    const main = client(sb);
    const refused = await main.post('/v1/payouts', { amount: 10 ** 9 }, keyed('big'));
    expect(refused.status).toBe(422);
    const again = await main.post('/v1/payouts', { amount: 10 ** 9 }, keyed('big'));
    expect(again.status).toBe(422);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(refused.json);
  });

  it('the same key with another body (or endpoint): 422 idempotency_key_reused, nothing made', async () => {
    const main = client(sb);
    await main.post('/v1/charges', pixCharge(1000), keyed('k-2'));
    const other = await main.post('/v1/charges', pixCharge(2000), keyed('k-2'));
    expect(other.status).toBe(422);
    expect(other.json).toMatchObject({
      success: false,
      error: { type: 'invalid_request_error', code: 'idempotency_key_reused' },
    });
    const otherPath = await main.post('/v1/payouts', { amount: 1000 }, keyed('k-2'));
    expect(otherPath.status).toBe(422);
    expect(otherPath.json.error.code).toBe('idempotency_key_reused');
    expect(await chargeCount()).toBe(1);
  });

  it('a key is per seller: the same key of another seller makes its own', async () => {
    const first = await client(sb, 0).post('/v1/charges', pixCharge(1000), keyed('shared'));
    const second = await client(sb, 1).post('/v1/charges', pixCharge(1000), keyed('shared'));
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.json.data.id).not.toBe(first.json.data.id);
  });

  it('without a key, or on a GET, nothing is kept', async () => {
    const main = client(sb);
    await main.post('/v1/charges', pixCharge(1000));
    await main.post('/v1/charges', pixCharge(1000));
    expect(await chargeCount()).toBe(2);
    const listed = await main.get('/v1/charges', keyed('k-get'));
    expect(listed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('kept 24 hours by the sandbox clock: after that the key makes a new one', async () => {
    const main = client(sb);
    const first = await main.post('/v1/charges', pixCharge(1000, { expires_in: 86400 * 3 }), keyed('day'));
    sb.advanceClock(23 * 3600_000);
    const within = await main.post('/v1/charges', pixCharge(1000, { expires_in: 86400 * 3 }), keyed('day'));
    expect(within.json.data.id).toBe(first.json.data.id);
    sb.advanceClock(3600_000 + 1000);
    const later = await main.post('/v1/charges', pixCharge(1000, { expires_in: 86400 * 3 }), keyed('day'));
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.json.data.id).not.toBe(first.json.data.id);
  });

  it('a request still being answered: another with its key gets 409 idempotency_key_in_use', async () => {
    // Processed at once, answered 400 ms later: the key is in use until the answer leaves.
    await call(sb, 'POST', '/_sandbox/faults', {
      body: { route: 'POST /v1/charges', kind: 'delay', when: 'after', delayMs: 400 },
    });
    const main = client(sb);
    const slow = main.post('/v1/charges', pixCharge(1000), keyed('busy'));
    // The first has arrived once its fault is used up (however long a loaded machine takes).
    await vi.waitFor(async () => expect((await call(sb, 'GET', '/_sandbox/faults')).json.data).toEqual([]), {
      timeout: 10_000,
      interval: 10,
    });
    const meanwhile = await main.post('/v1/charges', pixCharge(1000), keyed('busy'));
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.json.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'idempotency_key_in_use',
    });
    const first = await slow;
    expect(first.status).toBe(201);
    const after = await main.post('/v1/charges', pixCharge(1000), keyed('busy'));
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(after.json.data.id).toBe(first.json.data.id);
    expect(await chargeCount()).toBe(1);
  });

  it('an answer dropped after the payout was made: the retry with the key gets it, no second payout', async () => {
    const main = client(sb);
    const charge = (await main.post('/v1/charges', pixCharge(100_000))).json.data;
    await call(sb, 'POST', `/_sandbox/charges/${charge.id}/pay`);
    await call(sb, 'POST', '/_sandbox/faults', { body: { route: 'POST /v1/payouts', kind: 'drop' } });
    await expect(main.post('/v1/payouts', { amount: 5000 }, keyed('sweep'))).rejects.toThrow();
    const retry = await main.post('/v1/payouts', { amount: 5000 }, keyed('sweep'));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await main.get('/v1/payouts')).json.pagination.total).toBe(1);
  });

  it('a request refused before the endpoint (rate limit, a fault before) leaves the key unused', async () => {
    await call(sb, 'POST', '/_sandbox/faults', {
      body: { route: 'POST /v1/charges', kind: '503', when: 'before' },
    });
    const main = client(sb);
    expect((await main.post('/v1/charges', pixCharge(1000), keyed('later'))).status).toBe(503);
    const retry = await main.post('/v1/charges', pixCharge(1000), keyed('later'));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await chargeCount()).toBe(1);
  });

  it('a key longer than 255 characters is refused (400 invalid_idempotency_key)', async () => {
    const response = await client(sb).post('/v1/charges', pixCharge(1000), keyed('x'.repeat(256)));
    expect(response.status).toBe(400);
    expect(response.json.error.code).toBe('invalid_idempotency_key');
  });

  it('every answer carries Date on the sandbox clock', async () => {
    sb.advanceClock(3 * 3600_000);
    const response = await client(sb).get('/v1/balance');
    const date = Date.parse(response.headers.get('date') ?? '');
    expect(Math.abs(date - sb.now())).toBeLessThan(2000);
    expect(date - Date.now()).toBeGreaterThan(3 * 3600_000 - 5000);
  });
});
