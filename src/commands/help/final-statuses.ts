// Help names the final statuses through placeholders filled from the table of statuses
// (src/domain/status.ts), so that a status added there is named by every help text, the
// exit-codes topic and the README's command list that list final statuses, in both languages
// (docs/how-to.md, "Add a status"). A help text, English or Portuguese, writes `{payoutFailure}`
// where it names the statuses that end a payout with exit 7.
import {
  type ChargeStatus,
  chargeStatusesEndingIn,
  type PayoutStatus,
  payoutStatusesEndingIn,
} from '../../domain/status.js';
import { fillPlaceholders } from '../../text/catalog.js';
import { sayStatus } from '../../text/en/status.js';

/** The placeholders a help text may use, each filled with the statuses it names. */
export const FINAL_STATUS_PLACEHOLDERS = [
  'chargeSuccess',
  'chargeFailure',
  'payoutSuccess',
  'payoutFailure',
  'payoutFinalChoices',
] as const;

export type FinalStatusPlaceholder = (typeof FINAL_STATUS_PLACEHOLDERS)[number];

/** Statuses as a person reads them, in the run's language: `expired/failed/refunded`. */
function statusWords(statuses: readonly (ChargeStatus | PayoutStatus)[]): string {
  return statuses.map((status) => sayStatus(status)).join('/');
}

/**
 * Each placeholder's value in the run's language: the statuses that end a charge or a payout
 * well (exit 0) or not (exit 7), as tables name them; `payoutFinalChoices` the final payout
 * statuses as `--status` takes them (`completed,failed`), the same in every language.
 */
export function finalStatusWords(): Readonly<Record<FinalStatusPlaceholder, string>> {
  return {
    chargeSuccess: statusWords(chargeStatusesEndingIn('success')),
    chargeFailure: statusWords(chargeStatusesEndingIn('failure')),
    payoutSuccess: statusWords(payoutStatusesEndingIn('success')),
    payoutFailure: statusWords(payoutStatusesEndingIn('failure')),
    payoutFinalChoices: [...payoutStatusesEndingIn('success'), ...payoutStatusesEndingIn('failure')].join(
      ',',
    ),
  };
}

/** A help text (a spec's English or its Portuguese) with the final statuses it names filled in. */
export function withFinalStatuses(text: string): string {
  return text.includes('{') ? fillPlaceholders(text, finalStatusWords()) : text;
}
