// POST /v1/charges, GET /v1/charges, GET /v1/charges/:id, POST /v1/charges/:id/refund|cancel.
// Validation order: the body is an object → the request's rules (src/schemas/charge-rules.ts, the
// ones `charge create` checks: payment_method, amount, currency, pix, customer, shipping, items,
// metadata, ids, URLs, then the card or boleto part) → the split rules (src/domain/split.ts) →
// each receiving seller eligible. The first problem found is answered (400, code and field per
// ERRORS.md). Card and boleto then check what only the gateway knows (routes/card-boleto.ts);
// their fee rates are in ../card-boleto-terms.ts.
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
  const { request } = common;
  const charge = baseCharge(gateway, seller, common, 'pix');
  const txid = gateway.ids.alnum(32);
  const expiresAtMs = charge.created_at_ms + (request.pix?.expires_in ?? PIX_EXPIRES_IN_DEFAULT) * 1000;
  const emv = buildBrCode({
    url: PIX_LOCATION_HOST + txid,
    merchantName: seller.name,
    merchantCity: seller.city,
    amount: request.amount,
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
      const matching: ChargeRecord[] = [];
      for (let index = all.length - 1; index >= 0; index--) {
        const charge = all[index]!;
        if (status && !status.has(charge.status)) continue;
        if (externalId !== null && charge.external_id !== externalId) continue;
        if (txid !== null && charge.pix?.txid !== txid) continue;
        if (from !== undefined && charge.created_at_ms < from) continue;
        if (to !== undefined && charge.created_at_ms > to) continue;
        matching.push(charge);
      }
      return pagedJson(matching, page, (charge) => gateway.chargeJsonOf(charge));
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
      const charge = ownCharge(context);
      const body = context.body;
      if (body !== null && body !== undefined) {
        const refund = requireObject(body);
        if (refund.amount !== undefined && refund.amount !== charge.amount) {
          throw invalidRequest(
            'partial_refund_not_supported',
            `The sandbox refunds the whole amount only (${charge.amount}); omit amount`,
            'amount',
          );
        }
      }
      if (charge.status !== 'paid') {
        throw conflict(
          'charge_not_refundable',
          `Charge ${charge.id} is ${charge.status}: only a paid charge can be refunded`,
        );
      }
      const shortfall = context.gateway.refundShortfall(charge);
      if (shortfall) throw conflict('insufficient_balance_for_refund', `${shortfall}: nothing was refunded`);
      context.gateway.refundCharge(charge);
      return ok(chargeView(charge));
    },
  },
  {
    method: 'POST',
    path: '/v1/charges/:id/cancel',
    auth: 'secret',
    handler: (context) => {
      const charge = ownCharge(context);
      if (charge.status !== 'pending' && charge.status !== 'authorized') {
        throw conflict(
          'charge_not_cancellable',
          `Charge ${charge.id} is ${charge.status}: only a pending or authorized charge can be cancelled`,
        );
      }
      // Cancelling an authorised card charge voids the authorisation: no money moved.
      context.gateway.failCharge(charge, charge.status === 'authorized' ? 'voided' : 'cancelled');
      return ok(chargeView(charge));
    },
  },
];
