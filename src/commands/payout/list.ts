import type { Context } from '../../context.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { PAYOUT_STATUSES } from '../../domain/status.js';
import { statusText } from '../../output/status-text.js';
import { sayPayout } from '../../text/en/payout.js';
import { readFlags } from '../options.js';
import { type ListBounds, listBounds, parseStatuses } from '../shared/list-filter.js';
import { isFiltered, runList } from '../shared/list-run.js';
import { payoutStatusWords } from '../shared/status-words.js';
import { readTimeWindow, type TimeWindow, timeWindowMs } from '../shared/time-window.js';
import type { CommandHandler } from '../types.js';
import { PAYOUT_LIST_FLAGS } from './flags.js';
import { payoutColumns } from './list-columns.js';

export interface PayoutListOptions {
  /** --limit, --all, --max-pages and the range's defaults. */
  bounds: ListBounds;
  /** --since/--until, placed on the clock when the command runs. */
  window: TimeWindow;
  /** Lower case, each one of the payout statuses; undefined: every status. */
  statuses?: string[];
}

/**
 * `payout list`: newest first. Without --all, the newest --limit payouts (default 20; a
 * --since/--until range: all of it, up to --max-pages); with --all every page, streamed
 * (json/ndjson/csv/plain rows are written as pages arrive).
 */
export const payoutList: CommandHandler<PayoutListOptions> = {
  parse: (input) => {
    const flags = readFlags(PAYOUT_LIST_FLAGS, input);
    const window = readTimeWindow(flags.since, flags.until);
    const bounds = listBounds(flags, window);
    const statuses = parseStatuses(flags.status, PAYOUT_STATUSES);
    return { bounds, window, ...(statuses ? { statuses } : {}) };
  },
  run: listPayouts,
};

async function listPayouts(options: PayoutListOptions, context: Context): Promise<number> {
  const { statuses, bounds } = options;
  const { sinceMs, untilMs } = timeWindowMs(options.window, context.clock.now());
  const statusWords = payoutStatusWords(context);
  const filter = { status: statuses, statusWords, sinceMs, untilMs };
  const client = await context.client();
  return runList(context, {
    noun: 'payouts',
    listAll: (query, listOptions) => client.payouts.listAll(query, listOptions),
    filter,
    bounds,
    columns: payoutColumns(statusWords, declaredMoneyUnit(context), context.output === 'table'),
    exportColumns: async () => (await import('../../output/exports.js')).PAYOUT_EXPORT,
    emptyMessage:
      statuses?.length === 1 && sinceMs === undefined && untilMs === undefined
        ? sayPayout('noPayoutsWithStatus', { status: statusText(statuses[0]!) })
        : isFiltered(filter)
          ? sayPayout('noPayoutsMatch')
          : sayPayout('noPayouts'),
  });
}
