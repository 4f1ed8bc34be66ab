// How an exchange of transport.ts fails, as the tries (attempts.ts) and the retry policy
// (retry.ts) read it: Node-style codes, the deadline's abort reason, the proxy that stalled.
import { type Fact, sayFact } from '../errors.js';

/** The code of an answer longer than `maxBodyBytes` (not worth downloading again). */
export const BODY_TOO_LARGE = 'EBODYTOOLARGE';

/** The proxy a connection went through, and the variable that named it. */
export interface ProxyInUse {
  origin: string;
  variable: string;
}

/** The abort reason of the per-exchange deadline (told apart from the caller's abort). */
export class RequestTimeout extends Error {
  readonly code = 'ETIMEDOUT';
  /** The proxy the connection did not get through in time, if any: it may be the proxy's doing. */
  readonly stalledProxy: ProxyInUse | undefined;
  constructor(stalledProxy?: ProxyInUse) {
    super('request timeout');
    this.name = 'TimeoutError';
    this.stalledProxy = stalledProxy;
  }
}

/**
 * The code of a proxy's own refusal to carry the request: a 407, or a 401 carrying
 * Proxy-Authenticate. Nothing went past the proxy, so the request certainly did not reach the
 * gateway, a create included; and the same request will be refused again.
 */
export const PROXY_REFUSED = 'EPROXYAUTH';

/** A socket error with a Node-style code, and what to change when that is known. */
export function codedError(message: Fact, code: string, hint?: Fact): Error {
  return Object.assign(new Error(sayFact(message)), { code }, hint ? { hint: sayFact(hint) } : {});
}

/** The proxy a failed connection did not get through in time (RequestTimeout, connect timeout). */
export function stalledProxyOf(error: unknown): ProxyInUse | undefined {
  const proxy = error instanceof Error ? (error as { stalledProxy?: ProxyInUse }).stalledProxy : undefined;
  return proxy;
}

/** What to change after a failure of the transport's own making (a proxy's refusal), if known. */
export function failureHint(error: unknown): string | undefined {
  const hint = error instanceof Error ? (error as { hint?: unknown }).hint : undefined;
  return typeof hint === 'string' ? hint : undefined;
}
