// Which proxy a request to the API goes through, read from the environment:
// - the proxy variables in undici's order: http_proxy, else HTTP_PROXY, for http:// targets;
//   https_proxy, else HTTPS_PROXY, for https:// ones, falling back on the HTTP proxy. A variable
//   that is set, even empty, hides its upper-case twin (an empty one means no proxy);
// - no_proxy, else NO_PROXY, in the forms curl and undici agree on: entries separated by commas
//   (spaces around them ignored); a domain matches itself and its subdomains, never a name that
//   merely ends the same (`example.com` exempts api.example.com, not badexample.com); a leading
//   `.` or `*.` is dropped (`.example.com` exempts example.com too); `*` exempts every host (curl
//   and undici only when alone, Node 24 anywhere in the list: the intent is the same); `host:port`
//   matches only that port; an IP address matches only itself (IPv6 with or without brackets).
//   Letter case and a final dot do not matter; any other `*` is a plain character.
// An https:// target is reached through a CONNECT tunnel (TLS end to end); an http:// target
// through an absolute-form request to the proxy.

import { isIP } from 'node:net';
import { withoutBrackets } from '../domain/loopback.js';
import { apiFact, ExitCode, type Fact, PaygateError, sayFact } from '../errors.js';

export interface ProxyRoute {
  proxy?: URL;
  /** The variable the proxy came from (HTTPS_PROXY, http_proxy...), for messages. */
  variable?: string;
  /** CONNECT to the target through the proxy (https targets). */
  tunnel: boolean;
  /** `Basic …` from the proxy URL's user and password. */
  proxyAuthorization?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

export function routeFor(target: URL, env: Env): ProxyRoute {
  const httpName = env.http_proxy !== undefined ? 'http_proxy' : 'HTTP_PROXY';
  const httpsName = env.https_proxy !== undefined ? 'https_proxy' : 'HTTPS_PROXY';
  const secure = target.protocol === 'https:';
  const name = secure && env[httpsName] ? httpsName : httpName;
  const value = env[name];
  if (!value) return { tunnel: false };
  const port = Number(target.port) || DEFAULT_PORTS[target.protocol] || 0;
  if (!shouldProxy(target.hostname, port, env.no_proxy ?? env.NO_PROXY ?? '')) return { tunnel: false };
  const proxy = parseProxy(name, value);
  const user = decodeURIComponent(proxy.username);
  const password = decodeURIComponent(proxy.password);
  const proxyAuthorization =
    user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
  return { proxy, variable: name, tunnel: secure, proxyAuthorization };
}

function parseProxy(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value.includes('://') ? value : `http://${value}`);
  } catch {
    throw badProxy(name, apiFact('notAUrl'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badProxy(name, apiFact('proxySchemeNotHttp', { scheme: url.protocol.slice(0, 20) }));
  }
  if (!url.hostname) throw badProxy(name, apiFact('noHost'));
  return url;
}

/** A usage error (exit 2); the value is not echoed: it may hold the proxy's password. */
function badProxy(name: string, why: Fact): PaygateError {
  return new PaygateError(apiFact('badProxy', { variable: name, why }), ExitCode.Usage, {
    hint: sayFact(apiFact('badProxyHint', { variable: name })),
  });
}

/**
 * False when NO_PROXY exempts `hostname` (as URL.hostname gives it: IPv6 in brackets) on `port`
 * (the forms are in this file's header).
 */
export function shouldProxy(hostname: string, port: number, noProxy: string): boolean {
  const host = canonicalHost(hostname);
  const hostIsIp = isIP(host) !== 0;
  for (const text of noProxy.split(/[\s,]+/)) {
    const entry = parseNoProxyEntry(text);
    if (!entry || (entry.port && entry.port !== port)) continue;
    if (entry.host === '*' || entry.host === host) return false;
    if (!hostIsIp && !entry.ip && host.endsWith(`.${entry.host}`)) return false;
  }
  return true;
}

interface NoProxyEntry {
  host: string;
  /** 0: any port. */
  port: number;
  ip: boolean;
}

function parseNoProxyEntry(text: string): NoProxyEntry | undefined {
  let host = text;
  let port = 0;
  const bracketed = /^\[([^\]]*)\](?::(\d+))?$/.exec(text);
  const withPort = /^([^:]+):(\d+)$/.exec(text); // more than one colon: an IPv6 address, no port
  if (bracketed) [host, port] = [bracketed[1]!, Number(bracketed[2] ?? 0)];
  else if (withPort) [host, port] = [withPort[1]!, Number(withPort[2])];
  host = canonicalHost(host.replace(/^\*?\./, ''));
  if (!host) return undefined;
  return { host, port, ip: isIP(host) !== 0 };
}

/** Lower case, no final dot, no brackets; an IPv6 address in its shortest form. */
function canonicalHost(hostname: string): string {
  const host = withoutBrackets(hostname.toLowerCase()).replace(/\.$/, '');
  if (isIP(host) !== 6) return host;
  try {
    return new URL(`http://[${host}]`).hostname.slice(1, -1);
  } catch {
    return host;
  }
}
