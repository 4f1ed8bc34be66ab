// `charge reconcile --key K`: settles a keyed charge whose outcome is unknown by finding it
// through its external_id (the key, or the external_id the run sent) and the key's mark in its
// metadata (src/domain/key-mark.ts), with the same amount, created no earlier than the intent (a
// bare date or a time without a zone excludes nothing) and held by no other key of the journal. Times
// are the gateway's: the skew the writing run recorded, else (an entry of this host, or
// --same-clock) this run's, from the gateway's Date header, is taken off the intent's; an entry of
// another host without one excludes no charge for its time and is never concluded "not created".
// One charge found: the entry is done (a rerun prints it). None once the outcome window has
// passed: nothing was created (a rerun creates it). None yet inside the window: exit 9, try
// again later. Several: exit 3, listed.

import { incompleteListing, Listing } from '../../api/pagination.js';
import { checkJournalKey } from '../../config/journal.js';
import type { Context } from '../../context.js';
import { zonedTimestampMs } from '../../domain/instant.js';
import { amountIs, chargeMarkOf } from '../../domain/key-mark.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { findAmount, findCreatedAt, hasExternalId, idOf, journaled } from '../../domain/resource-fields.js';
import { ExitCode, PaygateError, RefusedError, UsageError } from '../../errors.js';
import { receivedText } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { readFlags } from '../options.js';
import { entryClock, gatewayClock, INTENT_MARGIN_MS } from '../shared/gateway-mark.js';
import type { CommandHandler } from '../types.js';
import { CHARGE_RECONCILE_FLAGS } from './flags.js';
import { chargeJournal } from './keyed.js';
import { writeCharge } from './view.js';

/** How many pages a scan reads when the gateway ignores the external_id filter. */
const MAX_PAGES = 50;

export interface ChargeReconcileOptions {
  /** The journal key of the run to settle, checked to be one. */
  key: string;
  /** --same-clock: the writer's clock agreed with this host's within a minute. */
  sameClock?: boolean;
}

export const chargeReconcile: CommandHandler<ChargeReconcileOptions> = {
  parse(input) {
    const { key, sameClock } = readFlags(CHARGE_RECONCILE_FLAGS, input);
    if (key === undefined || key === '') {
      throw new UsageError(sayCharge('reconcileKeyRequired'), { field: '--key' });
    }
    return { key: checkJournalKey(key), ...(sameClock ? { sameClock: true } : {}) };
  },
  run: reconcile,
};

async function reconcile({ key, sameClock }: ChargeReconcileOptions, context: Context): Promise<number> {
  const journal = await chargeJournal(context);
  if (!(await journal.hasRecords(key))) {
    throw new RefusedError(sayCharge('reconcileNoEntry', { key, location: journal.location }), {
      code: 'journal_key_not_found',
      hint: sayCharge('reconcileNoEntryHint'),
    });
  }
  const run = await journal.acquire(key, { signal: context.signal, recoverUnreadable: true });
  try {
    const entry = run.entry!;
    if (entry.state === 'done') {
      context.log.info(
        sayCharge('reconcileAlreadySettled', { key, id: sanitizeForTerminal(String(entry.made?.id)) }),
      );
      await writeCharge(context, entry.made as unknown as Charge, { qr: false, emv: true });
      return 0;
    }
    if (entry.state !== 'sent' && entry.state !== 'unknown') {
      context.log.info(sayCharge('reconcileNothingSent', { key, state: entry.state }));
      return 0;
    }
    const externalId = entry.intent.description ?? key;
    const client = await context.client();
    const clock = await gatewayClock(context, '/charges');
    const own = await entryClock(journal, entry, clock, sameClock ?? false);
    // An entry that cannot be placed on the gateway's clock: no time excludes a charge.
    const since = own.known ? Date.parse(entry.intent.at) + own.skewMs - INTENT_MARGIN_MS : undefined;
    const claimed = await journal.claimedIds(key);
    const found: Charge[] = [];
    /** The key's (or maybe its) by the mark, but of another amount or one not in centavos. */
    const maybe: Charge[] = [];
    const listing = new Listing(
      client.charges.listAll({ external_id: externalId }, { maxPages: MAX_PAGES, signal: context.signal }),
    );
    const declared = declaredMoneyUnit(context);
    for await (const charge of listing) {
      if (!hasExternalId(charge, externalId)) continue;
      // A bare date or a time without a zone names no instant: it excludes nothing.
      const created = zonedTimestampMs(findCreatedAt(charge)?.value);
      if (created !== undefined && since !== undefined && created < since) continue; // made before this key's run
      if (claimed.has(idOf(charge))) continue; // another key's charge
      // Only sharing the person's external_id: another's (a charge without metadata may be ours).
      const mark = chargeMarkOf(charge, key, externalId);
      if (mark === 'other') continue;
      const amount = amountIs(charge, entry.intent.amount, declared);
      if (amount === true) found.push(charge);
      else if (amount === undefined || mark === 'ours') maybe.push(charge);
    }
    if (found.length === 1) {
      await run.markDone(journaled(found[0]!), `found by external_id ${externalId}`);
      context.log.info(sayCharge('reconcileCreated', { key, id: sanitizeForTerminal(idOf(found[0]!)) }));
      await writeCharge(context, found[0]!, { qr: false, emv: true });
      return 0;
    }
    if (found.length > 1) {
      throw new RefusedError(
        sayCharge('reconcileAmbiguous', {
          key,
          count: found.length,
          externalId,
          ids: found.map((charge) => idOf(charge)).join(', '),
        }),
        { code: 'reconcile_ambiguous' },
      );
    }
    // A charge that may be the key's is never passed over for "not created".
    if (maybe.length > 0) {
      throw new PaygateError(
        sayCharge('reconcileMaybe', {
          key,
          charges: maybe
            .map((charge) =>
              sayCharge('reconcileMaybeCharge', {
                id: sanitizeForTerminal(idOf(charge)),
                externalId: sanitizeForTerminal(externalId),
                shown: amountShown(charge),
                amount: `${entry.intent.amount}`,
              }),
            )
            .join('; '),
        }),
        ExitCode.OutcomeUnknown,
        {
          type: 'outcome_unknown',
          code: 'reconcile_mark_uncertain',
          hint: sayCharge('reconcileMaybeHint'),
        },
      );
    }
    // "Not created" is concluded only from the whole list.
    const incomplete = incompleteListing(listing.summary, 'charges');
    if (incomplete) {
      throw new PaygateError(
        sayCharge('reconcileIncomplete', { key, externalId, reason: incomplete.message }),
        ExitCode.OutcomeUnknown,
        { type: 'outcome_unknown', code: 'reconcile_scan_incomplete' },
      );
    }
    // Its writer's clock unplaced: its send may be minutes later than recorded, no window is over.
    if (!own.known) {
      const host = sanitizeForTerminal(own.host);
      throw new PaygateError(
        sayCharge('reconcileClockUnknown', { key, externalId: sanitizeForTerminal(externalId), host }),
        ExitCode.OutcomeUnknown,
        {
          type: 'outcome_unknown',
          code: 'reconcile_clock_unknown',
          hint: sayCharge('reconcileClockUnknownHint', { key, host }),
        },
      );
    }
    const sentAt = Date.parse(entry.sent_at ?? entry.intent.at) + own.skewMs;
    const windowEnds = sentAt + (entry.outcome_window_ms ?? 0);
    if (clock.now >= windowEnds) {
      await run.markNotSent(`no charge with external_id ${externalId} after the outcome window`);
      context.log.info(sayCharge('reconcileNotCreated', { key }));
      return 0;
    }
    throw new PaygateError(
      sayCharge('reconcileTooEarly', { key, externalId, until: new Date(windowEnds).toISOString() }),
      ExitCode.OutcomeUnknown,
      { type: 'outcome_unknown', code: 'reconcile_too_early', hint: sayCharge('reconcileTooEarlyHint') },
    );
  } finally {
    await run.release();
  }
}

/** A charge's amount as received, with its name (`value 1500`): its unit is not known here. */
function amountShown(charge: Charge): string {
  const amount = findAmount(charge);
  return amount ? sanitizeForTerminal(`${amount.name} ${receivedText(amount.value)}`) : sayCharge('noAmount');
}
