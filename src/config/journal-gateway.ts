// The gateway a base URL reaches, whatever its spelling (see journal-scope.ts for why a journal
// key's scope is this and the seller).
import { isLoopback } from '../domain/loopback.js';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * The gateway a base URL reaches: scheme, host (lower case; every loopback name is `loopback`)
 * and port (the default one written out). The path (API prefix, trailing slash) is left out.
 */
export function canonicalGateway(baseUrl: string): string {
  const url = new URL(baseUrl);
  const host = isLoopback(url.hostname) ? 'loopback' : url.hostname.toLowerCase();
  const port = url.port || DEFAULT_PORTS[url.protocol] || '';
  return `${url.protocol}//${host}${port ? `:${port}` : ''}`;
}
