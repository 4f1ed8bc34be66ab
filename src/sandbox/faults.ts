// Injected faults (POST /_sandbox/faults): the next `count` requests matching a route misbehave.
// `route` is "METHOD PATH" or "PATH"; PATH is a route template (`/v1/charges/:id`, `{id}` also
// accepted) or a path prefix (`/v1/charges` matches every path that starts with it); `/api/v1`
// is the same as `/v1`; METHOD `*` or none matches any method.
import { invalidRequest } from './errors.js';

export const FAULT_KINDS = [
  'drop',
  '500',
  '503',
  'delay',
  '429',
  '429-processed',
  'malformed',
  'html502',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface Fault {
  id: string;
  route: string;
  method: string | null;
  path: string;
  kind: FaultKind;
  /** How many matching requests it applies to in all; `remaining` counts down. */
  count: number;
  remaining: number;
  delay_ms: number;
  /**
   * `before`: the request is not processed (nothing is created). `after`: it is processed, then
   * the answer is replaced (the client cannot know the outcome). Default `after` for drop,
   * malformed and 429-processed, `before` for the others.
   */
  when: 'before' | 'after';
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', '*']);

function normalizePath(path: string): string {
  let normalized = path.trim().replace(/\{[^}/]+\}/g, ':id');
  if (normalized.startsWith('/api/v1')) normalized = normalized.slice(4);
  if (normalized.length > 1 && normalized.endsWith('/')) normalized = normalized.slice(0, -1);
  return normalized;
}

export function parseFault(body: Record<string, unknown>, id: string): Fault {
  const route = body.route;
  if (typeof route !== 'string' || route.trim() === '') {
    throw invalidRequest('missing_field', 'route is required, e.g. "POST /v1/payouts"', 'route');
  }
  const parts = route.trim().split(/\s+/);
  let method: string | null = null;
  let path: string;
  if (parts.length === 2 && METHODS.has(parts[0]!.toUpperCase())) {
    method = parts[0]!.toUpperCase() === '*' ? null : parts[0]!.toUpperCase();
    path = parts[1]!;
  } else if (parts.length === 1) {
    path = parts[0]!;
  } else {
    throw invalidRequest('invalid_value', 'route must be "METHOD /path" or "/path"', 'route');
  }
  if (!path.startsWith('/')) throw invalidRequest('invalid_value', 'route path must start with /', 'route');
  const kind = body.kind;
  if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) {
    throw invalidRequest('invalid_value', `kind must be one of ${FAULT_KINDS.join(', ')}`, 'kind');
  }
  const count = body.count ?? 1;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1) {
    throw invalidRequest('invalid_value', 'count must be a positive integer', 'count');
  }
  const delay = body.delayMs ?? body.delay_ms ?? 1000;
  if (typeof delay !== 'number' || !Number.isFinite(delay) || delay < 0 || delay > 600_000) {
    throw invalidRequest('invalid_value', 'delayMs must be a number of milliseconds (0–600000)', 'delayMs');
  }
  const when =
    body.when ?? (kind === 'drop' || kind === 'malformed' || kind === '429-processed' ? 'after' : 'before');
  if (when !== 'before' && when !== 'after') {
    throw invalidRequest('invalid_value', 'when must be "before" or "after"', 'when');
  }
  return {
    id,
    route: route.trim(),
    method,
    path: normalizePath(path),
    kind: kind as FaultKind,
    count,
    remaining: count,
    delay_ms: delay,
    when,
  };
}

export class Faults {
  readonly list: Fault[] = [];

  add(fault: Fault): void {
    this.list.push(fault);
  }

  clear(): void {
    this.list.length = 0;
  }

  /**
   * The first fault matching a request (path normalised to /v1, `template` its route template
   * or null), consumed by one. Cheap when there are none.
   */
  take(method: string, path: string, template: string | null): Fault | undefined {
    if (this.list.length === 0) return undefined;
    for (let index = 0; index < this.list.length; index++) {
      const fault = this.list[index]!;
      if (fault.method !== null && fault.method !== method) continue;
      if (
        fault.path !== template &&
        fault.path !== path &&
        !path.startsWith(fault.path.endsWith('/') ? fault.path : `${fault.path}/`)
      ) {
        continue;
      }
      fault.remaining--;
      if (fault.remaining <= 0) this.list.splice(index, 1);
      return fault;
    }
    return undefined;
  }
}
