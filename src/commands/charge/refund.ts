// `paygate charge refund ID` and `paygate charge cancel ID`: a confirmation on a terminal unless
// --yes; without a terminal --yes is required (never a hang). The POST is never repeated: a lost
// answer is exit 9 with the command that shows what happened.
import { declaredMoneyUnit, type MoneyUnit } from '../../domain/money-reading.js';
import { readAmount } from '../../domain/resource-fields.js';
import { formatReading } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { readArguments, readFlags } from '../options.js';
import { readingWithWords } from '../shared/money-in-words.js';
import { type ResourceAction, runResourceAction } from '../shared/resource-action.js';
import type { CommandHandler } from '../types.js';
import { ACTED_CHARGE, actionLine, chargeActionWhat } from './after-action.js';
import {
  CHARGE_CANCEL_ARGUMENTS,
  CHARGE_CANCEL_FLAGS,
  CHARGE_REFUND_ARGUMENTS,
  CHARGE_REFUND_FLAGS,
} from './flags.js';
import { chargeIdArgument } from './id-argument.js';

/** The values a question names: the amount as read, the id, the gateway's status. */
function questionValues(charge: Charge, id: string, declared: MoneyUnit | undefined) {
  return {
    amount: sanitizeForTerminal(formatReading(readAmount(charge, declared))),
    id: sanitizeForTerminal(id),
    status: sanitizeForTerminal(statusText(charge.status)),
  };
}

// Texts are made when said (docs/language.md): each is a function of the action's values.
function refundOf(id: string): ResourceAction<Charge> {
  return {
    resource: ACTED_CHARGE,
    id,
    what: chargeActionWhat('refund'),
    confirmation: {
      yesRequired: () => sayCharge('yesRequiredRefund'),
      declined: () => sayCharge('notRefunded'),
      question: (charge, context) => {
        const declared = declaredMoneyUnit(context);
        return sayCharge('confirmRefund', {
          ...questionValues(charge, id, declared),
          // Money leaves the account: the amount in words too (docs/language.md).
          amount: sanitizeForTerminal(readingWithWords(readAmount(charge, declared))),
        });
      },
    },
    send: (client, signal) => client.charges.refund(id, undefined, { signal }),
    accepted: (outcome) => actionLine(id, 'refund', outcome),
  };
}

function cancelOf(id: string): ResourceAction<Charge> {
  return {
    resource: ACTED_CHARGE,
    id,
    what: chargeActionWhat('cancel'),
    confirmation: {
      yesRequired: () => sayCharge('yesRequiredCancel'),
      declined: () => sayCharge('notCancelled'),
      question: (charge, context) =>
        sayCharge('confirmCancel', questionValues(charge, id, declaredMoneyUnit(context))),
    },
    send: (client, signal) => client.charges.cancel(id, { signal }),
    accepted: (outcome) => actionLine(id, 'cancel', outcome),
  };
}

/** The charge to refund or cancel, and whether --yes answered the question already. */
export interface ChargeActionOptions {
  id: string;
  yes: boolean;
}
export type ChargeRefundOptions = ChargeActionOptions;
export type ChargeCancelOptions = ChargeActionOptions;

export const chargeRefund: CommandHandler<ChargeRefundOptions> = {
  parse: (input) => ({
    yes: readFlags(CHARGE_REFUND_FLAGS, input).yes === true,
    id: chargeIdArgument(readArguments(CHARGE_REFUND_ARGUMENTS, input).id),
  }),
  run: ({ id, yes }, context) => runResourceAction(refundOf(id), context, yes),
};

export const chargeCancel: CommandHandler<ChargeCancelOptions> = {
  parse: (input) => ({
    yes: readFlags(CHARGE_CANCEL_FLAGS, input).yes === true,
    id: chargeIdArgument(readArguments(CHARGE_CANCEL_ARGUMENTS, input).id),
  }),
  run: ({ id, yes }, context) => runResourceAction(cancelOf(id), context, yes),
};
