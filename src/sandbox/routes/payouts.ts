// POST /v1/payouts, GET /v1/payouts, GET /v1/payouts/:id

import { documentKind, normalizeDocument } from '../../domain/documents.js';
import { PAYOUT_STATUSES, payoutCreateRequestSchema } from '../../schemas/payout.js';
import { forbidden, notFound, SandboxError } from '../errors.js';
import { account } from '../ledger.js';
import type { PayoutRecord, SellerRecord } from '../records.js';
import {
  ok,
  paged,
  parsePage,
  parseStatusFilter,
  parseTimeBound,
  type RouteDef,
  requireObject,
} from '../route-shapes.js';
import { PAYOUT_CODES, parseWith } from '../validate.js';
import { payoutView } from '../views.js';

/** Whether the seller's registered PIX key may receive payouts: a CPF/CNPJ key equal to its document. */
export function payoutKeyAllowed(seller: SellerRecord): boolean {
  const kind = documentKind(seller.document);
  if (kind === null || seller.pix_key.type !== kind) return false;
  return normalizeDocument(seller.pix_key.value) === normalizeDocument(seller.document);
}

export const payoutRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/payouts',
    auth: 'secret',
    handler: ({ gateway, seller, ip, body }) => {
      if (seller.person_type !== 'PJ') {
        throw forbidden(
          'payouts_require_legal_entity',
          'Payouts through the API are available to legal-entity (PJ) sellers only',
        );
      }
      if (!seller.whitelisted_ips.includes(ip)) {
        throw forbidden(
          'ip_not_whitelisted',
          `The calling IP address ${ip} is not on this seller's payout whitelist`,
        );
      }
      if (!seller.pix_enabled) throw forbidden('pix_not_enabled', 'PIX is not enabled for this seller');
      if (!payoutKeyAllowed(seller)) {
        throw forbidden(
          'pix_key_not_allowed',
          `Payouts go only to a CPF or CNPJ PIX key matching the seller's document; the registered key is of type ${seller.pix_key.type}`,
        );
      }
      const request = parseWith(payoutCreateRequestSchema, requireObject(body), PAYOUT_CODES);
      const available = gateway.state.ledger.balance(account.available(seller.seller_id));
      if (request.amount > available) {
        throw new SandboxError(
          422,
          'invalid_request_error',
          'insufficient_balance',
          `Insufficient available balance: requested ${request.amount}, available ${available}`,
          'amount',
        );
      }
      const now = gateway.now();
      const at = gateway.iso(now);
      const id = gateway.newId('co_', gateway.state.payouts);
      const txn = gateway.state.ledger.post('payout.created', id, at, [
        { account: account.available(seller.seller_id), amount: -request.amount, memo: `payout ${id}` },
        { account: account.payoutsInFlight(seller.seller_id), amount: request.amount },
      ]);
      const payout: PayoutRecord = {
        id,
        seller_id: seller.seller_id,
        status: 'pending',
        amount: request.amount,
        description: request.description ?? null,
        pix_key: { ...seller.pix_key },
        provider: gateway.pickProvider(),
        failure_reason: null,
        created_at: at,
        updated_at: at,
        completed_at: null,
        failed_at: null,
        created_at_ms: now,
        debit_txn: txn.id,
      };
      gateway.addPayout(payout);
      return ok(payoutView(payout), 201);
    },
  },
  {
    method: 'GET',
    path: '/v1/payouts',
    auth: 'secret',
    handler: ({ gateway, seller, query }) => {
      const page = parsePage(query);
      const status = parseStatusFilter(query, PAYOUT_STATUSES);
      const from = parseTimeBound(query, ['created_from', 'since'], false);
      const to = parseTimeBound(query, ['created_to', 'until'], true);
      const all = gateway.state.payoutsBySeller.get(seller.seller_id) ?? [];
      const out: PayoutRecord[] = [];
      for (let index = all.length - 1; index >= 0; index--) {
        const payout = all[index]!;
        if (status && !status.has(payout.status)) continue;
        if (from !== undefined && payout.created_at_ms < from) continue;
        if (to !== undefined && payout.created_at_ms > to) continue;
        out.push(payout);
      }
      return paged(out, page, (payout) => payoutView(payout));
    },
  },
  {
    method: 'GET',
    path: '/v1/payouts/:id',
    auth: 'secret',
    handler: ({ gateway, seller, params }) => {
      const payout = gateway.state.payouts.get(params[0]!);
      if (!payout || payout.seller_id !== seller.seller_id)
        throw notFound('payout_not_found', `No payout ${params[0]}`);
      return ok(payoutView(payout));
    },
  },
];
