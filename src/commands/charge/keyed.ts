// `charge create --key K` and `charge reconcile --key K` (docs/architecture.md, the journal): the payout journal's
// guarantee for scripts that bill many customers. The intent is journaled before the POST; a
// rerun prints the charge already made; an unknown outcome is exit 9 until `charge reconcile`
// settles it through `external_id` (a keyed charge without --external-id sends K as its
// external_id, so it can always be found) and the key's mark, `metadata.paygate_key`.

import type { BeforeRetry } from '../../api/requester.js';
import { crashPoint, type JournalRecord, type JournalRun, type JournalStore } from '../../config/journal.js';
import type { Context } from '../../context.js';
import { chargeMarkOf } from '../../domain/key-mark.js';
import { formatMoney } from '../../domain/money.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { idOf, journaled, readAmount } from '../../domain/resource-fields.js';
import { ExitCode, PaygateError, RefusedError } from '../../errors.js';
import { formatReading } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import {
  chargeMatches,
  findChargesByExternalId,
  lookBeforeRetry,
  MadeBeforeRetry,
  type MarkSearch,
  tellUnsearchable,
} from '../shared/gateway-mark.js';
import { idempotencyHeaders, refusalsOf } from '../shared/idempotency-key.js';
import {
  accountJournal,
  clockSkewSeen,
  keyedJournal,
  outcomeWindowMs,
  recordCreated,
  recordSendFailure,
} from '../shared/journaled-send.js';

/** What a keyed charge create sends with its POST (collection.ts, CreateOptions). */
export interface KeyedCreateOptions {
  headers: Record<string, string>;
  beforeRetry: BeforeRetry;
}

/** The charge journal of this profile's account on this gateway. */
export const chargeJournal = (context: Context): Promise<JournalStore> => accountJournal(context, 'charge');

export const reconcileCommand = (key: string) => `paygate charge reconcile --key ${key}`;

export function outcomeUnknownOf(entry: JournalRecord): PaygateError {
  return new PaygateError(sayCharge('keyOutcomeUnknown', { key: entry.key }), ExitCode.OutcomeUnknown, {
    type: 'outcome_unknown',
    code: 'journal_outcome_unknown',
    hint: sayCharge('keyOutcomeUnknownHint', { command: reconcileCommand(entry.key) }),
  });
}

/** A key that already made a charge of another amount: refused, nothing sent (exit 3). */
function refuseOtherAmount(key: string, made: { amount: string; id?: string }, asked: number): RefusedError {
  return new RefusedError(
    sayCharge('keyOtherAmount', {
      key,
      made: sanitizeForTerminal(made.amount),
      id: `${made.id}`,
      asked: formatMoney(asked),
    }),
    { code: 'journal_key_reused', hint: sayCharge('keyOtherAmountHint') },
  );
}

/**
 * A key the local journal has never seen (a fresh container, another host) may still have made
 * its charge: the gateway's charges of the look-up window with its external_id are searched
 * before anything is sent (or were, for all the rows of a `--from-csv`: `lookedUp`). Found:
 * recorded as this key's charge, and returned.
 */
async function foundOnGateway(
  context: Context,
  run: JournalRun,
  body: { amount: number; external_id?: string },
  lookedUp: MarkSearch<Charge> | undefined,
): Promise<Charge | undefined> {
  const externalId = body.external_id ?? run.key;
  const charge = await markedCharge(context, run, externalId, lookedUp);
  if (!charge) return undefined;
  // Its amount read in its unit and currency: only the same centavos of reais is this key's charge.
  const made = readAmount(charge, declaredMoneyUnit(context));
  if (!made?.known || made.centavos !== body.amount)
    throw refuseOtherAmount(run.key, { amount: formatReading(made), id: idOf(charge) }, body.amount);
  await run.begin({
    amount: body.amount,
    description: externalId,
    balanceSeen: null,
    at: new Date(context.clock.now()).toISOString(),
  });
  await run.markDone(journaled(charge), `found on the gateway by external_id ${externalId}`);
  sayFound(context, run.key, charge, externalId);
  return charge;
}

/**
 * The charge on the gateway that carries the key's mark and no other key of the journal holds; one
 * that only shares the person's external_id is not this key's (src/domain/key-mark.ts), and one on
 * a gateway that shows no metadata cannot be told apart (exit 9).
 */
async function markedCharge(
  context: Context,
  run: JournalRun,
  externalId: string,
  lookedUp?: MarkSearch<Charge>,
): Promise<Charge | undefined> {
  const search = lookedUp
    ? { ...lookedUp, found: lookedUp.found.filter(chargeMatches(externalId)) }
    : await findChargesByExternalId(context, externalId);
  if (!search.searchable) tellUnsearchable(context, 'charges');
  // A charge another key of this journal holds is that key's, whatever its external_id.
  const claimed = await run.journal.claimedIds(run.key);
  const unclaimed = search.found.filter((found) => !claimed.has(idOf(found)));
  const charge = unclaimed.find((found) => chargeMarkOf(found, run.key, externalId) === 'ours');
  if (charge) return charge;
  const unreadable = unclaimed.find((found) => chargeMarkOf(found, run.key, externalId) === 'unknown');
  if (unreadable) throw markUnreadable(run.key, externalId, unreadable);
  return undefined;
}

/** An older charge with the person's external_id, on a gateway that shows it no metadata: whose? */
function markUnreadable(key: string, externalId: string, charge: Charge): PaygateError {
  const id = sanitizeForTerminal(idOf(charge));
  return new PaygateError(
    sayCharge('keyMarkUnreadable', { id, externalId: sanitizeForTerminal(externalId), key }),
    ExitCode.OutcomeUnknown,
    {
      type: 'outcome_unknown',
      code: 'gateway_mark_unreadable',
      hint: sayCharge('keyMarkUnreadableHint', { id }),
    },
  );
}

function sayFound(context: Context, key: string, charge: Charge, externalId: string): void {
  context.log.info(
    sayCharge('keyFoundOnGateway', {
      key,
      id: sanitizeForTerminal(idOf(charge)),
      externalId: sanitizeForTerminal(externalId),
    }),
  );
}

/**
 * Creates the charge at most once for `key`: `create` is called only after `sent` is durable,
 * and never when the key already made a charge (by the journal, or found on the gateway) or its
 * last outcome is unknown. `create` gets the headers to send (the key's idempotency keys) and the
 * look for the key's charge before a retry after the gateway's 429.
 */
export async function createOnce(
  context: Context,
  key: string,
  body: { amount: number; external_id?: string },
  create: (request: KeyedCreateOptions) => Promise<Charge>,
  /** The charges of the look-up window, looked up once for many keys (`--from-csv`). */
  lookedUp?: MarkSearch<Charge>,
): Promise<{
  charge: Charge;
  /** Made by an earlier run: `journal` (said by the caller) or `gateway` (found, said here). */
  already: false | 'journal' | 'gateway';
  unrecorded?: PaygateError;
}> {
  const { journal, scope } = await keyedJournal(context, 'charge');
  const run = await journal.acquire(key, { signal: context.signal });
  try {
    const decision = run.decide();
    if (decision.kind === 'done') {
      const entry = decision.entry;
      if (entry.intent.amount !== body.amount) {
        throw refuseOtherAmount(
          key,
          { amount: formatMoney(entry.intent.amount), id: entry.made?.id },
          body.amount,
        );
      }
      return { charge: entry.made as unknown as Charge, already: 'journal' };
    }
    if (decision.kind === 'unknown') throw outcomeUnknownOf(decision.entry);
    // A key never seen here, or one reconcile found nothing for: the gateway may show its charge
    // now (a late one after "not sent"), so it is looked at again before sending.
    if (decision.kind === 'new' || decision.previous.state === 'not_sent') {
      const found = await foundOnGateway(context, run, body, lookedUp);
      if (found) return { charge: found, already: 'gateway' };
    }
    if (decision.kind === 'retry') context.log.info(sayCharge('keyRetry', { key, reason: decision.reason }));
    const at = () => new Date(context.clock.now()).toISOString();
    const refusals = refusalsOf(await journal.history(key));
    await run.begin({
      amount: body.amount,
      description: body.external_id ?? null,
      balanceSeen: null,
      at: at(),
      clockSkewMs: await clockSkewSeen(context),
    });
    crashPoint(context.env, 'after-intent');
    await run.markSent(at(), outcomeWindowMs(context), await clockSkewSeen(context));
    crashPoint(context.env, 'before-send');
    const externalId = body.external_id ?? key;
    let charge: Charge;
    try {
      charge = await create({
        headers: idempotencyHeaders(scope, 'charge', key, refusals),
        beforeRetry: lookBeforeRetry(() => markedCharge(context, run, externalId)),
      });
    } catch (error) {
      if (!(error instanceof MadeBeforeRetry))
        throw await recordSendFailure(run, error, reconcileCommand(key), 'charge');
      charge = error.made as Charge;
      context.log.info(
        sayCharge('keyMadeBeforeRetry', {
          key,
          id: sanitizeForTerminal(idOf(charge)),
          externalId: sanitizeForTerminal(externalId),
        }),
      );
    }
    crashPoint(context.env, 'after-answer');
    const unrecorded = await recordCreated(run, charge, reconcileCommand(key), 'charge');
    return { charge, already: false, unrecorded };
  } finally {
    await run.release();
  }
}
