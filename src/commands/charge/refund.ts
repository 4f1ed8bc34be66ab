// `paygate charge refund ID` and `paygate charge cancel ID`: a confirmation on a terminal unless
// --yes; without a terminal --yes is required (never a hang). The POST is never repeated: a lost
// answer is exit 9 with the command that shows what happened.
import { OutcomeUnknownError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { declaredMoneyUnit, type MoneyUnit } from '../../domain/money-reading.js';
import { readAmount } from '../../domain/resource-fields.js';
import { CancelledError, UsageError } from '../../errors.js';
import { formatReading } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { readArguments, readFlags } from '../options.js';
import { readingWithWords } from '../shared/money-in-words.js';
import type { CommandHandler } from '../types.js';
import { actionLine, actionOutcomeUnknown, chargeAfterAction, printsAnswer } from './after-action.js';
import {
  CHARGE_CANCEL_ARGUMENTS,
  CHARGE_CANCEL_FLAGS,
  CHARGE_REFUND_ARGUMENTS,
  CHARGE_REFUND_FLAGS,
} from './flags.js';
import { chargeIdArgument } from './id-argument.js';
import { writeCharge } from './view.js';

// Texts are made when said (docs/language.md): each is a function of the action's values.
interface Action {
  verb: 'refund' | 'cancel';
  /** Without a terminal and without --yes. */
  yesRequired: () => string;
  /** Answered No: "Cancelled: not refunded, nothing was sent." */
  notDone: () => string;
  question: (charge: Charge | undefined, id: string, declared: MoneyUnit | undefined) => string;
}

/** The values a question names: the amount as read, the id, the gateway's status. */
function questionValues(charge: Charge, id: string, declared: MoneyUnit | undefined) {
  return {
    amount: sanitizeForTerminal(formatReading(readAmount(charge, declared))),
    id: sanitizeForTerminal(id),
    status: sanitizeForTerminal(statusText(charge.status)),
  };
}

const REFUND: Action = {
  verb: 'refund',
  yesRequired: () => sayCharge('yesRequiredRefund'),
  notDone: () => sayCharge('notRefunded'),
  question: (charge, id, declared) =>
    charge
      ? sayCharge('confirmRefund', {
          ...questionValues(charge, id, declared),
          // Money leaves the account: the amount in words too (docs/language.md).
          amount: sanitizeForTerminal(readingWithWords(readAmount(charge, declared))),
        })
      : sayCharge('confirmRefundUnknown', { id: sanitizeForTerminal(id) }),
};

const CANCEL: Action = {
  verb: 'cancel',
  yesRequired: () => sayCharge('yesRequiredCancel'),
  notDone: () => sayCharge('notCancelled'),
  question: (charge, id, declared) =>
    charge
      ? sayCharge('confirmCancel', questionValues(charge, id, declared))
      : sayCharge('confirmCancelUnknown', { id: sanitizeForTerminal(id) }),
};

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
  run: (options, context) => act(REFUND, options, context),
};

export const chargeCancel: CommandHandler<ChargeCancelOptions> = {
  parse: (input) => ({
    yes: readFlags(CHARGE_CANCEL_FLAGS, input).yes === true,
    id: chargeIdArgument(readArguments(CHARGE_CANCEL_ARGUMENTS, input).id),
  }),
  run: (options, context) => act(CANCEL, options, context),
};

async function act(action: Action, { id, yes }: ChargeActionOptions, context: Context): Promise<number> {
  if (!yes) {
    if (!context.canPrompt) {
      throw new UsageError(action.yesRequired(), { field: '--yes' });
    }
    const client = await context.client();
    // Shown in the question, so that the person sees what they are about to change.
    const current = await client.charges.get(id, { signal: context.signal });
    const confirmed = await context.prompter.confirm({
      message: action.question(current, id, declaredMoneyUnit(context)),
      default: false,
    });
    if (!confirmed) {
      throw new CancelledError(action.notDone());
    }
  }

  const client = await context.client();
  let updated: Partial<Charge>;
  try {
    updated =
      action.verb === 'refund'
        ? await client.charges.refund(id, undefined, { signal: context.signal })
        : await client.charges.cancel(id, { signal: context.signal });
  } catch (error) {
    if (error instanceof OutcomeUnknownError) throw actionOutcomeUnknown(action.verb, id, error);
    throw error;
  }
  // Scripts get the answer as the gateway sent it (a refund object stays one).
  if (printsAnswer(context)) {
    await writeCharge(context, updated as Charge);
    return 0;
  }
  const outcome = await chargeAfterAction(context, id, updated);
  await writeCharge(context, outcome.charge);
  if (context.output === 'table') context.log.info(actionLine(id, action.verb, outcome));
  return 0;
}
