// The idempotency key a keyed create sends, as `Idempotency-Key` and `X-Idempotency-Key` (the two
// names gateways ask for): a digest of the account (gateway and seller), what the key creates
// (a charge's key and a payout's are apart, as in the journal) and the journal key, so
// that every host and every fresh container of one account sends the same value for one key, and
// another account another. Never made from the secret itself (where the seller cannot be read,
// the scope holds a fingerprint of the key, and only that goes into the digest).
//
// Once the gateway refused an attempt of the key (a 4xx: nothing made), the next attempt gets
// another value, or a gateway that keeps the refusal would answer it again for a day. Every other
// retry of the key (never sent, or reconciled as not sent) keeps the value: should the gateway
// have made it after all, it answers that instead of making a second one.
import { createHash } from 'node:crypto';

export interface AccountScope {
  /** The gateway's normalised base URL with its API prefix. */
  gateway: string;
  /** The seller, or the key's fingerprint where the account cannot be read. */
  seller: string;
}

/** What a key creates: its journal and its idempotency key are apart from the other kind's. */
export type KeyedKind = 'payout' | 'charge';

export function idempotencyKeyOf(scope: AccountScope, kind: KeyedKind, key: string, refusals = 0): string {
  const parts = ['paygate idempotency', scope.gateway, scope.seller, kind, key.toLowerCase()];
  if (refusals > 0) parts.push(`after ${refusals} refusals`);
  return `paygate-${createHash('sha256').update(parts.join('\n')).digest('hex')}`;
}

export function idempotencyHeaders(
  scope: AccountScope,
  kind: KeyedKind,
  key: string,
  refusals = 0,
): Record<string, string> {
  const value = idempotencyKeyOf(scope, kind, key, refusals);
  return { 'Idempotency-Key': value, 'X-Idempotency-Key': value };
}

/**
 * Refusals about the idempotency key itself: another request holds it (in use), or made something
 * with another body (reused). Neither proves the key made nothing, so they never earn a new value.
 */
const KEY_REFUSALS = new Set(['idempotency_key_in_use', 'idempotency_key_reused']);

/** How many attempts of the run's key the gateway refused, by the journal's history. */
export function refusalsOf(history: ReadonlyArray<{ state: string; error?: { code?: string } }>): number {
  return history.filter(
    (record) => record.state === 'rejected' && !KEY_REFUSALS.has(record.error?.code ?? ''),
  ).length;
}
