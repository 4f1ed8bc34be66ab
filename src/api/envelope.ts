// Reading the gateway's answer (docs/gateway-api.md): the envelope `{success, data}` or
// `{success:false, error}`, and what an answer that is neither means for a safe request (a typed
// error) and for a create (outcome unknown, exit 9). Pure: no IO.
import { apiFact, ExitCode, type Message, type NextStep, sayFact } from '../errors.js';
import { isJsonObject, jsonDepth, MAX_JSON_DEPTH, parseJsonLossless } from '../json.js';
import {
  errorFromEnvelope,
  MalformedResponseError,
  OutcomeUnknownError,
  oneLine,
  RateLimitError,
} from './errors.js';
import { gatewayFailure } from './gateway-failure.js';
import { lookBeforeRetrying } from './requested-resource.js';

/** A successful envelope, as received (for pagination, which reads fields beside `data`). */
export interface EnvelopeResponse {
  status: number;
  headers: Record<string, string>;
  /** The whole parsed body: `{success: true, data, ...}`. */
  envelope: Record<string, unknown>;
  data: unknown;
  method: string;
  url: string;
}

/** One answer as the client received it, with the request it answers. */
export interface Exchange {
  status: number;
  headers: Record<string, string>;
  text: string;
  method: string;
  url: string;
  path: string;
  safe: boolean;
  /** For a 429 that was not retried further. */
  retryAfterMs?: number;
}

export function contentTypeOf(headers: Record<string, string>): string | undefined {
  const value = headers['content-type'];
  return value ? value.split(';', 1)[0]?.trim().toLowerCase() : undefined;
}

/** The body parsed as JSON, or why it is not an envelope. */
export function parseJson(
  text: string,
  contentType: string | undefined,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: sayFact(apiFact('emptyBody')) };
  const looksJson = trimmed.startsWith('{') || trimmed.startsWith('[');
  if (!looksJson && !(contentType ?? '').includes('json')) {
    if (/^<(?:!doctype|html|\?xml|head|body)/i.test(trimmed)) {
      const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1];
      const page = title ? apiFact('htmlPageTitled', { title: oneLine(title, 60) }) : apiFact('htmlPage');
      return { ok: false, reason: sayFact(page) };
    }
    return { ok: false, reason: sayFact(apiFact('notJson', { start: oneLine(trimmed, 60) })) };
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    return { ok: false, reason: sayFact(apiFact('jsonTooDeep', { depth: MAX_JSON_DEPTH })) };
  try {
    // Number literals as written: `150.00` is not the integer 150 (reais are not centavos).
    return { ok: true, value: parseJsonLossless(text) };
  } catch (error) {
    // The parser's own words (Node's) are a value, like a gateway's.
    const detail = error instanceof Error ? oneLine(error.message, 80) : apiFact('parseError');
    return { ok: false, reason: sayFact(apiFact('invalidJson', { detail })) };
  }
}

/** `{success:false, error:{...}}` (with at least a type, code or message). */
export function failureBody(value: unknown): Record<string, unknown> | undefined {
  if (!isJsonObject(value) || value.success !== false || !isJsonObject(value.error)) return undefined;
  const error = value.error;
  if (typeof error.message !== 'string' && typeof error.type !== 'string' && typeof error.code !== 'string') {
    return undefined;
  }
  return error;
}

function requestIdOf(headers: Record<string, string>, body?: unknown): string | undefined {
  const fromHeader = headers['x-request-id'] ?? headers['request-id'];
  if (fromHeader) return oneLine(fromHeader, 100);
  if (isJsonObject(body)) {
    const id = body.request_id ?? (isJsonObject(body.error) ? body.error.request_id : undefined);
    if (typeof id === 'string') return oneLine(id, 100);
  }
  return undefined;
}

/**
 * Turns an answer into the success envelope or the typed error. Decisions (see errors.ts):
 * - success envelope with a 2xx → returned;
 * - failure envelope, or a JSON 4xx (not 408/429) in the gateway's own error dialect → the typed
 *   error of its status, with the gateway's message. On an unsafe request (POST) only a 4xx
 *   proves that nothing was done; a 5xx (or non-4xx) envelope is OutcomeUnknownError (exit 9)
 *   with the typed error as its cause;
 * - 429 (after the allowed tries) → RateLimitError; on an unsafe request only when the body is
 *   the gateway's `rate_limit_error` envelope, else OutcomeUnknownError;
 * - anything else is not the envelope: on an unsafe request, whatever the status (a proxy's
 *   page, a redirect), OutcomeUnknownError (exit 9) with the MalformedResponseError as its cause;
 *   on a safe one MalformedResponseError (exit 6; 3/4 for a 4xx or a redirect).
 */
export function interpret(exchange: Exchange): EnvelopeResponse {
  const { status, headers, method, url, path, safe } = exchange;
  const contentType = contentTypeOf(headers);
  const parsed = parseJson(exchange.text, contentType);
  const value = parsed.ok ? parsed.value : undefined;
  const requestId = requestIdOf(headers, value);

  if (status === 429 && (safe || isRateLimitFailure(value))) {
    const error = failureBody(value) ?? {};
    const seconds = exchange.retryAfterMs !== undefined ? Math.ceil(exchange.retryAfterMs / 1000) : undefined;
    const message = typeof error.message === 'string' ? oneLine(error.message, 300) : apiFact('rateLimited');
    throw new RateLimitError(
      seconds !== undefined
        ? apiFact('stillRateLimitedWait', { message, seconds })
        : apiFact('stillRateLimited', { message }),
      {
        status,
        type: typeof error.type === 'string' ? error.type : 'rate_limit_error',
        code: typeof error.code === 'string' ? error.code : 'rate_limit_exceeded',
        requestId,
        method,
        url,
        retryAfterMs: exchange.retryAfterMs,
        hint: apiFact('rateLimitHint'),
      },
    );
  }

  if (status === 429 && !safe) throw unknownOutcome(exchange, contentType, apiFact('notRateLimitEnvelope'));
  if (isJsonObject(value) && value.success === true && status >= 200 && status < 300) {
    return { status, headers, envelope: value, data: value.data, method, url };
  }
  if (status >= 200 && status < 300 && exchange.text.trim() === '') {
    // 204 No Content (a DELETE): a success without data. The schema decides if that is enough.
    return { status, headers, envelope: { success: true, data: null }, data: null, method, url };
  }
  // A JSON 4xx in the gateway's own dialect is its refusal as surely as the envelope is (408 and
  // 429 excepted: they say the request was not processed yet, not that it was refused).
  // Both are read by gatewayFailure: the envelope's `error` may be the gateway's own body.
  const failure =
    failureBody(value) !== undefined || (parsed.ok && isRefusalStatus(status))
      ? gatewayFailure(value)
      : undefined;
  if (failure) {
    const error = errorFromEnvelope(status, failure, { method, url, requestId });
    // Only a 4xx envelope proves that a create was refused; a 5xx (or a 2xx/3xx carrying
    // success:false) may come after the gateway did the work.
    if (safe || (status >= 400 && status < 500)) throw error;
    throw new OutcomeUnknownError(
      apiFact('outcomeUnknownGatewayFailed', { request: `${method} ${url}`, status, message: error.message }),
      { method, url, status, code: `http_${status}`, cause: error, nextStep: lookBeforeRetrying(path) },
    );
  }

  const reason = parsed.ok ? sayFact(apiFact('notTheEnvelope')) : parsed.reason;
  const answer = {
    request: `${method} ${url}`,
    status,
    contentType: contentType ?? apiFact('noContentType'),
    reason,
  };
  const malformed = (exitCode: ExitCode, next?: { hint?: Message; nextStep?: NextStep }) =>
    new MalformedResponseError(
      headers.location
        ? apiFact('unexpectedAnswerRedirecting', { ...answer, location: oneLine(headers.location, 120) })
        : apiFact('unexpectedAnswer', answer),
      { status, contentType, method, url, requestId, reason, exitCode, ...next },
    );
  // A page from a proxy (any status, redirects included) proves nothing about a create.
  if (!safe) throw unknownOutcome(exchange, contentType, reason, malformed(ExitCode.OutcomeUnknown));
  if (status >= 400 && status < 500) {
    const exit = status === 401 || status === 403 ? ExitCode.Auth : ExitCode.ApiRefused;
    // Only a page that is not JSON (a proxy's, a web server's) is said not to be the API's.
    throw malformed(
      exit,
      parsed.ok ? undefined : { nextStep: { kind: 'check_base_url', because: 'not_the_api' } },
    );
  }
  if (status >= 300 && status < 400 && status !== 303) {
    // A redirect: the request was not processed here.
    throw malformed(ExitCode.ApiRefused, { nextStep: { kind: 'check_base_url', because: 'redirect' } });
  }
  throw malformed(ExitCode.Network, { hint: apiFact('proxyOrGatewayFailing') });
}

/** Exit 9 for an unsafe request whose answer does not prove that nothing was done. */
function unknownOutcome(
  exchange: Exchange,
  contentType: string | undefined,
  reason: Message,
  cause?: unknown,
): OutcomeUnknownError {
  const { status, headers, method, url, path } = exchange;
  const answer = {
    request: `${method} ${url}`,
    status,
    contentType: contentType ?? apiFact('noContentType'),
    reason,
  };
  return new OutcomeUnknownError(
    headers.location
      ? apiFact('outcomeUnknownNotAnswerRedirecting', { ...answer, location: oneLine(headers.location, 120) })
      : apiFact('outcomeUnknownNotAnswer', answer),
    { method, url, status, code: `http_${status}`, cause, nextStep: lookBeforeRetrying(path) },
  );
}

function isRefusalStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** The gateway's own 429 envelope (`rate_limit_error`): the API's signal that nothing was done. */
function isRateLimitFailure(value: unknown): boolean {
  return failureBody(value)?.type === 'rate_limit_error';
}

export function isRateLimitEnvelope(text: string, headers: Record<string, string>): boolean {
  const parsed = parseJson(text, contentTypeOf(headers));
  return parsed.ok && isRateLimitFailure(parsed.value);
}
