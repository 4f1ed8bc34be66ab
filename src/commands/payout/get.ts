import type { Context } from '../../context.js';
import { readArguments } from '../options.js';
import type { CommandHandler } from '../types.js';
import { PAYOUT_GET_ARGUMENTS } from './flags.js';
import { payoutIdArgument } from './id-argument.js';
import { writePayout } from './view.js';

export interface PayoutGetOptions {
  /** Trimmed; no spaces or slashes. */
  id: string;
}

/** `payout get ID`: GET /v1/payouts/{id}; --json prints the API's data exactly. */
export const payoutGet: CommandHandler<PayoutGetOptions> = {
  parse: (input) => ({ id: payoutIdArgument(readArguments(PAYOUT_GET_ARGUMENTS, input).id) }),
  run: showPayout,
};

async function showPayout({ id }: PayoutGetOptions, context: Context): Promise<number> {
  const client = await context.client();
  const payout = await client.payouts.get(id, { signal: context.signal });
  writePayout(context, payout);
  return 0;
}
