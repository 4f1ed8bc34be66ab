// The sandbox gateway: a real HTTP server (node:http) implementing every endpoint of SPEC.md
// under both /v1 and /api/v1, statefully (DESIGN.md §7). See README.md in this folder for the
// options, control endpoints and notifications, and ERRORS.md for every rejection.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_JSON_DEPTH } from '../json.js';
import { readBody } from '../read-body.js';
import { sleep } from '../sleep.js';
import { authenticate, errorResult, keyOwner } from './auth.js';
import { type ControlContext, handleControl, type RecordedRequest } from './control.js';
import { SandboxError } from './errors.js';
import { Faults } from './faults.js';
import { Gateway } from './gateway.js';
import type { Result } from './http.js';
import { SandboxLog } from './log.js';
import type { NotificationAttempt, NotifierOptions } from './notifier.js';
import type { RateDecision } from './ratelimit.js';
import { clientIp, parseJson, redactAuthorizationCached, redactCard } from './request.js';
import { applyFault, JSON_TYPE, send, sendJson } from './respond.js';
import { accountRoutes } from './routes/account.js';
import { boletoPdfResponse, cardBoletoRoutes } from './routes/card-boleto.js';
import { chargeRoutes } from './routes/charges.js';
import { payoutRoutes } from './routes/payouts.js';
import { tokenRoutes } from './routes/tokens.js';
import { webhookRoutes } from './routes/webhooks.js';
import { type CompiledRoute, compile, matchRoute } from './routing.js';
import { MAIN_SELLER_ID, publicSeller, readStateFile, type SeededSeller } from './state.js';

export type { RecordedRequest } from './control.js';
export type { NotificationAttempt, NotifierOptions } from './notifier.js';
export type { SeededSeller } from './state.js';

export interface SandboxOptions {
  /** TCP port; 0 = an ephemeral port (tests). Default 4010. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string;
  /** Cash In fee in percent (3.99 = 3.99%). Default 3.99. */
  feeRate?: number;
  /** Requests per minute per seller and endpoint category. Default 5000. */
  rateLimit?: number;
  /** Per-seller limits that replace the default: { 1001: 20000 }. */
  rateLimitOverrides?: Record<number, number>;
  /** Pay every charge automatically this long after creation (sandbox clock). Default: never. */
  autoPayAfterMs?: number;
  /** Registered as a global webhook of every seller at start. */
  webhookUrl?: string;
  /** Serve the webhook management endpoints. Default true; false → they answer 404. */
  webhooksApi?: boolean;
  /** Deterministic ids and keys when set. */
  seed?: number;
  /** JSON state file: loaded on start when it exists, written atomically after each change. */
  stateFile?: string;
  /** Percent of each credit held in `reserved`. Default 0. */
  reserveRate?: number;
  /**
   * Payout progress on the sandbox clock: pending → processing after half of it, → completed
   * after all of it. Default 2000. 0 = payouts move only through the control endpoints.
   */
  payoutProcessingMs?: number;
  /** The clock; default Date.now. `/_sandbox/clock/advance` and advanceClock() add an offset. */
  clock?: { now(): number };
  /** Notification retries (defaults: 4 attempts, 1000 ms doubling, cap 30000 ms, timeout 5000 ms). */
  notifier?: NotifierOptions;
  /** How many recorded requests and notification attempts are kept (the newest). Default 10000. */
  recordLimit?: number;
  /** Largest request body accepted. Default 1 MiB (1048576). */
  maxBodyBytes?: number;
}

export interface Sandbox {
  /** Base URL, e.g. http://127.0.0.1:4010 (no trailing slash, no /v1). */
  url: string;
  port: number;
  /** The seeded sellers with their keys, main seller (1001) first. */
  sellers: SeededSeller[];
  /** Every API request received (newest last; /_sandbox calls are not recorded). */
  requests: RecordedRequest[];
  /** Every notification attempt (newest last). */
  notifications: NotificationAttempt[];
  /** The requests and notification attempts as lines for people (`sandbox log`). */
  log: SandboxLog;
  /** Moves the sandbox clock forward and runs what became due (expiry, auto-pay, payouts). */
  advanceClock(ms: number): void;
  /** Back to the start: sellers as seeded, nothing else; clock offset 0. */
  reset(): void;
  close(): Promise<void>;
  /** Current time on the sandbox clock (epoch ms). */
  now(): number;
  /** Resolves when no notification is being delivered or waiting for a retry. */
  notificationsIdle(): Promise<void>;
}

const DEFAULTS = {
  port: 4010,
  host: '127.0.0.1',
  feeRate: 3.99,
  rateLimit: 5000,
  payoutProcessingMs: 2000,
  recordLimit: 10_000,
  maxBodyBytes: 1024 * 1024,
} as const;

function validateOptions(o: SandboxOptions): void {
  const num = (name: string, v: number | undefined, min: number, max: number, int = false) => {
    if (v === undefined) return;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max || (int && !Number.isInteger(v))) {
      throw new RangeError(
        `sandbox option ${name} must be ${int ? 'an integer' : 'a number'} from ${min} to ${max}, got ${v}`,
      );
    }
  };
  num('port', o.port, 0, 65535, true);
  num('feeRate', o.feeRate, 0, 100);
  num('reserveRate', o.reserveRate, 0, 100);
  num('rateLimit', o.rateLimit, 1, 1e9, true);
  num('autoPayAfterMs', o.autoPayAfterMs, 0, 1e12);
  num('payoutProcessingMs', o.payoutProcessingMs, 0, 1e12);
  num('recordLimit', o.recordLimit, 0, 1e7, true);
  num('maxBodyBytes', o.maxBodyBytes, 1, 1e9, true);
  for (const [k, v] of Object.entries(o.rateLimitOverrides ?? {}))
    num(`rateLimitOverrides[${k}]`, v, 1, 1e9, true);
  if (o.webhookUrl !== undefined && !/^https?:\/\/\S+$/i.test(o.webhookUrl)) {
    throw new RangeError(`sandbox option webhookUrl must be an http(s) URL, got ${o.webhookUrl}`);
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  validateOptions(options);
  const recordLimit = options.recordLimit ?? DEFAULTS.recordLimit;
  const maxBody = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const initialState = options.stateFile ? readStateFile(options.stateFile) : undefined;
  const gateway = new Gateway({
    feeRate: options.feeRate ?? DEFAULTS.feeRate,
    reserveRate: options.reserveRate ?? 0,
    rateLimit: options.rateLimit ?? DEFAULTS.rateLimit,
    rateLimitOverrides: options.rateLimitOverrides ?? {},
    autoPayAfterMs: options.autoPayAfterMs,
    payoutProcessingMs: options.payoutProcessingMs ?? DEFAULTS.payoutProcessingMs,
    webhookUrl: options.webhookUrl,
    webhooksApi: options.webhooksApi ?? true,
    seed: options.seed,
    stateFile: options.stateFile,
    clock: options.clock ?? { now: Date.now },
    notifier: options.notifier ?? {},
    recordLimit,
    initialState,
  });
  const routes = compile([
    ...chargeRoutes,
    ...cardBoletoRoutes,
    ...payoutRoutes,
    ...accountRoutes,
    ...tokenRoutes,
    ...(gateway.options.webhooksApi ? webhookRoutes : []),
  ]);
  const requests: RecordedRequest[] = [];
  const faults = new Faults();
  let requestCounter = 0;

  const log = new SandboxLog();
  gateway.notifier.onRecord = (attempt) => log.addNotification(attempt);
  const reset = () => {
    gateway.reset();
    requests.length = 0;
    log.clear();
    faults.clear();
  };
  const control: ControlContext = { gateway, faults, requests, log, reset };

  const record = (r: RecordedRequest) => {
    log.addRequest(r);
    if (recordLimit === 0) return;
    requests.push(r);
    // Trim in batches so that a full log costs O(1) amortised per request.
    if (requests.length > recordLimit + Math.max(100, recordLimit >> 3))
      requests.splice(0, requests.length - recordLimit);
  };

  const save = () => gateway.save();

  const EMPTY_QUERY = new URLSearchParams();

  async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    rawPath: string,
    apiPath: string,
    queryString: string,
    startedAt: number,
  ): Promise<void> {
    const headers = req.headers;
    const rec: RecordedRequest = {
      id: `req_${(++requestCounter).toString(36).padStart(6, '0')}`,
      method,
      path: rawPath,
      query: {},
      // The request's own headers object (not a copy); Authorization is replaced just below.
      headers,
      body: null,
      status: null,
      at: gateway.iso(),
      seller_id: null,
      route: null,
      fault: null,
      duration_ms: 0,
    };
    const auth = headers.authorization;
    if (auth !== undefined) headers.authorization = redactAuthorizationCached(auth);
    const query = queryString === '' ? EMPTY_QUERY : new URLSearchParams(queryString);
    if (queryString !== '') for (const [k, v] of query) rec.query[k] = v;
    // Request id and rate-limit headers, on every answer of /v1.
    const head: Array<string | number> = ['X-Request-Id', rec.id];
    const rate = (d: RateDecision) => {
      head.length = 2;
      head.push(
        'X-RateLimit-Limit',
        d.limit,
        'X-RateLimit-Remaining',
        d.remaining,
        'X-RateLimit-Reset',
        d.reset,
      );
    };
    /** Rate-limit headers of an answer not counted against anyone (before authentication). */
    const peek = (category: string) => {
      const owner = auth !== undefined ? keyOwner(gateway, auth) : undefined;
      rate(gateway.limiter.peek(owner?.seller_id ?? null, category, gateway.now()));
    };

    const finish = (status: number | null) => {
      rec.status = status;
      rec.duration_ms = Date.now() - startedAt;
      record(rec);
    };

    const m = matchRoute(routes, method, apiPath.split('/'));
    if (m.route === null) {
      peek('unmatched');
      if (method !== 'GET' && method !== 'HEAD') await readBody(req, maxBody);
      finish(answerUnmatched(res, method, rawPath, m.allowed, head));
      return;
    }
    const route = m.route;
    rec.route = route.category;

    const fault = faults.take(method, apiPath, route.path);
    if (fault) rec.fault = `${fault.id}:${fault.kind}`;
    if (fault?.kind === 'delay') await sleep(fault.delay_ms, undefined, { unref: true });

    let text = '';
    if (method !== 'GET' && method !== 'HEAD') {
      const read = await readBody(req, maxBody);
      if ('aborted' in read) {
        finish(null);
        return;
      }
      if ('tooLarge' in read) {
        peek(route.category);
        const err = new SandboxError(
          413,
          'invalid_request_error',
          'payload_too_large',
          `The request body is larger than ${maxBody} bytes`,
        );
        send(res, 413, JSON_TYPE, JSON.stringify(err.toBody()), head, { Connection: 'close' });
        finish(413);
        return;
      }
      text = read.body.toString('utf8');
    }
    const body = text === '' ? null : parseJson(text);
    rec.body = body === undefined ? null : route.path === '/v1/tokens/card' ? redactCard(body) : body;

    if (fault && fault.when === 'before' && fault.kind !== 'delay') {
      peek(route.category);
      finish(applyFault(fault, req, res, head));
      return;
    }

    const { result, extra } = await callRoute(route, m.params, auth, body, query, req, rec, rate, peek);
    save();

    if (fault && fault.when === 'after' && fault.kind !== 'delay') {
      finish(applyFault(fault, req, res, head));
      return;
    }
    send(res, result.status, JSON_TYPE, result.json ?? JSON.stringify(result.body), head, extra);
    finish(result.status);
  }

  /** 404 for a path no route has, 405 (with Allow) for one only other methods have. */
  function answerUnmatched(
    res: ServerResponse,
    method: string,
    rawPath: string,
    allowed: string[],
    head: Array<string | number>,
  ): number {
    const error =
      allowed.length > 0
        ? new SandboxError(
            405,
            'invalid_request_error',
            'method_not_allowed',
            `${method} is not allowed on ${rawPath}`,
          )
        : new SandboxError(404, 'not_found_error', 'route_not_found', `No endpoint ${method} ${rawPath}`);
    const extra = allowed.length > 0 ? { Allow: allowed.join(', ') } : undefined;
    send(res, error.status, JSON_TYPE, JSON.stringify(error.toBody()), head, extra);
    return error.status;
  }

  /** Authentication, the rate limit, the body's JSON, then the route's handler; errors as answers. */
  async function callRoute(
    route: CompiledRoute,
    params: string[],
    auth: string | undefined,
    body: unknown,
    query: URLSearchParams,
    req: IncomingMessage,
    rec: RecordedRequest,
    rate: (decision: RateDecision) => void,
    peek: (category: string) => void,
  ): Promise<{ result: Result; extra?: Record<string, string> }> {
    try {
      const seller = authenticate(gateway, route, auth);
      rec.seller_id = seller.seller_id;
      const decision = gateway.limiter.hit(seller.seller_id, route.category, gateway.now());
      rate(decision);
      if (!decision.allowed) {
        throw new SandboxError(
          429,
          'rate_limit_error',
          'rate_limit_exceeded',
          `Rate limit of ${decision.limit} requests per minute exceeded for ${route.category}; retry after ${decision.retryAfter} s`,
          undefined,
          { 'Retry-After': String(decision.retryAfter) },
        );
      }
      if (body === undefined) {
        throw new SandboxError(
          400,
          'invalid_request_error',
          'invalid_json',
          `The request body is not valid JSON (or is nested deeper than ${MAX_JSON_DEPTH} levels)`,
        );
      }
      gateway.scheduler.runDue();
      return { result: await route.handler({ gateway, seller, params, query, body, ip: clientIp(req) }) };
    } catch (error) {
      // Not authenticated (or refused before the limiter): the headers of an uncounted answer.
      if (rec.seller_id === null) peek(route.category);
      return { result: errorResult(error), extra: error instanceof SandboxError ? error.headers : undefined };
    }
  }

  async function handleControlRequest(
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    rawPath: string,
    queryString: string,
  ): Promise<void> {
    let result: Result;
    try {
      let body: unknown = null;
      if (method !== 'GET' && method !== 'HEAD') {
        const read = await readBody(req, maxBody);
        if ('aborted' in read) return;
        if ('tooLarge' in read) {
          throw new SandboxError(
            413,
            'invalid_request_error',
            'payload_too_large',
            `The request body is larger than ${maxBody} bytes`,
          );
        }
        body = parseJson(read.body.toString('utf8'));
        if (body === undefined) {
          throw new SandboxError(
            400,
            'invalid_request_error',
            'invalid_json',
            `The request body is not valid JSON (or is nested deeper than ${MAX_JSON_DEPTH} levels)`,
          );
        }
      }
      const parts = rawPath.split('/').slice(2);
      result = await handleControl(control, method, parts, new URLSearchParams(queryString), body);
    } catch (err) {
      result = errorResult(err);
    }
    save();
    sendJson(res, result.status, result.body, result.status === 413 ? { Connection: 'close' } : undefined);
  }

  function handleCheckout(res: ServerResponse, method: string, rawPath: string): void {
    const parts = rawPath.split('/');
    const c = gateway.state.charges.get(parts[2] ?? '');
    gateway.scheduler.runDue();
    if (!c?.checkout) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end('<!doctype html><title>Not found</title><h1>Checkout not found</h1>');
      return;
    }
    if (method === 'POST' && parts[3] === 'pay') {
      if (c.status === 'pending') {
        gateway.payCharge(c);
        save();
      }
      const target = c.status === 'paid' ? c.checkout.success_url : c.checkout.cancel_url;
      res.statusCode = 303;
      res.setHeader('Location', target ?? `/checkout/${c.id}`);
      res.end();
      return;
    }
    const amount = `R$ ${Math.floor(c.amount / 100)},${String(c.amount % 100).padStart(2, '0')}`;
    const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const seller = gateway.seller(c.seller_id);
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><meta charset="utf-8"><title>Checkout ${esc(c.id)}</title>` +
        `<h1>${esc(seller?.name ?? '')}</h1><p>Charge ${esc(c.id)}: ${esc(amount)} — ${esc(c.status)}</p>` +
        `<p><code>${esc(c.pix?.emv ?? '')}</code></p>` +
        (c.status === 'pending'
          ? `<form method="post" action="/checkout/${esc(c.id)}/pay"><button>Pay (sandbox)</button></form>`
          : ''),
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    let rawPath = q < 0 ? url : url.slice(0, q);
    const queryString = q < 0 ? '' : url.slice(q + 1);
    if (rawPath.length > 1 && rawPath.endsWith('/')) rawPath = rawPath.slice(0, -1);

    if (rawPath === '/v1' || rawPath.startsWith('/v1/')) {
      return handleApi(req, res, method, rawPath, rawPath, queryString, startedAt);
    }
    if (rawPath === '/api/v1' || rawPath.startsWith('/api/v1/')) {
      return handleApi(req, res, method, rawPath, rawPath.slice(4), queryString, startedAt);
    }
    if (rawPath === '/_sandbox' || rawPath.startsWith('/_sandbox/')) {
      return handleControlRequest(req, res, method, rawPath, queryString);
    }
    if (rawPath.startsWith('/checkout/')) return handleCheckout(res, method, rawPath);
    if (rawPath.startsWith('/boletos/') && method === 'GET') {
      gateway.scheduler.runDue();
      const pdf = boletoPdfResponse(gateway, rawPath);
      return send(res, pdf.status, pdf.contentType, pdf.body, []);
    }
    if (rawPath === '/' && method === 'GET') {
      sendJson(res, 200, {
        success: true,
        data: { name: 'paygate sandbox', api: ['/v1', '/api/v1'], control: '/_sandbox', now: gateway.iso() },
      });
      return;
    }
    const err = new SandboxError(
      404,
      'not_found_error',
      'route_not_found',
      `No endpoint ${method} ${rawPath}`,
    );
    sendJson(res, 404, err.toBody());
  }

  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      try {
        if (!res.headersSent) {
          sendJson(res, 500, errorResult(err).body);
        } else {
          res.destroy();
        }
      } catch {
        res.destroy();
      }
    });
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    }
    socket.destroy();
  });

  const host = options.host ?? DEFAULTS.host;
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(options.port ?? DEFAULTS.port, host);
  }).catch(async (err) => {
    await gateway.close();
    throw err;
  });
  server.on('error', () => {});

  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  gateway.baseUrl = url;
  save();

  let closing: Promise<void> | undefined;
  const sellers = gateway.state.sellerList().map(publicSeller);
  sellers.sort((a, b) =>
    a.seller_id === MAIN_SELLER_ID ? -1 : b.seller_id === MAIN_SELLER_ID ? 1 : a.seller_id - b.seller_id,
  );

  return {
    url,
    port,
    sellers,
    requests,
    notifications: gateway.notifier.attempts,
    log,
    advanceClock(ms: number) {
      if (!Number.isFinite(ms) || ms < 0)
        throw new RangeError(`advanceClock expects a non-negative number, got ${ms}`);
      gateway.advanceClock(Math.round(ms));
    },
    reset,
    now: () => gateway.now(),
    notificationsIdle: () => gateway.notifier.idle(),
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await gateway.close();
      })();
      return closing;
    },
  };
}
