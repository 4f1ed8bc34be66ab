// Card and boleto charges (src/sandbox/README.md, "Card and boleto"): the method parts of POST /v1/charges, POST
// /v1/charges/:id/capture, and the public PDF of a boleto (GET /boletos/{id}.pdf, served by
// server.ts outside /v1 like a payer's link). Rules come from src/domain/card-boleto.ts, shapes
// from src/schemas/card-boleto.ts; test values and codes are in ../README.md and ../ERRORS.md.

import { z } from 'zod';
import { buildBankBoleto } from '../../domain/boleto.js';
import { formatMoney } from '../../domain/money.js';
import { computeFee } from '../../domain/split.js';
import { boletoRequestSchema, captureRequestSchema, cardRequestSchema } from '../../schemas/card-boleto.js';
import { METHOD_FIELD_CODES } from '../../schemas/card-boleto-rules.js';
import { boletoPdf } from '../boleto-pdf.js';
import { CAPTURE_WINDOW_MS, CARD_FEE_RATE, cardDecline, SANDBOX_BOLETO_BANK } from '../card-boleto-terms.js';
import { conflict, invalidRequest, notFound } from '../errors.js';
import type { Gateway } from '../gateway.js';
import type { ChargeRecord, SellerRecord } from '../records.js';
import { ok, type RouteDef } from '../route-shapes.js';
import { parseWith } from '../validate.js';
import { chargeView } from '../views.js';
import { baseCharge, ownCharge, type ValidatedCharge } from './charge-common.js';

const cardBodySchema = z.object({ card: cardRequestSchema });
const boletoBodySchema = z.object({ boleto: boletoRequestSchema });

/** `count` random decimal digits (authorisation codes, a boleto's free field). */
function digits(gateway: Gateway, count: number): string {
  let text = '';
  for (let index = 0; index < count; index++) text += String(gateway.ids.int(10));
  return text;
}

export function createCardCharge(
  gateway: Gateway,
  seller: SellerRecord,
  body: Record<string, unknown>,
  common: ValidatedCharge,
): ChargeRecord {
  const request = parseWith(cardBodySchema, body, METHOD_FIELD_CODES).card;
  const token = gateway.state.tokens.get(request.token);
  if (!token || token.seller_id !== seller.seller_id) {
    throw invalidRequest('invalid_card_token', `card.token: no card token ${request.token}`, 'card.token');
  }
  const charge = baseCharge(gateway, seller, common, 'card');
  const decline = cardDecline(charge.amount, token.holder_name);
  charge.card = {
    token: token.id,
    brand: token.brand,
    last4: token.last4,
    installments: request.installments,
    capture: request.capture,
    captured: false,
    captured_amount: null,
    authorization_code: decline === null ? digits(gateway, 6) : null,
    statement_descriptor: request.statement_descriptor ?? null,
    capture_before: null,
  };
  if (decline === null && !request.capture) {
    charge.status = 'authorized';
    charge.expires_at_ms = charge.created_at_ms + CAPTURE_WINDOW_MS;
    charge.card.capture_before = gateway.iso(charge.expires_at_ms);
  }
  gateway.addCharge(charge);
  if (decline !== null) gateway.failCharge(charge, decline);
  else if (request.capture) captureCharge(gateway, charge, charge.amount);
  return charge;
}

/** authorized (or a new automatic-capture charge) → paid for `amount`, fee on what is captured. */
function captureCharge(gateway: Gateway, charge: ChargeRecord, amount: number): void {
  if (amount !== charge.amount) {
    charge.fee = computeFee(amount, CARD_FEE_RATE);
    charge.net = amount - charge.fee;
    charge.main_seller_amount = charge.net;
  }
  charge.card!.captured = true;
  charge.card!.captured_amount = amount;
  gateway.payCharge(charge);
}

export function createBoletoCharge(
  gateway: Gateway,
  seller: SellerRecord,
  body: Record<string, unknown>,
  common: ValidatedCharge,
): ChargeRecord {
  const request = parseWith(boletoBodySchema, body, METHOD_FIELD_CODES).boleto;
  const charge = baseCharge(gateway, seller, common, 'boleto');
  const { barcode, line } = buildBankBoleto({
    bank: SANDBOX_BOLETO_BANK,
    amount: charge.amount,
    dueDate: request.due_date,
    freeField: digits(gateway, 25),
  });
  charge.boleto = {
    line,
    barcode,
    pdf_url: `${gateway.baseUrl}/boletos/${charge.id}.pdf`,
    due_date: request.due_date,
    fine: request.fine ?? null,
    interest: request.interest ?? null,
    discount: request.discount ?? null,
    discount_until: request.discount_until ?? null,
    instructions: request.instructions ?? null,
  };
  // Payable through the whole due date, Brazilian time (UTC−3); expired from the next day.
  charge.expires_at_ms = Date.parse(`${request.due_date}T00:00:00-03:00`) + 86_400_000;
  gateway.addCharge(charge);
  return charge;
}

export const cardBoletoRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/charges/:id/capture',
    auth: 'secret',
    handler: (context) => {
      const charge = ownCharge(context);
      const request = parseWith(captureRequestSchema, context.body ?? {}, { amount: 'invalid_amount' });
      if (charge.status !== 'authorized' || !charge.card) {
        throw conflict(
          'charge_not_capturable',
          `Charge ${charge.id} is ${charge.status}: only an authorized card charge can be captured`,
        );
      }
      const amount = request.amount ?? charge.amount;
      if (amount > charge.amount) {
        throw invalidRequest(
          'capture_amount_exceeds_authorized',
          `amount ${formatMoney(amount)} is more than the authorized ${formatMoney(charge.amount)}`,
          'amount',
        );
      }
      if (amount !== charge.amount && charge.split) {
        throw invalidRequest(
          'partial_capture_with_split',
          'A charge with a split is captured whole in the sandbox: omit amount',
          'amount',
        );
      }
      captureCharge(context.gateway, charge, amount);
      return ok(chargeView(charge));
    },
  },
];

/** GET /boletos/{id}.pdf: the boleto's PDF, public like the link a payer is sent. */
export function boletoPdfResponse(
  gateway: Gateway,
  path: string,
): { status: number; contentType: string; body: string } {
  const id = /^\/boletos\/([A-Za-z0-9_]+)\.pdf$/.exec(path)?.[1];
  const charge = id === undefined ? undefined : gateway.state.charges.get(id);
  if (!charge?.boleto) {
    const error = notFound('boleto_not_found', `No boleto at ${path}`);
    return {
      status: 404,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(error.toBody()),
    };
  }
  const { customer } = charge.request;
  const body = boletoPdf({
    chargeId: charge.id,
    payee: gateway.seller(charge.seller_id)?.name ?? '',
    payer: `${customer?.name ?? ''} ${customer?.document ?? ''}`.trim(),
    amountText: formatMoney(charge.amount),
    boleto: charge.boleto,
  });
  return { status: 200, contentType: 'application/pdf', body };
}
