// When the client sends a request again, and when it must not (docs/gateway-api.md, "Retries"): pure decisions,
// taken after each attempt, tested as a table (test/api/retry.test.ts). The client does the
// sending, the waiting and the tracing.
import { BODY_TOO_LARGE, PROXY_REFUSED } from './transport.js';

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

interface Attempt {
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
  /** The request may be sent again (isSafe). */
  safe: boolean;
  /** The wait before the next try if there is one (exponential backoff with jitter). */
  backoffMs: number;
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
  if (retryable && input.attempt < input.maxAttempts) return { kind: 'retry', waitMs: input.backoffMs };
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
    /** Retry-After (or the reset header) as a wait, when the answer gave one. */
    retryAfterMs: number | undefined;
    /** Longer waits are not taken: the refusal goes to the caller. */
    maxRetryWaitMs: number;
  },
): AnswerDecision {
  if (input.status === 429) {
    // Not the gateway's own "nothing was done": a proxy, or a gateway that may have processed it.
    if (!input.safe && !input.gatewayRateLimit) return { kind: 'answer' };
    const waitMs = input.retryAfterMs ?? input.backoffMs;
    if (input.attempt < input.maxAttempts && waitMs <= input.maxRetryWaitMs) return { kind: 'retry', waitMs };
    return { kind: 'rate_limited', waitMs };
  }
  if (input.safe && RETRYABLE_STATUS.has(input.status) && input.attempt < input.maxAttempts) {
    return { kind: 'retry', waitMs: input.backoffMs };
  }
  return { kind: 'answer' };
}
