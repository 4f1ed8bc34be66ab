// The run of `charge list` and `payout list`, one for both: the query the gateway may apply, the
// same filter applied again here, newest first, the rows written (a table fitted to the terminal,
// or streamed), what --limit left out said at a terminal (and in every mode when it was the
// default limit), and exit 10 for a list not read to its end (--max-pages). Each command gives
// its noun, its listing and its columns.
import { type ListAllSummary, Listing, type ResourceListAllOptions } from '../../api/pagination.js';
import type { Context } from '../../context.js';
import type { ExportColumn } from '../../output/exports.js';
import { type Column, terminalFit, writeList } from '../../output/render.js';
import {
  dateOnlyNotice,
  type ListBounds,
  ListExtent,
  type Listed,
  type ListFilter,
  listEnding,
  newestFirst,
  undatedNotice,
  unorderedNotice,
  wallClockNotice,
} from './list-filter.js';

const MAX_PAGE_SIZE = 100;

export interface ListRun<T extends Listed> {
  noun: 'charges' | 'payouts';
  /** The gateway's listing of `query`, page by page. */
  listAll: (
    query: Record<string, string>,
    options: ResourceListAllOptions<T>,
  ) => AsyncGenerator<T, ListAllSummary, undefined>;
  filter: ListFilter;
  /** Rows at most, pages at most, and whether the limit is the default one (listBounds). */
  bounds: ListBounds;
  columns: Column<T>[];
  /** The CSV export's columns, loaded only for `-o csv`. */
  exportColumns: () => Promise<readonly ExportColumn[]>;
  /** What a table says when no row came. */
  emptyMessage: string;
}

/** The gateway query of a filter: one status may be asked of the gateway; several are applied here. */
function queryOf(filter: ListFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.status?.length === 1) query.status = filter.status[0]!;
  if (filter.externalId !== undefined) query.external_id = filter.externalId;
  if (filter.sinceMs !== undefined) query.since = new Date(filter.sinceMs).toISOString();
  if (filter.untilMs !== undefined) query.until = new Date(filter.untilMs).toISOString();
  return query;
}

/** Whether the filter narrows the list (a gateway's total then is not the rows that match). */
export function isFiltered(filter: ListFilter): boolean {
  return (
    filter.status !== undefined ||
    filter.sinceMs !== undefined ||
    filter.untilMs !== undefined ||
    filter.externalId !== undefined
  );
}

export async function runList<T extends Listed>(context: Context, list: ListRun<T>): Promise<number> {
  const { noun, filter, bounds } = list;
  const { limit, maxPages } = bounds;
  const extent = new ListExtent();
  const listing = new Listing(
    list.listAll(queryOf(filter), {
      pageSize: Math.min(limit, MAX_PAGE_SIZE),
      ...(maxPages !== undefined ? { maxPages } : {}),
      signal: context.signal,
      onPage: extent.onPage,
    }),
  );
  const ending = listEnding(listing, noun, maxPages !== undefined ? '--max-pages' : undefined);
  // What was read is printed, then a list not read to its end is exit 10 (ending.exitCode()).
  const rows = () =>
    extent.counted(
      newestFirst(listing, {
        filter,
        limit,
        streaming: bounds.streaming,
        onUnordered: (streaming) => context.log.warn(unorderedNotice(noun, streaming)),
        onUndated: (count) => context.log.warn(undatedNotice(noun, count)),
        onDateOnly: (count) => context.log.warn(dateOnlyNotice(noun, count)),
        onWallClock: (count) => context.log.warn(wallClockNotice(noun, count)),
        onCut: ending.onCut,
      }),
    );
  if (context.output === 'csv') {
    const { exportFormatOf, writeExport } = await import('../../output/exports.js');
    await writeExport(context.io.stdout, rows(), await list.exportColumns(), exportFormatOf(context));
  } else {
    await writeList(context.io.stdout, context.output, rows(), list.columns, {
      colors: context.colors,
      emptyMessage: list.emptyMessage,
      ...terminalFit(context.io),
    });
  }
  tellRowsLeftOut(context, extent.notice(noun, limit, isFiltered(filter)), bounds.defaultLimit);
  return ending.exitCode();
}

/**
 * What --limit left out: a note for a person at a table; a warning in every other mode (and with
 * --quiet) when no flag chose the limit, since a file or a script must not take the newest 20
 * for the whole list. A --limit given is the caller's choice: a script is not told.
 */
function tellRowsLeftOut(context: Context, notice: string | undefined, defaultLimit: boolean): void {
  if (notice === undefined) return;
  if (context.output === 'table' && context.io.stderrIsTTY) context.log.info(notice);
  else if (defaultLimit) context.log.warn(notice);
}
