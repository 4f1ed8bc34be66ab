// Control endpoints under /_sandbox (no auth): drive charges and payouts, the clock, faults, and
// read what the sandbox received and sent. Reads of the logs (`requests`, `notifications`)
// answer a bare JSON array; everything else answers the usual envelope.

import { SANDBOX_CLOCK_MAX_AHEAD_MS } from '../domain/duration.js';
import { conflict, invalidRequest, notFound, SandboxError } from './errors.js';
import { type Fault, type Faults, parseFault } from './faults.js';
import type { Gateway } from './gateway.js';
import { ok, type Result, requireObject } from './http.js';
import { account } from './ledger.js';
import type { SandboxLog } from './log.js';
import { createCharge } from './routes/charges.js';
import { type ChargeRecord, type PayoutRecord, type PixKey, publicSeller } from './state.js';

export interface RecordedRequest {
  id: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Request headers; Authorization shown as `Bearer sk_…last4`. */
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, card number and CVV redacted; null when absent or not JSON. */
  body: unknown;
  /** Status answered; null when the connection was dropped without an answer. */
  status: number | null;
  /** ISO time on the sandbox clock when the request arrived. */
  at: string;
  seller_id: number | null;
  /** Route template (`POST /v1/charges/:id/refund`) or null when no route matched. */
  route: string | null;
  /** The fault applied, if any. */
  fault: string | null;
  duration_ms: number;
}

export interface ControlContext {
  gateway: Gateway;
  faults: Faults;
  requests: RecordedRequest[];
  log: SandboxLog;
  reset(): void;
}

function charge(gateway: Gateway, id: string): ChargeRecord {
  const c = gateway.state.charges.get(id);
  if (!c) throw notFound('charge_not_found', `No charge ${id}`);
  return c;
}

function payout(gateway: Gateway, id: string): PayoutRecord {
  const p = gateway.state.payouts.get(id);
  if (!p) throw notFound('payout_not_found', `No payout ${id}`);
  return p;
}

function reason(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && typeof (body as { reason?: unknown }).reason === 'string') {
    return (body as { reason: string }).reason;
  }
  return fallback;
}

function requirePendingCharge(c: ChargeRecord, action: string): void {
  if (c.status !== 'pending')
    throw conflict('charge_not_pending', `Charge ${c.id} is ${c.status}: cannot ${action} it`);
}

function sellerState(context: ControlContext): unknown[] {
  const { gateway } = context;
  return gateway.state.sellerList().map((s) => ({
    ...publicSeller(s),
    pix_key: s.pix_key,
    whitelisted_ips: s.whitelisted_ips,
    default_store_id: s.default_store_id,
    rate_limit: gateway.limiter.limitFor(s.seller_id),
    balance: gateway.balanceOf(s.seller_id),
    payouts_in_flight: gateway.state.ledger.balance(account.payoutsInFlight(s.seller_id)),
  }));
}

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
  const [a, b, c] = parts;
  const withId = b !== undefined && (a === 'charges' || a === 'payouts' || a === 'sellers');
  const route = withId
    ? `${method} ${a}/:id${c !== undefined ? `/${c}` : ''}`
    : `${method} ${parts.join('/')}`;
  switch (route) {
    case 'GET health':
    case 'GET ':
      return ok({ ok: true, now: gateway.iso(), url: gateway.baseUrl });
    case 'POST charges/:id/pay': {
      const ch = charge(gateway, b!);
      requirePendingCharge(ch, 'pay');
      gateway.payCharge(ch);
      return ok(gateway.chargeView(ch));
    }
    case 'POST charges/:id/fail': {
      const ch = charge(gateway, b!);
      requirePendingCharge(ch, 'fail');
      gateway.failCharge(ch, reason(body, 'payment_failed'));
      return ok(gateway.chargeView(ch));
    }
    case 'POST charges/:id/expire': {
      const ch = charge(gateway, b!);
      requirePendingCharge(ch, 'expire');
      gateway.expireCharge(ch);
      return ok(gateway.chargeView(ch));
    }
    case 'POST payouts/:id/process': {
      const p = payout(gateway, b!);
      if (p.status !== 'pending')
        throw conflict('payout_not_pending', `Payout ${p.id} is ${p.status}, not pending`);
      gateway.processPayout(p);
      return ok(gateway.payoutView(p));
    }
    case 'POST payouts/:id/complete': {
      const p = payout(gateway, b!);
      if (p.status !== 'pending' && p.status !== 'processing') {
        throw conflict('payout_already_final', `Payout ${p.id} is already ${p.status}`);
      }
      if (p.status === 'pending') gateway.processPayout(p);
      gateway.completePayout(p);
      return ok(gateway.payoutView(p));
    }
    case 'POST payouts/:id/fail': {
      const p = payout(gateway, b!);
      if (p.status !== 'pending' && p.status !== 'processing') {
        throw conflict('payout_already_final', `Payout ${p.id} is already ${p.status}`);
      }
      gateway.failPayout(p, reason(body, 'provider_error'));
      return ok(gateway.payoutView(p));
    }
    case 'GET clock':
      return ok({ now: gateway.iso(), offset_ms: gateway.state.clockOffsetMs });
    case 'POST clock/advance': {
      const o = requireObject(body ?? {});
      const ms = o.ms !== undefined ? o.ms : typeof o.seconds === 'number' ? o.seconds * 1000 : undefined;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        throw invalidRequest(
          'invalid_value',
          'Give {"ms": N} or {"seconds": N}, a non-negative number',
          'ms',
        );
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
    }
    case 'POST reset':
      context.reset();
      return ok({ reset: true, now: gateway.iso() });
    case 'GET faults':
      return ok(context.faults.list);
    case 'POST faults': {
      const f: Fault = parseFault(requireObject(body), gateway.newId('flt_', undefined, 8));
      context.faults.add(f);
      return ok(f, 201);
    }
    case 'DELETE faults':
      context.faults.clear();
      return ok({ cleared: true });
    case 'GET requests': {
      const path = query.get('path');
      const m = query.get('method');
      let list = context.requests;
      if (path !== null || m !== null) {
        list = list.filter(
          (r) =>
            (m === null || r.method === m.toUpperCase()) &&
            (path === null || r.path === path || r.path.replace(/^\/api\/v1/, '/v1') === path),
        );
      }
      return { status: 200, body: list };
    }
    case 'DELETE requests':
      context.requests.length = 0;
      return ok({ cleared: true });
    case 'GET log': {
      const after = Number(query.get('after') ?? '0');
      if (!Number.isSafeInteger(after) || after < 0) {
        throw invalidRequest('invalid_after', 'after: a whole number (the last seq read)', 'after');
      }
      return ok(context.log.after(after));
    }
    case 'GET notifications':
      return { status: 200, body: gateway.notifier.attempts };
    case 'DELETE notifications':
      gateway.notifier.attempts.length = 0;
      return ok({ cleared: true });
    case 'POST notifications/forge':
      return ok(await forgeNotification(gateway, requireObject(body ?? {})), 201);
    case 'GET state':
      return ok({
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
    case 'POST seed/charges':
      return ok(seedCharges(gateway, requireObject(body ?? {})), 201);
    case 'POST sellers/:id':
      return ok(patchSeller(context, b!, requireObject(body)));
    default:
      throw notFound('route_not_found', `No sandbox control endpoint ${method} /_sandbox/${parts.join('/')}`);
  }
}

/** Changes a seller for a test: status, compliance, PIX, payout whitelist and key, rate limit. */
function patchSeller(context: ControlContext, idText: string, body: Record<string, unknown>): unknown {
  const { gateway } = context;
  const s = gateway.seller(Number(idText));
  if (!s) throw notFound('seller_not_found', `No seller ${idText}`);
  const bad = (field: string, rule: string) =>
    new SandboxError(400, 'invalid_request_error', 'invalid_value', `${field} ${rule}`, field);
  if (body.status !== undefined) {
    if (typeof body.status !== 'string') throw bad('status', 'must be a string');
    s.status = body.status;
  }
  if (body.compliance_status !== undefined) {
    if (typeof body.compliance_status !== 'string') throw bad('compliance_status', 'must be a string');
    s.compliance_status = body.compliance_status;
  }
  if (body.pix_enabled !== undefined) {
    if (typeof body.pix_enabled !== 'boolean') throw bad('pix_enabled', 'must be a boolean');
    s.pix_enabled = body.pix_enabled;
  }
  if (body.whitelisted_ips !== undefined) {
    if (!Array.isArray(body.whitelisted_ips) || !body.whitelisted_ips.every((x) => typeof x === 'string')) {
      throw bad('whitelisted_ips', 'must be an array of IP addresses');
    }
    s.whitelisted_ips = body.whitelisted_ips as string[];
  }
  if (body.pix_key !== undefined) {
    const k = body.pix_key as Partial<PixKey> | null;
    if (!k || typeof k !== 'object' || typeof k.type !== 'string' || typeof k.value !== 'string') {
      throw bad('pix_key', 'must be {"type", "value"}');
    }
    s.pix_key = { type: k.type as PixKey['type'], value: k.value };
  }
  if (body.rate_limit !== undefined) {
    if (body.rate_limit === null) gateway.limiter.overrides.delete(s.seller_id);
    else if (
      typeof body.rate_limit === 'number' &&
      Number.isSafeInteger(body.rate_limit) &&
      body.rate_limit > 0
    ) {
      gateway.limiter.overrides.set(s.seller_id, body.rate_limit);
    } else throw bad('rate_limit', 'must be a positive integer or null');
  }
  gateway.dirty = true;
  return sellerState(context).find((x) => (x as { seller_id: number }).seller_id === s.seller_id);
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
  for (let i = 0; i < count; i++) {
    const c = createCharge(gateway, seller, {
      amount,
      payment_method: 'pix',
      external_id: `seed-${first + i + 1}`,
    });
    if (status === 'paid') gateway.payCharge(c);
    else if (status === 'expired') gateway.expireCharge(c);
    else if (status === 'failed') gateway.failCharge(c, 'payment_failed');
    ids.push(c.id);
  }
  return { created: count, seller_id: seller.seller_id, status, first_id: ids[0], last_id: ids.at(-1) };
}

/**
 * A forged notification, as an attacker who knows a webhook URL could post one (SPEC shows no
 * signing): the payload of a real charge or payout, or of an id that does not exist, with the
 * status and amount the caller wants, sent to `url` or to the resource's seller's webhooks. It
 * lets `webhook listen --verify` be shown and tested: the API never confirms a forged one.
 */
async function forgeNotification(gateway: Gateway, request: Record<string, unknown>): Promise<unknown> {
  const chargeId = typeof request.charge_id === 'string' ? request.charge_id : undefined;
  const payoutId = typeof request.payout_id === 'string' ? request.payout_id : undefined;
  if ((chargeId === undefined) === (payoutId === undefined)) {
    throw invalidRequest('invalid_value', 'Give one of charge_id and payout_id', 'charge_id');
  }
  const url = typeof request.url === 'string' ? request.url : undefined;
  if (url !== undefined && !/^https?:\/\//.test(url))
    throw invalidRequest('invalid_value', 'url must be http(s)', 'url');
  const charge = chargeId !== undefined ? gateway.state.charges.get(chargeId) : undefined;
  const payout = payoutId !== undefined ? gateway.state.payouts.get(payoutId) : undefined;
  const status =
    typeof request.status === 'string' ? request.status : chargeId !== undefined ? 'paid' : 'completed';
  const amount =
    typeof request.amount === 'number' ? request.amount : (charge?.amount ?? payout?.amount ?? 100);
  const event = chargeId !== undefined ? `charge.${status}` : `payout.${status}`;
  const payload =
    chargeId !== undefined
      ? {
          event,
          id: chargeId,
          status,
          amount,
          txid: charge?.pix?.txid ?? null,
          external_id: charge?.external_id ?? null,
        }
      : { event, id: payoutId, status, amount };
  const sellerId = charge?.seller_id ?? payout?.seller_id ?? gateway.state.sellerList()[0]!.seller_id;
  const targets =
    url !== undefined
      ? [{ url, seller_id: sellerId, channel: 'forged' as const, webhook_id: null }]
      : gateway.state
          .webhooksOf(sellerId)
          .filter((webhook) => webhook.enabled)
          .map((webhook) => ({
            url: webhook.url,
            seller_id: sellerId,
            channel: 'forged' as const,
            webhook_id: webhook.id,
          }));
  if (targets.length === 0) {
    throw invalidRequest('no_target', `Seller ${sellerId} has no enabled webhook: give a url`, 'url');
  }
  for (const target of targets) await gateway.notifier.send(target, event, payload);
  return { forged: payload, sent_to: targets.map((target) => target.url) };
}
