// POST /v1/charges, GET /v1/charges, GET /v1/charges/:id, POST /v1/charges/:id/refund|cancel.
// Validation order: the body is an object → the request's rules (src/schemas/charge-rules.ts, the
// ones `charge create` checks: payment_method, amount, currency, pix, customer, shipping, items,
// metadata, ids, URLs, then the card or boleto part) → the split rules (src/domain/split.ts) →
// each receiving seller eligible. The first problem found is answered (400, code and field per
// ERRORS.md). Card and boleto then check what only the gateway knows (routes/card-boleto.ts);
// their fee rates are in ../card-boleto.ts.
import { buildBrCode } from '../../domain/brcode-build.js';
import { CHARGE_STATUSES, PIX_EXPIRES_IN_DEFAULT } from '../../schemas/charge.js';
import { BOLETO_FEE_RATE, CARD_FEE_RATE } from '../card-boleto-terms.js';
import { conflict, invalidRequest } from '../errors.js';
import type { Gateway } from '../gateway.js';
import type { ChargeRecord, SellerRecord } from '../records.js';
import {
  ok,
  pagedJson,
  parsePage,
  parseStatusFilter,
  parseTimeBound,
  type RouteDef,
  requireObject,
} from '../route-shapes.js';
import { chargeView } from '../views.js';
import { createBoletoCharge, createCardCharge } from './card-boleto.js';
import { baseCharge, ownCharge, type ValidatedCharge, validateCommon } from './charge-common.js';

/** Host and path of the dynamic BR Code payload location (RFC 2606 reserved name: never resolves). */
export const PIX_LOCATION_HOST = 'qr.paygate-sandbox.example/v2/cob/';

function createPixCharge(gateway: Gateway, seller: SellerRecord, common: ValidatedCharge): ChargeRecord {
  const { req } = common;
  const charge = baseCharge(gateway, seller, common, 'pix');
  const txid = gateway.ids.alnum(32);
  const expiresAtMs = charge.created_at_ms + (req.pix?.expires_in ?? PIX_EXPIRES_IN_DEFAULT) * 1000;
  const emv = buildBrCode({
    url: PIX_LOCATION_HOST + txid,
    merchantName: seller.name,
    merchantCity: seller.city,
    amount: req.amount,
    txid,
  });
  charge.pix = { txid, emv, expires_at: gateway.iso(expiresAtMs) };
  charge.expires_at_ms = expiresAtMs;
  gateway.addCharge(charge);
  return charge;
}

export function createCharge(gateway: Gateway, seller: SellerRecord, rawBody: unknown): ChargeRecord {
  const body = requireObject(rawBody);
  const method = body.payment_method;
  const feeRate =
    method === 'card' ? CARD_FEE_RATE : method === 'boleto' ? BOLETO_FEE_RATE : gateway.options.feeRate;
  const common = validateCommon(gateway, body, feeRate);
  if (method === 'card') return createCardCharge(gateway, seller, body, common);
  if (method === 'boleto') return createBoletoCharge(gateway, seller, body, common);
  return createPixCharge(gateway, seller, common);
}

export const chargeRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/charges',
    auth: 'secret',
    handler: ({ gateway, seller, body }) => ok(chargeView(createCharge(gateway, seller, body)), 201),
  },
  {
    method: 'GET',
    path: '/v1/charges',
    auth: 'secret',
    handler: ({ gateway, seller, query }) => {
      const page = parsePage(query);
      const status = parseStatusFilter(query, CHARGE_STATUSES);
      const externalId = query.get('external_id');
      const txid = query.get('txid');
      const from = parseTimeBound(query, ['created_from', 'since'], false);
      const to = parseTimeBound(query, ['created_to', 'until'], true);
      const all = gateway.state.chargesBySeller.get(seller.seller_id) ?? [];
      const out: ChargeRecord[] = [];
      for (let i = all.length - 1; i >= 0; i--) {
        const c = all[i]!;
        if (status && !status.has(c.status)) continue;
        if (externalId !== null && c.external_id !== externalId) continue;
        if (txid !== null && c.pix?.txid !== txid) continue;
        if (from !== undefined && c.created_at_ms < from) continue;
        if (to !== undefined && c.created_at_ms > to) continue;
        out.push(c);
      }
      return pagedJson(out, page, (c) => gateway.chargeJsonOf(c));
    },
  },
  {
    method: 'GET',
    path: '/v1/charges/:id',
    auth: 'secret',
    handler: (context) => ({
      status: 200,
      body: null,
      json: `{"success":true,"data":${context.gateway.chargeJsonOf(ownCharge(context))}}`,
    }),
  },
  {
    method: 'POST',
    path: '/v1/charges/:id/refund',
    auth: 'secret',
    handler: (context) => {
      const c = ownCharge(context);
      const body = context.body;
      if (body !== null && body !== undefined) {
        const b = requireObject(body);
        if (b.amount !== undefined && b.amount !== c.amount) {
          throw invalidRequest(
            'partial_refund_not_supported',
            `The sandbox refunds the whole amount only (${c.amount}); omit amount`,
            'amount',
          );
        }
      }
      if (c.status !== 'paid') {
        throw conflict(
          'charge_not_refundable',
          `Charge ${c.id} is ${c.status}: only a paid charge can be refunded`,
        );
      }
      const shortfall = context.gateway.refundShortfall(c);
      if (shortfall) throw conflict('insufficient_balance_for_refund', `${shortfall}: nothing was refunded`);
      context.gateway.refundCharge(c);
      return ok(chargeView(c));
    },
  },
  {
    method: 'POST',
    path: '/v1/charges/:id/cancel',
    auth: 'secret',
    handler: (context) => {
      const c = ownCharge(context);
      if (c.status !== 'pending' && c.status !== 'authorized') {
        throw conflict(
          'charge_not_cancellable',
          `Charge ${c.id} is ${c.status}: only a pending or authorized charge can be cancelled`,
        );
      }
      // Cancelling an authorised card charge voids the authorisation: no money moved.
      context.gateway.failCharge(c, c.status === 'authorized' ? 'voided' : 'cancelled');
      return ok(chargeView(c));
    },
  },
];
