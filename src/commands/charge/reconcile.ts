// `charge reconcile --key K` (DESIGN.md §5): settles a keyed charge whose outcome is unknown by
// finding it through its external_id. One charge found: the entry is done (a rerun prints it).
// None found once the outcome window has passed: nothing was created (a rerun creates it).
// None yet inside the window: exit 9, try again later. Several: exit 3, listed.

import { checkJournalKey } from '../../config/journal.js';
import type { Context } from '../../context.js';
import { ExitCode, PaygateError, RefusedError, UsageError } from '../../errors.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge } from '../../schemas/charge.js';
import { readFlags } from '../options.js';
import type { CommandInput } from '../types.js';
import { CHARGE_RECONCILE_FLAGS } from './flags.js';
import { chargeJournal } from './keyed.js';
import { writeCharge } from './shared.js';

/** How many pages a scan reads when the gateway ignores the external_id filter. */
const MAX_PAGES = 50;

export async function handleChargeReconcile(input: CommandInput, context: Context): Promise<number> {
  const flag = readFlags(CHARGE_RECONCILE_FLAGS, input).key;
  if (flag === undefined || flag === '') {
    throw new UsageError('--key is required: the journal key of the run to settle', { field: '--key' });
  }
  const key = checkJournalKey(flag);
  const journal = await chargeJournal(context);
  if (!(await journal.hasRecords(key))) {
    throw new RefusedError(`no charge journal entry for --key ${key} (in ${journal.location})`, {
      code: 'journal_key_not_found',
      hint: 'check the key and the profile (or PAYGATE_BASE_URL) of the run that used it',
    });
  }
  const run = await journal.acquire(key, { signal: context.signal, recoverUnreadable: true });
  try {
    const entry = run.entry!;
    if (entry.state === 'done') {
      context.log.info(
        `--key ${key}: already settled, charge ${sanitizeForTerminal(String(entry.payout?.id))}`,
      );
      await writeCharge(context, entry.payout as unknown as Charge, { qr: false, emv: true });
      return 0;
    }
    if (entry.state !== 'sent' && entry.state !== 'unknown') {
      context.log.info(
        `--key ${key}: no charge was sent (${entry.state}); nothing to settle, a rerun creates it`,
      );
      return 0;
    }
    const externalId = entry.intent.description ?? key;
    const client = await context.client();
    const found: Charge[] = [];
    for await (const charge of client.charges.listAll(
      { external_id: externalId },
      { maxPages: MAX_PAGES, signal: context.signal },
    )) {
      if (charge.external_id === externalId && charge.amount === entry.intent.amount) found.push(charge);
    }
    if (found.length === 1) {
      await run.markDone(found[0]!, `found by external_id ${externalId}`);
      context.log.info(`--key ${key}: settled, the charge was created: ${sanitizeForTerminal(found[0]!.id)}`);
      await writeCharge(context, found[0]!, { qr: false, emv: true });
      return 0;
    }
    if (found.length > 1) {
      throw new RefusedError(
        `--key ${key}: ${found.length} charges have external_id ${externalId} (${found.map((charge) => charge.id).join(', ')}); settle it by hand`,
        { code: 'reconcile_ambiguous' },
      );
    }
    const sentAt = Date.parse(entry.sent_at ?? entry.intent.at);
    const windowEnds = sentAt + (entry.outcome_window_ms ?? 0);
    if (context.clock.now() >= windowEnds) {
      await run.markNotSent(`no charge with external_id ${externalId} after the outcome window`);
      context.log.info(`--key ${key}: settled, no charge was created; a rerun creates it`);
      return 0;
    }
    throw new PaygateError(
      `--key ${key}: no charge with external_id ${externalId} yet; a lost request may still show up until ${new Date(windowEnds).toISOString()}`,
      ExitCode.OutcomeUnknown,
      { type: 'outcome_unknown', code: 'reconcile_too_early', hint: 'run this again after that time' },
    );
  } finally {
    await run.release();
  }
}
