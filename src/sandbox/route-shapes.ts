// What every /v1 route handler shares: its definition (RouteDef), what it is given (RouteContext)
// and what it answers (Result, the success envelope, pages), with the query and body parsing
// they all use.
import { invalidRequest } from './errors.js';
import type { Gateway } from './gateway.js';
import type { SellerRecord } from './records.js';

export interface Result {
  status: number;
  body: unknown;
  /** The body already serialised (a cache hit); sent as is when present. */
  json?: string;
}

export interface RouteContext {
  gateway: Gateway;
  seller: SellerRecord;
  /** Path parameters in template order (`:id`). */
  params: string[];
  query: URLSearchParams;
  body: unknown;
  /** Caller IP, IPv4-mapped IPv6 unwrapped (`::ffff:127.0.0.1` → `127.0.0.1`). */
  ip: string;
}

export function ok(data: unknown, status = 200): Result {
  return { status, body: { success: true, data } };
}

export interface PageRequest {
  page: number;
  limit: number;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** `page` (from 1) and `limit` (1–100, default 20; above 100 is clamped to 100). */
export function parsePage(query: URLSearchParams): PageRequest {
  return {
    page: positiveInt(query, 'page') ?? 1,
    limit: Math.min(MAX_LIMIT, positiveInt(query, 'limit') ?? DEFAULT_LIMIT),
  };
}

function positiveInt(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw invalidRequest('invalid_query_parameter', `${name} must be a positive integer`, name);
  }
  return Number(raw);
}

/** One page of `items` (already filtered and in order). */
export function paged<T>(items: T[], req: PageRequest, view: (item: T) => unknown): Result {
  const start = (req.page - 1) * req.limit;
  const slice = items.slice(start, start + req.limit);
  return {
    status: 200,
    body: {
      success: true,
      data: slice.map(view),
      pagination: {
        page: req.page,
        limit: req.limit,
        total: items.length,
        has_more: start + slice.length < items.length,
      },
    },
  };
}

/** Like `paged`, from items already serialised (`json` of each): the body is built as text. */
export function pagedJson<T>(items: T[], req: PageRequest, json: (item: T) => string): Result {
  const start = (req.page - 1) * req.limit;
  const slice = items.slice(start, start + req.limit);
  const pagination = {
    page: req.page,
    limit: req.limit,
    total: items.length,
    has_more: start + slice.length < items.length,
  };
  return {
    status: 200,
    body: null,
    json: `{"success":true,"data":[${slice.map(json).join(',')}],"pagination":${JSON.stringify(pagination)}}`,
  };
}

/**
 * A time bound of a list filter: ISO 8601 (date or date-time) or Unix seconds. A date alone as
 * an upper bound means the whole day. Returns epoch ms; undefined when absent.
 */
export function parseTimeBound(query: URLSearchParams, names: string[], upper: boolean): number | undefined {
  for (const name of names) {
    const raw = query.get(name);
    if (raw === null || raw === '') continue;
    if (/^\d{1,12}$/.test(raw)) return Number(raw) * 1000;
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) {
      throw invalidRequest(
        'invalid_query_parameter',
        `${name} must be an ISO 8601 date or date-time, or Unix seconds`,
        name,
      );
    }
    return upper && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? ms + 86_400_000 - 1 : ms;
  }
  return undefined;
}

/** A status filter: one value or a comma-separated list, each among `allowed`. */
export function parseStatusFilter(
  query: URLSearchParams,
  allowed: readonly string[],
): Set<string> | undefined {
  const raw = query.get('status');
  if (raw === null || raw === '') return undefined;
  const wanted = raw.split(',').map((status) => status.trim());
  for (const status of wanted) {
    if (!allowed.includes(status)) {
      throw invalidRequest(
        'invalid_query_parameter',
        `status must be one of ${allowed.join(', ')}`,
        'status',
      );
    }
  }
  return new Set(wanted);
}

/** The body must be a JSON object. */
export function requireObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidRequest('invalid_body', 'The request body must be a JSON object', undefined);
  }
  return body as Record<string, unknown>;
}

/** `a.b[0].c` from a zod path. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Value at a zod path inside `root` (undefined when absent). */
export function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** The JSON type of a value as a message names it: null, array, object, string… */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Template under /v1 with `:id` placeholders, e.g. `/v1/charges/:id`. */
  path: string;
  /** Which key authenticates it: the secret key (default) or the public key. */
  auth: 'secret' | 'public';
  handler: (context: RouteContext) => Result | Promise<Result>;
}
