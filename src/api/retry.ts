// The retry policy, the heart of "never pay twice": when the client sends a request again, after
// how long, and when it must not. Everything the policy decides is here, pure and tested as a
// table (test/api/retry.test.ts); attempts.ts carries the decisions out (sending, waiting, the
// --debug trace) and client.ts takes the limits (the `retry.*` settings, read in context.ts).
//
// - A request is "safe" when it is GET/HEAD or flagged `idempotent`. Safe requests are retried on
//   network errors, timeouts and 502/503/504, with exponential backoff and full jitter
//   (random() × min(cap, base × 2^n), `backoffMs`), at most `maxAttempts` tries in all.
// - 429 is retried after Retry-After (or until X-RateLimit-Reset) for a safe request, and for an
//   unsafe one only when its body is the gateway's own `rate_limit_error` envelope (the gateway's
//   word that nothing was done). Same bound, then RateLimitError (exit 5). Any other 429 on a
//   POST: exit 9.
// - On an unsafe request only a 4xx failure envelope proves the gateway did nothing; a 5xx, a
//   proxy's page of any status or a redirect is OutcomeUnknownError (exit 9).
// - A request that never left (connection refused, DNS failure, connect timeout, a proxy that
//   refused CONNECT, a TLS failure: the transport had no connected socket for it) reached
//   nothing: NetworkError (exit 6) for every method, retried like a safe request when the cause
//   is transient.
// - An unsafe request (POST) that may have been written is NEVER repeated: any failure after that
//   point (connection dropped, timeout, a body that is not the envelope) is OutcomeUnknownError
//   (exit 9). "May have been written" is known exactly: the transport (transport.ts) marks the
//   moment the request gets a fully connected socket.
import { type HeaderBag, retryAfterMs } from './ratelimit.js';
import { BODY_TOO_LARGE, PROXY_REFUSED } from './transport-failures.js';

/** How many tries, and how long the waits between them may be. */
export interface RetryLimits {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** The backoff's first ceiling: the wait before the second try is at most this. */
  retryBaseMs: number;
  /** The backoff's largest ceiling, however many tries came before. */
  retryCapMs: number;
  /** A 429 asking to wait longer than this is not waited for: the refusal goes to the caller. */
  maxRetryWaitMs: number;
}

/**
 * The limits a client has unless it is given others (the `retry.*` settings' defaults are these).
 * With 4 tries the longest wait is the one after the 3rd, under base × 2² = 2 s: the 8 s cap
 * only bounds the 5th wait and later ones, with 6 tries or more (test/api/retry.test.ts).
 */
export const DEFAULT_RETRY_LIMITS: Readonly<RetryLimits> = {
  maxAttempts: 4,
  retryBaseMs: 500,
  retryCapMs: 8_000,
  maxRetryWaitMs: 120_000,
};

/**
 * Added to the wait until X-RateLimit-Reset: the reset is given to the second, and a request sent
 * on the second may still find the old window.
 */
export const RESET_MARGIN_MS = 100;

/** Answers that mean "try again later": a proxy or the gateway briefly unavailable. */
const RETRYABLE_STATUS = new Set([502, 503, 504]);

/** Failures where trying again will not help (bad host name, certificate problems). */
const PERMANENT_CODES = new Set([
  BODY_TOO_LARGE, // downloading it again would not make it shorter
  PROXY_REFUSED, // the proxy wants other credentials
  'ENOTFOUND',
  'EAI_FAIL',
  'EAI_NONAME',
  'ERR_INVALID_URL',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** A request that may be sent twice without doing anything twice: a read, or one marked so. */
export function isSafe(method: string, idempotent: boolean | undefined): boolean {
  return method === 'GET' || method === 'HEAD' || idempotent === true;
}

/**
 * The wait after try `attempt` (1 for the first): exponential backoff with full jitter, a share
 * `random` (0 ≤ random < 1) of min(cap, base × 2^(attempt − 1)). Full jitter spreads the tries of
 * many clients failing at once.
 */
export function backoffMs(
  attempt: number,
  limits: Pick<RetryLimits, 'retryBaseMs' | 'retryCapMs'>,
  random: number,
): number {
  const ceiling = Math.min(limits.retryCapMs, limits.retryBaseMs * 2 ** (attempt - 1));
  return Math.floor(random * ceiling);
}

/** The wait a 429 asks for: Retry-After, else until X-RateLimit-Reset (plus the margin), else undefined. */
export function waitAskedBy(headers: HeaderBag, now: number): number | undefined {
  return retryAfterMs(headers, now, RESET_MARGIN_MS);
}

interface Attempt {
  /** 1 for the first try. */
  attempt: number;
  limits: RetryLimits;
  /** The request may be sent again (isSafe). */
  safe: boolean;
  /** A draw of random() (0 ≤ random < 1), for the backoff's jitter. */
  random: number;
}

export type FailureDecision =
  /** The request left and no answer came: it may have been processed. Never sent again. */
  | { kind: 'outcome_unknown' }
  | { kind: 'retry'; waitMs: number }
  /** Certainly not processed, and trying again will not help (or no tries left). */
  | { kind: 'fail' };

/** After an attempt that got no answer (`code`: the Node error code, ETIMEDOUT…). */
export function decideAfterFailure(input: Attempt & { sent: boolean; code: string }): FailureDecision {
  if (input.sent && !input.safe) return { kind: 'outcome_unknown' };
  const retryable = !PERMANENT_CODES.has(input.code) && !/CERT|SSL|TLS/.test(input.code);
  if (retryable && input.attempt < input.limits.maxAttempts) {
    return { kind: 'retry', waitMs: backoffMs(input.attempt, input.limits, input.random) };
  }
  return { kind: 'fail' };
}

export type AnswerDecision =
  /** The answer goes to the caller (success or an error to report). */
  | { kind: 'answer' }
  | { kind: 'retry'; waitMs: number }
  /** The gateway's own rate-limit refusal, not retried further: the caller says when to retry. */
  | { kind: 'rate_limited'; waitMs: number };

/**
 * After an attempt that got an answer. A 429 is retried only when it is the gateway's own "rate
 * limited, nothing was done" (its envelope or rate-limit headers), after the wait it asks for,
 * if that wait is short enough; a 502/503/504 only for a safe request.
 */
export function decideAfterAnswer(
  input: Attempt & {
    status: number;
    /** The 429 is the gateway's rate-limit refusal (isRateLimitEnvelope). */
    gatewayRateLimit: boolean;
    /** The wait the 429 asked for (waitAskedBy), when it gave one. */
    retryAfterMs: number | undefined;
  },
): AnswerDecision {
  const { attempt, limits } = input;
  if (input.status === 429) {
    // Not the gateway's own "nothing was done": a proxy, or a gateway that may have processed it.
    if (!input.safe && !input.gatewayRateLimit) return { kind: 'answer' };
    const waitMs = input.retryAfterMs ?? backoffMs(attempt, limits, input.random);
    if (attempt < limits.maxAttempts && waitMs <= limits.maxRetryWaitMs) return { kind: 'retry', waitMs };
    return { kind: 'rate_limited', waitMs };
  }
  if (input.safe && RETRYABLE_STATUS.has(input.status) && attempt < limits.maxAttempts) {
    return { kind: 'retry', waitMs: backoffMs(attempt, limits, input.random) };
  }
  return { kind: 'answer' };
}
