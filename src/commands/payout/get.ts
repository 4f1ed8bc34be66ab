import { z } from 'zod';
import type { Context } from '../../context.js';
import { parseOptions } from '../options.js';
import type { CommandInput } from '../types.js';
import { payoutIdArgument, writePayout } from './shared.js';

const schema = z.object({ args: z.array(z.string()).length(1, 'give one payout id') });

/** `payout get ID`: GET /v1/payouts/{id}; --json prints the API's data exactly. */
export async function handlePayoutGet(input: CommandInput, context: Context): Promise<number> {
  const options = parseOptions(schema, input);
  const id = payoutIdArgument(options.args[0]);
  const client = await context.client();
  const payout = await client.payouts.get(id, { signal: context.signal });
  writePayout(context, payout);
  return 0;
}
