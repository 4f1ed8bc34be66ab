// `paygate charge capture ID [--amount M]`: captures an authorised card charge,
// all of it or part (at most the authorised amount: the gateway decides). Never repeated once
// sent: a lost answer is exit 9. A 404 is told apart: no such charge, or no capture endpoint on
// this gateway (the charge exists), which is exit 3 with a message saying so.
import type { Client } from '../../api/client.js';
import { NotFoundError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { parseMoney } from '../../domain/money.js';
import { ExitCode, PaygateError } from '../../errors.js';
import { formatAmount } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { readArguments, readFlags } from '../options.js';
import { noteSmallCentavos } from '../shared/money-note.js';
import { type ResourceAction, runResourceAction } from '../shared/resource-action.js';
import type { CommandHandler } from '../types.js';
import { ACTED_CHARGE, actionLine, chargeActionWhat } from './after-action.js';
import { CHARGE_CAPTURE_ARGUMENTS, CHARGE_CAPTURE_FLAGS } from './flags.js';
import { chargeIdArgument } from './id-argument.js';

/** The charge exists (a 404 on capture then means the endpoint is missing), or the GET's error. */
async function captureNotSupported(
  client: Client,
  id: string,
  cause: NotFoundError,
  signal: AbortSignal | undefined,
): Promise<PaygateError> {
  await client.charges.get(id, { signal });
  return new PaygateError(
    sayCharge('captureNotSupported', { id: sanitizeForTerminal(id), message: cause.message }),
    ExitCode.ApiRefused,
    {
      type: 'capture_not_supported',
      status: 404,
      hint: sayCharge('captureNotSupportedHint'),
    },
  );
}

export interface ChargeCaptureOptions {
  id: string;
  /** Centavos to capture; undefined: all that was authorised. */
  amount: number | undefined;
  /** --amount as typed, for the note on a small centavos value. */
  amountText: string | undefined;
}

export const chargeCapture: CommandHandler<ChargeCaptureOptions> = {
  parse(input) {
    const flags = readFlags(CHARGE_CAPTURE_FLAGS, input);
    const id = chargeIdArgument(readArguments(CHARGE_CAPTURE_ARGUMENTS, input).id);
    const amount = flags.amount === undefined ? undefined : parseMoney(flags.amount, '--amount');
    return { id, amount, amountText: flags.amount };
  },
  run: capture,
};

async function capture({ id, amount, amountText }: ChargeCaptureOptions, context: Context): Promise<number> {
  noteSmallCentavos(context, amountText, '--amount');
  return runResourceAction(captureOf(id, amount), context);
}

function captureOf(id: string, amount: number | undefined): ResourceAction<Charge> {
  return {
    resource: ACTED_CHARGE,
    id,
    what: chargeActionWhat('capture'),
    send: async (client, signal) => {
      try {
        return await client.charges.capture(id, amount === undefined ? {} : { amount }, { signal });
      } catch (error) {
        if (error instanceof NotFoundError) throw await captureNotSupported(client, id, error, signal);
        throw error;
      }
    },
    accepted: (outcome) => {
      const charge = outcome.resource;
      const card = (charge as { card?: { captured_amount?: unknown } }).card;
      const captured =
        typeof card?.captured_amount === 'number' ? card.captured_amount : (amount ?? charge.amount);
      return actionLine(id, 'capture', outcome, formatAmount(captured));
    },
  };
}
