// Test helpers for the API client: a scripted node:http server on port 0 and a fake clock.

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, type ClientOptions } from '../../src/api/client.js';

export const SECRET = 'sk_test_S3cr3tKeyValue0123456789';
export const PUBLIC = 'pk_test_Publ1cKeyValue0123456789';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Handler = (req: SeenRequest, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface TestServer {
  url: string;
  port: number;
  requests: SeenRequest[];
  /** Replaces the handler (scripts per test). */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startServer(
  handler: Handler = (_req, res) => json(res, 200, ok({})),
): Promise<TestServer> {
  let current = handler;
  const requests: SeenRequest[] = [];
  const server = http.createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const seen: SeenRequest = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      Promise.resolve(current(seen, res, raw)).catch((error) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function ok(data: unknown, extra: Record<string, unknown> = {}): unknown {
  return { success: true, data, ...extra };
}

export function fail(type: string, code: string, message: string, field?: string): unknown {
  return { success: false, error: { type, code, message, ...(field ? { field } : {}) } };
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function text(res: ServerResponse, status: number, body: string, contentType = 'text/html'): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Answers with the handlers in turn (the last one repeats). */
export function sequence(...handlers: Handler[]): Handler {
  let index = 0;
  return (req, res, raw) => {
    const handler = handlers[Math.min(index, handlers.length - 1)]!;
    index++;
    return handler(req, res, raw);
  };
}

/** Drops the connection without answering. */
export const drop: Handler = (_req, _res, raw) => {
  raw.socket.destroy();
};

/** Never answers. */
export const hang: Handler = () => undefined;

/** A clock that only moves when the client sleeps: no test waits for real. */
export function fakeTime(start = 1_700_000_000_000) {
  const state = {
    now: start,
    sleeps: [] as number[],
  };
  return {
    state,
    now: () => state.now,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason;
      state.sleeps.push(ms);
      state.now += ms;
    },
    advance(ms: number) {
      state.now += ms;
    },
  };
}

/** A client for `server` with fake time, deterministic jitter and both keys. */
export function makeClient(
  baseUrl: string,
  overrides: Partial<ClientOptions> = {},
): { client: Client; time: ReturnType<typeof fakeTime>; lines: string[] } {
  const time = fakeTime();
  const lines: string[] = [];
  const client = new Client({
    baseUrl,
    secretKey: SECRET,
    publicKey: PUBLIC,
    sleep: time.sleep,
    now: time.now,
    random: () => 0.5,
    env: {},
    debug: (line) => lines.push(line),
    ...overrides,
  });
  return { client, time, lines };
}

/** The rejection of a promise (fails when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

/** A port where nothing listens. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
