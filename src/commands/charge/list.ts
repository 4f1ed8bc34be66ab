// `paygate charge list`: newest first, filtered by status, creation time and external id. The
// filters are sent to the gateway and checked again here, so a gateway that ignores one never
// widens the answer. --all streams every page (json/ndjson/csv/plain rows as pages arrive).
import type { Context } from '../../context.js';
import { CHARGE_STATUSES } from '../../schemas/statuses.js';
import { readFlags } from '../options.js';
import { parseStatuses, parseTimeWindow, rowLimit } from '../shared/list-filter.js';
import { isFiltered, runList } from '../shared/list-run.js';
import type { CommandInput } from '../types.js';
import { CHARGE_LIST_FLAGS } from './flags.js';
import { chargeColumns } from './shared.js';

export async function handleChargeList(input: CommandInput, context: Context): Promise<number> {
  const options = readFlags(CHARGE_LIST_FLAGS, input);
  const { sinceMs, untilMs } = parseTimeWindow(options.since, options.until, context.clock.now());
  const filter = {
    status: parseStatuses(options.status, CHARGE_STATUSES),
    sinceMs,
    untilMs,
    externalId: options.externalId,
  };
  const limit = rowLimit(options);
  const client = await context.client();
  return runList(context, {
    noun: 'charges',
    listAll: (query, listOptions) => client.charges.listAll(query, listOptions),
    filter,
    limit,
    columns: chargeColumns(),
    exportColumns: async () => (await import('../../output/exports.js')).CHARGE_EXPORT,
    emptyMessage: isFiltered(filter) ? 'No charges match.' : 'No charges.',
  });
}
