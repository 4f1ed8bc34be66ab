// Whether a charge or payout status is final (docs/gateway-api.md, "Statuses"): a CLOSED list of final statuses.
// Every other value, known (`pending`, `processing`, `authorized`) or not (`in_review`,
// `in_analysis`, anything a gateway adds), is not final: a watch shows it as it is and keeps
// waiting. So exit 7 always means "certainly did not succeed", and only then may a script retry
// with a new key. Compared without case: `PAID` is `paid`.

export type StatusOutcome = 'success' | 'failure' | 'in_progress';

/**
 * The statuses paygate names, in the order help and completions list them (the `--status`
 * choices of the lists), each with its outcome. One row per status: a final one says how it ends.
 */
const CHARGE_STATUS_OUTCOMES = {
  pending: 'in_progress',
  authorized: 'in_progress',
  paid: 'success',
  expired: 'failure',
  failed: 'failure',
  refunded: 'failure',
} as const satisfies Readonly<Record<string, StatusOutcome>>;

const PAYOUT_STATUS_OUTCOMES = {
  pending: 'in_progress',
  processing: 'in_progress',
  completed: 'success',
  failed: 'failure',
} as const satisfies Readonly<Record<string, StatusOutcome>>;

export type ChargeStatus = keyof typeof CHARGE_STATUS_OUTCOMES;
export type PayoutStatus = keyof typeof PAYOUT_STATUS_OUTCOMES;
export const CHARGE_STATUSES = Object.keys(CHARGE_STATUS_OUTCOMES) as readonly ChargeStatus[];
export const PAYOUT_STATUSES = Object.keys(PAYOUT_STATUS_OUTCOMES) as readonly PayoutStatus[];

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
  return outcomeIn(CHARGE_STATUS_OUTCOMES, status);
}

export function payoutOutcome(status: unknown): StatusOutcome {
  return outcomeIn(PAYOUT_STATUS_OUTCOMES, status);
}

/** How a status ends whether it is a charge's or a payout's (a table shows either): the final one's outcome. */
export function finalOutcome(status: unknown): StatusOutcome {
  const outcome = chargeOutcome(status);
  return outcome === 'in_progress' ? payoutOutcome(status) : outcome;
}
