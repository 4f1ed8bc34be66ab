// The statuses paygate names, one row each (src/domain/status.ts): what is final and how it ends.
// Exit 7 ("certainly did not succeed") and the end of every watch rest on this table.
import { describe, expect, it } from 'vitest';
import {
  CHARGE_STATUSES,
  chargeOutcome,
  chargeStatusesEndingIn,
  finalOutcome,
  PAYOUT_STATUSES,
  parseStatusWords,
  payoutOutcome,
  payoutStatusesEndingIn,
  readStatus,
  type StatusOutcome,
} from '../../src/domain/status.js';

/** What each status of the table, and words around it, end as: every status of the table has a case. */
const CHARGE_CASES: [unknown, StatusOutcome][] = [
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
];

const PAYOUT_CASES: [unknown, StatusOutcome][] = [
  ['pending', 'in_progress'],
  ['processing', 'in_progress'],
  ['completed', 'success'],
  ['Completed', 'success'],
  ['failed', 'failure'],
  ['FAILED', 'failure'],
  ['paid', 'in_progress'],
  ['canceled', 'in_progress'],
];

describe('status outcomes', () => {
  it('the --status choices, in the order help lists them', () => {
    expect(CHARGE_STATUSES).toEqual(['pending', 'authorized', 'paid', 'expired', 'failed', 'refunded']);
    expect(PAYOUT_STATUSES).toEqual(['pending', 'processing', 'completed', 'failed']);
  });

  it('pins the outcome of every status of the table below (a status added there needs its case)', () => {
    const pinned = (cases: [unknown, StatusOutcome][]) => new Set(cases.map(([status]) => status));
    expect(CHARGE_STATUSES.filter((status) => !pinned(CHARGE_CASES).has(status))).toEqual([]);
    expect(PAYOUT_STATUSES.filter((status) => !pinned(PAYOUT_CASES).has(status))).toEqual([]);
  });

  it('lists the final statuses of each outcome in the order of the table', () => {
    expect(chargeStatusesEndingIn('success')).toEqual(['paid']);
    expect(chargeStatusesEndingIn('failure')).toEqual(['expired', 'failed', 'refunded']);
    expect(payoutStatusesEndingIn('success')).toEqual(['completed']);
    expect(payoutStatusesEndingIn('failure')).toEqual(['failed']);
    // The same statuses the outcome functions end on.
    for (const outcome of ['success', 'failure'] as const) {
      expect(chargeStatusesEndingIn(outcome)).toEqual(
        CHARGE_STATUSES.filter((status) => chargeOutcome(status) === outcome),
      );
      expect(payoutStatusesEndingIn(outcome)).toEqual(
        PAYOUT_STATUSES.filter((status) => payoutOutcome(status) === outcome),
      );
    }
  });

  it.each(CHARGE_CASES)('charge %j: %s', (status, outcome) => {
    expect(chargeOutcome(status)).toBe(outcome);
  });

  it.each(PAYOUT_CASES)('payout %j: %s', (status, outcome) => {
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

describe('declared status words (gateway.charge_status, gateway.payout_status)', () => {
  const asaas = parseStatusWords(
    'RECEIVED=paid, confirmed=PAID,OVERDUE=expired,REFUNDED=refunded',
    CHARGE_STATUSES,
    'gateway.charge_status',
  );
  const efi = parseStatusWords(
    'REALIZADO=completed,NAO_REALIZADO=failed',
    PAYOUT_STATUSES,
    'gateway.payout_status',
  );

  it.each([
    ['RECEIVED', 'success'],
    ['received', 'success'],
    [' Confirmed ', 'success'],
    ['OVERDUE', 'failure'],
    ['REFUNDED', 'failure'],
    ['paid', 'success'],
    ['PENDING', 'in_progress'],
    ['RECEIVED_IN_CASH', 'in_progress'],
  ])(
    'a declared charge word is read as its status, in any case; others as before: %j → %s',
    (status, outcome) => {
      expect(chargeOutcome(status, asaas)).toBe(outcome);
    },
  );

  it('without a declaration the same words are never final', () => {
    for (const word of ['RECEIVED', 'CONFIRMED', 'OVERDUE']) expect(chargeOutcome(word)).toBe('in_progress');
    for (const word of ['REALIZADO', 'NAO_REALIZADO']) expect(payoutOutcome(word)).toBe('in_progress');
  });

  it('payout words: REALIZADO completes, NAO_REALIZADO fails; charge words do not count for payouts', () => {
    expect(payoutOutcome('REALIZADO', efi)).toBe('success');
    expect(payoutOutcome('nao_realizado', efi)).toBe('failure');
    expect(payoutOutcome('EM_PROCESSAMENTO', efi)).toBe('in_progress');
    expect(payoutOutcome('RECEIVED', efi)).toBe('in_progress');
    expect(finalOutcome('NAO_REALIZADO', efi)).toBe('failure');
  });

  it('readStatus: the status a word reads as (what --status compares)', () => {
    expect(readStatus('RECEIVED', asaas)).toBe('paid');
    expect(readStatus('PAID', asaas)).toBe('paid');
    expect(readStatus('PENDING', asaas)).toBe('pending');
    expect(readStatus('RECEIVED')).toBe('received');
    expect(readStatus(42, asaas)).toBeUndefined();
  });

  it.each([
    ['paid=failed', 'gateway.charge_status: "paid" is a status of the API itself and cannot be redefined'],
    ['PAID=expired', 'gateway.charge_status: "PAID" is a status of the API itself and cannot be redefined'],
    [
      'RECEIVED=done',
      'gateway.charge_status: "RECEIVED=done": "done" is not one of the API\'s statuses (pending, authorized, paid, expired, failed, refunded)',
    ],
    [
      'RECEIVED=paid,received=failed',
      'gateway.charge_status: "received" is declared twice, as paid and as failed',
    ],
    ['RECEIVED', 'gateway.charge_status: "RECEIVED" is not WORD=status (e.g. RECEIVED=paid)'],
    ['=paid', 'gateway.charge_status: "=paid" is not WORD=status (e.g. RECEIVED=paid)'],
    ['A=paid=failed', 'gateway.charge_status: "A=paid=failed" is not WORD=status (e.g. RECEIVED=paid)'],
    [' , ', 'gateway.charge_status: give WORD=status pairs, comma-separated (e.g. RECEIVED=paid)'],
  ])('refused: %j', (text, message) => {
    expect(() => parseStatusWords(text, CHARGE_STATUSES, 'gateway.charge_status')).toThrow(
      expect.objectContaining({ exitCode: 2, message }),
    );
  });

  it('an API word declared as itself says nothing new and is accepted (REFUNDED=refunded)', () => {
    expect(readStatus('REFUNDED', asaas)).toBe('refunded');
    expect(chargeOutcome('REFUNDED', asaas)).toBe('failure');
  });

  it('the same word twice with one target is one declaration; a payout target must be a payout status', () => {
    expect([...parseStatusWords('DONE=completed,done=completed', PAYOUT_STATUSES, 'p')]).toEqual([
      ['done', 'completed'],
    ]);
    expect(() => parseStatusWords('CONCLUIDA=paid', PAYOUT_STATUSES, 'gateway.payout_status')).toThrow(
      /"paid" is not one of the API's statuses \(pending, processing, completed, failed\)/,
    );
  });
});
