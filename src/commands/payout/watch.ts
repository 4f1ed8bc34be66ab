// `paygate payout watch ID` (and `payout create --wait`): polls until the payout is completed
// (exit 0) or failed (7); still in progress at --timeout is 8 and Ctrl-C 130, both with the
// command that resumes.
import type { Context, Settings } from '../../context.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { idOf, readAmount } from '../../domain/resource-fields.js';
import { NO_STATUS_WORDS, type PayoutStatus, payoutOutcome, type StatusWords } from '../../domain/status.js';
import { FinalStatusError, PaygateError } from '../../errors.js';
import { formatReading, receivedText } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { readArguments, readFlags } from '../options.js';
import { payoutStatusWords } from '../shared/status-words.js';
import { type WatchFlags, watchTiming, watchUntilFinal, writeSuccessLine } from '../shared/watch.js';
import type { CommandHandler } from '../types.js';
import { PAYOUT_WATCH_ARGUMENTS, PAYOUT_WATCH_FLAGS } from './flags.js';
import { payoutIdArgument } from './id-argument.js';
import { writePayout } from './view.js';

export const DEFAULT_WATCH_TIMEOUT = '10m';

/** Whether a watch keeps polling: every status but the closed list of final ones (domain/status.ts). */
export function isPayoutInProgress(
  status: string,
  words: StatusWords<PayoutStatus> = NO_STATUS_WORDS,
): boolean {
  return payoutOutcome(status, words) === 'in_progress';
}

/** The command that picks a watch up again. */
export function payoutWatchCommand(id: string): string {
  return `paygate payout watch ${id}`;
}

/** A payout's watch or wait: its deadline is --timeout, default 10m. */
export interface PayoutWatchTiming {
  intervalMs: number;
  timeoutMs: number;
}

/** --interval (else the watch.interval setting, else 2s) and --timeout (default 10m). */
export function payoutWatchTiming(settings: Settings, flags: WatchFlags): PayoutWatchTiming {
  return watchTiming(settings, flags, DEFAULT_WATCH_TIMEOUT) as PayoutWatchTiming;
}

/**
 * Polls a payout until it is completed (returns it) or failed (FinalStatusError, exit 7);
 * StillPendingError (8) at the timeout, InterruptedError (130) on Ctrl-C, both with the resume
 * command. `onLast` receives the latest payout seen, so that --json can still print it.
 */
export async function followPayout(
  context: Context,
  id: string,
  timing: PayoutWatchTiming,
  onLast: (payout: Payout) => void,
  /** Set when a run made the payout (this one, or an earlier one of its key): an interrupted wait says it was made. */
  made?: 'this run' | 'earlier run',
): Promise<Payout> {
  const words = payoutStatusWords(context);
  const client = await context.client();
  const final = await watchUntilFinal<Payout>({
    context,
    fetch: () => client.payouts.get(id, { signal: context.signal }),
    status: (payout) => payout.status,
    isInProgress: (status) => isPayoutInProgress(status, words),
    intervalMs: timing.intervalMs,
    deadline: context.clock.now() + timing.timeoutMs,
    describe: (payout) =>
      sayPayout('watching', {
        status: statusText(receivedText(payout.status)),
        id: idOf(payout),
        amount: formatReading(readAmount(payout, declaredMoneyUnit(context))),
      }),
    resumeCommand: payoutWatchCommand(id),
    onUpdate: (payout) => onLast(payout),
    ...(made
      ? {
          interruptedMessage: sayPayout(
            made === 'this run' ? 'interruptedMadeByThisRun' : 'interruptedMadeEarlier',
            { id: sanitizeForTerminal(id) },
          ),
        }
      : {}),
  });
  return final;
}

/** The outcome of a followed payout as an exit: 0 completed, FinalStatusError for anything else. */
export function finalOutcome(payout: Payout, words: StatusWords<PayoutStatus> = NO_STATUS_WORDS): void {
  if (payoutOutcome(payout.status, words) === 'success') return;
  const shown = {
    id: sanitizeForTerminal(idOf(payout)),
    status: sanitizeForTerminal(statusText(payout.status, words)),
  };
  throw new FinalStatusError(
    payout.failure_reason
      ? sayPayout('finalStatusWithReason', {
          ...shown,
          reason: sanitizeForTerminal(receivedText(payout.failure_reason)),
        })
      : sayPayout('finalStatus', shown),
    { code: payout.status },
  );
}

/**
 * A payout followed to its end (`payout watch`, `payout create --wait`): printed, then exit 7 for a
 * failure (finalOutcome) or the success line and 0.
 */
export function reportFinalPayout(context: Context, final: Payout): number {
  writePayout(context, final);
  const words = payoutStatusWords(context);
  finalOutcome(final, words);
  writeSuccessLine(context, 'payout', final, words);
  return 0;
}

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
  return reportFinalPayout(context, final);
}
