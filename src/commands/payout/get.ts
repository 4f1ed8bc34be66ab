import type { Context } from '../../context.js';
import { oneArgument } from '../options.js';
import type { CommandInput } from '../types.js';
import { payoutIdArgument, writePayout } from './shared.js';

/** `payout get ID`: GET /v1/payouts/{id}; --json prints the API's data exactly. */
export async function handlePayoutGet(input: CommandInput, context: Context): Promise<number> {
  const id = payoutIdArgument(oneArgument(input, 'give one payout id'));
  const client = await context.client();
  const payout = await client.payouts.get(id, { signal: context.signal });
  writePayout(context, payout);
  return 0;
}
