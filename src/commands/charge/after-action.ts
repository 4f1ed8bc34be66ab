// What the actions on a charge (refund, cancel, capture) share beyond the shape of every action
// (commands/shared/resource-action.ts): the charge as an acted resource, and their words.
import type { Context } from '../../context.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import type { ActedResource, ActionOutcome } from '../shared/resource-action.js';
import { writeCharge } from './view.js';

/** An action on a charge, as its texts are named in the catalog (src/text/en/charge.ts). */
export type ChargeAction = 'refund' | 'cancel' | 'capture';

/** A charge, to the shape of an action: `charge get` shows it; a refund may come wrapped in `refund`. */
export const ACTED_CHARGE: ActedResource<Charge> = {
  getCommand: 'charge get',
  get: (client, id, signal) => client.charges.get(id, { signal }),
  write: (context: Context, charge: Charge) => writeCharge(context, charge),
  otherMember: 'refund',
};

/** What exit 9 says may or may not have happened: "the refund of charge ci_…". */
export function chargeActionWhat(action: ChargeAction): (id: string) => string {
  return (id) => sayCharge(`${action}What`, { id });
}

/**
 * The line a person reads after an action the gateway accepted: what was asked, the other
 * resource's own status when the answer was one, and the charge's status (never the refund's
 * status presented as the charge's).
 */
export function actionLine(
  id: string,
  action: ChargeAction,
  outcome: ActionOutcome<Charge>,
  amount?: string,
): string {
  const other = outcome.other;
  const noun = sayCharge(`${action}Noun`);
  const named =
    other?.id !== undefined ? sayCharge('answerNamed', { noun, id: sanitizeForTerminal(other.id) }) : noun;
  const answer =
    other === undefined
      ? ''
      : other.status !== undefined
        ? sayCharge('answerSaidStatus', { named, status: sanitizeForTerminal(other.status) })
        : sayCharge('answerSaid', { named });
  const said = {
    id: sanitizeForTerminal(id),
    answer,
    status: sanitizeForTerminal(statusText(outcome.resource.status)),
  };
  return action === 'capture'
    ? sayCharge('captureAccepted', { ...said, amount: amount ?? '' })
    : sayCharge(action === 'refund' ? 'refundAccepted' : 'cancelAccepted', said);
}
