// Control endpoints under /_sandbox (no auth): drive charges and payouts, the clock, faults, and
// read what the sandbox received and sent. Reads of the logs (`requests`, `notifications`)
// answer a bare JSON array; everything else answers the usual envelope.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { SANDBOX_CLOCK_MAX_AHEAD_MS } from '../domain/duration.js';
import type { SandboxLog } from './activity-log.js';
import { errorResult } from './auth.js';
import { conflict, invalidJson, invalidRequest, notFound, payloadTooLarge, SandboxError } from './errors.js';
import { type Fault, type Faults, parseFault } from './faults.js';
import { forgeNotification } from './forged-notification.js';
import type { Gateway } from './gateway.js';
import { account } from './ledger.js';
import type { RecordedRequest } from './recorded-request.js';
import type { ChargeRecord, PayoutRecord, PixKey } from './records.js';
import { readJsonBody } from './request.js';
import { sendJson } from './respond.js';
import { ok, type Result, requireObject } from './route-shapes.js';
import { createCharge } from './routes/charges.js';
import { publicSeller } from './seed.js';
import { chargeView, payoutView } from './views.js';

export interface ControlContext {
  gateway: Gateway;
  faults: Faults;
  requests: RecordedRequest[];
  log: SandboxLog;
  reset(): void;
}

function findCharge(gateway: Gateway, id: string): ChargeRecord {
  const charge = gateway.state.charges.get(id);
  if (!charge) throw notFound('charge_not_found', `No charge ${id}`);
  return charge;
}

function findPayout(gateway: Gateway, id: string): PayoutRecord {
  const payout = gateway.state.payouts.get(id);
  if (!payout) throw notFound('payout_not_found', `No payout ${id}`);
  return payout;
}

function reason(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && typeof (body as { reason?: unknown }).reason === 'string') {
    return (body as { reason: string }).reason;
  }
  return fallback;
}

function requirePendingCharge(charge: ChargeRecord, action: string): void {
  if (charge.status !== 'pending')
    throw conflict('charge_not_pending', `Charge ${charge.id} is ${charge.status}: cannot ${action} it`);
}

function sellerState(context: ControlContext): unknown[] {
  const { gateway } = context;
  return gateway.state.sellerList().map((seller) => ({
    ...publicSeller(seller),
    pix_key: seller.pix_key,
    whitelisted_ips: seller.whitelisted_ips,
    default_store_id: seller.default_store_id,
    rate_limit: gateway.limiter.limitFor(seller.seller_id),
    balance: gateway.balanceOf(seller.seller_id),
    payouts_in_flight: gateway.state.ledger.balance(account.payoutsInFlight(seller.seller_id)),
  }));
}

/** One control endpoint: `id` is the charge, payout or seller of the path, when it has one. */
interface ControlRequest {
  context: ControlContext;
  gateway: Gateway;
  id: string;
  query: URLSearchParams;
  body: unknown;
}
type ControlAction = (request: ControlRequest) => Result | Promise<Result>;

const health: ControlAction = ({ gateway }) => ok({ ok: true, now: gateway.iso(), url: gateway.baseUrl });
const cleared = (clear: () => void): Result => {
  clear();
  return ok({ cleared: true });
};

/** A pending charge's way out: paid, failed or expired as a payer or the clock would. */
function settleCharge(action: 'pay' | 'fail' | 'expire'): ControlAction {
  return ({ gateway, id, body }) => {
    const found = findCharge(gateway, id);
    requirePendingCharge(found, action);
    if (action === 'pay') gateway.payCharge(found);
    else if (action === 'fail') gateway.failCharge(found, reason(body, 'payment_failed'));
    else gateway.expireCharge(found);
    return ok(chargeView(found));
  };
}

/** A payout moved on as the provider would: processing, completed or failed. */
function settlePayout(action: 'process' | 'complete' | 'fail'): ControlAction {
  return ({ gateway, id, body }) => {
    const found = findPayout(gateway, id);
    if (action === 'process' && found.status !== 'pending') {
      throw conflict('payout_not_pending', `Payout ${found.id} is ${found.status}, not pending`);
    }
    if (action !== 'process' && found.status !== 'pending' && found.status !== 'processing') {
      throw conflict('payout_already_final', `Payout ${found.id} is already ${found.status}`);
    }
    if (action === 'fail') {
      gateway.failPayout(found, reason(body, 'provider_error'));
    } else {
      if (found.status === 'pending') gateway.processPayout(found);
      if (action === 'complete') gateway.completePayout(found);
    }
    return ok(payoutView(found));
  };
}

const advanceClock: ControlAction = ({ gateway, body }) => {
  const request = requireObject(body ?? {});
  const ms =
    request.ms !== undefined
      ? request.ms
      : typeof request.seconds === 'number'
        ? request.seconds * 1000
        : undefined;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    throw invalidRequest('invalid_value', 'Give {"ms": N} or {"seconds": N}, a non-negative number', 'ms');
  }
  // Dates past year 275760 cannot be written; a sandbox has no use for more than a decade.
  if (gateway.state.clockOffsetMs + ms > SANDBOX_CLOCK_MAX_AHEAD_MS) {
    throw invalidRequest(
      'clock_advance_too_large',
      `The sandbox clock moves at most ${SANDBOX_CLOCK_MAX_AHEAD_MS / 86_400_000} days ahead of real time in all`,
      'ms',
    );
  }
  gateway.advanceClock(Math.round(ms));
  return ok({ now: gateway.iso(), offset_ms: gateway.state.clockOffsetMs });
};

/** The recorded requests, those of one path (under /v1 or /api/v1) or method when asked. */
const listRequests: ControlAction = ({ context, query }) => {
  const path = query.get('path');
  const method = query.get('method');
  let list = context.requests;
  if (path !== null || method !== null) {
    list = list.filter(
      (request) =>
        (method === null || request.method === method.toUpperCase()) &&
        (path === null || request.path === path || request.path.replace(/^\/api\/v1/, '/v1') === path),
    );
  }
  return { status: 200, body: list };
};

const readLog: ControlAction = ({ context, query }) => {
  const after = Number(query.get('after') ?? '0');
  if (!Number.isSafeInteger(after) || after < 0) {
    throw invalidRequest('invalid_after', 'after: a whole number (the last seq read)', 'after');
  }
  return ok(context.log.after(after));
};

const readState: ControlAction = ({ context, gateway }) =>
  ok({
    now: gateway.iso(),
    clock_offset_ms: gateway.state.clockOffsetMs,
    fee_rate: gateway.options.feeRate,
    reserve_rate: gateway.options.reserveRate,
    sellers: sellerState(context),
    ledger: {
      sum: gateway.state.ledger.sum(),
      transactions: gateway.state.ledger.journal.length,
      accounts: gateway.state.ledger.accounts(),
    },
    counts: {
      charges: gateway.state.charges.size,
      payouts: gateway.state.payouts.size,
      webhooks: gateway.state.webhooks.size,
      tokens: gateway.state.tokens.size,
    },
    scheduled_tasks: gateway.scheduler.size,
  });

/** Every control endpoint, by `METHOD path` (an id in the path written `:id`). */
const CONTROL_ACTIONS: Record<string, ControlAction> = {
  'GET health': health,
  'GET ': health,
  'POST charges/:id/pay': settleCharge('pay'),
  'POST charges/:id/fail': settleCharge('fail'),
  'POST charges/:id/expire': settleCharge('expire'),
  'POST payouts/:id/process': settlePayout('process'),
  'POST payouts/:id/complete': settlePayout('complete'),
  'POST payouts/:id/fail': settlePayout('fail'),
  'GET clock': ({ gateway }) => ok({ now: gateway.iso(), offset_ms: gateway.state.clockOffsetMs }),
  'POST clock/advance': advanceClock,
  'POST reset': ({ context, gateway }) => {
    context.reset();
    return ok({ reset: true, now: gateway.iso() });
  },
  'GET faults': ({ context }) => ok(context.faults.list),
  'POST faults': ({ context, gateway, body }) => {
    const fault: Fault = parseFault(requireObject(body), gateway.newId('flt_', undefined, 8));
    context.faults.add(fault);
    return ok(fault, 201);
  },
  'DELETE faults': ({ context }) => cleared(() => context.faults.clear()),
  'GET requests': listRequests,
  'DELETE requests': ({ context }) => cleared(() => (context.requests.length = 0)),
  'GET log': readLog,
  'GET notifications': ({ gateway }) => ({ status: 200, body: gateway.notifier.attempts }),
  'DELETE notifications': ({ gateway }) => cleared(() => (gateway.notifier.attempts.length = 0)),
  'POST notifications/forge': async ({ gateway, body }) =>
    ok(await forgeNotification(gateway, requireObject(body ?? {})), 201),
  'GET state': readState,
  'POST seed/charges': ({ gateway, body }) => ok(seedCharges(gateway, requireObject(body ?? {})), 201),
  'POST sellers/:id': ({ context, id, body }) => ok(patchSeller(context, id, requireObject(body))),
};

/** Handles a /_sandbox request; `parts` are the path segments after `_sandbox`. */
export async function handleControl(
  context: ControlContext,
  method: string,
  parts: string[],
  query: URLSearchParams,
  body: unknown,
): Promise<Result> {
  const { gateway } = context;
  gateway.scheduler.runDue();
  const [resource, id, action] = parts;
  const withId =
    id !== undefined && (resource === 'charges' || resource === 'payouts' || resource === 'sellers');
  const route = withId
    ? `${method} ${resource}/:id${action !== undefined ? `/${action}` : ''}`
    : `${method} ${parts.join('/')}`;
  const handler = Object.hasOwn(CONTROL_ACTIONS, route) ? CONTROL_ACTIONS[route] : undefined;
  if (!handler) {
    throw notFound('route_not_found', `No sandbox control endpoint ${method} /_sandbox/${parts.join('/')}`);
  }
  return handler({ context, gateway, id: id ?? '', query, body });
}

/** Changes a seller for a test: status, compliance, PIX, payout whitelist and key, rate limit. */
function patchSeller(context: ControlContext, idText: string, body: Record<string, unknown>): unknown {
  const { gateway } = context;
  const seller = gateway.seller(Number(idText));
  if (!seller) throw notFound('seller_not_found', `No seller ${idText}`);
  const bad = (field: string, rule: string) =>
    new SandboxError(400, 'invalid_request_error', 'invalid_value', `${field} ${rule}`, field);
  if (body.status !== undefined) {
    if (typeof body.status !== 'string') throw bad('status', 'must be a string');
    seller.status = body.status;
  }
  if (body.compliance_status !== undefined) {
    if (typeof body.compliance_status !== 'string') throw bad('compliance_status', 'must be a string');
    seller.compliance_status = body.compliance_status;
  }
  if (body.pix_enabled !== undefined) {
    if (typeof body.pix_enabled !== 'boolean') throw bad('pix_enabled', 'must be a boolean');
    seller.pix_enabled = body.pix_enabled;
  }
  if (body.whitelisted_ips !== undefined) {
    if (
      !Array.isArray(body.whitelisted_ips) ||
      !body.whitelisted_ips.every((address) => typeof address === 'string')
    ) {
      throw bad('whitelisted_ips', 'must be an array of IP addresses');
    }
    seller.whitelisted_ips = body.whitelisted_ips as string[];
  }
  if (body.pix_key !== undefined) {
    const pixKey = body.pix_key as Partial<PixKey> | null;
    if (
      !pixKey ||
      typeof pixKey !== 'object' ||
      typeof pixKey.type !== 'string' ||
      typeof pixKey.value !== 'string'
    ) {
      throw bad('pix_key', 'must be {"type", "value"}');
    }
    seller.pix_key = { type: pixKey.type as PixKey['type'], value: pixKey.value };
  }
  if (body.rate_limit !== undefined) {
    if (body.rate_limit === null) gateway.limiter.overrides.delete(seller.seller_id);
    else if (
      typeof body.rate_limit === 'number' &&
      Number.isSafeInteger(body.rate_limit) &&
      body.rate_limit > 0
    ) {
      gateway.limiter.overrides.set(seller.seller_id, body.rate_limit);
    } else throw bad('rate_limit', 'must be a positive integer or null');
  }
  gateway.dirty = true;
  return sellerState(context).find(
    (state) => (state as { seller_id: number }).seller_id === seller.seller_id,
  );
}

const SEED_STATUSES = ['pending', 'paid', 'expired', 'failed'] as const;

/**
 * Creates many charges at once (benchmarks, list tests): `{count, seller_id?, amount?, status?}`.
 * Each goes through the same creation path as POST /v1/charges (external_id `seed-<n>`).
 */
function seedCharges(gateway: Gateway, body: Record<string, unknown>): unknown {
  const count = body.count;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1 || count > 100_000) {
    throw invalidRequest('invalid_value', 'count must be an integer from 1 to 100000', 'count');
  }
  const seller = gateway.seller(typeof body.seller_id === 'number' ? body.seller_id : 1001);
  if (!seller) throw notFound('seller_not_found', `No seller ${String(body.seller_id)}`);
  const amount = body.amount ?? 1000;
  const status = body.status ?? 'pending';
  if (typeof status !== 'string' || !(SEED_STATUSES as readonly string[]).includes(status)) {
    throw invalidRequest('invalid_value', `status must be one of ${SEED_STATUSES.join(', ')}`, 'status');
  }
  const first = gateway.state.charges.size;
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const charge = createCharge(gateway, seller, {
      amount,
      payment_method: 'pix',
      external_id: `seed-${first + index + 1}`,
    });
    if (status === 'paid') gateway.payCharge(charge);
    else if (status === 'expired') gateway.expireCharge(charge);
    else if (status === 'failed') gateway.failCharge(charge, 'payment_failed');
    ids.push(charge.id);
  }
  return { created: count, seller_id: seller.seller_id, status, first_id: ids[0], last_id: ids.at(-1) };
}

/** A /_sandbox request: its JSON body read and the answer written (no auth, no rate limit). */
export async function handleControlRequest(
  context: ControlContext,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  rawPath: string,
  queryString: string,
  maxBodyBytes: number,
): Promise<void> {
  let result: Result;
  try {
    const read = await readJsonBody(req, method, maxBodyBytes);
    if ('aborted' in read) return;
    if ('tooLarge' in read) throw payloadTooLarge(maxBodyBytes);
    if (read.body === undefined) throw invalidJson();
    const parts = rawPath.split('/').slice(2);
    result = await handleControl(context, method, parts, new URLSearchParams(queryString), read.body);
  } catch (error) {
    result = errorResult(error);
  }
  context.gateway.save();
  sendJson(res, result.status, result.body, result.status === 413 ? { Connection: 'close' } : undefined);
}
