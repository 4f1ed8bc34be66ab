// The idempotency key of a keyed create: one value per account and key, a new one only after the
// gateway refused an attempt for a reason other than the key itself.
import { describe, expect, test } from 'vitest';
import { idempotencyKeyOf, refusalsOf } from '../../../src/commands/shared/idempotency-key.js';

const scope = { gateway: 'https://api.example/v1', seller: '1001' };

describe('idempotencyKeyOf', () => {
  test('one value per account, kind and key (keys are case-insensitive, as in the journal)', () => {
    // A charge's key and a payout's are apart: the same --key on both must not collide at the gateway.
    expect(idempotencyKeyOf(scope, 'charge', 'sweep-1')).not.toBe(
      idempotencyKeyOf(scope, 'payout', 'sweep-1'),
    );
    expect(idempotencyKeyOf(scope, 'payout', 'sweep-1')).toBe(
      idempotencyKeyOf({ ...scope }, 'payout', 'Sweep-1'),
    );
    expect(idempotencyKeyOf(scope, 'payout', 'sweep-1')).not.toBe(
      idempotencyKeyOf({ ...scope, seller: '1002' }, 'payout', 'sweep-1'),
    );
    expect(idempotencyKeyOf(scope, 'payout', 'sweep-1')).not.toBe(
      idempotencyKeyOf({ ...scope, gateway: 'https://other.example/v1' }, 'payout', 'sweep-1'),
    );
    expect(idempotencyKeyOf(scope, 'payout', 'sweep-1', 1)).not.toBe(
      idempotencyKeyOf(scope, 'payout', 'sweep-1'),
    );
  });
});

describe('refusalsOf', () => {
  test('counts the refused attempts, not the refusals of the idempotency key itself', () => {
    expect(
      refusalsOf([
        { state: 'intent' },
        { state: 'sent' },
        { state: 'rejected', error: { code: 'ip_not_whitelisted' } },
        { state: 'intent' },
        { state: 'sent' },
        { state: 'rejected', error: { code: 'idempotency_key_in_use' } },
        { state: 'rejected', error: { code: 'idempotency_key_reused' } },
        { state: 'not_sent' },
      ]),
    ).toBe(1);
  });
});
