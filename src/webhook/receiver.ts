// The local notification receiver behind `paygate webhook listen` (and the demo, in process):
// a node:http server on 127.0.0.1 that records each POSTed notification and answers it.
//
// Answers (the gateway's notifier retries on anything but 2xx):
// - POST/PUT/PATCH: 200 `{"received":true}`; a body that is not JSON (or is truncated JSON) is
//   still recorded, as text, and still answered 200: the point of the tool is to show what
//   arrived, and refusing it would only make the sender retry a body that will never parse;
// - a body over the cap (1 MiB) → 413, recorded as rejected, not as a notification;
// - GET/HEAD → 200 with a one-line hint (a browser or health check; not a notification);
//   any other method → 405;
// - with `forwardTo`: the body (bytes as received) and its content-type are POSTed to that URL
//   and the sender gets the target's status, with `{"received":true,"forwarded":true|false}`, so
//   the sender retries exactly when the real application would have refused; no answer from the
//   target (refused, timeout) → 502 `{"received":true,"forwarded":false,"error":…}`. Forwarding
//   goes direct, never through HTTP(S)_PROXY: the target is normally the developer's own machine;
//   its URL is printed without any user name or password it holds;
// - an upload the sender abandons midway (the connection closes before the body ends) is neither
//   recorded nor forwarded: half a notification is not one.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Poster } from '../api/transport.js';
import { readBody } from '../read-body.js';
import type { ReceivedNotification } from './notification.js';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_FORWARD_TIMEOUT_MS = 10_000;

export interface RejectedRequest {
  received_at: string;
  method: string;
  path: string;
  status: number;
  reason: string;
}

export interface ReceiverOptions {
  /** 0 = any free port. */
  port: number;
  /** Default 127.0.0.1: notifications are not exposed to the network. */
  host?: string;
  forwardTo?: string;
  maxBodyBytes?: number;
  forwardTimeoutMs?: number;
  /** Epoch ms for `received_at`; default Date.now. */
  now?: () => number;
  /** Called for each notification before it is answered; `headers` are all the request headers. */
  onNotification(notification: ReceivedNotification, headers: IncomingHttpHeaders): void;
  /**
   * Runs before forwarding (verification, the log): it may add to the notification. It must not
   * throw; it is awaited, so the sender waits for it (the log is on disk before the answer).
   */
  inspect?(notification: ReceivedNotification, body: Buffer, headers: IncomingHttpHeaders): Promise<void>;
  /** Whether to forward this one (default: all); one not forwarded is answered 200. */
  shouldForward?(notification: ReceivedNotification): boolean;
  /** Called for a request refused (body too large, method not allowed). */
  onRejected?(rejected: RejectedRequest): void;
}

export interface ReceiverStats {
  received: number;
  forwarded: number;
  /** Forwards the target did not accept (non-2xx) or did not answer. */
  forwardFailed: number;
  rejected: number;
}

export interface Receiver {
  /** `http://127.0.0.1:8787`, no trailing slash. */
  url: string;
  port: number;
  stats: ReceiverStats;
  close(): Promise<void>;
}

/** The parsed JSON, or the text when it does not parse (empty body → ""). */
export function parseNotificationBody(text: string): unknown {
  if (text.trim() === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function header(headers: IncomingHttpHeaders, name: 'content-type' | 'user-agent'): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

function pathOf(url: string | undefined): string {
  return url && url.length > 0 ? url : '/';
}

function answer(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'application/json',
  extra: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...extra });
  res.end(body);
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
    const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : error.message;
  }
  return String(error);
}

/** `http://user:secret@host/x` → `http://host/x`: a URL as it may be printed. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** Starts the receiver; rejects with the listen error (EADDRINUSE…) when the port is taken. */
export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const max = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutMs = options.forwardTimeoutMs ?? DEFAULT_FORWARD_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const stats: ReceiverStats = { received: 0, forwarded: 0, forwardFailed: 0, rejected: 0 };
  const agent = options.forwardTo ? new Poster(timeoutMs) : undefined;

  const forward = async (body: Buffer, contentType: string | undefined) => {
    const url = options.forwardTo!;
    const shown = withoutCredentials(url);
    try {
      const status = await agent!.post(
        url,
        { 'content-type': contentType ?? 'application/octet-stream' },
        body,
      );
      return { url: shown, status };
    } catch (error) {
      return { url: shown, status: null, error: describeError(error) };
    }
  };

  const reject = (res: ServerResponse, rejected: RejectedRequest, extra: Record<string, string> = {}) => {
    stats.rejected++;
    options.onRejected?.(rejected);
    answer(
      res,
      rejected.status,
      JSON.stringify({ received: false, error: rejected.reason }),
      'application/json',
      extra,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = pathOf(req.url);
    const receivedAt = new Date(now()).toISOString();
    if (method === 'GET' || method === 'HEAD') {
      answer(res, 200, 'paygate webhook listen: POST notifications here\n', 'text/plain; charset=utf-8');
      return;
    }
    if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') {
      reject(
        res,
        { received_at: receivedAt, method, path, status: 405, reason: `method ${method} not allowed` },
        {
          allow: 'POST, PUT, PATCH, GET, HEAD',
        },
      );
      return;
    }
    const read = await readBody(req, max);
    if ('aborted' in read) {
      res.destroy();
      return;
    }
    if ('tooLarge' in read) {
      reject(
        res,
        { received_at: receivedAt, method, path, status: 413, reason: `body larger than ${max} bytes` },
        { connection: 'close' },
      );
      return;
    }
    const contentType = header(req.headers, 'content-type');
    const userAgent = header(req.headers, 'user-agent');
    const requestId = req.headers['x-request-id'];
    const notification: ReceivedNotification = {
      received_at: receivedAt,
      method,
      path,
      headers: {
        ...(contentType !== undefined ? { 'content-type': contentType } : {}),
        ...(userAgent !== undefined ? { 'user-agent': userAgent } : {}),
        ...(typeof requestId === 'string' ? { 'x-request-id': requestId } : {}),
      },
      body: parseNotificationBody(read.body.toString('utf8')),
    };
    let status = 200;
    let reply: Record<string, unknown> = { received: true };
    await options.inspect?.(notification, read.body, req.headers);
    if (options.forwardTo && (options.shouldForward?.(notification) ?? true)) {
      notification.forwarded = await forward(read.body, contentType);
      const forwardedStatus = notification.forwarded.status;
      const accepted = forwardedStatus !== null && forwardedStatus >= 200 && forwardedStatus < 300;
      if (accepted) stats.forwarded++;
      else stats.forwardFailed++;
      status = forwardedStatus ?? 502;
      reply = {
        received: true,
        forwarded: accepted,
        ...(notification.forwarded.error ? { error: notification.forwarded.error } : {}),
      };
    }
    stats.received++;
    options.onNotification(notification, req.headers);
    answer(res, status, JSON.stringify(reply));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        answer(res, 500, JSON.stringify({ received: false, error: describeError(error) }));
      else res.destroy();
    });
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable)
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    socket.destroy();
  });

  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, rejectListen) => {
      server.once('error', rejectListen);
      server.listen(options.port, host, () => {
        server.off('error', rejectListen);
        resolve();
      });
    });
  } catch (error) {
    agent?.close();
    throw error;
  }
  server.on('error', () => {});
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    stats,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        agent?.close();
      })();
      return closing;
    },
  };
}
