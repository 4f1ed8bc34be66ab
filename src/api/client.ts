// The one API client every command uses (docs/architecture.md): transport, auth, envelope, retries,
// rate limits, --debug traces.
//
// Resources are properties created on first use, each a thin typed wrapper over `request()` (they
// know the client only as the ApiRequester of requester.ts):
//   client.charges   create/get/list/listAll/refund/cancel   (src/api/charges.ts)
//   client.payouts   create/get/list/listAll                 (src/api/payouts.ts)
//   client.account   getAccount/getBalance                   (src/api/account.ts)
//   client.sellers   searchByEmail                           (src/api/sellers.ts)
//   client.tokens    createCardToken (public key)            (src/api/tokens.ts)
//   client.webhooks  list/create/update/delete/test          (src/api/webhooks.ts)
//
// What is sent again, after how long, and what never is: the retry policy, src/api/retry.ts.

import { isLoopback } from '../domain/loopback.js';
import { apiFact, ExitCode, NotConfiguredError, PaygateError, sayFact } from '../errors.js';
import { sleep } from '../sleep.js';
import { AccountApi } from './account.js';
import { type AttemptSettings, RequestAttempts } from './attempts.js';
import { ChargesApi } from './charges.js';
import { contentTypeOf, type EnvelopeResponse, type Exchange, interpret, parseJson } from './envelope.js';
import type { GatewayClockReading } from './gateway-clock.js';
import { PayoutsApi } from './payouts.js';
import { Pacer, type RateLimitState } from './ratelimit.js';
import { redactSecrets } from './redact.js';
import type { ApiRequester, Auth, BeforeRetry, Method, RequestOptions, TraceLine } from './requester.js';
import { DEFAULT_RETRY_LIMITS, isSafe } from './retry.js';
import { SellersApi } from './sellers.js';
import { TokensApi } from './tokens.js';
import { Transport } from './transport.js';
import { requireFields } from './unusable-answer.js';
import {
  buildPath,
  categoryKey,
  DEFAULT_API_PREFIX,
  type NormalizedBase,
  normalizeBase,
  type QueryValue,
} from './url.js';
import { WebhooksApi } from './webhooks.js';

export interface ClientOptions {
  baseUrl: string;
  /** '/v1' by default; '/api/v1' when the deployment serves there (stored by `paygate login`). */
  apiPrefix?: string;
  secretKey?: string;
  publicKey?: string;
  /** Per HTTP request (headers and body), default 30000. */
  timeoutMs?: number;
  /** Tries in all, first included (retry.ts, DEFAULT_RETRY_LIMITS). */
  maxAttempts?: number;
  /** Backoff base (retry.ts, backoffMs). */
  retryBaseMs?: number;
  /** Backoff cap (retry.ts, backoffMs). */
  retryCapMs?: number;
  /** A 429 asking to wait longer than this is not waited for (RateLimitError at once). */
  maxRetryWaitMs?: number;
  /** --debug: receives one line per request, response, retry and rate-limit hold. */
  debug?: (line: string) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Aborts every request and wait (Ctrl-C) → InterruptedError (exit 130). */
  signal?: AbortSignal;
  userAgent?: string;
  /** Where HTTP_PROXY/HTTPS_PROXY/NO_PROXY are read; process.env by default. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Keep-alive connections per origin, default 16. */
  connections?: number;
  /** Extra trusted CA certificate (PEM), for tests; users set NODE_EXTRA_CA_CERTS. */
  ca?: string;
  /** Longest answer read, lists included; default 32 MiB. A longer one is a network error (exit 6). */
  maxBodyBytes?: number;
}

/** Deeper JSON is a malformed answer: what reads it (output, sanitising) recurses. */

export interface RawRequestOptions {
  query?: Record<string, QueryValue>;
  /** A string is sent as it is (JSON text); anything else is JSON-encoded. */
  body?: unknown;
  auth?: Auth;
  idempotent?: boolean;
  headers?: Record<string, string>;
  beforeRetry?: BeforeRetry;
  signal?: AbortSignal;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the body is JSON, else the text ('' when empty). */
  body: unknown;
}

export class Client implements ApiRequester {
  /** Private so that the keys never show in util.inspect(client) or a stray console.log. */
  readonly #options: Readonly<ClientOptions>;
  /** Base URL and prefix, normalised: the URL of a request is `origin + root + path`. */
  readonly base: NormalizedBase;
  /** Keeps each rate-limit category within its announced budget (see ratelimit.ts). */
  readonly pacer: Pacer;
  /** The X-RateLimit-* headers of the last answer that had them (any category). */
  rateLimit: RateLimitState | null = null;
  /**
   * The gateway's clock as the latest answer with a `Date` header showed it: a keyed create
   * records its skew, so that reconcile on another host can place the run's times.
   */
  gatewayClock: GatewayClockReading | null = null;

  readonly #settings: AttemptSettings;
  readonly #secrets: string[];
  #transport: Transport | undefined;
  readonly #attempts: RequestAttempts;
  #closed = false;

  #charges: ChargesApi | undefined;
  #payouts: PayoutsApi | undefined;
  #account: AccountApi | undefined;
  #sellers: SellersApi | undefined;
  #tokens: TokensApi | undefined;
  #webhooks: WebhooksApi | undefined;

  /** Throws a usage error (exit 2, its next step: set the base URL) when the base URL is malformed. */
  constructor(options: ClientOptions) {
    this.#options = options;
    this.base = normalizeBase(options.baseUrl, options.apiPrefix ?? DEFAULT_API_PREFIX);
    const positive = (value: number | undefined, fallback: number, name: string) => {
      if (value === undefined) return fallback;
      if (!Number.isFinite(value) || value < 0)
        throw new PaygateError(apiFact('mustBePositive', { name }), ExitCode.Usage);
      return value;
    };
    const settings: AttemptSettings = {
      timeoutMs: positive(options.timeoutMs, 30_000, 'timeout') || 30_000,
      retry: {
        maxAttempts: Math.max(
          1,
          Math.floor(positive(options.maxAttempts, DEFAULT_RETRY_LIMITS.maxAttempts, 'maxAttempts')),
        ),
        retryBaseMs: positive(options.retryBaseMs, DEFAULT_RETRY_LIMITS.retryBaseMs, 'retryBaseMs'),
        retryCapMs: positive(options.retryCapMs, DEFAULT_RETRY_LIMITS.retryCapMs, 'retryCapMs'),
        maxRetryWaitMs: positive(
          options.maxRetryWaitMs,
          DEFAULT_RETRY_LIMITS.maxRetryWaitMs,
          'maxRetryWaitMs',
        ),
      },
      sleep: options.sleep ?? sleep,
      now: options.now ?? Date.now,
      random: options.random ?? Math.random,
    };
    this.#settings = settings;
    this.#secrets = [options.secretKey, options.publicKey].filter((key): key is string => !!key);
    this.pacer = new Pacer({
      now: settings.now,
      sleep: settings.sleep,
      maxWaitMs: settings.retry.maxRetryWaitMs,
      onWait: (category, ms) =>
        this.trace(() => sayFact(apiFact('traceHoldingForBudget', { category, waitMs: Math.round(ms) }))),
    });
    this.#attempts = new RequestAttempts(
      {
        pacer: this.pacer,
        secrets: this.#secrets,
        transport: () => this.#getTransport(),
        trace: (line) => this.trace(line),
        observeRateLimit: (state) => {
          this.rateLimit = state;
        },
        observeClock: (reading) => {
          this.gatewayClock = reading;
        },
      },
      settings,
    );
  }

  // ---- resources (created on first use) ------------------------------------------------------

  get charges(): ChargesApi {
    this.#charges ??= new ChargesApi(this);
    return this.#charges;
  }
  get payouts(): PayoutsApi {
    this.#payouts ??= new PayoutsApi(this);
    return this.#payouts;
  }
  get account(): AccountApi {
    this.#account ??= new AccountApi(this);
    return this.#account;
  }
  get sellers(): SellersApi {
    this.#sellers ??= new SellersApi(this);
    return this.#sellers;
  }
  get tokens(): TokensApi {
    this.#tokens ??= new TokensApi(this);
    return this.#tokens;
  }
  get webhooks(): WebhooksApi {
    this.#webhooks ??= new WebhooksApi(this);
    return this.#webhooks;
  }

  /** The full URL of a resource path (for messages). */
  url(path: string, query?: Record<string, QueryValue>): string {
    return this.base.origin + buildPath(this.base, path, query);
  }

  // ---- requests ------------------------------------------------------------------------------

  /**
   * Sends a request and returns the envelope's `data`, checked against `needs` and returned as the
   * raw JSON value received (key order and unknown fields kept, for --json). Throws the typed
   * errors of errors.ts.
   */
  async request<T = unknown>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
    const response = await this.requestEnvelope(method, path, options);
    if (options.answer)
      options.answer.replayed = response.headers['idempotent-replayed']?.toLowerCase() === 'true';
    if (options.needs) {
      requireFields(options.needs, response.data, {
        status: response.status,
        method: response.method,
        url: response.url,
        safe: isSafe(method, options.idempotent),
        path,
        root: 'data',
      });
    }
    return response.data as T;
  }

  /** As request(), but returns the whole success envelope (pagination reads fields beside `data`). */
  async requestEnvelope(
    method: Method,
    path: string,
    options: RequestOptions = {},
  ): Promise<EnvelopeResponse> {
    const exchange = await this.#perform(method, path, options);
    return interpret(exchange);
  }

  /**
   * For `paygate api`: the answer as it came (status, headers, parsed JSON or text), whatever the
   * status. Same auth, retries, pacing and traces; transport failures still throw.
   */
  async requestRaw(method: string, path: string, options: RawRequestOptions = {}): Promise<RawResponse> {
    const exchange = await this.#perform(method.toUpperCase(), path, options);
    const parsed = parseJson(exchange.text, contentTypeOf(exchange.headers));
    return {
      status: exchange.status,
      headers: exchange.headers,
      body: parsed.ok ? parsed.value : exchange.text,
    };
  }

  /** Closes the keep-alive connections. The client cannot be used afterwards. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#transport?.close();
    this.#transport = undefined;
  }

  // ---- internals -----------------------------------------------------------------------------

  /** Writes a line to the --debug trace (keys redacted); for pagination and resource modules. */
  trace(line: TraceLine): void {
    if (this.#options.debug) this.#options.debug(redactSecrets(line(), this.#secrets));
  }

  /** Throws an internal error after close(), a usage error for a malformed proxy variable. */
  #getTransport(): Transport {
    if (this.#closed) throw new PaygateError('internal: API client used after close()', ExitCode.Internal);
    this.#transport ??= new Transport(this.base.origin, {
      timeoutMs: this.#settings.timeoutMs,
      env: this.#options.env ?? process.env,
      connections: this.#options.connections ?? 16,
      ca: this.#options.ca,
      maxBodyBytes: this.#options.maxBodyBytes ?? 32 * 1024 * 1024,
    });
    return this.#transport;
  }

  /** Whether a proxy is in use (for tests and --debug). */
  get usesProxy(): boolean {
    return this.#getTransport().usesProxy;
  }

  /**
   * A key is never sent in clear over a network: `http://` only to loopback,
   * unless PAYGATE_ALLOW_INSECURE_HTTP=1 says so, with a warning on every request's trace.
   */
  #refuseKeyInClear(): void {
    const url = new URL(this.base.origin);
    if (url.protocol !== 'http:' || isLoopback(url.hostname)) return;
    const env = this.#options.env ?? process.env;
    if (env.PAYGATE_ALLOW_INSECURE_HTTP === '1') {
      this.trace(() => sayFact(apiFact('traceKeyInClear', { origin: url.origin })));
      return;
    }
    throw new PaygateError(apiFact('keyInClear', { origin: url.origin }), ExitCode.Usage, {
      type: 'insecure_transport',
      hint: sayFact(apiFact('keyInClearHint')),
    });
  }

  #headers(auth: Auth, hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.#options.userAgent ?? `paygate (node ${process.version})`,
    };
    if (hasBody) headers['content-type'] = 'application/json';
    if (auth !== 'none') this.#refuseKeyInClear();
    if (auth === 'secret') {
      if (!this.#options.secretKey) {
        throw new NotConfiguredError(apiFact('noSecretKey'), undefined, {
          kind: 'configure_key',
          key: 'secret',
        });
      }
      headers.authorization = `Bearer ${this.#options.secretKey}`;
    } else if (auth === 'public') {
      if (!this.#options.publicKey) {
        throw new NotConfiguredError(apiFact('noPublicKey'), undefined, {
          kind: 'configure_key',
          key: 'public',
        });
      }
      headers.authorization = `Bearer ${this.#options.publicKey}`;
    }
    return headers;
  }

  async #perform(method: string, path: string, options: RawRequestOptions): Promise<Exchange> {
    this.#getTransport(); // after close(): a bug, said at once rather than as a network failure
    const pathWithQuery = buildPath(this.base, path, options.query);
    const url = this.base.origin + pathWithQuery;
    const bodyText =
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body);
    const headers = {
      ...options.headers,
      ...this.#headers(options.auth ?? 'secret', bodyText !== undefined),
    };
    const safe = isSafe(method, options.idempotent);
    const category = categoryKey(method, pathWithQuery, this.base);
    const callerSignal = options.signal;
    const clientSignal = this.#options.signal;
    // A command passes the run's own signal, the one the client was made with: combining a
    // signal with itself would only cost every request a composite signal (bench/CHOICES.md).
    const signal =
      callerSignal && clientSignal && callerSignal !== clientSignal
        ? AbortSignal.any([callerSignal, clientSignal])
        : (callerSignal ?? clientSignal);
    return this.#attempts.run({
      method,
      path,
      url,
      pathWithQuery,
      headers,
      bodyText,
      safe,
      category,
      signal,
      beforeRetry: options.beforeRetry,
    });
  }
}
