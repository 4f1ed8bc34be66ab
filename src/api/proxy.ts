// Which proxy a request to the API goes through, read from the environment the way undici's
// EnvHttpProxyAgent read it (so that nothing changes for users):
// - http_proxy / HTTP_PROXY for http:// targets; https_proxy / HTTPS_PROXY for https:// ones,
//   falling back on the HTTP proxy; lower case first;
// - no_proxy / NO_PROXY: entries split on commas and spaces, each `host` or `host:port`; `*`
//   alone bypasses every proxy; an entry starting with `.` or `*` matches the host's suffix,
//   any other the host exactly; an entry with a port matches only that port.
// An https:// target is reached through a CONNECT tunnel (TLS end to end); an http:// target
// through an absolute-form request to the proxy.

import { ExitCode, PaygateError } from '../errors.js';

export interface ProxyRoute {
  proxy?: URL;
  /** CONNECT to the target through the proxy (https targets). */
  tunnel: boolean;
  /** `Basic …` from the proxy URL's user and password. */
  proxyAuthorization?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

export function routeFor(target: URL, env: Env): ProxyRoute {
  const httpName = env.http_proxy ? 'http_proxy' : 'HTTP_PROXY';
  const httpsName = env.https_proxy ? 'https_proxy' : 'HTTPS_PROXY';
  const secure = target.protocol === 'https:';
  let name = httpName;
  if (secure && env[httpsName]) name = httpsName;
  const value = env[name];
  if (!value) return { tunnel: false };
  const port = Number(target.port) || DEFAULT_PORTS[target.protocol] || 0;
  if (!shouldProxy(target.hostname.toLowerCase(), port, env.no_proxy ?? env.NO_PROXY ?? '')) {
    return { tunnel: false };
  }
  const proxy = parseProxy(name, value);
  const user = decodeURIComponent(proxy.username);
  const password = decodeURIComponent(proxy.password);
  const proxyAuthorization =
    user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
  return { proxy, tunnel: secure, proxyAuthorization };
}

function parseProxy(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value.includes('://') ? value : `http://${value}`);
  } catch {
    throw badProxy(name, 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badProxy(name, `scheme ${url.protocol.slice(0, 20)} is not http: or https:`);
  }
  if (!url.hostname) throw badProxy(name, 'no host');
  return url;
}

/** A usage error (exit 2); the value is not echoed: it may hold the proxy's password. */
function badProxy(name: string, why: string): PaygateError {
  return new PaygateError(`${name} is not a valid proxy URL: ${why}`, ExitCode.Usage, {
    hint: `set ${name} to http://host:port (or unset it)`,
  });
}

/** EnvHttpProxyAgent's NO_PROXY matching. */
export function shouldProxy(hostname: string, port: number, noProxy: string): boolean {
  if (noProxy.trim() === '*') return false;
  for (const entry of noProxy.split(/[,\s]/)) {
    if (!entry) continue;
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const host = (parsed ? parsed[1]! : entry).toLowerCase();
    const entryPort = parsed ? Number.parseInt(parsed[2]!, 10) : 0;
    if (entryPort && entryPort !== port) continue;
    if (!/^[.*]/.test(host)) {
      if (hostname === host) return false;
    } else if (hostname.endsWith(host.replace(/^\*/, ''))) return false;
  }
  return true;
}
