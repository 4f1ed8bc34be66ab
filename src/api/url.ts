// URLs of the API: base URL normalisation, API prefix, request paths and path ids.

import { apiFact, type Fact, UsageError } from '../errors.js';
import { oneLine } from './errors.js';

export const DEFAULT_API_PREFIX = '/v1';

export interface NormalizedBase {
  /** `https://host:port` */
  origin: string;
  /** The base URL's own path without trailing slash (`''`, `/api`, `/gateway`...). */
  basePath: string;
  /** What is put before every resource path: basePath merged with the prefix (`/v1`, `/api/v1`). */
  root: string;
  /** The prefix as configured (`/v1`, `/api/v1`). */
  prefix: string;
}

function invalidBase(value: string, why: Fact): UsageError {
  return new UsageError(
    apiFact('invalidBaseUrl', { value: oneLine(value, 80), why }),
    { field: 'base_url' },
    {
      kind: 'set_base_url',
    },
  );
}

const segments = (path: string) => path.split('/').filter((part) => part !== '');

/**
 * Parses and normalises a base URL and an API prefix. Trailing slashes go; a base URL that already
 * ends with part of the prefix is not doubled (`https://h/api` + `/api/v1` → `https://h/api/v1`,
 * `https://h/api` + `/v1` → `https://h/api/v1`, `https://h/v1` + `/v1` → `https://h/v1`).
 * A malformed URL is a usage error (exit 2) whose next step is to set the base URL.
 */
export function normalizeBase(baseUrl: string, apiPrefix: string = DEFAULT_API_PREFIX): NormalizedBase {
  const raw = baseUrl.trim();
  if (raw === '') throw invalidBase(baseUrl, apiFact('baseUrlEmpty'));
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidBase(baseUrl, apiFact('notAUrl'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidBase(baseUrl, apiFact('baseUrlNotHttp'));
  }
  if (!url.hostname) throw invalidBase(baseUrl, apiFact('baseUrlNoHost'));
  if (url.username || url.password) {
    // The refusal never repeats the password it refuses.
    const shown = new URL(url.href);
    if (shown.password) shown.password = '***';
    throw invalidBase(shown.href, apiFact('baseUrlUserInfo'));
  }
  if (url.search || url.hash) throw invalidBase(baseUrl, apiFact('baseUrlQuery'));
  const prefixText = apiPrefix.trim() === '' ? DEFAULT_API_PREFIX : apiPrefix.trim();
  if (!/^\/?[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*\/?$/.test(prefixText)) {
    throw new UsageError(apiFact('invalidApiPrefix', { prefix: oneLine(prefixText, 40) }));
  }
  const base = segments(url.pathname);
  const prefix = segments(prefixText);
  // Largest k such that the base's last k segments are the prefix's first k.
  let overlap = 0;
  for (let k = Math.min(base.length, prefix.length); k > 0; k--) {
    if (base.slice(base.length - k).join('/') === prefix.slice(0, k).join('/')) {
      overlap = k;
      break;
    }
  }
  const basePath = base.length ? `/${base.join('/')}` : '';
  const rootSegments = [...base, ...prefix.slice(overlap)];
  return {
    origin: url.origin,
    basePath,
    root: rootSegments.length ? `/${rootSegments.join('/')}` : '',
    prefix: `/${prefix.join('/')}`,
  };
}

export type QueryValue = string | number | boolean | undefined | null;

/**
 * The request path (with query) for a resource path: `/charges/ci_x` → `/v1/charges/ci_x`.
 * A path that already carries the prefix (`/v1/charges`, `/api/v1/charges`) is not prefixed
 * again; a query string in the path is kept and `query` is appended to it.
 */
export function buildPath(base: NormalizedBase, path: string, query?: Record<string, QueryValue>): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(path)) {
    throw new UsageError(apiFact('fullUrlNotPath', { path: oneLine(path, 80) }));
  }
  const hashless = path.split('#', 1)[0] ?? '';
  const queryAt = hashless.indexOf('?');
  let pathname = queryAt === -1 ? hashless : hashless.slice(0, queryAt);
  const inlineQuery = queryAt === -1 ? '' : hashless.slice(queryAt + 1);
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  const parts = segments(pathname);
  if (parts.some((part) => part === '.' || part === '..')) {
    throw new UsageError(apiFact('dotSegments', { path: oneLine(path, 80) }));
  }
  const root = segments(base.root);
  const prefix = segments(base.prefix);
  const startsWith = (list: string[], head: string[]) =>
    head.length > 0 && head.length <= list.length && head.every((part, i) => list[i] === part);
  let full: string[];
  if (startsWith(parts, root))
    full = parts; // already /api/v1/... (or /v1/... with a bare base)
  else if (startsWith(parts, [...segments(base.basePath), ...prefix])) full = parts;
  else if (startsWith(parts, prefix)) full = [...root, ...parts.slice(prefix.length)];
  else if (startsWith(parts, ['v1']) && prefix[prefix.length - 1] === 'v1') {
    full = [...root, ...parts.slice(1)]; // /v1/... while the prefix is /api/v1
  } else full = [...root, ...parts];
  const trailing = pathname.length > 1 && pathname.endsWith('/') ? '/' : '';
  let result = `/${full.join('/')}${trailing}`;
  const params = new URLSearchParams(inlineQuery);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  if (search) result += `?${search}`;
  return result;
}

/**
 * A path segment for an id given by a user: non-empty, no `.`/`..`, no control characters, then
 * percent-encoded so `a/b` or `?` can never reach another route. Bad ids are usage errors (exit 2).
 */
export function pathId(id: string, what = 'id'): string {
  const value = typeof id === 'string' ? id.trim() : '';
  if (value === '') throw new UsageError(apiFact('idRequired', { what }), { field: what });
  if (value === '.' || value === '..' || /[\x00-\x1f\x7f]/.test(value) || value.length > 200) {
    throw new UsageError(apiFact('invalidId', { what, value: oneLine(value, 60) }), { field: what });
  }
  return encodeURIComponent(value);
}

/**
 * The rate-limit category of a request: method and path with ids collapsed and the query and
 * prefix dropped (`GET /charges/:id`). The gateway groups endpoints "of the same category
 * regardless of ids"; which exact grouping it uses is unknowable here, so this is the finest
 * plausible one.
 */
export function categoryKey(method: string, path: string, base?: NormalizedBase): string {
  let parts = segments((path.split(/[?#]/, 1)[0] ?? '').toLowerCase());
  const rootParts = base ? segments(base.root.toLowerCase()) : [];
  if (rootParts.length && rootParts.every((part, i) => parts[i] === part))
    parts = parts.slice(rootParts.length);
  else {
    while (parts[0] === 'api' || parts[0] === 'v1') parts = parts.slice(1);
  }
  const collapsed = parts.map((part) => (isIdSegment(part) ? ':id' : part));
  return `${method.toUpperCase()} /${collapsed.join('/')}`;
}

function isIdSegment(part: string): boolean {
  return (
    /\d/.test(part) || /^[A-Za-z]{2,5}_[A-Za-z0-9]+/.test(part) || part.includes('%') || part.length >= 20
  );
}
