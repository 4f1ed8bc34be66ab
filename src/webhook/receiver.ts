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
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Poster } from '../api/poster.js';
import { closeHttpServer, serverUrl, startHttpServer } from '../http-server.js';
import { parseJsonLossless } from '../json.js';
import { readBody } from '../read-body.js';
import type { ReceivedNotification } from './notification.js';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_FORWARD_TIMEOUT_MS = 10_000;

export interface RejectedRequest {
  received_at: string;
  method: string;
  path: string;
  status: number;
  /** What the sender is answered (English: a program reads it). */
  reason: string;
  /** With 413: the body limit, so that a person is told it in words. */
  maxBodyBytes?: number;
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

/**
 * The parsed JSON (number literals as written: `150.00` is not 150 centavos), or the text when it
 * does not parse (empty body → "").
 */
export function parseNotificationBody(text: string): unknown {
  if (text.trim() === '') return text;
  try {
    return parseJsonLossless(text);
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
  const receiver = new NotificationReceiver(options);
  const host = options.host ?? '127.0.0.1';
  const server = await startHttpServer((req, res) => receiver.handle(req, res), {
    port: options.port,
    host,
    answerFailure: (res, error) =>
      answer(res, 500, JSON.stringify({ received: false, error: describeError(error) })),
  }).catch((error: unknown) => {
    receiver.close();
    throw error;
  });
  const { url, port } = serverUrl(server, host);
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    stats: receiver.stats,
    close() {
      closing ??= closeHttpServer(server).then(() => receiver.close());
      return closing;
    },
  };
}

/** What the receiver does with each request (see the top of this file). */
class NotificationReceiver {
  readonly stats: ReceiverStats = { received: 0, forwarded: 0, forwardFailed: 0, rejected: 0 };
  readonly #maxBodyBytes: number;
  readonly #now: () => number;
  readonly #poster: Poster | undefined;

  constructor(private readonly options: ReceiverOptions) {
    this.#maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.#now = options.now ?? Date.now;
    this.#poster = options.forwardTo
      ? new Poster(options.forwardTimeoutMs ?? DEFAULT_FORWARD_TIMEOUT_MS)
      : undefined;
  }

  close(): void {
    this.#poster?.close();
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = pathOf(req.url);
    const receivedAt = new Date(this.#now()).toISOString();
    if (method === 'GET' || method === 'HEAD') {
      answer(res, 200, 'paygate webhook listen: POST notifications here\n', 'text/plain; charset=utf-8');
      return;
    }
    const refused = { received_at: receivedAt, method, path };
    if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') {
      this.#refuse(
        res,
        { ...refused, status: 405, reason: `method ${method} not allowed` },
        {
          allow: 'POST, PUT, PATCH, GET, HEAD',
        },
      );
      return;
    }
    const read = await readBody(req, this.#maxBodyBytes);
    if ('aborted' in read) {
      res.destroy();
      return;
    }
    if ('tooLarge' in read) {
      const reason = `body larger than ${this.#maxBodyBytes} bytes`;
      this.#refuse(
        res,
        { ...refused, status: 413, reason, maxBodyBytes: this.#maxBodyBytes },
        { connection: 'close' },
      );
      return;
    }
    const notification = notificationOf(req, read.body, receivedAt);
    await this.options.inspect?.(notification, read.body, req.headers);
    const { status, reply } = await this.#forwardIfAsked(notification, read.body);
    this.stats.received++;
    this.options.onNotification(notification, req.headers);
    answer(res, status, JSON.stringify(reply));
  }

  /** With forwardTo: the sender gets the target's status (502 when it did not answer). */
  async #forwardIfAsked(
    notification: ReceivedNotification,
    body: Buffer,
  ): Promise<{ status: number; reply: Record<string, unknown> }> {
    if (!this.options.forwardTo || !(this.options.shouldForward?.(notification) ?? true)) {
      return { status: 200, reply: { received: true } };
    }
    notification.forwarded = await this.#forward(body, notification.headers['content-type']);
    const forwardedStatus = notification.forwarded.status;
    const accepted = forwardedStatus !== null && forwardedStatus >= 200 && forwardedStatus < 300;
    if (accepted) this.stats.forwarded++;
    else this.stats.forwardFailed++;
    const reply = {
      received: true,
      forwarded: accepted,
      ...(notification.forwarded.error ? { error: notification.forwarded.error } : {}),
    };
    return { status: forwardedStatus ?? 502, reply };
  }

  async #forward(body: Buffer, contentType: string | undefined) {
    const url = this.options.forwardTo!;
    const shown = withoutCredentials(url);
    try {
      const headers = { 'content-type': contentType ?? 'application/octet-stream' };
      return { url: shown, status: await this.#poster!.post(url, headers, body) };
    } catch (error) {
      return { url: shown, status: null, error: describeError(error) };
    }
  }

  #refuse(res: ServerResponse, rejected: RejectedRequest, extra: Record<string, string>): void {
    this.stats.rejected++;
    this.options.onRejected?.(rejected);
    const body = JSON.stringify({ received: false, error: rejected.reason });
    answer(res, rejected.status, body, 'application/json', extra);
  }
}

/** The notification as recorded: when, how, three telling headers, the body (JSON or text). */
function notificationOf(req: IncomingMessage, body: Buffer, receivedAt: string): ReceivedNotification {
  const contentType = header(req.headers, 'content-type');
  const userAgent = header(req.headers, 'user-agent');
  const requestId = req.headers['x-request-id'];
  return {
    received_at: receivedAt,
    method: (req.method ?? 'POST').toUpperCase(),
    path: pathOf(req.url),
    headers: {
      ...(contentType !== undefined ? { 'content-type': contentType } : {}),
      ...(userAgent !== undefined ? { 'user-agent': userAgent } : {}),
      ...(typeof requestId === 'string' ? { 'x-request-id': requestId } : {}),
    },
    body: parseNotificationBody(body.toString('utf8')),
  };
}
