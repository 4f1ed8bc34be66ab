// Typed errors of the API client and their exit codes (the table is src/errors.ts).
//
// How an HTTP exchange maps to an error and an exit code:
//
// | what happened                                              | error                        | exit |
// |------------------------------------------------------------|------------------------------|------|
// | failure envelope, 401                                      | AuthenticationError          | 4    |
// | failure envelope, 403                                      | PermissionError              | 4    |
// | failure envelope, 404                                      | NotFoundError                | 3    |
// | failure envelope, 400/409/422 and any other 4xx            | InvalidRequestError          | 3    |
// | 429 (any body), still 429 after the allowed tries          | RateLimitError               | 5    |
// | failure envelope, 5xx (any method, see below)              | ServerError                  | 6    |
// | no answer on a request safe to repeat (refused, reset,     | NetworkError                 | 6    |
// |   DNS, TLS, timeout), after the allowed tries              |                              |      |
// | no answer on a request that reached nothing (connection    | NetworkError                 | 6    |
// |   refused, DNS...: it was never written), any method       |                              |      |
// | a proxy's own refusal (407, 401 with Proxy-Authenticate):  | NetworkError                 | 6    |
// |   the request went no further, any method                  |                              |      |
// | a non-idempotent request (POST) may have reached the       | OutcomeUnknownError          | 9    |
// |   server and no usable answer came: dropped after write,   |                              |      |
// |   timeout, 2xx/3xx/5xx body that is not the envelope       |                              |      |
// | body that is not the envelope (HTML from a proxy,          | MalformedResponseError       | 6    |
// |   truncated JSON) on a request safe to repeat              |   (4xx status: 3, 401/403: 4)|      |
//
// "Failure envelope" above includes a JSON 4xx (not 408/429) in the gateway's own error dialect
// (gateway-failure.ts): it is the gateway's refusal, with its message, on any method; on a
// create it proves nothing was made.
//
// A 5xx that carries the gateway's own failure envelope on a POST is NOT outcome-unknown: the
// gateway itself answered that the request failed, so nothing was created and repeating is safe
// (exit 6, like the same answer to a GET). The client still never repeats the POST by itself.
// Outcome-unknown is reserved for the cases where no answer from the gateway's application came:
// nothing at all, or a body that is not the envelope (a proxy's 502/504 page, a truncated body),
// which says nothing about what the gateway did.

import {
  apiFact,
  type ErrorDetails,
  ExitCode,
  type Message,
  type NextStep,
  PaygateError,
  sentenceOf,
} from '../errors.js';
import { requestedResource } from './requested-resource.js';

/** Error detail of a server answer. */
export interface ApiErrorInit {
  status: number;
  type?: string;
  code?: string;
  requestId?: string;
  field?: string;
  /** Said in the run's language when the error is made. */
  hint?: Message;
  /** What a person can do next, as facts (said in words by output/error-text.ts). */
  nextStep?: NextStep;
  /** `POST /v1/charges`: for messages and debugging. */
  method?: string;
  url?: string;
}

/** One line, no control characters, at most `max` characters: for text that came from a server. */
export function oneLine(text: string, max = 200): string {
  const flat = text
    .replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, '')
    .replace(/[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function hintOf(hint: Message | undefined): string | undefined {
  return hint === undefined ? undefined : sentenceOf(hint);
}

function details(init: ApiErrorInit, fallbackType: string): ErrorDetails {
  return {
    type: init.type ?? fallbackType,
    code: init.code,
    status: init.status,
    requestId: init.requestId,
    field: init.field,
    hint: hintOf(init.hint),
  };
}

/** Base of every error the gateway answered with its failure envelope. */
export class ApiError extends PaygateError {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  readonly field: string | undefined;
  readonly method: string | undefined;
  readonly url: string | undefined;

  constructor(message: Message, init: ApiErrorInit, exitCode: ExitCode = ExitCode.ApiRefused) {
    super(message, exitCode, details(init, 'api_error'), init.nextStep);
    this.status = init.status;
    this.type = init.type ?? 'api_error';
    this.code = init.code;
    this.requestId = init.requestId;
    this.field = init.field;
    this.method = init.method;
    this.url = init.url;
  }
}

/** 401: the key is wrong, revoked or of the wrong kind (exit 4). */
export class AuthenticationError extends ApiError {
  constructor(message: Message, init: ApiErrorInit) {
    super(message, { type: 'authentication_error', ...init }, ExitCode.Auth);
  }
}

/** 403: the key is valid but not allowed to do this (payout IP whitelist, PF seller...) (exit 4). */
export class PermissionError extends ApiError {
  constructor(message: Message, init: ApiErrorInit) {
    super(message, { type: 'permission_error', ...init }, ExitCode.Auth);
  }
}

/** 404 (exit 3). */
export class NotFoundError extends ApiError {
  constructor(message: Message, init: ApiErrorInit) {
    super(message, { type: 'not_found_error', ...init }, ExitCode.ApiRefused);
  }
}

/** 400/409/422 and any other 4xx: the gateway refused the request; `field` when it named one (exit 3). */
export class InvalidRequestError extends ApiError {
  constructor(message: Message, init: ApiErrorInit) {
    super(message, { type: 'invalid_request_error', ...init }, ExitCode.ApiRefused);
  }
}

/** 429 still answered after the allowed tries (exit 5). `retryAfterMs`: what the gateway asked for. */
export class RateLimitError extends ApiError {
  readonly retryAfterMs: number | undefined;
  constructor(message: Message, init: ApiErrorInit & { retryAfterMs?: number }) {
    const { retryAfterMs, ...rest } = init;
    super(message, { type: 'rate_limit_error', code: 'rate_limit_exceeded', ...rest }, ExitCode.RateLimited);
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * 5xx with the gateway's failure envelope (exit 6). On a GET it came after the allowed retries;
 * on a POST it is the gateway's explicit "this failed" and was not retried (see the header).
 */
export class ServerError extends ApiError {
  constructor(message: Message, init: ApiErrorInit) {
    super(message, { type: 'api_error', ...init }, ExitCode.Network);
  }
}

export interface TransportErrorInit {
  method?: string;
  url?: string;
  /** Node error code: ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPROXY... */
  code?: string;
  status?: number;
  /** Said in the run's language when the error is made. */
  hint?: Message;
  /** What a person can do next, as facts (said in words by output/error-text.ts). */
  nextStep?: NextStep;
  cause?: unknown;
}

/** No answer on a request that was safe to repeat, after the allowed tries; or nothing was sent (exit 6). */
export class NetworkError extends PaygateError {
  readonly code: string | undefined;
  readonly method: string | undefined;
  readonly url: string | undefined;
  constructor(message: Message, init: TransportErrorInit = {}) {
    super(
      message,
      ExitCode.Network,
      { type: 'network_error', code: init.code, hint: hintOf(init.hint) },
      init.nextStep,
    );
    this.code = init.code;
    this.method = init.method;
    this.url = init.url;
    if (init.cause !== undefined) this.cause = init.cause;
  }
}

/**
 * A request that is not safe to repeat (POST) may have reached the gateway and no usable answer
 * came (exit 9). Nothing was retried; the caller must look (get/list) before trying again.
 */
export class OutcomeUnknownError extends PaygateError {
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly method: string | undefined;
  readonly url: string | undefined;
  constructor(message: Message, init: TransportErrorInit = {}) {
    super(
      message,
      ExitCode.OutcomeUnknown,
      { type: 'outcome_unknown', code: init.code, status: init.status, hint: hintOf(init.hint) },
      init.nextStep,
    );
    this.code = init.code;
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    if (init.cause !== undefined) this.cause = init.cause;
  }
}

export interface MalformedInit {
  status: number;
  contentType: string | undefined;
  method?: string;
  url?: string;
  requestId?: string;
  /** What was wrong: "not JSON", "not valid JSON (truncated?)", "data.id: expected string"... */
  reason?: string;
  exitCode?: ExitCode;
  /** Said in the run's language when the error is made. */
  hint?: Message;
  /** What a person can do next, as facts (said in words by output/error-text.ts). */
  nextStep?: NextStep;
}

/**
 * A body that is not the API's envelope (an HTML page from a proxy, truncated JSON) or whose data
 * does not have the expected shape. Exit 6 on a request safe to repeat; 3 (4 for 401/403) when the
 * status is a 4xx. On a POST with any other status the client throws OutcomeUnknownError instead,
 * with this error as its `cause`.
 */
export class MalformedResponseError extends PaygateError {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly reason: string | undefined;
  readonly method: string | undefined;
  readonly url: string | undefined;
  constructor(message: Message, init: MalformedInit) {
    super(
      message,
      init.exitCode ?? ExitCode.Network,
      { type: 'malformed_response', status: init.status, requestId: init.requestId, hint: hintOf(init.hint) },
      init.nextStep,
    );
    this.status = init.status;
    this.contentType = init.contentType;
    this.reason = init.reason;
    this.method = init.method;
    this.url = init.url;
  }
}

/** True for every error after which the caller must not repeat the request blindly (exit 9). */
export function isOutcomeUnknown(error: unknown): error is OutcomeUnknownError {
  return error instanceof OutcomeUnknownError;
}

/** Error types of the failure envelope, for answers whose status does not decide (e.g. 200 + success:false). */
const TYPE_TO_STATUS: Record<string, number> = {
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  not_found: 404,
  invalid_request_error: 400,
  rate_limit_error: 429,
  api_error: 500,
};

/**
 * The typed error of a failure envelope. `status` picks the class; a status outside 4xx/5xx
 * (a 200 carrying success:false) falls back on the envelope's `type`.
 */
export function errorFromEnvelope(
  status: number,
  body: { type?: unknown; code?: unknown; message?: unknown; field?: unknown; param?: unknown },
  context: { method?: string; url?: string; requestId?: string; retryAfterMs?: number } = {},
): ApiError {
  const str = (value: unknown) =>
    typeof value === 'string' && value !== '' ? oneLine(value, 100) : undefined;
  const type = str(body.type);
  const code = str(body.code);
  const field = str(body.field) ?? str(body.param);
  const message =
    typeof body.message === 'string' && body.message.trim() ? oneLine(body.message, 500) : undefined;
  const init: ApiErrorInit = {
    status,
    type,
    code,
    field,
    requestId: context.requestId,
    method: context.method,
    url: context.url,
  };
  const effective = status >= 400 ? status : (TYPE_TO_STATUS[type ?? ''] ?? 400);
  const text =
    message ??
    apiFact('httpStatusFrom', {
      status: `HTTP ${status}${code ? ` ${code}` : ''}`,
      request: `${context.method ?? ''} ${context.url ?? ''}`.trim(),
    });
  if (effective === 401) {
    return new AuthenticationError(text, { ...init, nextStep: { kind: 'check_secret_key' } });
  }
  if (effective === 403) return new PermissionError(text, init);
  if (effective === 404) return new NotFoundError(notFoundMessage(text, context.url), init);
  if (effective === 429) return new RateLimitError(text, { ...init, retryAfterMs: context.retryAfterMs });
  if (effective >= 500) return new ServerError(text, init);
  return new InvalidRequestError(text, init);
}

/**
 * A 404 of a charge, payout or webhook by its id: the gateway's message (which names the id it
 * was asked for) inside a sentence of the run's language saying what was not found; English keeps
 * the gateway's message alone.
 */
function notFoundMessage(text: Message, url: string | undefined): Message {
  const resource = url === undefined ? undefined : requestedResource(url);
  if (typeof text !== 'string' || resource?.id === undefined || resource.action !== undefined) return text;
  const values = { said: text };
  if (resource.kind === 'charge') return apiFact('chargeNotFound', values);
  if (resource.kind === 'payout') return apiFact('payoutNotFound', values);
  if (resource.kind === 'webhook') return apiFact('webhookNotFound', values);
  return text;
}

/** The system error code (ECONNREFUSED…) of an error, its first sub-error's or its cause's. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; errors?: unknown[]; cause?: unknown };
  if (typeof e.code === 'string') return e.code;
  if (Array.isArray(e.errors) && e.errors.length) return errorCode(e.errors[0]);
  if (e.cause) return errorCode(e.cause);
  return undefined;
}

/** An error's message on one line, for a person. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return oneLine(error.message || error.name, 160);
  return oneLine(String(error), 160);
}
