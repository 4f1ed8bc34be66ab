// Which proxy a request goes through (src/api/proxy.ts): NO_PROXY read in the forms curl and
// undici agree on, and the proxy variables read in undici's order (lower case first).

import { describe, expect, it } from 'vitest';
import { routeFor, shouldProxy } from '../../src/api/proxy.js';

describe('NO_PROXY', () => {
  // [target host as URL.hostname gives it, port, NO_PROXY, bypasses the proxy]
  const table: Array<[string, number, string, boolean]> = [
    // nothing set
    ['api.example.com', 443, '', false],
    ['api.example.com', 443, ' , ,', false],
    // `*` matches every host
    ['api.example.com', 443, '*', true],
    ['127.0.0.1', 8080, ' * ', true],
    ['api.example.com', 443, 'localhost, *', true],
    // a domain matches itself and its subdomains, never a name that merely ends the same
    ['example.com', 443, 'example.com', true],
    ['api.example.com', 443, 'example.com', true],
    ['a.b.api.example.com', 443, 'example.com', true],
    ['badexample.com', 443, 'example.com', false],
    ['example.com', 443, 'api.example.com', false],
    ['example.org', 443, 'example.com', false],
    ['example.com.br', 443, 'example.com', false],
    // a leading `.` or `*.` is dropped: the domain itself and its subdomains
    ['example.com', 443, '.example.com', true],
    ['api.example.com', 443, '.example.com', true],
    ['example.com', 443, '*.example.com', true],
    ['api.example.com', 443, '*.example.com', true],
    ['badexample.com', 443, '.example.com', false],
    ['badexample.com', 443, '*.example.com', false],
    // `*` inside a name is no wildcard
    ['badexample.com', 443, '*example.com', false],
    ['example.com', 443, '*example.com', false],
    ['api.example.com', 443, 'api.*.com', false],
    // letter case and a trailing dot do not matter
    ['api.example.com', 443, 'API.Example.COM', true],
    ['api.example.com', 443, 'example.com.', true],
    ['api.example.com.', 443, 'example.com', true],
    // host:port matches that port only
    ['api.example.com', 443, 'api.example.com:443', true],
    ['api.example.com', 443, 'api.example.com:8443', false],
    ['api.example.com', 8443, 'example.com:8443', true],
    ['api.example.com', 443, '.example.com:80', false],
    // IP addresses match exactly, never as a suffix
    ['127.0.0.1', 8080, '127.0.0.1', true],
    ['127.0.0.1', 8080, '127.0.0.1:8080', true],
    ['127.0.0.1', 8080, '127.0.0.1:9090', false],
    ['127.0.0.10', 80, '127.0.0.1', false],
    ['10.0.0.1', 80, '0.0.1', false],
    ['10.0.0.1', 80, '.0.0.1', false],
    // IPv6: URL.hostname brackets it; the entry may or may not
    ['[::1]', 8080, '::1', true],
    ['[::1]', 8080, '[::1]', true],
    ['[::1]', 8080, '[::1]:8080', true],
    ['[::1]', 8080, '[::1]:9090', false],
    ['[::1]', 8080, '0:0:0:0:0:0:0:1', true],
    ['[2001:db8::1]', 443, '2001:DB8::1', true],
    ['[2001:db8::1]', 443, '2001:db8::2', false],
    ['[::1]', 8080, '127.0.0.1', false],
    // entries: commas with optional spaces (and, as undici and curl allow, spaces alone)
    ['localhost', 80, 'a.example, localhost ,b.example', true],
    ['localhost', 80, 'a.example,localhost', true],
    ['localhost', 80, 'a.b  localhost,c', true],
    ['localhost', 80, 'a.example, b.example', false],
    ['api.example.com', 443, '  .example.com  ', true],
  ];

  it.each(table)('%s:%i with NO_PROXY=%j bypasses the proxy: %s', (host, port, noProxy, bypass) => {
    expect(shouldProxy(host, port, noProxy)).toBe(!bypass);
  });

  it('has at least 30 rows', () => {
    expect(table.length).toBeGreaterThanOrEqual(30);
  });
});

describe('the proxy variables', () => {
  const proxied = (target: string, env: Record<string, string>) => routeFor(new URL(target), env).proxy?.host;

  it.each<[string, Record<string, string>, string | undefined]>([
    ['http://api.example', { HTTP_PROXY: 'http://upper:1' }, 'upper:1'],
    ['http://api.example', { http_proxy: 'http://lower:1', HTTP_PROXY: 'http://upper:1' }, 'lower:1'],
    // set but empty: no proxy, as undici reads it (`??`, not `||`)
    ['http://api.example', { http_proxy: '', HTTP_PROXY: 'http://upper:1' }, undefined],
    ['https://api.example', { HTTPS_PROXY: 'http://upper:2' }, 'upper:2'],
    ['https://api.example', { https_proxy: 'http://lower:2', HTTPS_PROXY: 'http://upper:2' }, 'lower:2'],
    // an https:// target falls back on the HTTP proxy when no HTTPS proxy is set
    ['https://api.example', { HTTP_PROXY: 'http://upper:1' }, 'upper:1'],
    ['https://api.example', { https_proxy: '', http_proxy: 'http://lower:1' }, 'lower:1'],
    ['http://api.example', { HTTPS_PROXY: 'http://upper:2' }, undefined],
    // NO_PROXY and no_proxy: lower case first, as undici
    ['https://api.example', { HTTPS_PROXY: 'http://p:2', NO_PROXY: 'api.example' }, undefined],
    ['https://api.example', { HTTPS_PROXY: 'http://p:2', no_proxy: 'api.example' }, undefined],
    ['https://api.example', { HTTPS_PROXY: 'http://p:2', no_proxy: 'other', NO_PROXY: 'api.example' }, 'p:2'],
    ['https://api.example:8443', { HTTPS_PROXY: 'http://p:2', NO_PROXY: 'api.example:443' }, 'p:2'],
    ['https://[::1]:8443', { HTTPS_PROXY: 'http://p:2', NO_PROXY: '::1' }, undefined],
  ])('%s with %j goes through %s', (target, env, proxy) => {
    expect(proxied(target, env)).toBe(proxy);
  });
});
