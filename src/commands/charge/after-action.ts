// What follows an action on a charge (refund, cancel, capture): the charge to show, and the exit 9
// of an action whose answer never came (it is never repeated).
import { OutcomeUnknownError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { resourceId } from '../../domain/resource-fields.js';
import { isJsonObject } from '../../json.js';
import { errorMessage } from '../../output/error-text.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge } from '../../schemas/charge.js';

/** Exit 9 for an action on a charge (refund, cancel, capture) whose answer never came. */
export function actionOutcomeUnknown(
  verb: string,
  id: string,
  error: OutcomeUnknownError,
): OutcomeUnknownError {
  return new OutcomeUnknownError(
    `the ${verb} of charge ${sanitizeForTerminal(id)} may or may not have happened: ` +
      `no answer came after it was sent (${errorMessage(error)})`,
    {
      method: error.method,
      url: error.url,
      code: error.code,
      status: error.status,
      cause: error,
      hint: `check with \`paygate charge get ${id}\` before trying again`,
    },
  );
}

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
export function actionLine(id: string, noun: string, outcome: ActionOutcome, amount?: string): string {
  const other = outcome.other;
  const what = amount === undefined ? noun : `${noun} of ${amount}`;
  const named = other?.id !== undefined ? `${noun} ${sanitizeForTerminal(other.id)}` : noun;
  const said =
    other === undefined
      ? ''
      : other.status !== undefined
        ? ` (${named}: ${sanitizeForTerminal(other.status)})`
        : ` (${named})`;
  return `Charge ${sanitizeForTerminal(id)}: the gateway accepted the ${what}${said}; the charge is now ${sanitizeForTerminal(outcome.charge.status)}.`;
}

/** Whether the answer itself is printed (--json, -o ndjson: as received, never fetched again). */
export function printsAnswer(context: Context): boolean {
  return context.output === 'json' || context.output === 'ndjson';
}
