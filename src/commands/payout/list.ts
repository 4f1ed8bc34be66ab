import { Listing } from '../../api/pagination.js';
import type { Context } from '../../context.js';
import { writeList } from '../../output/render.js';
import { wrapWidth } from '../../output/wrap.js';
import { PAYOUT_STATUSES } from '../../schemas/statuses.js';
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
import { PAYOUT_LIST_FLAGS } from './flags.js';
import { payoutColumns } from './shared.js';

const MAX_PAGE_SIZE = 100;

/**
 * `payout list`: newest first. Without --all, the newest --limit payouts (default 20); with --all
 * every page, streamed (json/ndjson/csv/plain rows are written as pages arrive).
 */
export async function handlePayoutList(input: CommandInput, context: Context): Promise<number> {
  const options = readFlags(PAYOUT_LIST_FLAGS, input);
  const client = await context.client();
  const limit = rowLimit(options);
  const { sinceMs, untilMs } = parseTimeWindow(options.since, options.until, context.clock.now());
  const statuses = parseStatuses(options.status, PAYOUT_STATUSES);
  const query: Record<string, string> = {};
  if (statuses?.length === 1) query.status = statuses[0]!;
  if (sinceMs !== undefined) query.since = new Date(sinceMs).toISOString();
  if (untilMs !== undefined) query.until = new Date(untilMs).toISOString();
  const extent = new ListExtent();
  const listing = new Listing(
    client.payouts.listAll(query, {
      pageSize: Math.min(limit, MAX_PAGE_SIZE),
      signal: context.signal,
      onPage: extent.onPage,
    }),
  );
  const ending = listEnding(listing, 'payouts');
  // What was read is printed, then a list not read to its end is exit 10 (ending.exitCode()).
  const rows = () =>
    newestFirst(listing, {
      filter: { status: statuses, sinceMs, untilMs },
      limit,
      onUnordered: (streaming) => context.log.warn(unorderedNotice('payouts', streaming)),
      onUndated: (count) => context.log.warn(undatedNotice('payouts', count)),
      onCut: ending.onCut,
    });
  if (context.output === 'csv') {
    const { PAYOUT_EXPORT, exportFormatOf, writeExport } = await import('../../output/exports.js');
    await writeExport(context.io.stdout, rows(), PAYOUT_EXPORT, exportFormatOf(context));
    return ending.exitCode();
  }
  const filtered = statuses !== undefined || sinceMs !== undefined || untilMs !== undefined;
  await writeList(context.io.stdout, context.output, extent.counted(rows()), payoutColumns(), {
    colors: context.colors,
    emptyMessage:
      statuses?.length === 1 && sinceMs === undefined && untilMs === undefined
        ? `No ${statuses[0]} payouts.`
        : filtered
          ? 'No payouts match.'
          : 'No payouts.',
    messages: context.io.stderr,
    width: wrapWidth(context.io, context.io.stdoutIsTTY),
  });
  const more = extent.notice('payouts', limit, filtered);
  if (more !== undefined && context.output === 'table' && context.io.stderrIsTTY) context.log.info(more);
  return ending.exitCode();
}
