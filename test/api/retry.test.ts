// The client's retry decisions as a table (docs/gateway-api.md, "Retries"): what is sent again, after how long,
// and what never is (a create whose outcome is unknown).
import { describe, expect, it } from 'vitest';
import { decideAfterAnswer, decideAfterFailure, isSafe } from '../../src/api/retry.js';

const base = { maxAttempts: 4, backoffMs: 700 };

describe('isSafe', () => {
  it.each([
    ['GET', undefined, true],
    ['HEAD', undefined, true],
    ['POST', undefined, false],
    ['POST', true, true],
    ['DELETE', undefined, false],
  ] as const)('%s (idempotent %s) → %s', (method, idempotent, safe) => {
    expect(isSafe(method, idempotent)).toBe(safe);
  });
});

describe('decideAfterFailure (no answer)', () => {
  it.each([
    [
      'a GET reset before an answer is retried',
      { safe: true, sent: true, code: 'ECONNRESET', attempt: 1 },
      { kind: 'retry', waitMs: 700 },
    ],
    [
      'a POST that left is never sent again: outcome unknown',
      { safe: false, sent: true, code: 'ECONNRESET', attempt: 1 },
      { kind: 'outcome_unknown' },
    ],
    [
      'a POST that timed out after leaving: outcome unknown',
      { safe: false, sent: true, code: 'ETIMEDOUT', attempt: 1 },
      { kind: 'outcome_unknown' },
    ],
    [
      'a POST that never connected is retried (nothing reached the gateway)',
      { safe: false, sent: false, code: 'ECONNREFUSED', attempt: 1 },
      { kind: 'retry', waitMs: 700 },
    ],
    [
      'an unknown host is not retried',
      { safe: true, sent: false, code: 'ENOTFOUND', attempt: 1 },
      { kind: 'fail' },
    ],
    [
      'a certificate problem is not retried',
      { safe: true, sent: false, code: 'CERT_HAS_EXPIRED', attempt: 1 },
      { kind: 'fail' },
    ],
    [
      'any TLS code is not retried',
      { safe: true, sent: false, code: 'ERR_SSL_WRONG_VERSION_NUMBER', attempt: 1 },
      { kind: 'fail' },
    ],
    ['the last try fails', { safe: true, sent: true, code: 'ECONNRESET', attempt: 4 }, { kind: 'fail' }],
  ] as const)('%s', (_name, input, expected) => {
    expect(decideAfterFailure({ ...base, ...input })).toEqual(expected);
  });
});

describe('decideAfterAnswer', () => {
  const answer = { gatewayRateLimit: false, retryAfterMs: undefined, maxRetryWaitMs: 60_000 };
  it.each([
    ['200 goes to the caller', { status: 200, safe: true, attempt: 1 }, { kind: 'answer' }],
    [
      'a 500 is not retried (the gateway answered)',
      { status: 500, safe: true, attempt: 1 },
      { kind: 'answer' },
    ],
    ['a 503 to a GET is retried', { status: 503, safe: true, attempt: 1 }, { kind: 'retry', waitMs: 700 }],
    ['a 502 to a POST is not', { status: 502, safe: false, attempt: 1 }, { kind: 'answer' }],
    ['a 504 on the last try goes to the caller', { status: 504, safe: true, attempt: 4 }, { kind: 'answer' }],
    [
      'the gateway’s 429 to a POST waits Retry-After and retries',
      { status: 429, safe: false, attempt: 1, gatewayRateLimit: true, retryAfterMs: 2000 },
      { kind: 'retry', waitMs: 2000 },
    ],
    [
      'a proxy’s 429 to a POST goes to the caller (it may have been processed)',
      { status: 429, safe: false, attempt: 1, retryAfterMs: 2000 },
      { kind: 'answer' },
    ],
    [
      'a 429 to a GET without Retry-After backs off',
      { status: 429, safe: true, attempt: 2 },
      { kind: 'retry', waitMs: 700 },
    ],
    [
      'a Retry-After longer than the longest wait is left to the caller',
      { status: 429, safe: true, attempt: 1, retryAfterMs: 120_000 },
      { kind: 'rate_limited', waitMs: 120_000 },
    ],
    [
      'a 429 on the last try is left to the caller',
      { status: 429, safe: true, attempt: 4, retryAfterMs: 1000 },
      { kind: 'rate_limited', waitMs: 1000 },
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(decideAfterAnswer({ ...base, ...answer, ...input })).toEqual(expected);
  });
});
