// Sending one HTTP exchange for the API client, on node:http/node:tls.
//
// Why not undici: behind a proxy that drops CONNECT, undici 7's EnvHttpProxyAgent reconnects in a
// loop that ignores timeouts and SIGTERM (fixed only in undici 8, Node >= 22.19), and loading it
// is a large part of every command's start (bench/CHOICES.md). What this keeps of what the client promises:
// - "may have been written" is exact: every connection (TCP, the proxy's CONNECT tunnel, TLS) is
//   fully established before the request gets its socket, so a failure while connecting means
//   nothing was sent (a POST is then a plain network error, exit 6), and `marker.sent` is set
//   the moment the request owns a connected socket; a request other than GET/HEAD always gets a
//   new connection, never a kept-alive one the peer may have closed;
// - a hard deadline per exchange (connect, proxy CONNECT, TLS, headers and body) that destroys
//   the socket, however the peer behaves;
// - proxies from the environment, the variables read as undici reads them (see proxy.ts);
// - keep-alive connections per client for GET/HEAD, idle ones closed after a few seconds.

import { Agent, type IncomingHttpHeaders, request, STATUS_CODES } from 'node:http';
import { connect, isIP, type Socket } from 'node:net';
import type * as Tls from 'node:tls';
import { withoutBrackets } from '../domain/loopback.js';
import { apiFact } from '../errors.js';
import { type ProxyRoute, routeFor } from './proxy.js';
import {
  BODY_TOO_LARGE,
  codedError,
  PROXY_REFUSED,
  type ProxyInUse,
  RequestTimeout,
} from './transport-failures.js';

export interface SendMarker {
  /** The request owns a connected socket: from here on it may reach the server. */
  sent: boolean;
  status?: number;
}

export interface SentResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface TransportOptions {
  /** The deadline of one exchange, connection included. */
  timeoutMs: number;
  /** Where HTTP_PROXY/HTTPS_PROXY/NO_PROXY are read. */
  env: Readonly<Record<string, string | undefined>>;
  /** Keep-alive connections at most. */
  connections: number;
  /** Extra trusted CA certificates (PEM), for tests; NODE_EXTRA_CA_CERTS does it for users. */
  ca?: string;
  /** A longer answer is cut off: EBODYTOOLARGE. */
  maxBodyBytes?: number;
}

function isProxyAuthRefusal(status: number, proxyAuthenticate: boolean): boolean {
  return status === 407 || (status === 401 && proxyAuthenticate);
}

export class Transport {
  readonly #options: TransportOptions;
  readonly #target: URL;
  readonly #route: ProxyRoute;
  /** Keep-alive connections, for GET and HEAD. */
  readonly #pooled: Agent;
  /** One new connection per request, closed after it: every other method. */
  readonly #fresh: Agent;

  /** Throws a usage error (exit 2) when the proxy variable that applies is not a valid URL. */
  constructor(origin: string, options: TransportOptions) {
    this.#options = options;
    this.#target = new URL(origin);
    this.#route = routeFor(this.#target, options.env);
    this.#pooled = this.#agent(
      new Agent({ keepAlive: true, maxSockets: options.connections, timeout: 4_000 }),
    );
    this.#fresh = this.#agent(new Agent({ keepAlive: false, maxSockets: options.connections }));
  }

  /** Every connection of `agent` is made here, fully (tunnel and TLS included), before a request gets it. */
  #agent(agent: Agent): Agent {
    (agent as unknown as { createConnection: unknown }).createConnection = (
      _options: unknown,
      done: (error: Error | null, socket?: Socket) => void,
    ) => {
      this.#connect().then(
        (socket) => done(null, socket),
        (error: Error) => done(error),
      );
      return undefined;
    };
    return agent;
  }

  get usesProxy(): boolean {
    return this.#route.proxy !== undefined;
  }

  close(): void {
    // Idle kept-alive sockets (unref'd by Node) end with the process: see bench/CHOICES.md.
    for (const busy of Object.values(this.#pooled.sockets)) for (const socket of busy ?? []) socket.destroy();
    this.#fresh.destroy();
    for (const socket of this.#connecting) socket.destroy();
    this.#connecting.clear();
  }

  /** One exchange; rejects with RequestTimeout, the caller's abort reason, or the Node error. */
  send(
    method: string,
    pathWithQuery: string,
    headers: Record<string, string>,
    body: string | Buffer | undefined,
    signal: AbortSignal | undefined,
    marker: SendMarker,
  ): Promise<SentResponse> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const target = this.#target;
      const viaHttpProxy = this.#route.proxy !== undefined && !this.#route.tunnel;
      const requestHeaders: Record<string, string> = { ...headers, host: target.host };
      if (viaHttpProxy && this.#route.proxyAuthorization)
        requestHeaders['proxy-authorization'] = this.#route.proxyAuthorization;
      if (body !== undefined) requestHeaders['content-length'] = String(Buffer.byteLength(body));
      const req = request({
        // A request that is not a read (a create) never goes out on a kept-alive socket: the peer
        // may have closed it (tinyproxy closes after every answer) and the close not yet been
        // read, so the request would be written into a dead connection and its failure read as
        // "may have been processed" (exit 9) although nothing reached the gateway. No check
        // proves a pooled socket alive (a close can be in flight), so such a request gets a new
        // connection, made whole before it is written: "sent" stays exact. A GET on a dead
        // socket is simply tried again, and bulk listings keep their kept-alive connections.
        agent: method === 'GET' || method === 'HEAD' ? this.#pooled : this.#fresh,
        method,
        host: withoutBrackets(target.hostname),
        port: target.port || (target.protocol === 'https:' ? 443 : 80),
        // Through an HTTP proxy the request line carries the absolute URL.
        path: viaHttpProxy ? target.origin + pathWithQuery : pathWithQuery,
        headers: requestHeaders,
        setHost: false,
      });
      let settled = false;
      const finish = (error: unknown, response?: SentResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (error !== undefined) {
          req.destroy();
          reject(error);
        } else resolve(response!);
      };
      const timer = setTimeout(
        () => finish(new RequestTimeout(marker.sent ? undefined : this.#proxyInUse())),
        this.#options.timeoutMs,
      );
      const onAbort = () => finish(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('socket', () => {
        if (!settled) marker.sent = true;
      });
      req.on('error', (error) => finish(error));
      req.on('response', (res) => {
        if (viaHttpProxy && isProxyAuthRefusal(res.statusCode ?? 0, 'proxy-authenticate' in res.headers)) {
          marker.sent = false; // the proxy's own answer: the request went no further
          return finish(this.#proxyRefusal(res.statusCode ?? 0));
        }
        marker.status = res.statusCode;
        const max = this.#options.maxBodyBytes ?? Number.POSITIVE_INFINITY;
        const tooLarge = () =>
          finish(codedError(apiFact('answerTooLarge', { size: formatBytes(max) }), BODY_TOO_LARGE));
        if (Number(res.headers['content-length'] ?? 0) > max) return tooLarge();
        const chunks: Buffer[] = [];
        let length = 0;
        res.on('data', (chunk: Buffer) => {
          length += chunk.length;
          if (length > max) return tooLarge();
          chunks.push(chunk);
        });
        res.on('error', (error) => finish(error));
        res.on('aborted', () => finish(codedError(apiFact('closedMidAnswer'), 'ECONNRESET')));
        res.on('end', () => {
          if (!res.complete) return finish(codedError(apiFact('closedMidAnswer'), 'ECONNRESET'));
          finish(undefined, {
            status: res.statusCode ?? 0,
            headers: flattenHeaders(res.headers),
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      });
      req.end(body);
    });
  }

  /** Through a proxy, a connection that did not complete may be the proxy's doing. */
  #proxyInUse(): ProxyInUse | undefined {
    const { proxy, variable } = this.#route;
    // A proxy always comes from a variable (routeFor): `variable` is set when `proxy` is.
    return proxy ? { origin: proxy.origin, variable: variable ?? 'a proxy variable' } : undefined;
  }

  /** The proxy's refusal, naming the proxy (never its password) and the variable it came from. */
  #proxyRefusal(status: number): Error {
    const { proxy, variable, proxyAuthorization } = this.#route;
    const named = { variable: variable ?? '' };
    const hint = proxyAuthorization
      ? apiFact('proxyCredentialsRejected', named)
      : apiFact('proxyCredentialsNeeded', named);
    return codedError(
      apiFact('proxyRefused', {
        proxy: `${proxy?.origin}`,
        status: `${status} ${STATUS_CODES[status] ?? ''}`.trim(),
      }),
      PROXY_REFUSED,
      hint,
    );
  }

  /** Sockets still connecting (TCP, proxy CONNECT, TLS): destroyed by close(). */
  readonly #connecting = new Set<Socket>();

  /**
   * A connection, within its own deadline: the request that asked for it may have given up
   * already (its deadline destroyed only the request), and the agent may hand the connection to
   * another request.
   */
  async #connect(): Promise<Socket> {
    const attempt: ConnectAttempt = { sockets: [], expired: false };
    let timer: NodeJS.Timeout | undefined;
    // The deadline rejects by itself and destroys the sockets without an error: a socket's own
    // error listener may be gone by then (a tunnel's socket under TLS), and a destroy(error)
    // would be an unhandled 'error' event, a crash.
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        attempt.expired = true;
        for (const socket of attempt.sockets) socket.destroy();
        reject(
          Object.assign(codedError(apiFact('connectTimeout'), 'ETIMEDOUT'), {
            stalledProxy: this.#proxyInUse(),
          }),
        );
      }, this.#options.timeoutMs);
    });
    try {
      return await Promise.race([this.#establish(attempt), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #establish(attempt: ConnectAttempt): Promise<Socket> {
    const route = this.#route;
    const target = this.#target;
    if (target.protocol === 'https:' || route.proxy?.protocol === 'https:') await loadTls();
    const targetHost = withoutBrackets(target.hostname);
    const targetPort = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
    if (!route.proxy) return this.#open(targetHost, targetPort, target.protocol === 'https:', attempt);
    const proxy = route.proxy;
    const proxySocket = await this.#open(
      withoutBrackets(proxy.hostname),
      Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80)),
      proxy.protocol === 'https:',
      attempt,
    );
    if (!route.tunnel) return proxySocket;
    await this.#tunnel(proxySocket, `${target.hostname}:${targetPort}`, route.proxyAuthorization);
    return this.#open(targetHost, targetPort, true, attempt, proxySocket);
  }

  /** A connected socket (TLS handshake done when `secure`), over `over` when given. */
  #open(
    host: string,
    port: number,
    secure: boolean,
    attempt: ConnectAttempt,
    over?: Socket,
  ): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const tls = tlsModule as typeof Tls; // loaded by #establish whenever `secure` can be true
      const socket = secure
        ? tls.connect({
            ...(over ? { socket: over } : { host, port }),
            servername: isIP(host) ? undefined : host,
            ALPNProtocols: ['http/1.1'],
            ...(this.#options.ca ? { ca: [...tls.rootCertificates, this.#options.ca] } : {}),
          })
        : connect({ host, port });
      attempt.sockets.push(socket);
      this.#connecting.add(socket);
      let settled = false;
      // A failed socket keeps this listener: destroying it (and the tunnel under it) may emit
      // more errors, which must not be unhandled.
      const onError = (error: Error) => {
        if (settled) return;
        settled = true;
        this.#connecting.delete(socket);
        over?.destroy();
        socket.destroy();
        reject(error);
      };
      const onClose = () => onError(codedError(apiFact('closedWhileConnecting'), 'ECONNRESET'));
      socket.on('error', onError);
      socket.once('close', onClose);
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        if (settled) return;
        settled = true;
        this.#connecting.delete(socket);
        socket.off('error', onError);
        socket.off('close', onClose);
        resolve(socket);
      });
      if (attempt.expired) socket.destroy();
    });
  }

  /** CONNECT through the proxy; resolves once it answered 2xx. */
  #tunnel(socket: Socket, authority: string, authorization: string | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#connecting.add(socket);
      let received = Buffer.alloc(0);
      let settled = false;
      const cleanup = () => {
        settled = true;
        this.#connecting.delete(socket);
        socket.off('data', onData);
        socket.off('close', onClose);
      };
      // Kept after a failure, like #open's: a destroyed socket may still emit errors.
      const onError = (error: Error) => {
        if (settled) return;
        cleanup();
        socket.destroy();
        reject(error);
      };
      const onClose = () => onError(codedError(apiFact('proxyClosedInsteadOfConnect'), 'ECONNRESET'));
      const onData = (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) {
          if (received.length > 16_384) onError(codedError(apiFact('proxyConnectGarbage'), 'EPROTO'));
          return;
        }
        const statusLine = received.subarray(0, received.indexOf('\r\n')).toString('latin1');
        const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
        if (status < 200 || status >= 300) {
          const head = received.subarray(0, end).toString('latin1');
          if (isProxyAuthRefusal(status, /\r\nproxy-authenticate:/i.test(head)))
            return onError(this.#proxyRefusal(status));
          return onError(
            codedError(
              apiFact('proxyRefusedConnect', {
                proxy: `${this.#route.proxy?.origin}`,
                authority,
                statusLine: statusLine.slice(0, 80) || apiFact('noStatusLine'),
              }),
              'EPROXY',
            ),
          );
        }
        cleanup();
        socket.off('error', onError);
        const rest = received.subarray(end + 4);
        if (rest.length) socket.unshift(rest);
        resolve();
      };
      socket.on('data', onData);
      socket.on('error', onError);
      socket.once('close', onClose);
      socket.write(
        `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n` +
          (authorization ? `Proxy-Authorization: ${authorization}\r\n` : '') +
          '\r\n',
      );
    });
  }
}

/** The sockets of one connection (TCP, tunnel, TLS) and whether its deadline passed. */
interface ConnectAttempt {
  sockets: Socket[];
  expired: boolean;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB` : `${bytes} bytes`;
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

// node:tls loads only when a connection needs it: a plain-http gateway (the sandbox on loopback)
// never pays its start-up cost.
let tlsModule: typeof Tls | undefined;
async function loadTls(): Promise<void> {
  tlsModule ??= await import('node:tls');
}
