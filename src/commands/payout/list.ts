import type { Context } from '../../context.js';
import { PAYOUT_STATUSES } from '../../schemas/statuses.js';
import { readFlags } from '../options.js';
import { parseStatuses, parseTimeWindow, rowLimit } from '../shared/list-filter.js';
import { isFiltered, runList } from '../shared/list-run.js';
import type { CommandInput } from '../types.js';
import { PAYOUT_LIST_FLAGS } from './flags.js';
import { payoutColumns } from './shared.js';

/**
 * `payout list`: newest first. Without --all, the newest --limit payouts (default 20); with --all
 * every page, streamed (json/ndjson/csv/plain rows are written as pages arrive).
 */
export async function handlePayoutList(input: CommandInput, context: Context): Promise<number> {
  const options = readFlags(PAYOUT_LIST_FLAGS, input);
  const limit = rowLimit(options);
  const { sinceMs, untilMs } = parseTimeWindow(options.since, options.until, context.clock.now());
  const statuses = parseStatuses(options.status, PAYOUT_STATUSES);
  const filter = { status: statuses, sinceMs, untilMs };
  const client = await context.client();
  return runList(context, {
    noun: 'payouts',
    listAll: (query, listOptions) => client.payouts.listAll(query, listOptions),
    filter,
    limit,
    columns: payoutColumns(),
    exportColumns: async () => (await import('../../output/exports.js')).PAYOUT_EXPORT,
    emptyMessage:
      statuses?.length === 1 && sinceMs === undefined && untilMs === undefined
        ? `No ${statuses[0]} payouts.`
        : isFiltered(filter)
          ? 'No payouts match.'
          : 'No payouts.',
  });
}
