// What `payout create` prints: the line saying what a new payout moved and left, the payout
// (followed to its end with --wait), and the dry run's line.
import type { Context } from '../../context.js';
import { amountIs } from '../../domain/key-mark.js';
import { formatMoney } from '../../domain/money.js';
import { declaredMoneyUnit, type MoneyUnit } from '../../domain/money-reading.js';
import { idOf, readAmount } from '../../domain/resource-fields.js';
import { payoutOutcome, type StatusWords } from '../../domain/status.js';
import { formatReading, receivedText } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { payoutStatusWords } from '../shared/status-words.js';
import type { PayoutCreateOptions } from './create-options.js';
import { writePayout } from './view.js';
import { followPayout, payoutWatchCommand, reportFinalPayout } from './watch.js';

/** ` (--keep 100 = 100 centavos)` after a figure typed as a bare integer, else nothing. */
function asRead(reading: string | undefined): string {
  return reading === undefined ? '' : ` (${reading})`;
}

/**
 * What a new payout moved and left, in reais, with how a bare integer was read: `Payout co_1,
 * pending: paid out R$ 959,10; kept R$ 1,00 (--keep 100 = 100 centavos).` On stderr in every mode
 * (--json keeps the API's data on stdout), so that a cron log shows it. What was kept or left is
 * said only when the answer's amount is the one sent (`sent`): worked out from another figure, or
 * from one of unknown unit, it would be a guess (the answer's own amount was said loudly before).
 */
function paidLine(
  options: PayoutCreateOptions,
  payout: Payout,
  available: number | undefined,
  sent: number | undefined,
  declared: MoneyUnit | undefined,
  words: StatusWords,
): string {
  // The amount as the gateway wrote it, read in its unit (never a figure of unknown unit as centavos).
  const paid = `${sanitizeForTerminal(formatReading(readAmount(payout, declared)))}${asRead(options.readings?.amount)}`;
  const status = sanitizeForTerminal(statusText(receivedText(payout.status), words));
  const id = sanitizeForTerminal(idOf(payout));
  const asSent = sent !== undefined && amountIs(payout, sent, declared) === true;
  if (options.all && asSent)
    return sayPayout('paidKept', {
      id,
      status,
      paid,
      kept: `${formatMoney(options.keep)}${asRead(options.readings?.keep)}`,
    });
  if (available !== undefined && options.amount !== undefined && asSent)
    return sayPayout('paidLeft', { id, status, paid, left: formatMoney(available - options.amount) });
  return sayPayout('paid', { id, status, paid });
}

/** Prints the payout (or follows it with --wait) and returns the exit code. */
export async function report(
  context: Context,
  options: PayoutCreateOptions,
  payout: Payout,
  existing: boolean,
  available?: number,
  sent?: number,
): Promise<number> {
  const human = context.output === 'table';
  const words = payoutStatusWords(context);
  if (!existing)
    context.log.info(paidLine(options, payout, available, sent, declaredMoneyUnit(context), words));
  if (!options.wait) {
    writePayout(context, payout);
    // Watching a payout that has ended (a rerun's, made earlier) would show nothing new.
    if (human && payoutOutcome(payout.status, words) === 'in_progress')
      context.log.info(sayPayout('followIt', { command: payoutWatchCommand(idOf(payout)) }));
    return 0;
  }
  // Waiting: the payout is shown once, as it ends (not the `pending` it was created as).
  let last = payout;
  let final: Payout;
  try {
    final = await followPayout(
      context,
      idOf(payout),
      options.timing!,
      (seen) => {
        last = seen;
      },
      existing ? 'earlier run' : 'this run',
    );
  } catch (error) {
    // A timeout or Ctrl-C: the payout as last seen, so its id is on stdout.
    writePayout(context, last);
    throw error;
  }
  return reportFinalPayout(context, final);
}

/** `Dry run: would pay out R$ 959,10 and keep R$ 1,00 (--keep 100 = 100 centavos); nothing was sent.` */
export function dryRunLine(
  options: PayoutCreateOptions,
  amount: number,
  available: number | undefined,
): string {
  const paid = `${formatMoney(amount)}${asRead(options.readings?.amount)}`;
  if (options.all)
    return sayPayout('dryRunKeep', {
      paid,
      kept: `${formatMoney(options.keep)}${asRead(options.readings?.keep)}`,
    });
  if (available !== undefined)
    return sayPayout('dryRunLeaving', { paid, left: formatMoney(available - amount) });
  return sayPayout('dryRun', { paid });
}
