import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/sandbox/ratelimit.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, client, pixCharge, start } from './helpers.js';

describe('RateLimiter (unit)', () => {
  it('fixed windows aligned to the minute, per seller and category, with overrides', () => {
    const limiter = new RateLimiter(2, new Map([[7, 3]]));
    const now = 60_000 * 1000 + 59_500; // half a second before a window ends
    expect(limiter.hit(1, 'GET /v1/x', now)).toMatchObject({
      allowed: true,
      remaining: 1,
      reset: 60_060,
      retryAfter: 1,
    });
    expect(limiter.hit(1, 'GET /v1/x', now).remaining).toBe(0);
    expect(limiter.hit(1, 'GET /v1/x', now).allowed).toBe(false);
    expect(limiter.hit(1, 'GET /v1/y', now).allowed).toBe(true);
    expect(limiter.hit(2, 'GET /v1/x', now).allowed).toBe(true);
    expect(limiter.hit(7, 'GET /v1/x', now)).toMatchObject({ limit: 3, remaining: 2 });
    expect(limiter.hit(1, 'GET /v1/x', now + 500)).toMatchObject({ allowed: true, remaining: 1 });
  });
});

describe('rate limits over HTTP', () => {
  let sb: Sandbox;
  let now = Date.parse('2026-05-05T10:00:10.000Z');
  beforeAll(async () => {
    sb = await start({ rateLimit: 3, rateLimitOverrides: { 1003: 5 }, clock: { now: () => now } });
  });
  beforeEach(() => sb.reset());
  afterAll(() => sb.close());

  it('sends X-RateLimit-* on every /v1 answer and 429 + Retry-After past the limit', async () => {
    const api = client(sb);
    const reset = String(Date.parse('2026-05-05T10:01:00.000Z') / 1000);
    for (const remaining of ['2', '1', '0']) {
      const response = await api.get('/v1/balance');
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('3');
      expect(response.headers.get('x-ratelimit-remaining')).toBe(remaining);
      expect(response.headers.get('x-ratelimit-reset')).toBe(reset);
      expect(response.headers.get('retry-after')).toBeNull();
    }
    const limited = await api.get('/v1/balance');
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(limited.headers.get('retry-after')).toBe('50');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    // Another category and another seller are unaffected.
    expect((await api.get('/v1/account')).status).toBe(200);
    expect((await client(sb, 1).get('/v1/balance')).status).toBe(200);
    // The next window starts at the minute.
    now += 50_000;
    const after = await api.get('/v1/balance');
    expect(after.status).toBe(200);
    expect(after.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('groups ids into one category and shares it between /v1 and /api/v1', async () => {
    const api = client(sb);
    const chargeId = (await api.post('/v1/charges', pixCharge(100))).json.data.id;
    const otherChargeId = (await api.post('/v1/charges', pixCharge(100))).json.data.id;
    expect((await api.get(`/v1/charges/${chargeId}`)).headers.get('x-ratelimit-remaining')).toBe('2');
    expect((await api.get(`/api/v1/charges/${otherChargeId}`)).headers.get('x-ratelimit-remaining')).toBe(
      '1',
    );
    expect((await api.get('/v1/charges/ci_unknown')).headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await api.get(`/v1/charges/${chargeId}`)).status).toBe(429);
    const requests = sb.requests.filter((r) => r.status === 429);
    expect(requests.at(-1)?.route).toBe('GET /v1/charges/:id');
  });

  it('uses a seller’s override', async () => {
    const api = client(sb, 2);
    const response = await api.get('/v1/balance');
    expect(response.headers.get('x-ratelimit-limit')).toBe('5');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('4');
  });

  it('carries the headers on authentication failures and unknown routes too', async () => {
    const response = await call(sb, 'GET', '/v1/balance');
    expect(response.status).toBe(401);
    expect(response.headers.get('x-ratelimit-limit')).toBe('3');
    const unmatched = await client(sb).get('/v1/nothing');
    expect(unmatched.status).toBe(404);
    expect(unmatched.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
  });
});
