// `paygate charge list`: newest first, filtered by status, creation time and external id. The
// filters are sent to the gateway and checked again here, so a gateway that ignores one never
// widens the answer. --all streams every page (json/ndjson/csv/plain rows as pages arrive); a
// --since/--until range without --limit is read whole (up to --max-pages), newest first.
import type { Context } from '../../context.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { CHARGE_STATUSES } from '../../domain/status.js';
import { sayCharge } from '../../text/en/charge.js';
import { readFlags } from '../options.js';
import { type ListBounds, listBounds, parseStatuses } from '../shared/list-filter.js';
import { isFiltered, runList } from '../shared/list-run.js';
import { chargeStatusWords } from '../shared/status-words.js';
import { readTimeWindow, type TimeWindow, timeWindowMs } from '../shared/time-window.js';
import type { CommandHandler } from '../types.js';
import { CHARGE_LIST_FLAGS } from './flags.js';
import { chargeColumns } from './list-columns.js';

export interface ChargeListOptions {
  /** Lower-cased, each one of the charge statuses. */
  status: string[] | undefined;
  /** --since/--until, placed on the clock when the command runs. */
  window: TimeWindow;
  externalId: string | undefined;
  /** --limit, --all, --max-pages and the range's defaults. */
  bounds: ListBounds;
}

export const chargeList: CommandHandler<ChargeListOptions> = {
  parse(input) {
    const options = readFlags(CHARGE_LIST_FLAGS, input);
    const window = readTimeWindow(options.since, options.until);
    return {
      status: parseStatuses(options.status, CHARGE_STATUSES),
      window,
      externalId: options.externalId,
      bounds: listBounds(options, window),
    };
  },
  run: listCharges,
};

async function listCharges(options: ChargeListOptions, context: Context): Promise<number> {
  const { sinceMs, untilMs } = timeWindowMs(options.window, context.clock.now());
  const statusWords = chargeStatusWords(context);
  const filter = { status: options.status, statusWords, sinceMs, untilMs, externalId: options.externalId };
  const client = await context.client();
  return runList(context, {
    noun: 'charges',
    listAll: (query, listOptions) => client.charges.listAll(query, listOptions),
    filter,
    bounds: options.bounds,
    columns: chargeColumns(statusWords, declaredMoneyUnit(context), context.output === 'table'),
    exportColumns: async () => (await import('../../output/exports.js')).CHARGE_EXPORT,
    emptyMessage: sayCharge(isFiltered(filter) ? 'noChargesMatch' : 'noCharges'),
  });
}
