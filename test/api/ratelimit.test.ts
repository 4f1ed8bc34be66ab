import { describe, expect, it } from 'vitest';
import { Pacer, parseRateLimit, parseReset, parseRetryAfter, retryAfterMs } from '../../src/api/ratelimit.js';
import { fakeTime } from './helpers.js';

const T0 = 1_700_000_000_000;
const KEY = 'GET /charges/:id';

function pacer() {
  const time = fakeTime(T0);
  const waits: number[] = [];
  const p = new Pacer({ now: time.now, sleep: time.sleep, onWait: (_k, ms) => waits.push(ms) });
  return { p, time, waits };
}

describe('header parsing', () => {
  it('reads X-RateLimit-* with the reset as a Unix timestamp in seconds', () => {
    expect(
      parseRateLimit(
        { 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '12', 'x-ratelimit-reset': '1700000060' },
        T0,
      ),
    ).toEqual({ limit: 5000, remaining: 12, resetAt: 1_700_000_060_000 });
    expect(parseRateLimit({ 'x-ratelimit-limit': '5000' }, T0)).toBeUndefined();
    expect(parseRateLimit({ 'x-ratelimit-remaining': 'abc', 'x-ratelimit-reset': '1' }, T0)).toBeUndefined();
  });

  it('tolerates a reset in milliseconds or as a delay in seconds', () => {
    expect(parseReset('1700000060000', T0)).toBe(1_700_000_060_000);
    expect(parseReset('30', T0)).toBe(T0 + 30_000);
    expect(parseReset(undefined, T0)).toBeUndefined();
  });

  it('reads Retry-After as seconds or an HTTP date, and falls back on the reset', () => {
    expect(parseRetryAfter('2', T0)).toBe(2000);
    expect(parseRetryAfter(new Date(T0 + 5000).toUTCString(), T0)).toBe(5000);
    expect(parseRetryAfter('soon', T0)).toBeUndefined();
    expect(retryAfterMs({ 'retry-after': '1' }, T0)).toBe(1000);
    expect(retryAfterMs({ 'x-ratelimit-reset': '1700000003' }, T0, 100)).toBe(3100);
    expect(retryAfterMs({}, T0)).toBeUndefined();
  });
});

describe('Pacer', () => {
  it('holds nothing while the budget is unknown', async () => {
    const { p, time } = pacer();
    for (let i = 0; i < 50; i++) await p.acquire(KEY);
    expect(p.inFlight(KEY)).toBe(50);
    expect(time.state.sleeps).toEqual([]);
  });

  it('lets requests go while remaining minus in-flight is positive', async () => {
    const { p, time } = pacer();
    p.observe(KEY, { limit: 10, remaining: 3, resetAt: T0 + 30_000 });
    await p.acquire(KEY);
    await p.acquire(KEY);
    await p.acquire(KEY);
    expect(time.state.sleeps).toEqual([]);
    expect(p.delay(KEY)).toBe(-1); // budget is taken by requests in flight: wait for an answer
  });

  it('when the budget is spent, waits until the reset plus a margin', async () => {
    const { p, time, waits } = pacer();
    await p.acquire(KEY);
    p.release(KEY, { limit: 10, remaining: 0, resetAt: T0 + 30_000 });
    await p.acquire(KEY);
    expect(time.state.sleeps).toEqual([30_100]);
    expect(waits).toEqual([30_100]);
    expect(time.now()).toBe(T0 + 30_100);
    expect(p.holds).toBe(1);
  });

  it('a request waiting on in-flight answers goes as soon as one shows budget left', async () => {
    const { p, time } = pacer();
    p.observe(KEY, { limit: 10, remaining: 1, resetAt: T0 + 30_000 });
    await p.acquire(KEY); // the last request of the budget, in flight
    let went = false;
    const waiting = p.acquire(KEY).then(() => {
      went = true;
    });
    await Promise.resolve();
    expect(went).toBe(false);
    // its answer says the server had counted fewer than we feared: 2 left
    p.release(KEY, { limit: 10, remaining: 2, resetAt: T0 + 30_000 });
    await waiting;
    expect(went).toBe(true);
    expect(time.state.sleeps).toEqual([]);
  });

  it('a request waiting on in-flight answers waits for the reset when they spend the budget', async () => {
    const { p, time } = pacer();
    p.observe(KEY, { limit: 10, remaining: 1, resetAt: T0 + 30_000 });
    await p.acquire(KEY);
    const waiting = p.acquire(KEY);
    p.release(KEY, { limit: 10, remaining: 0, resetAt: T0 + 30_000 });
    await waiting;
    expect(time.state.sleeps).toEqual([30_100]);
  });

  it('keeps the lowest remaining of one window when answers come out of order', () => {
    const { p } = pacer();
    p.observe(KEY, { limit: 10, remaining: 4, resetAt: T0 + 30_000 });
    p.observe(KEY, { limit: 10, remaining: 6, resetAt: T0 + 30_000 });
    expect(p.state(KEY)?.remaining).toBe(4);
    p.observe(KEY, { limit: 10, remaining: 9, resetAt: T0 + 90_000 }); // a new window
    expect(p.state(KEY)?.remaining).toBe(9);
    p.observe(KEY, { limit: 10, remaining: 1, resetAt: T0 + 30_000 }); // late answer of the old window
    expect(p.state(KEY)?.remaining).toBe(9);
  });

  it('categories are independent', async () => {
    const { p, time } = pacer();
    p.observe('POST /charges', { limit: 10, remaining: 0, resetAt: T0 + 30_000 });
    await p.acquire(KEY);
    expect(time.state.sleeps).toEqual([]);
    expect(p.delay('POST /charges')).toBe(30_100);
  });

  it('a 429 blocks its category until the time given', () => {
    const { p } = pacer();
    p.block(KEY, T0 + 2000, 10);
    expect(p.delay(KEY)).toBe(2100);
  });

  it('never holds longer than maxWaitMs (a reset far away, a clock off)', () => {
    const time = fakeTime(T0);
    const p = new Pacer({ now: time.now, sleep: time.sleep, maxWaitMs: 5000 });
    p.observe(KEY, { limit: 10, remaining: 0, resetAt: T0 + 3_600_000 });
    expect(p.delay(KEY)).toBe(5000);
  });

  it('spends ≥95% of the announced budget over many windows with concurrency', async () => {
    const { p, time } = pacer();
    const limit = 100;
    const windowMs = 60_000;
    let sent = 0;
    let over = 0;
    let windowEnd = T0 + windowMs;
    let used = 0;
    // A fake server: answers after a tick, counting requests in fixed windows.
    const call = async () => {
      await p.acquire(KEY);
      await new Promise((resolve) => setImmediate(resolve));
      const now = time.now();
      while (now >= windowEnd) {
        windowEnd += windowMs;
        used = 0;
      }
      if (used >= limit) over++;
      used++;
      sent++;
      p.release(KEY, { limit, remaining: Math.max(0, limit - used), resetAt: windowEnd });
    };
    let left = 1000;
    const worker = async () => {
      while (left > 0) {
        left--;
        await call();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(sent).toBe(1000);
    expect(over).toBe(0);
    const windows = Math.ceil((time.now() - T0) / windowMs);
    expect(1000 / (windows * limit)).toBeGreaterThanOrEqual(0.95);
  });

  it('an abort while held rejects with the reason', async () => {
    const time = fakeTime(T0);
    const p = new Pacer({
      now: time.now,
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
    });
    p.observe(KEY, { limit: 1, remaining: 0, resetAt: T0 + 10_000 });
    const controller = new AbortController();
    const held = p.acquire(KEY, controller.signal);
    controller.abort(new Error('stop'));
    await expect(held).rejects.toThrow('stop');
  });
});
