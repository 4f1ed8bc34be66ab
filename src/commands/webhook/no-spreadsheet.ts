// `--excel` is a spreadsheet of a list or a record (src/output/exports.ts). The webhook commands
// that print neither (listen, replay, delete, test) refuse it before doing anything, instead of
// ignoring it: a person asking for a spreadsheet learns there is none, and what a script can use.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { sayWebhook } from '../../text/en/webhook.js';

/** Exit 2 naming --excel when the run asked for a spreadsheet. */
export function refuseSpreadsheet(context: Pick<Context, 'globals'>, command: string): void {
  if (context.globals.excel) {
    throw new UsageError(sayWebhook('noSpreadsheet', { command }), { field: '--excel' });
  }
}
