// `webhook listen --verify`: a notification is trusted only once the API confirms it. docs/gateway-api.md shows
// no signing, so anyone who knows a webhook URL can post "paid": the charge (by `id`/`charge_id`,
// else by `txid`) or payout it names is fetched with this profile's key and compared. What the
// API says wins; a notification is never dropped because it could not be verified.
import type { Client } from '../api/client.js';
import { NotFoundError } from '../api/errors.js';
import { findAmount, hasTxid } from '../domain/resource-fields.js';
import { statusKey } from '../domain/status.js';
import { PaygateError, sayFact } from '../errors.js';
import { WrittenNumber } from '../json.js';
import { statusText } from '../output/status-text.js';
import { sayWebhook } from '../text/en/webhook.js';
import { inEnglish } from '../text/in-english.js';
import { type NotificationSummary, unverifiedBecause, type Verification } from './notification.js';

const MAX_TXID_PAGES = 5;

/** Not verified, and why: English in `reason` (--json, --log), the run's language for people. */
function unverified(say: () => string, status: string | null = null, amount: unknown = null): Verification {
  return unverifiedBecause(say, inEnglish(say), status, amount);
}

/** An error's message in the language being said (an error made of a fact is said again). */
function problemOf(error: unknown): string {
  const fact = error instanceof PaygateError ? error.fact : undefined;
  return fact ? sayFact(fact) : (error as Error).message;
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
  if (!isPayout && !isCharge) return unverified(() => sayWebhook('notChargeOrPayout'));
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
      const txid = summary.txid;
      if (!found) return unverified(() => sayWebhook('noChargeWithTxid', { txid }));
    } else {
      return unverified(() => sayWebhook('namesNoId'));
    }
  } catch (error) {
    if (error instanceof NotFoundError) {
      const id = String(summary.id);
      return unverified(() => sayWebhook(isPayout ? 'noSuchPayout' : 'noSuchCharge', { id }));
    }
    return unverified(() => sayWebhook('couldNotVerify', { problem: problemOf(error) }));
  }
  const status = typeof found.status === 'string' ? found.status : null;
  // The amount under any of its names (`amount`, `value`...), as the API wrote it.
  const amount = findAmount(found)?.value;
  const differences: (() => string)[] = [];
  const notifiedStatus = summary.status;
  if (notifiedStatus !== undefined && statusKey(status) !== statusKey(notifiedStatus)) {
    // The statuses in the words of tables (`pago` in pt-BR); `reason` says them in English, as written.
    differences.push(() =>
      status === null
        ? sayWebhook('statusMismatchNothing', { notified: statusText(notifiedStatus) })
        : sayWebhook('statusMismatch', { notified: statusText(notifiedStatus), actual: statusText(status) }),
    );
  }
  if (summary.amount !== undefined && summary.amount !== null && !sameAmount(amount, summary.amount)) {
    const notified = String(summary.amount);
    differences.push(() => sayWebhook('amountMismatch', { notified, actual: String(amount) }));
  }
  if (differences.length > 0) {
    const say = () =>
      sayWebhook('mismatch', { differences: differences.map((difference) => difference()).join('; ') });
    return unverified(say, status, amount ?? null);
  }
  return { verified: true, reason: null, status, amount: amount ?? null };
}
