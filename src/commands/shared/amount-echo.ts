// A create's answer checked against what was sent: the amount the gateway echoes must be the
// centavos paygate sent, compared in the unit it was written in (docs/gateway-api.md, "Money as
// it was written"): a decimal literal is reais (`"100.00"` echoes 10000), a field of the
// declared unit (gateway.money_unit) is read in it. Any other echo (`150.00` for 10000 sent, a
// gateway that divides) is said loudly with both figures, for a person to check; so is an echo
// whose unit nothing says (`valor: 10000`: centavos or reais), as one that could not be checked;
// an echo in another currency differs, and is said with it (`amount 10000 USD`).
import type { Context } from '../../context.js';
import { formatMoney } from '../../domain/money.js';
import { declaredMoneyUnit, receivedWithCurrency } from '../../domain/money-reading.js';
import { amountEcho } from '../../domain/resource-fields.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { sayShared } from '../../text/en/shared.js';

/**
 * Warns on stderr when `answer`'s amount (under any of its common names) is not the integer
 * `sent`, or cannot be told to be; an answer without an amount is not a mismatch. Returns whether
 * it warned.
 */
export function warnIfAmountDiffers(
  context: Context,
  noun: 'charge' | 'payout',
  sent: number,
  answer: unknown,
): boolean {
  // In the answer's currency: an echo in another one is not the centavos of reais sent.
  const echo = amountEcho(answer, sent, declaredMoneyUnit(context));
  if (echo === undefined || echo.echoes === true) return false;
  const { echoes, reading } = echo;
  const c = context.errorColors;
  const received = sanitizeForTerminal(receivedWithCurrency(reading));
  const warning =
    echoes === undefined
      ? sayShared(noun === 'charge' ? 'chargeAmountUnchecked' : 'payoutAmountUnchecked')
      : sayShared(noun === 'charge' ? 'chargeAmountDiffers' : 'payoutAmountDiffers');
  const detail = sayShared('amountDiffersDetail', {
    sent,
    money: formatMoney(sent),
    name: sanitizeForTerminal(reading.field),
    received,
  });
  const check = noun === 'charge' ? sayShared('checkCharge') : sayShared('checkPayout');
  context.io.stderr.write(`${c.red(c.bold(warning))}${detail}\n${c.red(check)}\n`);
  return true;
}
