// The tries of one API request: pacing, sending, reading what came back, and the wait before the
// next try or the error that ends it. The retry policy (what is retried, the backoff, the limits)
// is retry.ts's; this carries its decisions out, with the --debug trace of each step.
import {
  apiFact,
  durationValue,
  InterruptedError,
  type Message,
  PaygateError,
  sayFact,
  sentenceOf,
} from '../errors.js';
import { type Exchange, isRateLimitEnvelope } from './envelope.js';
import { errorCode, errorText, NetworkError, OutcomeUnknownError } from './errors.js';
import { clockOfAnswer, type GatewayClockReading } from './gateway-clock.js';
import { unsafeRequests } from './in-flight.js';
import { type Pacer, parseRateLimit, type RateLimitState } from './ratelimit.js';
import { redactBody, redactHeaders, scrubResponse, scrubText, sentSecrets } from './redact.js';
import { lookBeforeRetrying } from './requested-resource.js';
import type { BeforeRetry, TraceLine } from './requester.js';
import { decideAfterAnswer, decideAfterFailure, type RetryLimits, waitAskedBy } from './retry.js';
import { formatHeaders, formatRateHeaders, truncate } from './trace.js';
import type { SendMarker, SentResponse, Transport } from './transport.js';
import { BODY_TOO_LARGE, failureHint, RequestTimeout, stalledProxyOf } from './transport-failures.js';

/** The client's settings the tries follow. */
export interface AttemptSettings {
  timeoutMs: number;
  retry: RetryLimits;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  random: () => number;
}

/** What the tries use of the client that owns them. */
export interface AttemptHost {
  readonly pacer: Pacer;
  /** Our keys: never shown, and scrubbed from what the server echoes. */
  readonly secrets: readonly string[];
  transport(): Transport;
  trace(line: TraceLine): void;
  /** The X-RateLimit-* headers of an answer that had them. */
  observeRateLimit(state: RateLimitState): void;
  /** The gateway's clock as an answer with a `Date` header showed it. */
  observeClock(reading: GatewayClockReading): void;
}

/** One request, ready to send. */
export interface AttemptRequest {
  method: string;
  path: string;
  url: string;
  pathWithQuery: string;
  headers: Record<string, string>;
  bodyText: string | undefined;
  safe: boolean;
  category: string;
  signal: AbortSignal | undefined;
  /** Before an unsafe request is sent again after the gateway's 429 (requester.ts). */
  beforeRetry?: BeforeRetry;
}

export class RequestAttempts {
  // Private fields: the keys in `host` never show in util.inspect or a stray console.log.
  readonly #host: AttemptHost;
  readonly #settings: AttemptSettings;

  constructor(host: AttemptHost, settings: AttemptSettings) {
    this.#host = host;
    this.#settings = settings;
  }

  #interrupted(
    signal: AbortSignal,
    method: string,
    path: string,
    safe: boolean,
    sent: boolean,
  ): PaygateError {
    const reason = signal.reason;
    if (reason instanceof PaygateError) return reason;
    if (!safe && sent) {
      // Interrupted while a create was in flight is exit 9 (outcome unknown), never 130.
      return new OutcomeUnknownError(apiFact('interruptedInFlight', { request: `${method} ${path}` }), {
        method,
        code: 'interrupted',
        nextStep: lookBeforeRetrying(path),
      });
    }
    return new InterruptedError();
  }

  async #wait(ms: number, signal: AbortSignal | undefined, method: string, path: string, safe: boolean) {
    try {
      await this.#settings.sleep(ms, signal);
    } catch (error) {
      if (signal?.aborted) throw this.#interrupted(signal, method, path, safe, false);
      throw error;
    }
  }

  /** Tries the request until it has an answer for the caller, or an error that ends it. */
  async run(outgoing: AttemptRequest): Promise<Exchange> {
    const { method, path, url, pathWithQuery, headers, bodyText, safe, category, signal } = outgoing;
    // What the server must not echo back: our keys, the card data of this body.
    const secrets = [...this.#host.secrets, ...sentSecrets(bodyText)];
    const request: Attempted = { ...outgoing, secrets };

    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw this.#interrupted(signal, method, path, safe, false);
      try {
        await this.#host.pacer.acquire(category, signal);
      } catch (error) {
        if (signal?.aborted) throw this.#interrupted(signal, method, path, safe, false);
        throw error;
      }
      // Real time for the trace, whatever clock is injected (hrtime: `performance` loads perf_hooks).
      const started = process.hrtime.bigint();
      const max = this.#settings.retry.maxAttempts;
      // A POST is sent again only after the gateway's own rate-limit refusal: no try count before that.
      const tries = max > 1 && (safe || attempt > 1);
      this.#host.trace(
        () =>
          `--> ${method} ${url}${tries ? ` (${sayFact(apiFact('traceTry', { attempt, max }))})` : ''} ${formatHeaders(redactHeaders(headers))}` +
          (bodyText !== undefined ? ` body: ${truncate(redactBody(bodyText, this.#host.secrets))}` : ''),
      );
      const marker: SendMarker = { sent: false };
      const sentAt = this.#settings.now();
      let response: SentResponse | undefined;
      let failure: unknown;
      if (!safe) unsafeRequests.inFlight += 1;
      try {
        response = scrubResponse(
          await this.#send(method, pathWithQuery, headers, bodyText, signal, marker),
          secrets,
        );
      } catch (error) {
        failure = error;
      } finally {
        if (!safe) unsafeRequests.inFlight -= 1;
      }
      const elapsed = Number((process.hrtime.bigint() - started) / 1_000_000n);
      const next = response
        ? this.#afterAnswer(request, attempt, response, elapsed, sentAt)
        : this.#afterNoAnswer(request, attempt, marker, failure, elapsed);
      if ('exchange' in next) return next.exchange;
      await this.#wait(next.waitMs, signal, method, path, safe);
      // Only the gateway's own 429 lets a create be sent again: it may have made it all the same.
      if (!safe && response?.status === 429 && outgoing.beforeRetry) {
        this.#host.trace(() => sayFact(apiFact('traceLookBeforeRetrying', { request: `${method} ${url}` })));
        await outgoing.beforeRetry();
      }
    }
  }

  /** No answer came: a wait before the next try, or the error that ends the request. */
  #afterNoAnswer(
    request: Attempted,
    attempt: number,
    marker: SendMarker,
    failure: unknown,
    elapsed: number,
  ): { waitMs: number } {
    const { method, url, path, safe, signal, secrets } = request;
    this.#host.pacer.release(request.category);
    if (signal?.aborted) throw this.#interrupted(signal, method, path, safe, marker.sent);
    const code = failure instanceof RequestTimeout ? 'ETIMEDOUT' : (errorCode(failure) ?? 'UNKNOWN');
    const timedOut = code === 'ETIMEDOUT' || code.includes('TIMEOUT');
    let what: string;
    const duration = durationValue(this.#settings.timeoutMs);
    if (timedOut && !marker.sent) what = sayFact(apiFact('couldNotConnectWithin', { duration }));
    else if (timedOut) what = sayFact(apiFact('noAnswerWithin', { duration }));
    else {
      what = scrubText(errorText(failure), secrets, true);
      if (code !== 'UNKNOWN' && !what.includes(code)) what += ` (${code})`;
    }
    const cause = failure instanceof RequestTimeout ? undefined : failure;
    const failed: Message =
      marker.status !== undefined
        ? apiFact('whileReadingAnswer', { failure: what, status: marker.status })
        : what;
    this.#host.trace(() => {
      const nothingSent = marker.sent ? '' : ` (${sayFact(apiFact('traceNothingSent'))})`;
      return `<-- ERR ${method} ${url} ${elapsed}ms ${sentenceOf(failed)}${nothingSent}`;
    });
    const max = this.#settings.retry.maxAttempts;
    const decision = decideAfterFailure({
      attempt,
      limits: this.#settings.retry,
      safe,
      random: this.#settings.random(),
      sent: marker.sent,
      code,
    });
    const requestLine = `${method} ${url}`;
    if (decision.kind === 'outcome_unknown') {
      throw new OutcomeUnknownError(
        apiFact('outcomeUnknownAfterSending', { request: requestLine, failure: failed }),
        { method, url, code, status: marker.status, cause, nextStep: lookBeforeRetrying(path) },
      );
    }
    if (decision.kind === 'retry') {
      this.#host.trace(() =>
        sayFact(
          apiFact('traceRetryingAfterFailure', {
            request: `${method} ${url}`,
            waitMs: decision.waitMs,
            reason: timedOut ? sayFact(apiFact('traceTimeout')) : code,
            attempt: attempt + 1,
            max,
          }),
        ),
      );
      return { waitMs: decision.waitMs };
    }
    const facts = { request: requestLine, failure: failed, count: attempt };
    const tries = attempt > 1;
    throw new NetworkError(
      marker.sent
        ? apiFact(tries ? 'networkFailedTries' : 'networkFailed', facts)
        : apiFact(tries ? 'networkNothingSentTries' : 'networkNothingSent', facts),
      {
        method,
        url,
        code,
        cause,
        hint: failureHint(failure),
        nextStep: {
          kind: 'reach_gateway',
          code,
          timedOut,
          tooLong: code === BODY_TOO_LARGE,
          stalledProxy: stalledProxyOf(failure),
        },
      },
    );
  }

  /** An answer came: it goes to the caller, or a wait before the next try (rate limits, 50x). */
  #afterAnswer(
    request: Attempted,
    attempt: number,
    response: SentResponse,
    elapsed: number,
    sentAt: number,
  ): { exchange: Exchange } | { waitMs: number } {
    const { method, url, path, safe, category } = request;
    const now = this.#settings.now();
    const observed = parseRateLimit(response.headers, now);
    if (observed) this.#host.observeRateLimit(observed);
    const clock = clockOfAnswer(sentAt, now, response.headers.date);
    if (clock) this.#host.observeClock(clock);
    this.#host.trace(
      () =>
        `<-- ${response.status} ${method} ${url} ${elapsed}ms${formatRateHeaders(response.headers)}` +
        (response.text ? ` body: ${truncate(redactBody(response.text, this.#host.secrets))}` : ''),
    );
    const exchange: Exchange = { ...response, method, url, path, safe };
    const max = this.#settings.retry.maxAttempts;
    const gatewayRateLimit = response.status === 429 && isRateLimitEnvelope(response.text, response.headers);
    const decision = decideAfterAnswer({
      attempt,
      limits: this.#settings.retry,
      safe,
      random: this.#settings.random(),
      status: response.status,
      gatewayRateLimit,
      retryAfterMs: response.status === 429 ? waitAskedBy(response.headers, now) : undefined,
    });
    if (response.status === 429 && (safe || gatewayRateLimit)) {
      // The gateway said when it takes requests again: every request of this category waits.
      const waitMs = decision.kind === 'answer' ? 0 : decision.waitMs;
      this.#host.pacer.block(category, now + waitMs, observed?.limit);
      this.#host.pacer.release(category);
    } else if (response.status === 429) {
      this.#host.pacer.release(category);
    } else {
      this.#host.pacer.release(category, observed);
    }
    if (decision.kind === 'retry') {
      const retrying = { request: `${method} ${url}`, waitMs: decision.waitMs, attempt: attempt + 1, max };
      this.#host.trace(() =>
        sayFact(
          response.status === 429
            ? apiFact('traceRetryingRateLimited', retrying)
            : apiFact('traceRetryingStatus', { ...retrying, status: response.status }),
        ),
      );
      return { waitMs: decision.waitMs };
    }
    if (decision.kind === 'rate_limited') exchange.retryAfterMs = decision.waitMs;
    return { exchange };
  }

  /** One HTTP exchange; throws RequestTimeout, the user's abort reason, or the Node error. */
  #send(
    method: string,
    pathWithQuery: string,
    headers: Record<string, string>,
    body: string | undefined,
    signal: AbortSignal | undefined,
    marker: SendMarker,
  ): Promise<SentResponse> {
    return this.#host.transport().send(method, pathWithQuery, headers, body, signal, marker);
  }
}

/** A request being tried: what the steps after each attempt need to know of it. */
interface Attempted extends AttemptRequest {
  /** What the server must not echo back (our keys, the card data of this body). */
  secrets: readonly string[];
}
