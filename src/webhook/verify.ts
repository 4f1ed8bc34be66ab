// `webhook listen --verify`: a notification is trusted only once the API confirms it. docs/gateway-api.md shows
// no signing, so anyone who knows a webhook URL can post "paid": the charge (by `id`/`charge_id`,
// else by `txid`) or payout it names is fetched with this profile's key and compared. What the
// API says wins; a notification is never dropped because it could not be verified.
import type { Client } from '../api/client.js';
import { NotFoundError } from '../api/errors.js';
import { findAmount, hasTxid } from '../domain/resource-fields.js';
import { statusKey } from '../domain/status.js';
import { WrittenNumber } from '../json.js';
import type { NotificationSummary, Verification } from './notification.js';

const MAX_TXID_PAGES = 5;

function unverified(reason: string, status: string | null = null, amount: unknown = null): Verification {
  return { verified: false, reason, status, amount };
}

/** Equal amounts: the same number, or the same written text (`150.00` and `150.00`). */
function sameAmount(one: unknown, other: unknown): boolean {
  if (one instanceof WrittenNumber && other instanceof WrittenNumber) return one.text === other.text;
  return one === other;
}

/** Fetches what `summary` names and compares status and amount. */
export async function verifyNotification(
  summary: NotificationSummary,
  client: Client,
  signal?: AbortSignal,
): Promise<Verification> {
  const isPayout = summary.kind.startsWith('payout');
  const isCharge = summary.kind.startsWith('charge') || summary.kind === 'split part';
  if (!isPayout && !isCharge) return unverified('not a charge or payout notification: nothing to check');
  let found: { status?: unknown; amount?: unknown } | undefined;
  try {
    if (summary.id !== undefined) {
      found = isPayout
        ? await client.payouts.get(summary.id, { signal })
        : await client.charges.get(summary.id, { signal });
    } else if (isCharge && summary.txid !== undefined) {
      const listing = client.charges.listAll(
        { txid: summary.txid },
        { pageSize: 100, maxPages: MAX_TXID_PAGES, signal },
      );
      for await (const charge of listing) {
        if (hasTxid(charge, summary.txid)) {
          found = charge;
          break;
        }
      }
      if (!found) return unverified(`no charge of this account has txid ${summary.txid}`);
    } else {
      return unverified('the notification names no id or txid');
    }
  } catch (error) {
    if (error instanceof NotFoundError) {
      return unverified(
        `the API has no ${isPayout ? 'payout' : 'charge'} ${summary.id} for this account (forged, or another seller's)`,
      );
    }
    return unverified(`could not verify: ${(error as Error).message}`);
  }
  const status = typeof found.status === 'string' ? found.status : null;
  // The amount under any of its names (`amount`, `value`...), as the API wrote it.
  const amount = findAmount(found)?.value;
  const differences: string[] = [];
  if (summary.status !== undefined && statusKey(status) !== statusKey(summary.status)) {
    differences.push(`status: notified ${summary.status}, the API says ${status ?? 'nothing'}`);
  }
  if (summary.amount !== undefined && summary.amount !== null && !sameAmount(amount, summary.amount)) {
    differences.push(`amount: notified ${String(summary.amount)}, the API says ${String(amount)}`);
  }
  if (differences.length > 0)
    return unverified(`mismatch: ${differences.join('; ')}`, status, amount ?? null);
  return { verified: true, reason: null, status, amount: amount ?? null };
}
