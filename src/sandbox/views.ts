// What the sandbox answers for a stored charge, payout or webhook (the fields of docs/gateway-api.md; the
// card and boleto parts are card-boleto-terms.ts's views).
import { boletoView, cardView } from './card-boleto-terms.js';
import type { ChargeRecord, PayoutRecord, WebhookRecord } from './records.js';

/** A charge as GET /v1/charges/{id} answers it. */
export function chargeView(c: ChargeRecord): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: c.id,
    status: c.status,
    amount: c.amount,
    currency: c.currency,
    payment_method: c.payment_method,
    description: c.description,
  };
  if (c.pix) view.pix = { txid: c.pix.txid, emv: c.pix.emv, expires_at: c.pix.expires_at };
  if (c.card) view.card = cardView(c.card);
  if (c.boleto) view.boleto = boletoView(c.boleto);
  if (c.split) view.split = c.split;
  if (c.checkout_url !== null) view.checkout_url = c.checkout_url;
  view.external_id = c.external_id;
  view.store_id = c.store_id;
  if (c.product_id !== null) view.product_id = c.product_id;
  if (c.customer) view.customer = c.customer;
  if (c.shipping) view.shipping = c.shipping;
  view.pix_address = c.pix_address;
  if (c.items) view.items = c.items;
  if (c.metadata) view.metadata = c.metadata;
  if (c.callback_url !== null) view.callback_url = c.callback_url;
  view.fee = c.fee;
  view.net = c.net;
  if (c.split) view.main_seller_amount = c.main_seller_amount;
  view.failure_reason = c.failure_reason;
  view.created_at = c.created_at;
  view.updated_at = c.updated_at;
  view.paid_at = c.paid_at;
  view.expired_at = c.expired_at;
  view.refunded_at = c.refunded_at;
  return view;
}

/** A payout as GET /v1/payouts/{id} answers it. */
export function payoutView(p: PayoutRecord): Record<string, unknown> {
  return {
    id: p.id,
    status: p.status,
    amount: p.amount,
    description: p.description,
    pix_key: p.pix_key,
    provider: p.provider,
    failure_reason: p.failure_reason,
    created_at: p.created_at,
    updated_at: p.updated_at,
    completed_at: p.completed_at,
    failed_at: p.failed_at,
  };
}

/** A webhook as the webhook endpoints answer it. */
export function webhookView(w: WebhookRecord): Record<string, unknown> {
  return { id: w.id, url: w.url, enabled: w.enabled, created_at: w.created_at, updated_at: w.updated_at };
}
