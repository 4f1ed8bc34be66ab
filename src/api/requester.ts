// What the resource modules (charges, payouts, account, sellers, tokens, webhooks, pagination)
// need of the API client: a request answered with its checked `data` or its whole envelope, and
// the --debug trace. Client implements it; the resources depend on this, never on the client
// that constructs them.
import type { EnvelopeResponse } from './envelope.js';
import type { Needs } from './required-fields.js';
import type { QueryValue } from './url.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What makes a --debug trace line: called only when --debug is on (its words and redaction cost). */
export type TraceLine = () => string;
export type Auth = 'secret' | 'public' | 'none';

/**
 * Called before a create (POST) is sent again after the gateway's own 429 refusal, once the wait
 * it asked for is over: a gateway may have made it anyway, so a keyed create looks for what its
 * key made first. Returning lets the retry go; throwing ends the request with that error.
 */
export type BeforeRetry = () => Promise<void>;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** What the envelope's `data` must have (docs/gateway-api.md); the raw JSON value is returned. */
  needs?: Needs;
  /** Which key goes in `Authorization`: the secret key by default. */
  auth?: Auth;
  /** Safe to repeat although not a GET (retried like a GET). */
  idempotent?: boolean;
  /** Extra headers, sent on every try (e.g. a create's idempotency keys). */
  headers?: Record<string, string>;
  /** Called before a create is sent again after the gateway's 429 (see BeforeRetry). */
  beforeRetry?: BeforeRetry;
  /** Aborts this request (in addition to the client's signal). */
  signal?: AbortSignal;
  /**
   * Filled once the answer is read: whether the gateway answered a keyed create with the first
   * answer again (`Idempotent-Replayed: true`, docs/gateway-api.md), having made nothing new.
   */
  answer?: { replayed: boolean };
}

export interface ApiRequester {
  /**
   * Sends a request and returns the envelope's `data`, checked against `needs` and returned as the
   * raw JSON value received (key order and unknown fields kept, for --json). Throws the typed
   * errors of errors.ts.
   */
  request<T = unknown>(method: Method, path: string, options?: RequestOptions): Promise<T>;
  /** As request(), but returns the whole success envelope (pagination reads fields beside `data`). */
  requestEnvelope(method: Method, path: string, options?: RequestOptions): Promise<EnvelopeResponse>;
  /** Writes a line to the --debug trace (keys redacted). */
  trace(line: TraceLine): void;
}
