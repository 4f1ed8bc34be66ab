// A create's answer checked against what was sent: the amount the gateway echoes must be the
// centavos paygate sent, compared in the unit it was written in (docs/gateway-api.md, "Money as
// it was written"): a decimal literal is reais (`"100.00"` echoes 10000), a field of the
// declared unit (gateway.money_unit) is read in it. Any other echo (`150.00` for 10000 sent, a
// gateway that divides) is said loudly with both figures, for a person to check.
import type { Context } from '../../context.js';
import { formatMoney } from '../../domain/money.js';
import { declaredMoneyUnit, echoesSent } from '../../domain/money-reading.js';
import { findAmount } from '../../domain/resource-fields.js';
import { receivedText } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';

/**
 * Warns on stderr when `answer`'s amount (under any of its common names) is not the integer
 * `sent`; an answer without an amount is not a mismatch. Returns whether it warned.
 */
export function warnIfAmountDiffers(
  context: Context,
  noun: 'charge' | 'payout',
  sent: number,
  answer: unknown,
): boolean {
  const echoed = findAmount(answer);
  if (!echoed) return false;
  if (echoesSent(echoed.name, echoed.value, sent, declaredMoneyUnit(context))) return false;
  const c = context.errorColors;
  const received = sanitizeForTerminal(receivedText(echoed.value));
  context.io.stderr.write(
    `${c.red(c.bold(`WARNING: the ${noun}'s amount differs from what paygate sent`))}: sent amount ${sent} ` +
      `(centavos, ${formatMoney(sent)}); the gateway's answer says ${sanitizeForTerminal(echoed.name)} ${received}.\n` +
      `${c.red(`Check the ${noun} with the gateway before relying on it.`)}\n`,
  );
  return true;
}
