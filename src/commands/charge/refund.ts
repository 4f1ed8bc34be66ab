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
import type { Charge } from '../../schemas/charge.js';
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

interface Action {
  verb: 'refund' | 'cancel';
  /** For messages: "refunded", "cancelled". */
  done: string;
  /** What the gateway accepted, for the line after it: "refund", "cancellation". */
  noun: string;
  question: (charge: Charge | undefined, id: string, declared: MoneyUnit | undefined) => string;
}

const REFUND: Action = {
  verb: 'refund',
  done: 'refunded',
  noun: 'refund',
  question: (charge, id, declared) =>
    charge
      ? `Refund ${sanitizeForTerminal(readingWithWords(readAmount(charge, declared)))} of charge ${sanitizeForTerminal(id)} (${sanitizeForTerminal(charge.status)}) to the payer?`
      : `Refund charge ${sanitizeForTerminal(id)}?`,
};

const CANCEL: Action = {
  verb: 'cancel',
  done: 'cancelled',
  noun: 'cancellation',
  question: (charge, id, declared) =>
    charge
      ? `Cancel charge ${sanitizeForTerminal(id)} of ${sanitizeForTerminal(formatReading(readAmount(charge, declared)))} (${sanitizeForTerminal(charge.status)})? Its PIX code stops working.`
      : `Cancel charge ${sanitizeForTerminal(id)}?`,
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
      throw new UsageError(
        `--yes is required to ${action.verb} without a terminal (no prompt: nothing was sent)`,
        {
          field: '--yes',
        },
      );
    }
    const client = await context.client();
    // Shown in the question, so that the person sees what they are about to change.
    const current = await client.charges.get(id, { signal: context.signal });
    const confirmed = await context.prompter.confirm({
      message: action.question(current, id, declaredMoneyUnit(context)),
      default: false,
    });
    if (!confirmed) {
      throw new CancelledError(`Cancelled: not ${action.done}, nothing was sent.`);
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
  if (context.output === 'table') context.log.info(actionLine(id, action.noun, outcome));
  return 0;
}
