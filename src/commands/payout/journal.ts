// The entries the oldest paygate left for a payout key, before journals were scoped to a gateway and
// seller (docs/architecture.md, the journal): what one means for this account, asked of the gateway.
// The account's own journal is opened by commands/shared/journaled-send.ts.
import { NotFoundError } from '../../api/errors.js';
import type { JournalRecord } from '../../config/journal.js';
import { legacyEntry } from '../../config/journal-scope.js';
import type { Context } from '../../context.js';
import { ExitCode, PaygateError } from '../../errors.js';
import { sayPayout } from '../../text/en/payout.js';

/**
 * What an entry written before journals were scoped means for this account: never silently
 * ignored. `done` with a payout this account has → that payout (the caller prints it, sends
 * nothing); a payout this account does not have → another account's, so this one pays on its
 * own (said loudly); an unknown outcome → refused (exit 9), as it cannot tell whose it was.
 */
export async function legacyPayout(context: Context, key: string): Promise<JournalRecord | undefined> {
  const entry = legacyEntry(context.config.dir, key);
  if (!entry) return undefined;
  const where = `${context.config.dir}/payout-journal/${key.toLowerCase()}`;
  if (entry.state === 'done' && entry.made?.id) {
    const client = await context.client();
    try {
      await client.payouts.get(entry.made.id, { signal: context.signal });
      return entry;
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      context.log.warn(sayPayout('legacyOtherAccount', { key, where, id: entry.made.id }));
      return undefined;
    }
  }
  if (entry.state === 'sent' || entry.state === 'unknown') {
    throw new PaygateError(sayPayout('legacyUnknown', { key, where }), ExitCode.OutcomeUnknown, {
      type: 'outcome_unknown',
      code: 'legacy_journal_unknown',
      hint: sayPayout('legacyUnknownHint', { where }),
    });
  }
  return undefined;
}
