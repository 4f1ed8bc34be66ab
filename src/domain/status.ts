// Whether a charge or payout status is final (docs/gateway-api.md, "Statuses"): a CLOSED list of final statuses.
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

/**
 * The one way a status from a gateway is compared: a string, trimmed, in lower case (`FAILED`,
 * `Completed`); undefined for anything else (an object, a number), which matches no status.
 */
export function statusKey(status: unknown): string | undefined {
  return typeof status === 'string' ? status.trim().toLowerCase() : undefined;
}

/** Whether a status from a gateway is `known` (a lower-case name), in any letter case. */
export function isStatus(status: unknown, known: string): boolean {
  return statusKey(status) === known;
}

function outcomeIn(list: Readonly<Record<string, StatusOutcome>>, status: unknown): StatusOutcome {
  const key = statusKey(status);
  if (key === undefined) return 'in_progress';
  return Object.hasOwn(list, key) ? (list[key] as StatusOutcome) : 'in_progress';
}

export function chargeOutcome(status: unknown): StatusOutcome {
  return outcomeIn(CHARGE_FINAL, status);
}

export function payoutOutcome(status: unknown): StatusOutcome {
  return outcomeIn(PAYOUT_FINAL, status);
}
