// Who is told what when a charge is paid (docs/gateway-api.md, "Notifications"): the charge's callback_url, the
// main seller's webhooks, and each receiving seller's webhooks with its own split entries only.
// Pure: the gateway sends what this returns.
import type { NotificationTarget } from './notifier.js';
import type { ChargeRecord, StoredSplitEntry, WebhookRecord } from './records.js';

export interface Delivery {
  target: NotificationTarget;
  event: string;
  payload: unknown;
}

/** A webhook as a notification target. */
export function webhookTarget(webhook: WebhookRecord): NotificationTarget {
  return { url: webhook.url, seller_id: webhook.seller_id, channel: 'webhook', webhook_id: webhook.id };
}

/** The notifications of a paid charge; `enabledWebhooks` gives a seller's enabled webhooks. */
export function chargePaidDeliveries(
  charge: ChargeRecord,
  enabledWebhooks: (sellerId: number) => WebhookRecord[],
): Delivery[] {
  const event = 'charge.paid';
  const deliveries: Delivery[] = [];
  const toWebhooks = (sellerId: number, payload: unknown) => {
    for (const webhook of enabledWebhooks(sellerId)) {
      deliveries.push({ target: webhookTarget(webhook), event, payload });
    }
  };
  const callbackPayload = {
    event,
    id: charge.id,
    status: 'paid',
    amount: charge.amount,
    txid: charge.pix?.txid ?? null,
    external_id: charge.external_id,
  };
  if (charge.callback_url !== null) {
    const target: NotificationTarget = {
      url: charge.callback_url,
      seller_id: charge.seller_id,
      channel: 'callback',
      webhook_id: null,
    };
    deliveries.push({ target, event, payload: callbackPayload });
  }
  if (!charge.split) {
    toWebhooks(charge.seller_id, callbackPayload);
    return deliveries;
  }
  toWebhooks(charge.seller_id, {
    event,
    charge_id: charge.id,
    status: 'paid',
    amount: charge.amount,
    txid: charge.pix?.txid ?? null,
    external_id: charge.external_id,
    split: charge.split,
  });
  const bySeller = new Map<number, StoredSplitEntry[]>();
  for (const entry of charge.split) {
    if (entry.seller_id === charge.seller_id) continue;
    const list = bySeller.get(entry.seller_id) ?? [];
    list.push(entry);
    bySeller.set(entry.seller_id, list);
  }
  for (const [sellerId, own] of bySeller) {
    toWebhooks(sellerId, { event, charge_id: charge.id, status: 'paid', split: own });
  }
  return deliveries;
}
