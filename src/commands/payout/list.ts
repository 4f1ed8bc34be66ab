import { Listing } from '../../api/pagination.js';
import type { Context } from '../../context.js';
import { writeList } from '../../output/render.js';
import { PAYOUT_STATUSES } from '../../schemas/statuses.js';
import { readFlags } from '../options.js';
import {
  listEnding,
  newestFirst,
  parseStatuses,
  parseTimeWindow,
  undatedNotice,
  unorderedNotice,
} from '../shared/list-filter.js';
import type { CommandInput } from '../types.js';
import { PAYOUT_LIST_FLAGS } from './flags.js';
import { payoutColumns } from './shared.js';

const MAX_PAGE_SIZE = 100;

/**
 * `payout list`: newest first. Without --all, the first --limit payouts (default 20); with --all
 * every page, streamed (json/ndjson/csv/plain rows are written as pages arrive).
 */
export async function handlePayoutList(input: CommandInput, context: Context): Promise<number> {
  const options = readFlags(PAYOUT_LIST_FLAGS, input);
  const client = await context.client();
  const limit = options.limit ?? 20;
  const { sinceMs, untilMs } = parseTimeWindow(options.since, options.until, context.clock.now());
  const statuses = parseStatuses(options.status, PAYOUT_STATUSES);
  const query: Record<string, string> = {};
  if (statuses?.length === 1) query.status = statuses[0]!;
  if (sinceMs !== undefined) query.since = new Date(sinceMs).toISOString();
  if (untilMs !== undefined) query.until = new Date(untilMs).toISOString();
  const listing = new Listing(
    client.payouts.listAll(query, {
      pageSize: options.all ? MAX_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE),
      signal: context.signal,
    }),
  );
  const ending = listEnding(listing, 'payouts');
  // What was read is printed, then a list not read to its end is exit 10 (ending.exitCode()).
  const rows = () =>
    newestFirst(listing, {
      filter: { status: statuses, sinceMs, untilMs },
      limit: options.all ? Number.POSITIVE_INFINITY : limit,
      onUnordered: (streaming) => context.log.warn(unorderedNotice('payouts', streaming)),
      onUndated: (count) => context.log.warn(undatedNotice('payouts', count)),
      onCut: ending.onCut,
    });
  if (context.output === 'csv') {
    const { PAYOUT_EXPORT, exportFormatOf, writeExport } = await import('../../output/exports.js');
    await writeExport(context.io.stdout, rows(), PAYOUT_EXPORT, exportFormatOf(context));
    return ending.exitCode();
  }
  await writeList(context.io.stdout, context.output, rows(), payoutColumns(), {
    colors: context.colors,
    emptyMessage:
      statuses?.length === 1 && sinceMs === undefined && untilMs === undefined
        ? `No ${statuses[0]} payouts.`
        : statuses || sinceMs !== undefined || untilMs !== undefined
          ? 'No payouts match.'
          : 'No payouts.',
    messages: context.io.stderr,
  });
  return ending.exitCode();
}
