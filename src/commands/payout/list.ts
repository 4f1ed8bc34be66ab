import { z } from 'zod';
import type { Context } from '../../context.js';
import { writeList } from '../../output/render.js';
import type { Payout } from '../../schemas/payout.js';
import { parseOptions } from '../options.js';
import type { CommandInput } from '../types.js';
import { payoutColumns } from './shared.js';

const MAX_PAGE_SIZE = 100;

const schema = z.object({
  status: z.string().optional(),
  limit: z
    .string()
    .regex(/^\d+$/, 'must be a whole number above zero')
    .transform(Number)
    .refine((value) => value > 0 && Number.isSafeInteger(value), 'must be a whole number above zero')
    .optional(),
  all: z.boolean().optional(),
});

/**
 * `payout list`: newest first. Without --all, the first --limit payouts (default 20); with --all
 * every page, streamed (json/ndjson/csv/plain rows are written as pages arrive).
 */
export async function handlePayoutList(input: CommandInput, context: Context): Promise<number> {
  const options = parseOptions(schema, input);
  const client = await context.client();
  const limit = options.limit ?? 20;
  const query = options.status ? { status: options.status } : {};
  const pages = client.payouts.listAll(query, {
    pageSize: options.all ? MAX_PAGE_SIZE : Math.min(limit, MAX_PAGE_SIZE),
    signal: context.signal,
  });
  async function* rows(): AsyncGenerator<Payout> {
    let count = 0;
    for await (const payout of pages) {
      yield payout;
      count++;
      if (!options.all && count >= limit) return;
    }
  }
  if (context.output === 'csv') {
    const { PAYOUT_EXPORT, exportFormatOf, writeExport } = await import('../../output/exports.js');
    await writeExport(context.io.stdout, rows(), PAYOUT_EXPORT, exportFormatOf(context));
    return 0;
  }
  await writeList(context.io.stdout, context.output, rows(), payoutColumns(), {
    colors: context.colors,
    emptyMessage: options.status ? `No ${options.status} payouts.` : 'No payouts.',
    messages: context.io.stderr,
  });
  return 0;
}
