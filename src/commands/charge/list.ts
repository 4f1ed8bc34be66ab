// `paygate charge list`: newest first, filtered by status and creation time. The filters are sent
// to the gateway and checked again here, so a gateway that ignores one never widens the answer.
// --all streams every page (json/ndjson/csv/plain rows are written as pages arrive).
import { z } from 'zod';
import type { Context } from '../../context.js';
import { parseDuration } from '../../domain/duration.js';
import { UsageError } from '../../errors.js';
import { writeList } from '../../output/render.js';
import { CHARGE_STATUSES } from '../../schemas/statuses.js';
import { parseOptions } from '../options.js';
import { newestFirst, unorderedNotice } from '../shared/list-filter.js';
import type { CommandInput } from '../types.js';
import { chargeColumns } from './shared.js';

const MAX_PAGE_SIZE = 100;

const schema = z.object({
  status: z.enum(CHARGE_STATUSES).optional(),
  since: z.string().optional(),
  until: z.string().optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'must be a whole number above zero')
    .transform(Number)
    .refine((value) => value > 0 && Number.isSafeInteger(value), 'must be a whole number above zero')
    .default(20),
  all: z.boolean().optional(),
});

const DURATION_AGO = /^\d+(?:ms|s|m|h|d)?$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A point in time from `--since`/`--until`: a duration ago (`7d`, `12h`, `90` seconds) on the
 * injected clock, an ISO date (`2026-11-01`, local midnight) or date-time (`2026-11-01T10:00`,
 * local unless it has a zone). Returns epoch ms.
 */
export function parseTimeArgument(text: string, flag: string, now: number): number {
  const value = text.trim();
  if (DURATION_AGO.test(value)) return now - parseDuration(value, flag);
  let ms = Number.NaN;
  if (DATE_ONLY.test(value)) ms = new Date(`${value}T00:00:00`).getTime();
  else if (DATE_TIME.test(value)) ms = Date.parse(value.replace(' ', 'T'));
  if (Number.isNaN(ms)) {
    throw new UsageError(
      `${flag}: ${JSON.stringify(text)} is not a time: use an ISO date (2026-11-01), a date-time ` +
        '(2026-11-01T14:30, 2026-11-01T14:30:00Z) or a duration ago (90m, 12h, 7d)',
      { field: flag },
    );
  }
  return ms;
}

export async function handleChargeList(input: CommandInput, context: Context): Promise<number> {
  const options = parseOptions(schema, input);
  const now = context.clock.now();
  const since = options.since === undefined ? undefined : parseTimeArgument(options.since, '--since', now);
  const until = options.until === undefined ? undefined : parseTimeArgument(options.until, '--until', now);
  if (since !== undefined && until !== undefined && since >= until) {
    throw new UsageError('--since: must be before --until', { field: '--since' });
  }
  const limit = options.all ? Number.POSITIVE_INFINITY : options.limit;

  const client = await context.client();
  const query: Record<string, string> = {};
  if (options.status) query.status = options.status;
  if (since !== undefined) query.since = new Date(since).toISOString();
  if (until !== undefined) query.until = new Date(until).toISOString();
  const pages = client.charges.listAll(query, {
    pageSize: Math.min(limit, MAX_PAGE_SIZE),
    signal: context.signal,
  });

  const rows = () =>
    newestFirst(pages, {
      filter: { status: options.status ? [options.status] : undefined, sinceMs: since, untilMs: until },
      limit,
      onUnordered: (streaming) => context.log.warn(unorderedNotice('charges', streaming)),
    });

  if (context.output === 'csv') {
    const { CHARGE_EXPORT, exportFormatOf, writeExport } = await import('../../output/exports.js');
    await writeExport(context.io.stdout, rows(), CHARGE_EXPORT, exportFormatOf(context));
    return 0;
  }
  const filtered = options.status !== undefined || since !== undefined || until !== undefined;
  await writeList(context.io.stdout, context.output, rows(), chargeColumns(), {
    colors: context.colors,
    emptyMessage: filtered ? 'No charges match.' : 'No charges.',
    messages: context.io.stderr,
  });
  return 0;
}
