// The API pipeline of the sandbox (/v1 and /api/v1): route (404/405) → injected fault "before"
// → body size (413) → authentication (401/403) → rate limit (429) → JSON syntax (400) → the
// idempotency key (idempotency.ts) → the route's handler → fault "after". Every answer carries
// the request id, the sandbox clock's Date and the rate-limit headers, and every request is
// recorded (recorder.ts). ERRORS.md lists what each step answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sleep } from '../sleep.js';
import { inEnglish } from '../text/in-english.js';
import { authenticate, errorResult, keyOwner } from './auth.js';
import { invalidJson, payloadTooLarge, SandboxError } from './errors.js';
import type { Faults } from './faults.js';
import type { Gateway } from './gateway.js';
import { IdempotencyKeys, type KeptAnswer, requestIdentity, resultText } from './idempotency.js';
import type { RateDecision } from './ratelimit.js';
import type { RecordedRequest } from './recorded-request.js';
import type { RequestRecorder } from './recorder.js';
import { clientIp, readJsonBody, redactAuthorizationCached, redactCard } from './request.js';
import { applyFault, JSON_TYPE, send } from './respond.js';
import type { Result } from './route-shapes.js';
import { type CompiledRoute, matchRoute } from './routing.js';

const EMPTY_QUERY = new URLSearchParams();

/** One API request on its way through the pipeline. */
export interface ApiRequest {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** The path as asked (`/api/v1/charges`): what is recorded. */
  rawPath: string;
  /** The path under /v1 (`/v1/charges`): what routes match. */
  apiPath: string;
  queryString: string;
  startedAt: number;
}

/**
 * The headers every answer of /v1 carries: the request id, the time on the sandbox clock (so that
 * a client can tell its own clock's skew, as with a real gateway), then the rate-limit figures of
 * the seller's counter (counted when the request was, else only looked at).
 */
class AnswerHeaders {
  readonly head: Array<string | number>;
  readonly #gateway: Gateway;
  readonly #auth: string | undefined;

  constructor(requestId: string, gateway: Gateway, auth: string | undefined) {
    this.#gateway = gateway;
    this.#auth = auth;
    this.head = ['X-Request-Id', requestId, 'Date', httpDate(gateway.now())];
  }

  rate(decision: RateDecision): void {
    this.head.length = 4;
    this.head.push(
      'X-RateLimit-Limit',
      decision.limit,
      'X-RateLimit-Remaining',
      decision.remaining,
      'X-RateLimit-Reset',
      decision.reset,
    );
  }

  /** The figures of an answer not counted against anyone (before authentication). */
  peek(category: string): void {
    const owner = this.#auth !== undefined ? keyOwner(this.#gateway, this.#auth) : undefined;
    this.rate(this.#gateway.limiter.peek(owner?.seller_id ?? null, category, this.#gateway.now()));
  }
}

const dateCache = { second: Number.NaN, text: '' };

/** An HTTP date (whole seconds), formatted once per second. */
function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== dateCache.second) {
    dateCache.second = second;
    dateCache.text = new Date(second * 1000).toUTCString();
  }
  return dateCache.text;
}

export class ApiPipeline {
  /** The idempotency keys of every seller (cleared by a reset). */
  readonly idempotency = new IdempotencyKeys();

  readonly #gateway: Gateway;
  readonly #routes: CompiledRoute[];
  readonly #faults: Faults;
  readonly #recorder: RequestRecorder;
  readonly #maxBodyBytes: number;

  constructor(
    gateway: Gateway,
    routes: CompiledRoute[],
    faults: Faults,
    recorder: RequestRecorder,
    maxBodyBytes: number,
  ) {
    this.#gateway = gateway;
    this.#routes = routes;
    this.#faults = faults;
    this.#recorder = recorder;
    this.#maxBodyBytes = maxBodyBytes;
  }

  async handle(request: ApiRequest): Promise<void> {
    const { req, res, method, apiPath } = request;
    const record = this.#newRecord(request);
    const auth = req.headers.authorization;
    if (auth !== undefined) req.headers.authorization = redactAuthorizationCached(auth);
    const query = request.queryString === '' ? EMPTY_QUERY : new URLSearchParams(request.queryString);
    if (request.queryString !== '') for (const [name, value] of query) record.query[name] = value;
    const headers = new AnswerHeaders(record.id, this.#gateway, auth);
    const finish = (status: number | null) => {
      record.status = status;
      record.duration_ms = Date.now() - request.startedAt;
      this.#recorder.record(record);
    };

    const match = matchRoute(this.#routes, method, apiPath.split('/'));
    if (match.route === null) {
      headers.peek('unmatched');
      if (method !== 'GET' && method !== 'HEAD') await readJsonBody(req, method, this.#maxBodyBytes);
      finish(answerUnmatched(request, match.allowed, headers.head));
      return;
    }
    const route = match.route;
    record.route = route.category;

    const fault = this.#faults.take(method, apiPath, route.path);
    if (fault) record.fault = `${fault.id}:${fault.kind}`;
    if (fault?.kind === 'delay' && fault.when === 'before')
      await sleep(fault.delay_ms, undefined, { unref: true });

    const read = await readJsonBody(req, method, this.#maxBodyBytes);
    if ('aborted' in read) {
      finish(null);
      return;
    }
    if ('tooLarge' in read) {
      headers.peek(route.category);
      const error = payloadTooLarge(this.#maxBodyBytes);
      send(res, 413, JSON_TYPE, JSON.stringify(error.toBody()), headers.head, { Connection: 'close' });
      finish(413);
      return;
    }
    const body = read.body;
    if (body !== undefined && body !== null) {
      record.body = route.path === '/v1/tokens/card' ? redactCard(body) : body;
    }

    if (fault && fault.when === 'before' && fault.kind !== 'delay') {
      headers.peek(route.category);
      finish(applyFault(fault, req, res, headers.head));
      return;
    }

    const { result, extra, complete } = await this.#callRoute(
      route,
      apiPath,
      match.params,
      auth,
      body,
      query,
      req,
      record,
      headers,
    );
    this.#gateway.save();
    const text = resultText(result);
    // Processed, then slow to answer: the key stays in use until the answer leaves.
    if (fault?.kind === 'delay' && fault.when === 'after')
      await sleep(fault.delay_ms, undefined, { unref: true });
    complete?.({ status: result.status, text, ...(extra ? { extra } : {}) });

    if (fault && fault.when === 'after' && fault.kind !== 'delay') {
      finish(applyFault(fault, req, res, headers.head));
      return;
    }
    send(res, result.status, JSON_TYPE, text, headers.head, extra);
    finish(result.status);
  }

  #newRecord(request: ApiRequest): RecordedRequest {
    return {
      id: this.#recorder.nextId(),
      method: request.method,
      path: request.rawPath,
      query: {},
      // The request's own headers object (not a copy); Authorization is redacted in it.
      headers: request.req.headers,
      body: null,
      status: null,
      at: this.#gateway.iso(),
      seller_id: null,
      route: null,
      fault: null,
      duration_ms: 0,
    };
  }

  /**
   * Authentication, the rate limit, the body's JSON, the idempotency key, then the route's
   * handler; errors as answers. `complete` keeps the answer for the request's idempotency key.
   */
  async #callRoute(
    route: CompiledRoute,
    apiPath: string,
    params: string[],
    auth: string | undefined,
    body: unknown,
    query: URLSearchParams,
    req: IncomingMessage,
    record: RecordedRequest,
    headers: AnswerHeaders,
  ): Promise<{ result: Result; extra?: Record<string, string>; complete?: (answer: KeptAnswer) => void }> {
    const gateway = this.#gateway;
    let complete: ((answer: KeptAnswer) => void) | undefined;
    try {
      const seller = authenticate(gateway, route, auth);
      record.seller_id = seller.seller_id;
      const decision = gateway.limiter.hit(seller.seller_id, route.category, gateway.now());
      headers.rate(decision);
      if (!decision.allowed) {
        throw new SandboxError(
          429,
          'rate_limit_error',
          'rate_limit_exceeded',
          `Rate limit of ${decision.limit} requests per minute exceeded for ${route.category}; retry after ${decision.retryAfter} s`,
          undefined,
          { 'Retry-After': String(decision.retryAfter) },
        );
      }
      if (body === undefined) throw invalidJson();
      const key = route.method === 'POST' ? req.headers['idempotency-key'] : undefined;
      if (typeof key === 'string') {
        const decision = this.idempotency.begin(
          seller.seller_id,
          key,
          requestIdentity(route.method, apiPath, body),
          gateway.now(),
        );
        if (decision.kind === 'replay') {
          const { status, text, extra } = decision.answer;
          return {
            result: { status, body: null, json: text },
            extra: { ...extra, 'Idempotent-Replayed': 'true' },
          };
        }
        complete = decision.complete;
      }
      gateway.scheduler.runDue();
      return {
        // A gateway answers in English: the rules it shares with the CLI otherwise speak the
        // language of the process that started it (docs/language.md).
        result: await inEnglish(() =>
          route.handler({ gateway, seller, params, query, body, ip: clientIp(req) }),
        ),
        complete,
      };
    } catch (error) {
      // Not authenticated (or refused before the limiter): the headers of an uncounted answer.
      if (record.seller_id === null) headers.peek(route.category);
      return {
        result: errorResult(error),
        extra: error instanceof SandboxError ? error.headers : undefined,
        complete,
      };
    }
  }
}

/** 404 for a path no route has, 405 (with Allow) for one only other methods have. */
function answerUnmatched(request: ApiRequest, allowed: string[], head: Array<string | number>): number {
  const { method, rawPath } = request;
  const error =
    allowed.length > 0
      ? new SandboxError(
          405,
          'invalid_request_error',
          'method_not_allowed',
          `${method} is not allowed on ${rawPath}`,
        )
      : new SandboxError(404, 'not_found_error', 'route_not_found', `No endpoint ${method} ${rawPath}`);
  const extra = allowed.length > 0 ? { Allow: allowed.join(', ') } : undefined;
  send(request.res, error.status, JSON_TYPE, JSON.stringify(error.toBody()), head, extra);
  return error.status;
}
