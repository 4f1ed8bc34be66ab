// The transport on node:http/node:tls (src/api/transport.ts, proxy.ts): HTTPS direct and through
// a CONNECT proxy, NO_PROXY, a hard deadline against proxies that drop or hang CONNECT, and the
// "may have been written" marker behind a proxy.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { errorHint } from '../../src/output/error-text.js';
import { englishAfterEachTest } from '../helpers/language.js';
import { run, tempConfigDir, tempConfigDirWithSettings } from '../helpers/run-cli.js';
import { spawnPaygate } from '../helpers/spawn-cli.js';
import { json, makeClient, ok, rejection, SECRET } from './helpers.js';

// In-process runs in Portuguese leave the language chosen: each test starts in English.
englishAfterEachTest();

/** A self-signed certificate for localhost and 127.0.0.1, made at test time. */
function makeCert(): { key: string; cert: string } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'paygate-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
  } catch {
    return undefined;
  }
  return {
    key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
  };
}

const closers: Array<() => void> = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  for (const close of closers.splice(0)) close();
});

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => sockets.add(socket));
  closers.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return (server.address() as AddressInfo).port;
}

/**
 * tunnel: forwards; drop: closes; hang: never answers CONNECT; stall: answers 200, then never
 * speaks TLS; refuse: 407 Proxy Authentication Required; refuse401: 401 with Proxy-Authenticate.
 */
type ConnectBehaviour = 'tunnel' | 'drop' | 'hang' | 'stall' | 'refuse' | 'refuse401';

/** A CONNECT proxy on node:net that records each CONNECT and behaves as told. */
async function startProxy(behaviour: ConnectBehaviour) {
  const connects: string[] = [];
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', (chunk) => {
      const head = chunk.toString('latin1');
      const authority = /^CONNECT (\S+) HTTP/.exec(head)?.[1];
      if (!authority) return socket.destroy();
      connects.push(authority);
      if (behaviour === 'drop') return socket.destroy();
      if (behaviour === 'hang') return;
      if (behaviour === 'refuse' || behaviour === 'refuse401') {
        const status = behaviour === 'refuse' ? '407 Proxy Authentication Required' : '401 Unauthorized';
        socket.write(
          `HTTP/1.1 ${status}\r\nProxy-Authenticate: Basic realm="corp"\r\nContent-Length: 0\r\n\r\n`,
        );
        return;
      }
      if (behaviour === 'stall') {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        return;
      }
      const [host, port] = authority.split(':');
      const upstream = net.connect(Number(port), host === 'localhost' ? '127.0.0.1' : host, () => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, connects };
}

const tlsMaterial = makeCert();
const withTls = tlsMaterial ? describe : describe.skip;

withTls('HTTPS', () => {
  let port = 0;
  let posts = 0;
  const origin = () => `https://localhost:${port}`;
  beforeAll(async () => {
    const server = https.createServer({ key: tlsMaterial!.key, cert: tlsMaterial!.cert }, (req, res) => {
      if (req.method === 'POST') posts++;
      if (req.url?.endsWith('/drop')) return req.socket.destroy(); // the answer is lost
      req.resume();
      req.on('end', () =>
        json(res, 200, ok({ tls: true, auth: req.headers.authorization === `Bearer ${SECRET}` })),
      );
    });
    port = await listen(server);
    closers.pop(); // kept for the whole block
    afterAll(() => server.close());
  });
  function client(env: Record<string, string>, overrides = {}) {
    const made = makeClient(origin(), { env, ca: tlsMaterial!.cert, ...overrides });
    clients.push(made.client);
    return made.client;
  }

  it('direct, with the certificate checked', async () => {
    await expect(client({}).request('GET', '/balance')).resolves.toEqual({ tls: true, auth: true });
  });

  it('an untrusted certificate: exit 6 naming TLS, nothing sent even for a POST', async () => {
    const before = posts;
    const c = makeClient(origin(), { env: {} }).client;
    clients.push(c);
    const error = await rejection(c.request('POST', '/payouts', { body: {} }));
    expect(error.exitCode).toBe(6);
    expect(String(errorHint(error))).toContain('TLS');
    expect(posts).toBe(before);
  });

  it('through HTTPS_PROXY: one CONNECT to the target, TLS end to end', async () => {
    const proxy = await startProxy('tunnel');
    const c = client({ HTTPS_PROXY: proxy.url });
    expect(c.usesProxy).toBe(true);
    await expect(c.request('GET', '/balance')).resolves.toEqual({ tls: true, auth: true });
    await expect(c.request('GET', '/balance')).resolves.toEqual({ tls: true, auth: true });
    expect(proxy.connects).toEqual([`localhost:${port}`]); // the tunnel is kept alive
  });

  it('lower-case https_proxy is read too; NO_PROXY bypasses it', async () => {
    const proxy = await startProxy('tunnel');
    await client({ https_proxy: proxy.url }).request('GET', '/balance');
    expect(proxy.connects).toHaveLength(1);
    const bypass = client({ https_proxy: proxy.url, NO_PROXY: 'example.com, localhost' });
    expect(bypass.usesProxy).toBe(false);
    await bypass.request('GET', '/balance');
    expect(proxy.connects).toHaveLength(1);
  });

  it('a POST through the tunnel whose answer is lost: exit 9, sent once', async () => {
    const proxy = await startProxy('tunnel');
    const before = posts;
    const error = await rejection(client({ HTTPS_PROXY: proxy.url }).request('POST', '/drop', { body: {} }));
    expect(error.exitCode).toBe(9);
    expect(posts).toBe(before + 1);
    expect(proxy.connects).toHaveLength(1);
  });
});

describe('a proxy that drops or hangs CONNECT', () => {
  const target = 'https://api.example.invalid';

  it('drops: a GET ends with exit 6 after its few tries (no reconnect loop)', async () => {
    const proxy = await startProxy('drop');
    const c = makeClient(target, { env: { HTTPS_PROXY: proxy.url }, timeoutMs: 2_000 }).client;
    clients.push(c);
    const started = Date.now();
    const error = await rejection(c.request('GET', '/balance'));
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain('nothing reached the gateway');
    expect(proxy.connects).toHaveLength(4);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('drops: a POST is exit 6, not 9: nothing was sent (so it may be tried again)', async () => {
    const proxy = await startProxy('drop');
    const c = makeClient(target, { env: { HTTPS_PROXY: proxy.url } }).client;
    clients.push(c);
    const error = await rejection(c.request('POST', '/payouts', { body: {} }));
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain('nothing reached the gateway');
    expect(proxy.connects).toHaveLength(4);
  });

  it('hangs: the deadline tears it down (exit 6 within the timeout)', async () => {
    const proxy = await startProxy('hang');
    const c = makeClient(target, { env: { HTTPS_PROXY: proxy.url }, timeoutMs: 300, maxAttempts: 1 }).client;
    clients.push(c);
    const started = Date.now();
    const error = await rejection(c.request('GET', '/balance'));
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain('could not connect within 300ms');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('the command `balance` ends with exit 6 within --request-timeout', async () => {
    const proxy = await startProxy('hang');
    const started = Date.now();
    // A connection that never comes: a short deadline is as certain to pass as a long one.
    const result = await run(['balance', '--request-timeout', '250ms'], {
      env: { PAYGATE_BASE_URL: target, PAYGATE_SECRET_KEY: SECRET, HTTPS_PROXY: proxy.url },
      sleep: async () => undefined,
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('could not connect within 250ms');
    expect(Date.now() - started).toBeLessThan(4 * 250 + 2_000);
  });

  it("the timeout is said as a duration in the run's language (docs/language.md)", async () => {
    const proxy = await startProxy('hang');
    const result = await run(['balance', '--request-timeout', '250ms'], {
      env: {
        PAYGATE_BASE_URL: target,
        PAYGATE_SECRET_KEY: SECRET,
        HTTPS_PROXY: proxy.url,
        PAYGATE_LANG: 'pt-BR',
      },
      sleep: async () => undefined,
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('não foi possível conectar em 250 ms');
  });
});

/**
 * A server that closes every connection right after its answer, as tinyproxy does after each
 * HTTP/1.1 answer (without saying `Connection: close`). It runs in a worker thread so that the
 * test can block its own event loop until the server has closed: the client then has not yet
 * read the close, like a client busy between two requests. `counts`: closes, GETs, POSTs.
 */
async function startClosingServer() {
  const shared = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const counts = new Int32Array(shared);
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const net = require('node:net');
    const counts = new Int32Array(workerData);
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('latin1');
        const end = received.indexOf('\\r\\n\\r\\n');
        if (end < 0) return;
        const length = Number(/content-length: *(\\d+)/i.exec(received.slice(0, end))?.[1] ?? 0);
        if (received.length < end + 4 + length) return;
        const method = received.slice(0, received.indexOf(' '));
        Atomics.add(counts, method === 'POST' ? 2 : 1, 1);
        const body = JSON.stringify({ success: true, data: { method } });
        socket.end(
          'HTTP/1.1 200 OK\\r\\ncontent-type: application/json\\r\\ncontent-length: ' + body.length + '\\r\\n\\r\\n' + body,
          () => {
            socket.destroy();
            Atomics.add(counts, 0, 1);
            Atomics.notify(counts, 0);
          },
        );
      });
    });
    server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
    `,
    { eval: true, workerData: shared },
  );
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  closers.push(() => void worker.terminate());
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    /** Blocks this thread (its event loop included) until the server closed every connection it answered on. */
    waitForCloses() {
      const answered = () => Atomics.load(counts, 1) + Atomics.load(counts, 2);
      for (let closes = Atomics.load(counts, 0); closes < answered(); closes = Atomics.load(counts, 0)) {
        if (Atomics.wait(counts, 0, closes, 5_000) === 'timed-out')
          throw new Error('the server did not close');
      }
    },
  };
}

describe('a server or proxy that closes a kept-alive connection right after answering', () => {
  const cases = [
    { name: 'direct', target: (url: string) => url, env: (_url: string) => ({}) },
    {
      name: 'through an HTTP proxy (absolute-form)',
      target: () => 'http://api.example.invalid',
      env: (url: string) => ({ HTTP_PROXY: url, PAYGATE_ALLOW_INSECURE_HTTP: '1' }),
    },
  ];
  for (const { name, target, env } of cases) {
    it(`${name}: the POST after a GET reaches the server and succeeds, 10 times of 10`, async () => {
      const server = await startClosingServer();
      const c = makeClient(target(server.url), { env: env(server.url) }).client;
      clients.push(c);
      for (let round = 1; round <= 10; round++) {
        await expect(c.request('GET', '/balance')).resolves.toEqual({ method: 'GET' });
        // The GET's connection is closed by the server before the client can have read it.
        server.waitForCloses();
        await expect(c.request('POST', '/payouts', { body: { amount: 100 } })).resolves.toEqual({
          method: 'POST',
        });
      }
      expect([Atomics.load(server.counts, 1), Atomics.load(server.counts, 2)]).toEqual([10, 10]);
    });
  }

  it('GETs still share one kept-alive connection while the server keeps it open', async () => {
    const connections: net.Socket[] = [];
    const server = http.createServer((req, res) => {
      req.resume();
      json(res, 200, ok({}));
    });
    server.on('connection', (socket: net.Socket) => connections.push(socket));
    const port = await listen(server);
    const c = makeClient(`http://127.0.0.1:${port}`).client;
    clients.push(c);
    for (let i = 0; i < 5; i++) await c.request('GET', '/balance');
    expect(connections).toHaveLength(1);
  });
});

describe('a proxy that answers CONNECT and then stalls the TLS handshake', () => {
  const target = 'https://api.example.invalid';

  it('balance and payout create end with exit 6 and "nothing reached the gateway", no stack trace', async () => {
    const proxy = await startProxy('stall');
    const env = {
      // The tries are what is checked, not the waits between them.
      PAYGATE_CONFIG_DIR: tempConfigDirWithSettings({ 'retry.base_delay': '1ms', 'retry.max_delay': '1ms' }),
      PAYGATE_BASE_URL: target,
      PAYGATE_SECRET_KEY: SECRET,
      HTTPS_PROXY: proxy.url,
    };
    const started = Date.now();
    // A handshake that never ends: a short deadline is as certain to pass as a long one.
    const [balance, payout] = await Promise.all([
      spawnPaygate(['balance', '--request-timeout', '250ms'], { env }),
      spawnPaygate(['payout', 'create', '--amount', '1.00', '--yes', '--request-timeout', '250ms'], { env }),
    ]);
    for (const result of [balance, payout]) {
      expect({ code: result.code, stderr: result.stderr }).toEqual({
        code: 6,
        stderr: expect.stringContaining('nothing reached the gateway'),
      });
      expect(result.stderr).toContain('could not connect within 250ms');
      expect(result.stderr).toContain(`hint: the connection through the proxy at ${proxy.url} (HTTPS_PROXY)`);
      expect(result.stderr).not.toMatch(/Unhandled|\n\s+at /);
    }
    expect(proxy.connects.length).toBeGreaterThanOrEqual(2);
    // Four tries of 1s each and their backoff, in parallel; far from the spawn's 15s kill.
    expect(Date.now() - started).toBeLessThan(12_000);
  });
});

describe('proxy variables', () => {
  it('a malformed proxy URL is a usage error (exit 2) naming the variable, not echoing it', async () => {
    const result = await run(['balance'], {
      env: {
        PAYGATE_BASE_URL: 'https://api.example.invalid',
        PAYGATE_SECRET_KEY: SECRET,
        HTTPS_PROXY: 'http://user:hunter2@[bad',
      },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('HTTPS_PROXY is not a valid proxy URL');
    expect(result.stderr).not.toContain('hunter2');
  });

  it('an http:// target goes through HTTP_PROXY in absolute form; an https:// one falls back on it', () => {
    const plain = makeClient('http://api.example.invalid', {
      env: { HTTP_PROXY: 'http://127.0.0.1:9' },
    }).client;
    const secure = makeClient('https://api.example.invalid', {
      env: { HTTP_PROXY: 'http://127.0.0.1:9' },
    }).client;
    const none = makeClient('http://api.example.invalid', {
      env: { HTTPS_PROXY: 'http://127.0.0.1:9' },
    }).client;
    expect([plain.usesProxy, secure.usesProxy, none.usesProxy]).toEqual([true, true, false]);
  });
});

describe('plain HTTP proxy', () => {
  it('gets absolute-form requests with Proxy-Authorization from the URL', async () => {
    const seen: Array<{ url: string; auth: string | undefined; host: string | undefined }> = [];
    const proxy = http.createServer((req, res) => {
      seen.push({ url: req.url ?? '', auth: req.headers['proxy-authorization'], host: req.headers.host });
      req.resume();
      json(res, 200, ok({ via: 'proxy' }));
    });
    const port = await listen(proxy);
    const c = makeClient('http://api.example.invalid:8080', {
      // A key to a non-loopback http:// gateway is refused unless allowed (client.ts).
      env: { http_proxy: `http://u%40x:p@127.0.0.1:${port}`, PAYGATE_ALLOW_INSECURE_HTTP: '1' },
    }).client;
    clients.push(c);
    await expect(c.request('GET', '/balance', { query: { a: 1 } })).resolves.toEqual({ via: 'proxy' });
    expect(seen).toEqual([
      {
        url: 'http://api.example.invalid:8080/v1/balance?a=1',
        auth: `Basic ${Buffer.from('u@x:p').toString('base64')}`,
        host: 'api.example.invalid:8080',
      },
    ]);
  });
});

describe("a proxy's own refusal (407, or 401 with Proxy-Authenticate)", () => {
  /** An HTTP proxy that refuses every absolute-form request as told. */
  async function refusingHttpProxy(status: 407 | 401) {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(status, {
        'proxy-authenticate': 'Basic realm="corp"',
        'content-type': 'text/html',
      });
      res.end('<html><title>Access denied</title></html>');
    });
    const port = await listen(server);
    return { origin: `http://127.0.0.1:${port}`, seen };
  }

  for (const method of ['GET', 'POST'] as const) {
    for (const status of [407, 401] as const) {
      it(`HTTP_PROXY answers ${status} to a ${method}: exit 6 naming the proxy, not the key; tried once`, async () => {
        const proxy = await refusingHttpProxy(status);
        const c = makeClient('http://api.example.invalid', {
          env: { HTTP_PROXY: proxy.origin, PAYGATE_ALLOW_INSECURE_HTTP: '1' },
        }).client;
        clients.push(c);
        const error = await rejection(
          method === 'GET' ? c.request('GET', '/balance') : c.request('POST', '/payouts', { body: {} }),
        );
        expect({ exit: error.exitCode, message: error.message }).toEqual({
          exit: 6,
          message: expect.stringContaining(
            `the proxy at ${proxy.origin} refused the request: ${status} ${http.STATUS_CODES[status]}`,
          ),
        });
        expect(error.message).toContain('nothing reached the gateway');
        expect((error.details as { hint?: string }).hint).toBe(
          'put credentials in HTTP_PROXY as http://user:password@host:port',
        );
        expect(proxy.seen).toHaveLength(1);
      });
    }
  }

  for (const behaviour of ['refuse', 'refuse401'] as const) {
    it(`CONNECT answered ${behaviour === 'refuse' ? 407 : 401}: exit 6 for a POST too, tried once`, async () => {
      const proxy = await startProxy(behaviour);
      const c = makeClient('https://api.example.invalid', { env: { HTTPS_PROXY: proxy.url } }).client;
      clients.push(c);
      const error = await rejection(c.request('POST', '/payouts', { body: {} }));
      expect(error.exitCode).toBe(6);
      expect(error.message).toContain(`the proxy at ${proxy.url} refused the request: `);
      expect(error.message).toContain('nothing reached the gateway');
      expect(proxy.connects).toHaveLength(1);
    });
  }

  it('the commands: one line naming the proxy, exit 6, the password never printed', async () => {
    const proxy = await startProxy('refuse');
    const withPassword = proxy.url.replace('http://', 'http://alice:hunter2@');
    const env = {
      PAYGATE_CONFIG_DIR: tempConfigDir(),
      PAYGATE_BASE_URL: 'https://api.example.invalid',
      PAYGATE_SECRET_KEY: SECRET,
      https_proxy: withPassword,
    };
    const balance = await run(['balance'], { env, sleep: async () => undefined });
    const payout = await run(['payout', 'create', '--amount', '1.00', '--yes'], {
      env,
      sleep: async () => undefined,
    });
    for (const result of [balance, payout]) {
      expect(result.code).toBe(6);
      expect(result.stderr).toContain(
        `the proxy at ${proxy.url} refused the request: 407 Proxy Authentication Required`,
      );
      expect(result.stderr).toContain('hint: the proxy did not accept the user and password in https_proxy');
      expect(result.stderr).not.toContain('hunter2');
      // Nothing blames the API key (the warning that an unkeyed payout has no --key aside).
      const problem = result.stderr
        .split('\n')
        .filter((line) => !line.startsWith('warning: no --key'))
        .join('\n');
      expect(problem).not.toMatch(/key|login/i);
    }
  });
});
