// Where a charge stands in time: whether a watch keeps polling it, and how long its PIX code has left.
import { type ChargeStatus, chargeOutcome, NO_STATUS_WORDS, type StatusWords } from '../../domain/status.js';
import type { Charge } from '../../schemas/charge.js';
import { durationText } from '../../text/duration.js';
import { sayCharge } from '../../text/en/charge.js';

/** Whether a watch keeps polling: every status but the closed list of final ones (domain/status.ts). */
export function isChargeInProgress(
  status: string,
  words: StatusWords<ChargeStatus> = NO_STATUS_WORDS,
): boolean {
  return chargeOutcome(status, words) === 'in_progress';
}

/** The PIX expiry as ms since the epoch, when the charge has a readable one. */
export function expiresAtMs(charge: Charge): number | undefined {
  const iso = charge.pix?.expires_at;
  if (typeof iso !== 'string') return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `expires in 29m 59s`, `expired 3m ago`-like text for a charge's PIX code. */
export function describeExpiry(charge: Charge, now: number): string | undefined {
  const expiresAt = expiresAtMs(charge);
  if (expiresAt === undefined) return undefined;
  const left = expiresAt - now;
  return left > 0 ? sayCharge('expiresIn', { duration: durationText(left) }) : sayCharge('pastExpiry');
}
