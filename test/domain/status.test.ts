// The statuses paygate names, one row each (src/domain/status.ts): what is final and how it ends.
// Exit 7 ("certainly did not succeed") and the end of every watch rest on this table.
import { describe, expect, it } from 'vitest';
import {
  CHARGE_STATUSES,
  chargeOutcome,
  finalOutcome,
  PAYOUT_STATUSES,
  payoutOutcome,
} from '../../src/domain/status.js';

describe('status outcomes', () => {
  it('the --status choices, in the order help lists them', () => {
    expect(CHARGE_STATUSES).toEqual(['pending', 'authorized', 'paid', 'expired', 'failed', 'refunded']);
    expect(PAYOUT_STATUSES).toEqual(['pending', 'processing', 'completed', 'failed']);
  });

  it.each([
    ['pending', 'in_progress'],
    ['authorized', 'in_progress'],
    ['paid', 'success'],
    ['PAID', 'success'],
    [' Paid ', 'success'],
    ['expired', 'failure'],
    ['failed', 'failure'],
    ['refunded', 'failure'],
    ['completed', 'in_progress'],
    ['in_analysis', 'in_progress'],
    [42, 'in_progress'],
    [{ status: 'paid' }, 'in_progress'],
  ])('charge %j: %s', (status, outcome) => {
    expect(chargeOutcome(status)).toBe(outcome);
  });

  it.each([
    ['pending', 'in_progress'],
    ['processing', 'in_progress'],
    ['completed', 'success'],
    ['Completed', 'success'],
    ['failed', 'failure'],
    ['FAILED', 'failure'],
    ['paid', 'in_progress'],
    ['canceled', 'in_progress'],
  ])('payout %j: %s', (status, outcome) => {
    expect(payoutOutcome(status)).toBe(outcome);
  });

  it.each([
    ['paid', 'success'],
    ['completed', 'success'],
    ['refunded', 'failure'],
    ['failed', 'failure'],
    ['processing', 'in_progress'],
    ['in_review', 'in_progress'],
  ])('either kind %j: %s', (status, outcome) => {
    expect(finalOutcome(status)).toBe(outcome);
  });
});
