// What follows an action on a charge (refund, cancel, capture): the charge to show, and the exit 9
// of an action whose answer never came (it is never repeated).
import { OutcomeUnknownError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { findAmount, resourceId } from '../../domain/resource-fields.js';
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

/**
 * The charge after an action (refund, cancel, capture), whose answer the API does not describe:
 * the charge the gateway returned when it looks like one, else the charge fetched again.
 */
export async function chargeAfterAction(
  context: Context,
  id: string,
  answer: Partial<Charge>,
): Promise<Charge> {
  if (
    resourceId(answer) !== undefined &&
    typeof answer.status === 'string' &&
    findAmount(answer) !== undefined
  ) {
    return answer as Charge;
  }
  const client = await context.client();
  return client.charges.get(id, { signal: context.signal });
}
