// Sending one HTTP request, on Node's own http/https (DESIGN.md §4, §9). Why not undici, which the
// client used before: loading it cost about as much as Node's whole start, its WebAssembly HTTP
// parser made every network command on Node 20 take ~9x `node -e 0`, and its proxy agent (undici
// 7) looped forever on a proxy that drops CONNECT. Node's http has its parser built in.
//
// What the client relies on:
// - `marker.sent` turns true only once the connection to the gateway (through the proxy tunnel,
//   TLS included) is up: before that, nothing can have reached it, so a failure there is safe
//   to report as "nothing was sent" even for a create.
// - One hard deadline per request covers everything (proxy CONNECT, connect, TLS, headers, body):
//   when it fires, the socket is destroyed. A separate, shorter connect deadline says "could not
//   connect" for a host that never answers.
// - Bodies are capped: a larger answer is cut off (BodyTooLargeError), never buffered whole.
// - Proxies from the environment as undici's EnvHttpProxyAgent read them: http_proxy/HTTP_PROXY,
//   https_proxy/HTTPS_PROXY (else the HTTP proxy), no_proxy/NO_PROXY; through a CONNECT tunnel,
//   as undici's ProxyAgent did, for http and https targets alike.

import type { ClientRequest, Agent as HttpAgent, IncomingMessage, RequestOptions } from 'node:http';
import * as http from 'node:http';
import type { Socket } from 'node:net';
import { ExitCode, PaygateError } from '../errors.js';

export interface SendMarker {
  /** The connection to the gateway is up and the request is being written: it may reach it. */
  sent: boolean;
  status?: number;
}

export interface TransportOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** Keep-alive connections per origin. */
  connections: number;
  /** Deadline for the connection (and proxy tunnel, and TLS) to be up. */
  connectTimeoutMs: number;
  /** Largest answer body read, in bytes. */
  maxBodyBytes: number;
}

export interface TransportRequest {
  origin: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The hard deadline of the whole exchange. */
  timeoutMs: number;
  signal: AbortSignal | undefined;
  marker: SendMarker;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** The abort reason of the request's own deadline (told apart from the caller's abort). */
export class RequestTimeout extends Error {
  constructor() {
    super('request timeout');
  }
}

/** An error with a Node-style `code`, for the client's messages and retry decision. */
function codedError(message: string, code: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

export class BodyTooLargeError extends Error {
  readonly code = 'EBODYTOOLARGE';
  constructor(readonly limit: number) {
    super(`the answer is larger than ${Math.round(limit / 2 ** 20)} MiB`);
  }
}

interface ProxyChoice {
  url: URL;
  authorization: string | undefined;
}

export class Transport {
  readonly #options: TransportOptions;
  readonly #agents = new Map<string, HttpAgent>();
  readonly #httpProxy: ProxyChoice | undefined;
  readonly #httpsProxy: ProxyChoice | undefined;
  readonly #noProxy: string;

  /** Throws a usage error (exit 2) for a proxy URL that cannot be used. */
  constructor(options: TransportOptions) {
    this.#options = options;
    const { env } = options;
    this.#httpProxy = parseProxy(env.http_proxy ?? env.HTTP_PROXY, 'HTTP_PROXY');
    this.#httpsProxy = parseProxy(env.https_proxy ?? env.HTTPS_PROXY, 'HTTPS_PROXY') ?? this.#httpProxy;
    this.#noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  }

  /** The proxy a request to `origin` goes through, if any. */
  proxyFor(origin: string): ProxyChoice | undefined {
    const url = new URL(origin);
    const proxy = url.protocol === 'https:' ? this.#httpsProxy : this.#httpProxy;
    if (!proxy) return undefined;
    return bypassesProxy(this.#noProxy, url.hostname, effectivePort(url)) ? undefined : proxy;
  }

  async send(request: TransportRequest): Promise<TransportResponse> {
    const url = new URL(request.path, request.origin);
    if (url.protocol === 'https:' || this.proxyFor(url.origin)?.url.protocol === 'https:') await loadSecure();
    const agent = this.#agentFor(url);
    const { marker, signal } = request;
    const secure = url.protocol === 'https:';
    return new Promise<TransportResponse>((resolve, reject) => {
      let settled = false;
      let outgoing: ClientRequest | undefined;
      const finish = (error: unknown, response?: TransportResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        clearTimeout(connectDeadline);
        signal?.removeEventListener('abort', onAbort);
        if (error !== undefined) {
          outgoing?.destroy();
          reject(error);
        } else resolve(response as TransportResponse);
      };
      const deadline = setTimeout(() => finish(new RequestTimeout()), request.timeoutMs);
      const connectDeadline = setTimeout(
        () => {
          if (!marker.sent) finish(codedError('could not connect in time', 'ECONNECT_TIMEOUT'));
        },
        Math.min(request.timeoutMs, this.#options.connectTimeoutMs),
      );
      const onAbort = () => finish(signal?.reason ?? new Error('aborted'));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });

      const options: RequestOptions = {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port || undefined,
        path: url.pathname + url.search,
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(request.body)) }
            : {}),
        },
        agent,
      };
      const { request: send } = secure ? loadHttps() : loadHttp();
      outgoing = send(options, (incoming) => readBody(incoming, this.#options.maxBodyBytes, marker, finish));
      outgoing.on('error', (error) => finish(error));
      outgoing.on('socket', (socket: Socket) => {
        const up = () => {
          marker.sent = true;
        };
        // A reused keep-alive socket is up already; a new one is up once connected (TLS: handshake done).
        if (!socket.connecting && !isHandshaking(socket)) up();
        else socket.once(secure ? 'secureConnect' : 'connect', up);
      });
      outgoing.end(request.body);
    });
  }

  /** Ends every kept connection. */
  close(): void {
    for (const agent of this.#agents.values()) agent.destroy();
    this.#agents.clear();
  }

  #agentFor(url: URL): HttpAgent {
    const key = url.origin;
    let agent = this.#agents.get(key);
    if (agent) return agent;
    const secure = url.protocol === 'https:';
    const options = { keepAlive: true, maxSockets: this.#options.connections, timeout: 4_000 };
    agent = secure ? new (loadHttps().Agent)(options) : new (loadHttp().Agent)(options);
    const proxy = this.proxyFor(url.origin);
    if (proxy) tunnelThrough(agent, proxy, url, secure);
    this.#agents.set(key, agent);
    return agent;
  }
}

/**
 * Makes `agent` open its connections through a CONNECT tunnel of `proxy` (then TLS for https),
 * asynchronously: Node's Agent accepts a createConnection that answers through its callback.
 */
function tunnelThrough(agent: HttpAgent, proxy: ProxyChoice, target: URL, secure: boolean): void {
  const authority = `${target.hostname}:${effectivePort(target)}`;
  const overridable = agent as unknown as {
    createConnection: (
      options: Record<string, unknown>,
      callback: (error: Error | null, socket?: Socket) => void,
    ) => void;
  };
  overridable.createConnection = (options, callback) => {
    const { request: send } = proxy.url.protocol === 'https:' ? loadHttps() : loadHttp();
    const connect = send({
      protocol: proxy.url.protocol,
      hostname: proxy.url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: proxy.url.port || undefined,
      method: 'CONNECT',
      path: authority,
      headers: {
        host: authority,
        ...(proxy.authorization ? { 'proxy-authorization': proxy.authorization } : {}),
      },
      agent: false,
    });
    let done = false;
    const answer = (error: Error | null, socket?: Socket) => {
      if (done) return;
      done = true;
      callback(error, socket);
    };
    connect.once('connect', (response: IncomingMessage, socket: Socket) => {
      if (response.statusCode !== 200) {
        socket.destroy();
        answer(codedError(`the proxy refused the tunnel (HTTP ${response.statusCode})`, 'EPROXY'));
        return;
      }
      if (!secure) return answer(null, socket);
      const tls = loadTls().connect({ ...options, socket, servername: target.hostname } as never);
      tls.once('secureConnect', () => answer(null, tls));
      tls.once('error', (error) => answer(error));
    });
    connect.once('error', (error) => answer(error));
    // The proxy answered something else than a tunnel (or closed): fail, never wait or loop.
    connect.once('response', (response: IncomingMessage) => {
      response.resume();
      answer(codedError(`the proxy refused the tunnel (HTTP ${response.statusCode})`, 'EPROXY'));
    });
    connect.once('close', () => answer(codedError('the proxy closed the connection', 'EPROXY')));
    connect.end();
  };
}

function readBody(
  incoming: IncomingMessage,
  maxBodyBytes: number,
  marker: SendMarker,
  finish: (error: unknown, response?: TransportResponse) => void,
): void {
  marker.status = incoming.statusCode;
  const chunks: Buffer[] = [];
  let size = 0;
  incoming.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBodyBytes) {
      incoming.destroy();
      finish(new BodyTooLargeError(maxBodyBytes));
      return;
    }
    chunks.push(chunk);
  });
  incoming.on('error', (error) => finish(error));
  incoming.on('aborted', () =>
    finish(codedError('the connection closed in the middle of the answer', 'ECONNRESET')),
  );
  incoming.on('end', () =>
    finish(undefined, {
      status: incoming.statusCode ?? 0,
      headers: flattenHeaders(incoming.headers),
      text: Buffer.concat(chunks).toString('utf8'),
    }),
  );
}

function flattenHeaders(headers: IncomingMessage['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function isHandshaking(socket: Socket): boolean {
  const tls = socket as Socket & { encrypted?: boolean; _secureEstablished?: boolean };
  return tls.encrypted === true && tls._secureEstablished === false;
}

function parseProxy(value: string | undefined, name: string): ProxyChoice | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value.includes('://') ? value : `http://${value}`);
  } catch {
    throw new PaygateError(
      `${name}: not a proxy URL (${value.replace(/\/\/[^@/]*@/, '//…@')})`,
      ExitCode.Usage,
      {
        hint: `set ${name} to a URL such as http://proxy.example:3128, or unset it`,
      },
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PaygateError(
      `${name}: the proxy must be http:// or https:// (got ${url.protocol})`,
      ExitCode.Usage,
    );
  }
  const authorization =
    url.username || url.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}`
      : undefined;
  return { url, authorization };
}

function effectivePort(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
}

/** NO_PROXY as undici reads it: `*`, `host`, `host:port`, `.suffix` or `*.suffix`, comma or space separated. */
export function bypassesProxy(noProxy: string, hostname: string, port: number): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (noProxy.trim() === '*') return true;
  for (const entry of noProxy.split(/[,\s]/)) {
    if (!entry) continue;
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const entryHost = (parsed?.[1] ?? entry).toLowerCase().replace(/^\[(.*)\]$/, '$1');
    const entryPort = parsed ? Number(parsed[2]) : 0;
    if (entryPort && entryPort !== port) continue;
    if (/^[.*]/.test(entryHost)) {
      if (host.endsWith(entryHost.replace(/^\*/, ''))) return true;
    } else if (host === entryHost) return true;
  }
  return false;
}

// node:https and node:tls load only for https (a loopback sandbox never needs them): loadSecure()
// runs before anything that uses them.
let secureModules: { https: typeof import('node:https'); tls: typeof import('node:tls') } | undefined;
async function loadSecure(): Promise<void> {
  if (secureModules) return;
  const [https, tls] = await Promise.all([import('node:https'), import('node:tls')]);
  secureModules = { https, tls };
}
function loadHttp(): typeof http {
  return http;
}
function loadHttps(): typeof import('node:https') {
  if (!secureModules) throw new Error('internal: node:https used before loadSecure()');
  return secureModules.https;
}
function loadTls(): typeof import('node:tls') {
  if (!secureModules) throw new Error('internal: node:tls used before loadSecure()');
  return secureModules.tls;
}
