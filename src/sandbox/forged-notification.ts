// `POST /_sandbox/notifications/forge`: a notification the gateway never sent, for showing and
// testing `webhook listen --verify`.
import { invalidRequest } from './errors.js';
import type { Gateway } from './gateway.js';

/**
 * A forged notification, as an attacker who knows a webhook URL could post one (notifications
 * carry no signature: docs/gateway-api.md documents no signing scheme): the payload of a real
 * charge or payout, or of an id that does not exist, with the status and amount the caller wants, sent to `url` or to the resource's seller's webhooks. It
 * lets `webhook listen --verify` be shown and tested: the API never confirms a forged one.
 */
export async function forgeNotification(
  gateway: Gateway,
  request: Record<string, unknown>,
): Promise<unknown> {
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
