// The idempotency key a keyed create sends, as `Idempotency-Key` and `X-Idempotency-Key` (the two
// names gateways ask for): a digest of the account (gateway and seller) and the journal key, so
// that every host and every fresh container of one account sends the same value for one key, and
// another account another. Never made from the secret itself (where the seller cannot be read,
// the scope holds a fingerprint of the key, and only that goes into the digest).
//
// A later attempt of the key (attempt 2, 3…) exists only once the journal proved that the previous
// one made nothing (refused, never sent, or reconciled as not sent): it gets its own value, or a
// gateway that keeps the refusal would answer it again for a day.
import { createHash } from 'node:crypto';

export interface AccountScope {
  /** The gateway's normalised base URL with its API prefix. */
  gateway: string;
  /** The seller, or the key's fingerprint where the account cannot be read. */
  seller: string;
}

export function idempotencyKeyOf(scope: AccountScope, key: string, attempt = 1): string {
  const parts = ['paygate idempotency', scope.gateway, scope.seller, key.toLowerCase()];
  if (attempt > 1) parts.push(`attempt ${attempt}`);
  return `paygate-${createHash('sha256').update(parts.join('\n')).digest('hex')}`;
}

export function idempotencyHeaders(scope: AccountScope, key: string, attempt = 1): Record<string, string> {
  const value = idempotencyKeyOf(scope, key, attempt);
  return { 'Idempotency-Key': value, 'X-Idempotency-Key': value };
}
