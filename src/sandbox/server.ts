// The sandbox gateway: a real HTTP server (node:http) implementing every endpoint of the gateway
// API (docs/gateway-api.md) under both /v1 and /api/v1, statefully. See README.md in this folder for the
// options, control endpoints and notifications, and ERRORS.md for every rejection.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { closeHttpServer, serverUrl, startHttpServer } from '../http-server.js';
import { saySandboxServer } from '../text/en/sandbox-server.js';
import { SandboxLog } from './activity-log.js';
import { ApiPipeline } from './api-pipeline.js';
import { errorResult } from './auth.js';
import { type ControlContext, handleControlRequest } from './control-endpoints.js';
import { notFound } from './errors.js';
import { Faults } from './faults.js';
import { Gateway } from './gateway.js';
import type { NotificationAttempt, NotifierOptions } from './notifier.js';
import { handleCheckout, serveBoletoPdf, serveRoot } from './pages.js';
import type { RecordedRequest } from './recorded-request.js';
import { RequestRecorder } from './recorder.js';
import type { SeededSeller } from './records.js';
import { sendJson } from './respond.js';
import { accountRoutes } from './routes/account.js';
import { cardBoletoRoutes } from './routes/card-boleto.js';
import { chargeRoutes } from './routes/charges.js';
import { payoutRoutes } from './routes/payouts.js';
import { tokenRoutes } from './routes/tokens.js';
import { webhookRoutes } from './routes/webhooks.js';
import { compile } from './routing.js';
import { MAIN_SELLER_ID, publicSeller } from './seed.js';
import { readStateFile } from './state.js';

export type { NotificationAttempt, NotifierOptions } from './notifier.js';
export type { RecordedRequest } from './recorded-request.js';
export type { SeededSeller } from './records.js';

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
  /**
   * Where the sandbox reports what goes wrong while it runs (a state file it cannot write, a
   * scheduled task that failed), one `paygate sandbox: …` line each. Default process.stderr;
   * `sandbox start` and `demo` pass their own stderr.
   */
  stderr?: { write(text: string): unknown };
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

function validateOptions(options: SandboxOptions): void {
  const checkNumber = (
    name: string,
    value: number | undefined,
    min: number,
    max: number,
    integer = false,
  ) => {
    if (value === undefined) return;
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      value < min ||
      value > max ||
      (integer && !Number.isInteger(value))
    ) {
      throw new RangeError(
        `sandbox option ${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, got ${value}`,
      );
    }
  };
  checkNumber('port', options.port, 0, 65535, true);
  checkNumber('feeRate', options.feeRate, 0, 100);
  checkNumber('reserveRate', options.reserveRate, 0, 100);
  checkNumber('rateLimit', options.rateLimit, 1, 1e9, true);
  checkNumber('autoPayAfterMs', options.autoPayAfterMs, 0, 1e12);
  checkNumber('payoutProcessingMs', options.payoutProcessingMs, 0, 1e12);
  checkNumber('recordLimit', options.recordLimit, 0, 1e7, true);
  checkNumber('maxBodyBytes', options.maxBodyBytes, 1, 1e9, true);
  for (const [sellerId, limit] of Object.entries(options.rateLimitOverrides ?? {}))
    checkNumber(`rateLimitOverrides[${sellerId}]`, limit, 1, 1e9, true);
  if (options.webhookUrl !== undefined && !/^https?:\/\/\S+$/i.test(options.webhookUrl)) {
    throw new RangeError(`sandbox option webhookUrl must be an http(s) URL, got ${options.webhookUrl}`);
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  validateOptions(options);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const gateway = createGateway(options);
  const log = new SandboxLog();
  gateway.notifier.onRecord = (attempt) => log.addNotification(attempt);
  const recorder = new RequestRecorder(options.recordLimit ?? DEFAULTS.recordLimit, log);
  const faults = new Faults();
  const api = new ApiPipeline(gateway, compile(apiRoutes(gateway)), faults, recorder, maxBodyBytes);
  const reset = () => {
    gateway.reset();
    recorder.clear();
    faults.clear();
    api.idempotency.clear();
  };
  const control: ControlContext = { gateway, faults, requests: recorder.requests, log, reset };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const startedAt = Date.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    let rawPath = queryStart < 0 ? url : url.slice(0, queryStart);
    const queryString = queryStart < 0 ? '' : url.slice(queryStart + 1);
    if (rawPath.length > 1 && rawPath.endsWith('/')) rawPath = rawPath.slice(0, -1);
    const request = { req, res, method, rawPath, apiPath: rawPath, queryString, startedAt };

    if (rawPath === '/v1' || rawPath.startsWith('/v1/')) return api.handle(request);
    if (rawPath === '/api/v1' || rawPath.startsWith('/api/v1/')) {
      return api.handle({ ...request, apiPath: rawPath.slice(4) });
    }
    if (rawPath === '/_sandbox' || rawPath.startsWith('/_sandbox/')) {
      return handleControlRequest(control, req, res, method, rawPath, queryString, maxBodyBytes);
    }
    if (rawPath.startsWith('/checkout/')) return handleCheckout(gateway, res, method, rawPath);
    if (rawPath.startsWith('/boletos/') && method === 'GET') return serveBoletoPdf(gateway, res, rawPath);
    if (rawPath === '/' && method === 'GET') return serveRoot(gateway, res);
    sendJson(res, 404, notFound('route_not_found', `No endpoint ${method} ${rawPath}`).toBody());
  };

  const host = options.host ?? DEFAULTS.host;
  const server = await startHttpServer(handle, {
    port: options.port ?? DEFAULTS.port,
    host,
    answerFailure: (res, error) => sendJson(res, 500, errorResult(error).body),
  }).catch(async (error) => {
    await gateway.close();
    throw error;
  });
  const { url, port } = serverUrl(server, host);
  gateway.baseUrl = url;
  gateway.save();

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    sellers: seededSellers(gateway),
    requests: recorder.requests,
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
        await closeHttpServer(server);
        await gateway.close();
      })();
      return closing;
    },
  };
}

function createGateway(options: SandboxOptions): Gateway {
  const stderr = options.stderr ?? process.stderr;
  return new Gateway({
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
    recordLimit: options.recordLimit ?? DEFAULTS.recordLimit,
    initialState: options.stateFile ? readStateFile(options.stateFile) : undefined,
    report: (message) => stderr.write(`${saySandboxServer('report', { message })}\n`),
  });
}

/** Every endpoint of /v1 (the webhook ones unless webhooksApi is off). */
function apiRoutes(gateway: Gateway) {
  return [
    ...chargeRoutes,
    ...cardBoletoRoutes,
    ...payoutRoutes,
    ...accountRoutes,
    ...tokenRoutes,
    ...(gateway.options.webhooksApi ? webhookRoutes : []),
  ];
}

/** The seeded sellers with their keys, the main seller first. */
function seededSellers(gateway: Gateway): SeededSeller[] {
  const sellers = gateway.state.sellerList().map(publicSeller);
  return sellers.sort((first, second) =>
    first.seller_id === MAIN_SELLER_ID
      ? -1
      : second.seller_id === MAIN_SELLER_ID
        ? 1
        : first.seller_id - second.seller_id,
  );
}
