// The status words declared for the active profile's gateway (`gateway.charge_status`,
// `gateway.payout_status`), read once per command and handed to domain/status.ts's outcomes.
// Nothing declared: no words, and only the API's own statuses are final (docs/gateway-api.md).
import type { Settings } from '../../context.js';
import {
  CHARGE_STATUSES,
  type ChargeStatus,
  NO_STATUS_WORDS,
  PAYOUT_STATUSES,
  type PayoutStatus,
  parseStatusWords,
  type StatusWords,
} from '../../domain/status.js';

function declaredWords<Status extends string>(
  settings: Settings,
  name: string,
  statuses: readonly Status[],
): StatusWords<Status> {
  const declared = settings.setting(name);
  // A hand-edited config file is checked like `config set`: refused naming the setting.
  return declared === undefined ? NO_STATUS_WORDS : parseStatusWords(String(declared), statuses, name);
}

/** The charge status words declared for the active profile (none: empty). */
export function chargeStatusWords(settings: Settings): StatusWords<ChargeStatus> {
  return declaredWords(settings, 'gateway.charge_status', CHARGE_STATUSES);
}

/** The payout status words declared for the active profile (none: empty). */
export function payoutStatusWords(settings: Settings): StatusWords<PayoutStatus> {
  return declaredWords(settings, 'gateway.payout_status', PAYOUT_STATUSES);
}
