import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/server.js';

export interface ApiResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test helper returns arbitrary JSON
  json: any;
  text: string;
}

/** A sandbox on an ephemeral port with fast timers; closed by the caller. */
export function start(options: SandboxOptions = {}): Promise<Sandbox> {
  return startSandbox({
    port: 0,
    seed: 42,
    payoutProcessingMs: 0,
    notifier: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 40, timeoutMs: 1000 },
    ...options,
  });
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
}

/** Calls the sandbox. `key` defaults to nothing; pass sb.sellers[0].secret_key for the main seller. */
export async function call(
  sb: Sandbox,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(sb.url + path, { method, headers, body });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** Shorthand bound to one sandbox and the main seller's secret key. */
export function client(sb: Sandbox, sellerIndex = 0) {
  const key = sb.sellers[sellerIndex]!.secret_key;
  return {
    key,
    get: (path: string, o: CallOptions = {}) => call(sb, 'GET', path, { key, ...o }),
    post: (path: string, body?: unknown, o: CallOptions = {}) => call(sb, 'POST', path, { key, body, ...o }),
    put: (path: string, body?: unknown, o: CallOptions = {}) => call(sb, 'PUT', path, { key, body, ...o }),
    del: (path: string, o: CallOptions = {}) => call(sb, 'DELETE', path, { key, ...o }),
  };
}

export const pixCharge = (amount = 10000, extra: Record<string, unknown> = {}) => ({
  amount,
  payment_method: 'pix',
  ...extra,
});

/** Polls `check` until it is true (real time), for things driven by real timers. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: arbitrary JSON payloads
  body: any;
}

/**
 * A notification receiver on an ephemeral port. `statuses` are answered in turn (then 200);
 * every request is kept in `received`.
 */
export async function receiver(statuses: number[] = []): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const { createServer } = await import('node:http');
  const received: Received[] = [];
  const queue = [...statuses];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(data);
      } catch {
        body = data;
      }
      received.push({ path: req.url ?? '/', headers: req.headers, body });
      res.statusCode = queue.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/**
 * One sandbox for the test file whose sellers' global webhook is a local receiver at `path`;
 * before each test the sandbox is reset and the receiver forgets what it got. The fields are
 * filled in once `beforeAll` has run.
 */
export function useSandboxWithReceiver(path: string): {
  sandbox: Sandbox;
  hook: Awaited<ReturnType<typeof receiver>>;
} {
  const fixture = {} as { sandbox: Sandbox; hook: Awaited<ReturnType<typeof receiver>> };
  beforeAll(async () => {
    fixture.hook = await receiver();
    fixture.sandbox = await start({ webhookUrl: `${fixture.hook.url}${path}` });
  });
  beforeEach(() => {
    fixture.sandbox.reset();
    fixture.hook.received.length = 0;
  });
  afterAll(async () => {
    await fixture.sandbox.close();
    await fixture.hook.close();
  });
  return fixture;
}
