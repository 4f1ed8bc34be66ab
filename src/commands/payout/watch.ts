import type { Context } from '../../context.js';
import { PaygateError } from '../../errors.js';
import type { Payout } from '../../schemas/payout.js';
import { readArguments, readFlags } from '../options.js';
import { payoutStatusWords } from '../shared/status-words.js';
import { writeSuccessLine } from '../shared/watch.js';
import type { CommandHandler } from '../types.js';
import { PAYOUT_WATCH_ARGUMENTS, PAYOUT_WATCH_FLAGS } from './flags.js';
import {
  finalOutcome,
  followPayout,
  type PayoutWatchTiming,
  payoutIdArgument,
  payoutWatchTiming,
  writePayout,
} from './shared.js';

export interface PayoutWatchOptions {
  id: string;
  timing: PayoutWatchTiming;
}

/**
 * `payout watch ID`: polls until completed (exit 0) or failed (7); still in progress at
 * --timeout is 8 and Ctrl-C 130, both with the command that resumes. With --json, the last
 * payout seen is printed whatever the outcome.
 */
export const payoutWatch: CommandHandler<PayoutWatchOptions> = {
  parse: (input, settings) => {
    const flags = readFlags(PAYOUT_WATCH_FLAGS, input);
    const id = payoutIdArgument(readArguments(PAYOUT_WATCH_ARGUMENTS, input).id);
    return { id, timing: payoutWatchTiming(settings, flags) };
  },
  run: watchPayout,
};

async function watchPayout({ id, timing }: PayoutWatchOptions, context: Context): Promise<number> {
  let last: Payout | undefined;
  let final: Payout;
  try {
    final = await followPayout(context, id, timing, (payout) => {
      last = payout;
    });
  } catch (error) {
    if (error instanceof PaygateError && last && context.output !== 'table') writePayout(context, last);
    throw error;
  }
  writePayout(context, final);
  const words = payoutStatusWords(context);
  finalOutcome(final, words);
  writeSuccessLine(context, 'payout', final, words);
  return 0;
}
