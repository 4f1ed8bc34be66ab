// Which resource a request acted on, read from its path: a fact the client's errors carry, so
// that what reports them can say how to look at it (the client itself names no command).
import type { NextStep, RequestedResource } from '../errors.js';

/** Path segments that name a resource, in the order they are looked for. */
const RESOURCE_SEGMENTS = [
  ['charges', 'charge'],
  ['payouts', 'payout'],
  ['webhooks', 'webhook'],
  ['tokens', 'token'],
] as const;

/**
 * The resource of a request path (`/charges/ci_1/refund` → charge ci_1, action refund), its id
 * decoded; undefined when the path names none (`/account`). A token is named by `/tokens/…` only.
 */
export function requestedResource(path: string): RequestedResource | undefined {
  const segments = (path.split('?', 1)[0] ?? '').split('/');
  for (const [segment, kind] of RESOURCE_SEGMENTS) {
    // Index 0 is what comes before the first slash: a resource segment follows one.
    const index = segments.indexOf(segment, 1);
    if (index < 1) continue;
    if (kind === 'token') {
      if (index === segments.length - 1) continue;
      return { kind };
    }
    const id = segments[index + 1];
    const action = segments[index + 2];
    return {
      kind,
      ...(id ? { id: decoded(id) } : {}),
      ...(id && action ? { action } : {}),
    };
  }
  return undefined;
}

/**
 * After a request that may have been processed and was not sent again: look at its resource
 * before repeating it.
 */
export function lookBeforeRetrying(path: string): NextStep {
  return { kind: 'look_before_retrying', resource: requestedResource(path) };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
