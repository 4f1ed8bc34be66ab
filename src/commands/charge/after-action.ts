// What follows an action on a charge (refund, cancel, capture): the charge to show, and the exit 9
// of an action whose answer never came (it is never repeated).
import { OutcomeUnknownError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { resourceId } from '../../domain/resource-fields.js';
import { isJsonObject } from '../../json.js';
import { errorMessage } from '../../output/error-text.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';

/** Exit 9 for an action on a charge (refund, cancel, capture) whose answer never came. */
export function actionOutcomeUnknown(
  verb: ChargeAction,
  id: string,
  error: OutcomeUnknownError,
): OutcomeUnknownError {
  return new OutcomeUnknownError(
    sayCharge(`${verb}OutcomeUnknown`, { id: sanitizeForTerminal(id), message: errorMessage(error) }),
    {
      method: error.method,
      url: error.url,
      code: error.code,
      status: error.status,
      cause: error,
      hint: sayCharge('checkBeforeTryingAgain', { id }),
    },
  );
}

/** An action on a charge, as its texts are named in the catalog (src/text/en/charge.ts). */
export type ChargeAction = 'refund' | 'cancel' | 'capture';

/** What a refund, cancel or capture answered, and the charge after it. */
export interface ActionOutcome {
  /** The charge after the action: the answer when it is the charge, else the charge fetched again. */
  charge: Charge;
  /**
   * The answer when it is another resource (Mercado Pago's refund `{id, payment_id, status:
   * "in_process"}`, Efí's devolução, Woovi's `{refund: {…}}`): its own id and status, if it
   * names them. Its status is the refund's, not the charge's.
   */
  other?: { id?: string; status?: string };
}

/**
 * The charge after an action (refund, cancel, capture), whose answer the API does not describe:
 * the answer when it is this charge (its id, and a status), else the charge fetched again, with
 * what the answer said of itself.
 */
export async function chargeAfterAction(
  context: Context,
  id: string,
  answer: Partial<Charge>,
): Promise<ActionOutcome> {
  const answered = resourceId(answer);
  if (answered !== undefined && String(answered) === id && typeof answer.status === 'string') {
    return { charge: answer as Charge };
  }
  const client = await context.client();
  const charge = await client.charges.get(id, { signal: context.signal });
  return { charge, other: ownWords(answer) };
}

/** The id and status an answer that is not the charge gives itself (inside `refund` if so wrapped). */
function ownWords(answer: unknown): ActionOutcome['other'] {
  const inner = isJsonObject(answer) && isJsonObject(answer.refund) ? answer.refund : answer;
  if (!isJsonObject(inner)) return undefined;
  const id = resourceId(inner);
  const status = typeof inner.status === 'string' && inner.status.trim() !== '' ? inner.status : undefined;
  return id === undefined && status === undefined
    ? undefined
    : { id: id === undefined ? undefined : String(id), status };
}

/**
 * The line a person reads after an action the gateway accepted: what was asked, the other
 * resource's own status when the answer was one, and the charge's status (never the refund's
 * status presented as the charge's).
 */
export function actionLine(
  id: string,
  action: ChargeAction,
  outcome: ActionOutcome,
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
    status: sanitizeForTerminal(statusText(outcome.charge.status)),
  };
  return action === 'capture'
    ? sayCharge('captureAccepted', { ...said, amount: amount ?? '' })
    : sayCharge(action === 'refund' ? 'refundAccepted' : 'cancelAccepted', said);
}

/** Whether the answer itself is printed (--json, -o ndjson: as received, never fetched again). */
export function printsAnswer(context: Context): boolean {
  return context.output === 'json' || context.output === 'ndjson';
}
