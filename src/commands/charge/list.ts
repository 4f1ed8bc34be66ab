// `paygate charge list`: newest first, filtered by status, creation time and external id. The
// filters are sent to the gateway and checked again here, so a gateway that ignores one never
// widens the answer. --all streams every page (json/ndjson/csv/plain rows as pages arrive).
import type { Context } from '../../context.js';
import { CHARGE_STATUSES } from '../../schemas/statuses.js';
import { readFlags } from '../options.js';
import { parseStatuses, parseTimeArgument, parseTimeWindow, rowLimit } from '../shared/list-filter.js';
import { isFiltered, runList } from '../shared/list-run.js';
import type { CommandHandler } from '../types.js';
import { CHARGE_LIST_FLAGS } from './flags.js';
import { chargeColumns } from './list-columns.js';

export interface ChargeListOptions {
  /** Lower-cased, each one of the charge statuses. */
  status: string[] | undefined;
  /**
   * --since and --until as typed, each checked to be a time; a duration ago (`7d`) is read against
   * the clock, and the one checked to be before the other, when the command runs.
   */
  since: string | undefined;
  until: string | undefined;
  externalId: string | undefined;
  /** Rows at most: Infinity with --all. */
  limit: number;
}

/** Any instant: only the form of a time is checked before the clock is read. */
const ANY_NOW = 0;

export const chargeList: CommandHandler<ChargeListOptions> = {
  parse(input) {
    const options = readFlags(CHARGE_LIST_FLAGS, input);
    if (options.since !== undefined) parseTimeArgument(options.since, '--since', ANY_NOW);
    if (options.until !== undefined) parseTimeArgument(options.until, '--until', ANY_NOW);
    return {
      status: parseStatuses(options.status, CHARGE_STATUSES),
      since: options.since,
      until: options.until,
      externalId: options.externalId,
      limit: rowLimit(options),
    };
  },
  run: listCharges,
};

async function listCharges(options: ChargeListOptions, context: Context): Promise<number> {
  const { sinceMs, untilMs } = parseTimeWindow(options.since, options.until, context.clock.now());
  const filter = { status: options.status, sinceMs, untilMs, externalId: options.externalId };
  const client = await context.client();
  return runList(context, {
    noun: 'charges',
    listAll: (query, listOptions) => client.charges.listAll(query, listOptions),
    filter,
    limit: options.limit,
    columns: chargeColumns(),
    exportColumns: async () => (await import('../../output/exports.js')).CHARGE_EXPORT,
    emptyMessage: isFiltered(filter) ? 'No charges match.' : 'No charges.',
  });
}
