// Whether a charge or payout status is final (DESIGN.md §3): a CLOSED list of final statuses.
// Every other value, known (`pending`, `processing`, `authorized`) or not (`in_review`,
// `in_analysis`, anything a gateway adds), is not final: a watch shows it as it is and keeps
// waiting. So exit 7 always means "certainly did not succeed", and only then may a script retry
// with a new key. Compared without case: `PAID` is `paid`.

export type StatusOutcome = 'success' | 'failure' | 'in_progress';

const CHARGE_FINAL: Readonly<Record<string, StatusOutcome>> = {
  paid: 'success',
  expired: 'failure',
  failed: 'failure',
  refunded: 'failure',
};

const PAYOUT_FINAL: Readonly<Record<string, StatusOutcome>> = {
  completed: 'success',
  failed: 'failure',
};

function outcomeIn(list: Readonly<Record<string, StatusOutcome>>, status: unknown): StatusOutcome {
  if (typeof status !== 'string') return 'in_progress';
  const key = status.toLowerCase();
  return Object.hasOwn(list, key) ? (list[key] as StatusOutcome) : 'in_progress';
}

export function chargeOutcome(status: unknown): StatusOutcome {
  return outcomeIn(CHARGE_FINAL, status);
}

export function payoutOutcome(status: unknown): StatusOutcome {
  return outcomeIn(PAYOUT_FINAL, status);
}
