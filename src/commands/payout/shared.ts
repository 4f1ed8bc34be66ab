// What several payout commands share: one payout printed, the id argument, and the wait loop used
// by `payout watch` and `payout create --wait`.
import type { Context, Settings } from '../../context.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { idOf, namesRead, readAmount } from '../../domain/resource-fields.js';
import { NO_STATUS_WORDS, type PayoutStatus, payoutOutcome, type StatusWords } from '../../domain/status.js';
import { FinalStatusError, UsageError } from '../../errors.js';
import { exportFormatOf, exportText, PAYOUT_EXPORT } from '../../output/exports.js';
import { formatReading, receivedText } from '../../output/format.js';
import { otherFields, writeObject } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { payoutStatusWords } from '../shared/status-words.js';
import { type WatchFlags, watchTiming, watchUntilFinal } from '../shared/watch.js';
import { payoutFields } from './detail-fields.js';

const text = receivedText;

export const DEFAULT_WATCH_TIMEOUT = '10m';

/** Whether a watch keeps polling: every status but the closed list of final ones (domain/status.ts). */
export function isPayoutInProgress(
  status: string,
  words: StatusWords<PayoutStatus> = NO_STATUS_WORDS,
): boolean {
  return payoutOutcome(status, words) === 'in_progress';
}

/** Payout fields paygate knows and leaves out of the detail view (they are in --json). */
const PAYOUT_FIELDS_NOT_SHOWN = ['updated_at', 'failed_at'];

/** One payout: json/ndjson the API's data exactly; a table leaves out empty optional rows. */
export function writePayout(context: Context, payout: Payout): void {
  if (context.output === 'csv') {
    // The export columns, the same as `payout list -o csv`.
    context.io.stdout.write(exportText([payout], PAYOUT_EXPORT, exportFormatOf(context)));
    return;
  }
  const known = payoutFields(
    context.clock.now(),
    payoutStatusWords(context),
    declaredMoneyUnit(context),
    context.output === 'table',
  );
  let fields = known;
  if (context.output === 'table') {
    // By the field each row shows (its label is in the run's language); `Failed` has none.
    const optional = new Set(['description', 'failure_reason', 'failed_at', 'provider', 'pix_key']);
    fields = fields.filter((field) => !optional.has(field.key ?? '') || text(field.value(payout)) !== '');
    // Fields paygate does not recognise are listed (name: value), never dropped.
    fields = [...fields, ...otherFields(payout, known, [...PAYOUT_FIELDS_NOT_SHOWN, ...namesRead(payout)])];
  }
  writeObject(context.io.stdout, context.output, payout, fields, { colors: context.colors });
  if (context.output === 'table' && payoutOutcome(payout.status, payoutStatusWords(context)) === 'failure') {
    // The gateway restores a failed payout's amount (docs/gateway-api.md, "Statuses").
    context.log.info(sayPayout('payoutFailed', { id: sanitizeForTerminal(idOf(payout)) }));
  }
}

/** A payout id from an argument: opaque (`co_…`), but not empty and without spaces or slashes. */
export function payoutIdArgument(value: string | undefined): string {
  const id = (value ?? '').trim();
  if (id === '' || /[\s/?#]/.test(id)) {
    throw new UsageError(
      sayPayout('notPayoutId', { value: JSON.stringify(sanitizeForTerminal(value ?? '')) }),
      {
        field: 'id',
      },
    );
  }
  return id;
}

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
        status: receivedText(payout.status),
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
