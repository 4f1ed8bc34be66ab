// What the sandbox answers for a stored charge, payout or webhook (the fields of docs/gateway-api.md; the
// card and boleto parts are card-boleto-terms.ts's views).
import { boletoView, cardView } from './card-boleto-terms.js';
import type { ChargeRecord, PayoutRecord, WebhookRecord } from './records.js';

/**
 * Request fields a charge's answer shows its own way: `checkout` as its checkout_url, `pix` as the
 * charge's PIX part (its expiry as expires_at, its description at the top). Every other field of
 * the request is answered as it was asked for.
 */
const ANSWERED_OTHERWISE = new Set(['checkout', 'pix']);
const PIX_ANSWERED_OTHERWISE = new Set(['expires_in', 'description']);

/** A charge as GET /v1/charges/{id} answers it. */
export function chargeView(charge: ChargeRecord): Record<string, unknown> {
  const { request } = charge;
  const view: Record<string, unknown> = {
    id: charge.id,
    status: charge.status,
    amount: charge.amount,
    currency: charge.currency,
    payment_method: charge.payment_method,
    description: request.pix?.description ?? null,
  };
  if (charge.pix) {
    view.pix = { txid: charge.pix.txid, emv: charge.pix.emv, expires_at: charge.pix.expires_at };
    for (const [key, value] of Object.entries(request.pix ?? {})) {
      if (!PIX_ANSWERED_OTHERWISE.has(key)) (view.pix as Record<string, unknown>)[key] = value;
    }
  }
  if (charge.card) view.card = cardView(charge.card);
  if (charge.boleto) view.boleto = boletoView(charge.boleto);
  if (charge.split) view.split = charge.split;
  if (charge.checkout_url !== null) view.checkout_url = charge.checkout_url;
  view.external_id = charge.external_id;
  view.store_id = charge.store_id;
  if (request.product_id !== undefined) view.product_id = request.product_id;
  if (request.customer) view.customer = request.customer;
  if (request.shipping) view.shipping = request.shipping;
  view.pix_address = charge.pix_address;
  if (charge.items) view.items = charge.items;
  // Always shown, `{}` when none was sent (as Pagar.me and Mercado Pago do): a keyed charge's mark
  // is read there, and a charge without it is told from a gateway that drops metadata.
  view.metadata = request.metadata ?? {};
  if (charge.callback_url !== null) view.callback_url = charge.callback_url;
  // A field of the request the lines above do not name yet is answered as it was asked for.
  for (const [key, value] of Object.entries(request)) {
    if (value !== undefined && !(key in view) && !ANSWERED_OTHERWISE.has(key)) view[key] = value;
  }
  view.fee = charge.fee;
  view.net = charge.net;
  if (charge.split) view.main_seller_amount = charge.main_seller_amount;
  view.failure_reason = charge.failure_reason;
  view.created_at = charge.created_at;
  view.updated_at = charge.updated_at;
  view.paid_at = charge.paid_at;
  view.expired_at = charge.expired_at;
  view.refunded_at = charge.refunded_at;
  return view;
}

/** A payout as GET /v1/payouts/{id} answers it. */
export function payoutView(payout: PayoutRecord): Record<string, unknown> {
  return {
    id: payout.id,
    status: payout.status,
    amount: payout.amount,
    description: payout.description,
    pix_key: payout.pix_key,
    provider: payout.provider,
    failure_reason: payout.failure_reason,
    created_at: payout.created_at,
    updated_at: payout.updated_at,
    completed_at: payout.completed_at,
    failed_at: payout.failed_at,
  };
}

/** A webhook as the webhook endpoints answer it. */
export function webhookView(webhook: WebhookRecord): Record<string, unknown> {
  return {
    id: webhook.id,
    url: webhook.url,
    enabled: webhook.enabled,
    created_at: webhook.created_at,
    updated_at: webhook.updated_at,
  };
}
