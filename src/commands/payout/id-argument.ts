// A payout id typed by a person: checked before anything is sent.
import { UsageError } from '../../errors.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { sayPayout } from '../../text/en/payout.js';

/** A payout id from an argument: opaque (`co_…`), but not empty and without spaces or slashes. */
export function payoutIdArgument(value: string | undefined): string {
  const id = (value ?? '').trim();
  if (id === '' || /[\s/?#]/.test(id)) {
    throw new UsageError(
      sayPayout('notPayoutId', { value: JSON.stringify(sanitizeForTerminal(value ?? '')) }),
      {
        field: 'id',
      },
    );
  }
  return id;
}
