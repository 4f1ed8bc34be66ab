// `paygate charge watch ID` (and `charge create --watch`): polls until the charge is no longer
// pending. Exit 0 paid, 7 expired/failed/refunded (or any other final status), 8 still pending
// at --timeout, 130 on Ctrl-C; 8 and 130 print the command that resumes.
import type { Context, Settings } from '../../context.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { idOf, readAmount } from '../../domain/resource-fields.js';
import { chargeOutcome } from '../../domain/status.js';
import { FinalStatusError, InterruptedError, PaygateError } from '../../errors.js';
import { formatReading, receivedText } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import { type Charge, PIX_EXPIRES_IN_DEFAULT } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { readArguments, readFlags } from '../options.js';
import { chargeStatusWords } from '../shared/status-words.js';
import {
  type WatchFlags,
  type WatchTiming,
  watchTiming,
  watchUntilFinal,
  writeSuccessLine,
} from '../shared/watch.js';
import type { CommandHandler } from '../types.js';
import { CHARGE_WATCH_ARGUMENTS, CHARGE_WATCH_FLAGS } from './flags.js';
import { chargeIdArgument } from './id-argument.js';
import { describeExpiry, expiresAtMs, isChargeInProgress } from './progress.js';
import { writeCharge } from './view.js';

/** The command that picks a watch up again. */
function watchResumeCommand(id: string): string {
  return `paygate charge watch ${id}`;
}

/** The default --timeout runs this long past the PIX expiry (the gateway may be late to expire). */
export const WATCH_GRACE_MS = 60_000;

/** --interval (else the watch.interval setting, else 2s) and --timeout (else until expiry + 1m). */
export function chargeWatchTiming(settings: Settings, flags: WatchFlags): WatchTiming {
  return watchTiming(settings, flags);
}

/**
 * Follows a charge until it leaves pending and returns it when paid. Any other final status is a
 * FinalStatusError (exit 7); the timeout StillPendingError (8) and Ctrl-C InterruptedError (130)
 * come from watchUntilFinal with the resume command. `initial` (a charge just fetched or
 * created) saves the first request; `onLast` receives every charge seen.
 */
export async function followCharge(
  context: Context,
  id: string,
  timing: WatchTiming,
  options: { initial?: Charge; onLast?: (charge: Charge) => void } = {},
): Promise<Charge> {
  // Read before anything is sent: a hand-edited declaration that does not parse is exit 2.
  const words = chargeStatusWords(context);
  const client = await context.client();
  const fetchCharge = () => client.charges.get(id, { signal: context.signal });
  let first: Charge | undefined;
  try {
    first = options.initial ?? (await fetchCharge());
  } catch (error) {
    if (error instanceof InterruptedError) {
      throw new InterruptedError(error.message, sayCharge('resumeWith', { command: watchResumeCommand(id) }));
    }
    throw error;
  }
  options.onLast?.(first);
  const start = context.clock.now();
  const expiresAt = expiresAtMs(first);
  const deadline =
    timing.timeoutMs !== undefined
      ? start + timing.timeoutMs
      : Math.max(start, (expiresAt ?? start + PIX_EXPIRES_IN_DEFAULT * 1000) + WATCH_GRACE_MS);

  const final = await watchUntilFinal<Charge>({
    context,
    fetch: async () => {
      if (first) {
        const charge = first;
        first = undefined;
        return charge;
      }
      return fetchCharge();
    },
    status: (charge) => charge.status,
    isInProgress: (status) => isChargeInProgress(status, words),
    intervalMs: timing.intervalMs,
    deadline,
    describe: (charge) => {
      const expiry = describeExpiry(charge, context.clock.now());
      const said = {
        status: statusText(receivedText(charge.status)),
        id: idOf(charge),
        amount: formatReading(readAmount(charge, declaredMoneyUnit(context))),
      };
      return expiry ? sayCharge('watchLineExpiry', { ...said, expiry }) : sayCharge('watchLine', said);
    },
    resumeCommand: watchResumeCommand(id),
    onUpdate: (charge) => options.onLast?.(charge),
  });
  if (chargeOutcome(final.status, words) !== 'success') {
    throw new FinalStatusError(
      sayCharge('notPaid', {
        id: sanitizeForTerminal(idOf(final)),
        status: sanitizeForTerminal(statusText(final.status, words)),
      }),
      { code: final.status },
    );
  }
  return final;
}

/**
 * Runs a watch and prints the outcome: the final charge on stdout (with --json/-o ndjson also
 * the last one seen when the watch ends on a timeout, Ctrl-C or a failed status), a status line
 * for people on stderr.
 */
export async function watchAndReport(
  context: Context,
  id: string,
  timing: WatchTiming,
  options: { initial?: Charge; printFinal: boolean },
): Promise<number> {
  let last: Charge | undefined = options.initial;
  let final: Charge;
  try {
    final = await followCharge(context, id, timing, {
      initial: options.initial,
      onLast: (charge) => {
        last = charge;
      },
    });
  } catch (error) {
    // A final status (expired, failed) is the charge's outcome: shown as a paid one is.
    const shown = context.output !== 'table' || (options.printFinal && error instanceof FinalStatusError);
    if (error instanceof PaygateError && last && shown) await writeCharge(context, last);
    throw error;
  }
  if (options.printFinal || context.output !== 'table') await writeCharge(context, final);
  writeSuccessLine(context, 'charge', final, chargeStatusWords(context));
  return 0;
}

export interface ChargeWatchOptions {
  id: string;
  /** --interval and --timeout, read with the watch.interval setting. */
  timing: WatchTiming;
}

export const chargeWatch: CommandHandler<ChargeWatchOptions> = {
  parse(input, settings) {
    const flags = readFlags(CHARGE_WATCH_FLAGS, input);
    const id = chargeIdArgument(readArguments(CHARGE_WATCH_ARGUMENTS, input).id);
    return { id, timing: chargeWatchTiming(settings, flags) };
  },
  run: ({ id, timing }, context) => watchAndReport(context, id, timing, { printFinal: true }),
};
