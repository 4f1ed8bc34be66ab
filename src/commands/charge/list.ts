// `paygate charge list`: newest first, filtered by status and creation time. The filters are sent
// to the gateway and checked again here, so a gateway that ignores one never widens the answer.
// --all streams every page (json/ndjson/csv/plain rows are written as pages arrive).
import { Listing } from '../../api/pagination.js';
import type { Context } from '../../context.js';
import { writeList } from '../../output/render.js';
import { wrapWidth } from '../../output/wrap.js';
import { CHARGE_STATUSES } from '../../schemas/statuses.js';
import { readFlags } from '../options.js';
import {
  ListExtent,
  listEnding,
  newestFirst,
  parseStatuses,
  parseTimeWindow,
  rowLimit,
  undatedNotice,
  unorderedNotice,
} from '../shared/list-filter.js';
import type { CommandInput } from '../types.js';
import { CHARGE_LIST_FLAGS } from './flags.js';
import { chargeColumns } from './shared.js';

const MAX_PAGE_SIZE = 100;

export async function handleChargeList(input: CommandInput, context: Context): Promise<number> {
  const options = readFlags(CHARGE_LIST_FLAGS, input);
  const { sinceMs: since, untilMs: until } = parseTimeWindow(
    options.since,
    options.until,
    context.clock.now(),
  );
  const statuses = parseStatuses(options.status, CHARGE_STATUSES);
  const limit = rowLimit(options);

  const client = await context.client();
  const query: Record<string, string> = {};
  // One status can be asked of the gateway; several are applied here only.
  if (statuses?.length === 1) query.status = statuses[0]!;
  if (options.externalId !== undefined) query.external_id = options.externalId;
  if (since !== undefined) query.since = new Date(since).toISOString();
  if (until !== undefined) query.until = new Date(until).toISOString();
  const extent = new ListExtent();
  const listing = new Listing(
    client.charges.listAll(query, {
      pageSize: Math.min(limit, MAX_PAGE_SIZE),
      signal: context.signal,
      onPage: extent.onPage,
    }),
  );

  const ending = listEnding(listing, 'charges');
  // What was read is printed, then a list not read to its end is exit 10 (ending.exitCode()).
  const rows = () =>
    newestFirst(listing, {
      filter: { status: statuses, sinceMs: since, untilMs: until, externalId: options.externalId },
      limit,
      onUnordered: (streaming) => context.log.warn(unorderedNotice('charges', streaming)),
      onUndated: (count) => context.log.warn(undatedNotice('charges', count)),
      onCut: ending.onCut,
    });

  if (context.output === 'csv') {
    const { CHARGE_EXPORT, exportFormatOf, writeExport } = await import('../../output/exports.js');
    await writeExport(context.io.stdout, rows(), CHARGE_EXPORT, exportFormatOf(context));
    return ending.exitCode();
  }
  const filtered =
    statuses !== undefined || since !== undefined || until !== undefined || options.externalId !== undefined;
  await writeList(context.io.stdout, context.output, extent.counted(rows()), chargeColumns(), {
    colors: context.colors,
    emptyMessage: filtered ? 'No charges match.' : 'No charges.',
    messages: context.io.stderr,
    width: wrapWidth(context.io, context.io.stdoutIsTTY),
  });
  const more = extent.notice('charges', limit, filtered);
  if (more !== undefined && context.output === 'table' && context.io.stderrIsTTY) context.log.info(more);
  return ending.exitCode();
}
