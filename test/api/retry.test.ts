// The retry policy (src/api/retry.ts) as tables: what is sent again, after how long, and what
// never is (a create whose outcome is unknown). Each row is one rule: changing the rule fails it.
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  DEFAULT_RETRY_LIMITS,
  decideAfterAnswer,
  decideAfterFailure,
  isSafe,
  type RetryLimits,
  waitAskedBy,
} from '../../src/api/retry.js';
import { BODY_TOO_LARGE, PROXY_REFUSED } from '../../src/api/transport-failures.js';
import { retrySettings } from '../../src/config/settings.js';

/** 4 tries; with random 0.5 the backoff waits 250, 500, 1000 ms after tries 1, 2, 3. */
const limits: RetryLimits = { maxAttempts: 4, retryBaseMs: 500, retryCapMs: 8_000, maxRetryWaitMs: 60_000 };
const random = 0.5;

/** `POST!`: a POST marked idempotent. */
type Method = 'GET' | 'HEAD' | 'POST' | 'POST!' | 'DELETE';
const safeOf = (method: Method) => isSafe(method.replace('!', ''), method.endsWith('!') || undefined);

describe('the defaults', () => {
  it('4 tries, backoff from 500 ms up to 8 s, a 429 waited for up to 120 s', () => {
    expect(DEFAULT_RETRY_LIMITS).toEqual({
      maxAttempts: 4,
      retryBaseMs: 500,
      retryCapMs: 8_000,
      maxRetryWaitMs: 120_000,
    });
  });

  it('the longest default wait is under 2 s: the wait after try 3 of 4; the 8 s cap is not reached', () => {
    const waits = [1, 2, 3].map((attempt) => backoffMs(attempt, DEFAULT_RETRY_LIMITS, 0.9999));
    expect(waits).toEqual([499, 999, 1_999]);
    // The 4th try is the last: no wait after it, whatever failed.
    const lastTry = { attempt: 4, limits: DEFAULT_RETRY_LIMITS, random: 0.9999, safe: true };
    expect(decideAfterFailure({ ...lastTry, sent: true, code: 'ECONNRESET' })).toEqual({ kind: 'fail' });
    expect(
      decideAfterAnswer({ ...lastTry, status: 503, gatewayRateLimit: false, retryAfterMs: undefined }),
    ).toEqual({ kind: 'answer' });
  });

  it('the cap is reached from the 5th wait on: with retry.max_tries 6 or more', () => {
    expect(backoffMs(4, DEFAULT_RETRY_LIMITS, 0.9999)).toBe(3_999);
    expect(backoffMs(5, DEFAULT_RETRY_LIMITS, 0.9999)).toBe(7_999);
    expect(backoffMs(9, DEFAULT_RETRY_LIMITS, 0.9999)).toBe(7_999);
  });

  it("the retry.* settings' defaults are these limits", () => {
    expect(retrySettings(() => undefined)).toEqual({
      maxAttempts: DEFAULT_RETRY_LIMITS.maxAttempts,
      retryBaseMs: DEFAULT_RETRY_LIMITS.retryBaseMs,
      retryCapMs: DEFAULT_RETRY_LIMITS.retryCapMs,
    });
  });
});

describe('isSafe: what may be sent twice', () => {
  it.each([
    ['GET', undefined, true],
    ['HEAD', undefined, true],
    ['POST', undefined, false],
    ['POST', true, true],
    ['PUT', undefined, false],
    ['DELETE', undefined, false],
    ['DELETE', true, true],
  ] as const)('%s (idempotent %s) → %s', (method, idempotent, safe) => {
    expect(isSafe(method, idempotent)).toBe(safe);
  });
});

describe('backoffMs: random × min(cap, base × 2^(try − 1)), rounded down', () => {
  it.each([
    // attempt, random, wait
    [1, 0, 0],
    [1, 0.5, 250],
    [1, 0.9999, 499],
    [2, 0.5, 500],
    [3, 0.5, 1_000],
    [4, 0.5, 2_000],
    [5, 0.5, 4_000],
    // the cap: 500 × 2^5 = 16 s is more than 8 s
    [6, 0.5, 4_000],
    [6, 0.9999, 7_999],
    [20, 0.9999, 7_999],
  ] as const)('after try %i with random %f: %i ms', (attempt, draw, wait) => {
    expect(backoffMs(attempt, limits, draw)).toBe(wait);
  });

  it('base and cap are the limits given: base 100, cap 1000', () => {
    const small = { retryBaseMs: 100, retryCapMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffMs(attempt, small, 0.9999))).toEqual([
      99, 199, 399, 799, 999,
    ]);
  });
});

describe('decideAfterFailure: no answer came', () => {
  it.each([
    // method, sent, code, attempt → decision
    ['GET', true, 'ECONNRESET', 1, { kind: 'retry', waitMs: 250 }],
    ['GET', true, 'ETIMEDOUT', 3, { kind: 'retry', waitMs: 1_000 }],
    ['GET', true, 'ECONNRESET', 4, { kind: 'fail' }], // the last try
    ['HEAD', true, 'ECONNRESET', 2, { kind: 'retry', waitMs: 500 }],
    ['GET', false, 'EAI_AGAIN', 1, { kind: 'retry', waitMs: 250 }], // DNS not answering: transient
    ['GET', false, 'ENOTFOUND', 1, { kind: 'fail' }],
    ['GET', false, 'EAI_FAIL', 1, { kind: 'fail' }],
    ['GET', false, 'EAI_NONAME', 1, { kind: 'fail' }],
    ['GET', false, 'ERR_INVALID_URL', 1, { kind: 'fail' }],
    ['GET', false, 'CERT_HAS_EXPIRED', 1, { kind: 'fail' }],
    ['GET', false, 'DEPTH_ZERO_SELF_SIGNED_CERT', 1, { kind: 'fail' }],
    ['GET', false, 'ERR_TLS_CERT_ALTNAME_INVALID', 1, { kind: 'fail' }],
    ['GET', false, 'ERR_SSL_WRONG_VERSION_NUMBER', 1, { kind: 'fail' }], // any CERT/SSL/TLS code
    ['GET', true, BODY_TOO_LARGE, 1, { kind: 'fail' }],
    ['GET', false, PROXY_REFUSED, 1, { kind: 'fail' }],
    // A POST that left is never sent again, whatever the failure and however many tries are left.
    ['POST', true, 'ECONNRESET', 1, { kind: 'outcome_unknown' }],
    ['POST', true, 'ETIMEDOUT', 1, { kind: 'outcome_unknown' }],
    ['POST', true, 'ENOTFOUND', 1, { kind: 'outcome_unknown' }],
    ['POST', true, 'ECONNRESET', 4, { kind: 'outcome_unknown' }],
    ['DELETE', true, 'ECONNRESET', 1, { kind: 'outcome_unknown' }],
    // A POST that never connected reached nothing: retried like a read when the cause is transient.
    ['POST', false, 'ECONNREFUSED', 1, { kind: 'retry', waitMs: 250 }],
    ['POST', false, 'ETIMEDOUT', 2, { kind: 'retry', waitMs: 500 }],
    ['POST', false, 'ECONNREFUSED', 4, { kind: 'fail' }],
    ['POST', false, 'ENOTFOUND', 1, { kind: 'fail' }],
    ['POST', false, 'CERT_HAS_EXPIRED', 1, { kind: 'fail' }],
    // Marked idempotent: retried like a read.
    ['POST!', true, 'ECONNRESET', 1, { kind: 'retry', waitMs: 250 }],
  ] as const)('%s sent=%s %s on try %i → %o', (method, sent, code, attempt, expected) => {
    expect(decideAfterFailure({ attempt, limits, random, safe: safeOf(method), sent, code })).toEqual(
      expected,
    );
  });
});

describe('decideAfterAnswer: an answer came', () => {
  it.each([
    // method, status, the gateway's rate_limit_error envelope?, attempt, wait asked → decision
    ['GET', 200, false, 1, undefined, { kind: 'answer' }],
    ['GET', 404, false, 1, undefined, { kind: 'answer' }],
    ['GET', 401, false, 1, undefined, { kind: 'answer' }],
    ['GET', 500, false, 1, undefined, { kind: 'answer' }], // the gateway answered: not retried
    ['GET', 502, false, 1, undefined, { kind: 'retry', waitMs: 250 }],
    ['GET', 503, false, 2, undefined, { kind: 'retry', waitMs: 500 }],
    ['GET', 504, false, 3, undefined, { kind: 'retry', waitMs: 1_000 }],
    ['GET', 503, false, 4, undefined, { kind: 'answer' }], // the last try
    ['HEAD', 503, false, 1, undefined, { kind: 'retry', waitMs: 250 }],
    ['POST', 502, false, 1, undefined, { kind: 'answer' }],
    ['POST', 503, false, 1, undefined, { kind: 'answer' }],
    ['POST', 504, false, 1, undefined, { kind: 'answer' }],
    ['DELETE', 503, false, 1, undefined, { kind: 'answer' }],
    ['POST!', 503, false, 1, undefined, { kind: 'retry', waitMs: 250 }],
    // 429 to a read: the wait asked for, else the backoff.
    ['GET', 429, false, 1, 2_000, { kind: 'retry', waitMs: 2_000 }],
    ['GET', 429, false, 2, undefined, { kind: 'retry', waitMs: 500 }],
    ['GET', 429, false, 1, 0, { kind: 'retry', waitMs: 0 }],
    ['GET', 429, true, 4, 1_000, { kind: 'rate_limited', waitMs: 1_000 }], // the last try
    ['GET', 429, false, 4, undefined, { kind: 'rate_limited', waitMs: 2_000 }],
    // 429 to a POST: only the gateway's own refusal says nothing was done.
    ['POST', 429, true, 1, 2_000, { kind: 'retry', waitMs: 2_000 }],
    ['POST', 429, true, 1, undefined, { kind: 'retry', waitMs: 250 }],
    ['POST', 429, true, 4, 2_000, { kind: 'rate_limited', waitMs: 2_000 }],
    ['POST', 429, false, 1, 2_000, { kind: 'answer' }], // a proxy's: it may have been processed
    ['POST', 429, false, 1, undefined, { kind: 'answer' }],
    // The longest wait taken (maxRetryWaitMs 60 s here): a longer one goes to the caller.
    ['GET', 429, false, 1, 60_000, { kind: 'retry', waitMs: 60_000 }],
    ['GET', 429, false, 1, 60_001, { kind: 'rate_limited', waitMs: 60_001 }],
    ['GET', 429, false, 1, 120_000, { kind: 'rate_limited', waitMs: 120_000 }],
    ['POST', 429, true, 1, 60_001, { kind: 'rate_limited', waitMs: 60_001 }],
  ] as const)(
    '%s → %i (rate_limit_error envelope: %s) on try %i, wait asked %s → %o',
    (method, status, gatewayRateLimit, attempt, retryAfterMs, expected) => {
      expect(
        decideAfterAnswer({
          attempt,
          limits,
          random,
          safe: safeOf(method),
          status,
          gatewayRateLimit,
          retryAfterMs,
        }),
      ).toEqual(expected);
    },
  );
});

describe('waitAskedBy: the wait a 429 asks for', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const epochSeconds = now / 1000;
  it.each([
    ['Retry-After in seconds', { 'retry-after': '2' }, 2_000],
    ['Retry-After with a fraction', { 'retry-after': '1.5' }, 1_500],
    ['Retry-After 0', { 'retry-after': '0' }, 0],
    ['Retry-After as an HTTP date', { 'retry-after': 'Thu, 01 Jan 2026 00:00:03 GMT' }, 3_000],
    ['Retry-After as a date already past', { 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, 0],
    [
      'X-RateLimit-Reset (epoch seconds), plus the 100 ms margin',
      { 'x-ratelimit-reset': String(epochSeconds + 3) },
      3_100,
    ],
    ['X-RateLimit-Reset as a delay in seconds, plus the margin', { 'x-ratelimit-reset': '5' }, 5_100],
    [
      'X-RateLimit-Reset already past: the margin only',
      { 'x-ratelimit-reset': String(epochSeconds - 10) },
      100,
    ],
    [
      'Retry-After wins over X-RateLimit-Reset',
      { 'retry-after': '1', 'x-ratelimit-reset': String(epochSeconds + 30) },
      1_000,
    ],
    [
      'an unreadable Retry-After falls back on the reset',
      { 'retry-after': 'soon', 'x-ratelimit-reset': '2' },
      2_100,
    ],
    ['an unreadable Retry-After alone: no wait asked', { 'retry-after': 'soon' }, undefined],
    ['neither header', {}, undefined],
  ] as const)('%s → %s', (_name, headers, wait) => {
    expect(waitAskedBy(headers, now)).toBe(wait);
  });
});
