// `charge create --key K` and `charge reconcile --key K` (DESIGN.md §5): the payout journal's
// guarantee for scripts that bill many customers. The intent is journaled before the POST; a
// rerun prints the charge already made; an unknown outcome is exit 9 until `charge reconcile`
// settles it through `external_id` (a keyed charge without --external-id sends K as its
// external_id, so it can always be found).

import { crashPoint, type JournalRecord, type JournalStore } from '../../config/journal.js';
import type { Context } from '../../context.js';
import { formatMoney } from '../../domain/money.js';
import { ExitCode, PaygateError, RefusedError } from '../../errors.js';
import type { Charge } from '../../schemas/charge.js';
import {
  accountJournal,
  outcomeWindowMs,
  recordCreated,
  recordSendFailure,
} from '../shared/journaled-send.js';

/** The charge journal of this profile's account on this gateway. */
export const chargeJournal = (context: Context): Promise<JournalStore> => accountJournal(context, 'charge');

export const reconcileCommand = (key: string) => `paygate charge reconcile --key ${key}`;

export function outcomeUnknownOf(entry: JournalRecord): PaygateError {
  return new PaygateError(
    `the outcome of the previous run with --key ${entry.key} is unknown; this run sent nothing`,
    ExitCode.OutcomeUnknown,
    {
      type: 'outcome_unknown',
      code: 'journal_outcome_unknown',
      hint: `run \`${reconcileCommand(entry.key)}\`: it finds the charge by its external_id (or proves there is none)`,
    },
  );
}

/**
 * Creates the charge at most once for `key`: `create` is called only after `sent` is durable,
 * and never when the key already made a charge or its last outcome is unknown.
 */
export async function createOnce(
  context: Context,
  key: string,
  body: { amount: number; external_id?: string },
  create: () => Promise<Charge>,
): Promise<{ charge: Charge; already: boolean; unrecorded?: PaygateError }> {
  const journal = await chargeJournal(context);
  const run = await journal.acquire(key, { signal: context.signal });
  try {
    const decision = run.decide();
    if (decision.kind === 'done') {
      const entry = decision.entry;
      if (entry.intent.amount !== body.amount) {
        throw new RefusedError(
          `--key ${key} already created a charge of ${formatMoney(entry.intent.amount)} (${entry.payout?.id}); ` +
            `this run asks for ${formatMoney(body.amount)}: nothing was sent`,
          { code: 'journal_key_reused', hint: 'a new charge needs a new --key' },
        );
      }
      return { charge: entry.payout as unknown as Charge, already: true };
    }
    if (decision.kind === 'unknown') throw outcomeUnknownOf(decision.entry);
    if (decision.kind === 'retry') context.log.info(`--key ${key}: ${decision.reason}; trying again.`);
    const at = () => new Date(context.clock.now()).toISOString();
    await run.begin({
      amount: body.amount,
      description: body.external_id ?? null,
      balanceSeen: null,
      at: at(),
    });
    crashPoint(context.env, 'after-intent');
    await run.markSent(at(), outcomeWindowMs(context));
    crashPoint(context.env, 'before-send');
    let charge: Charge;
    try {
      charge = await create();
    } catch (error) {
      throw await recordSendFailure(run, error, reconcileCommand(key), 'charge');
    }
    crashPoint(context.env, 'after-answer');
    const unrecorded = await recordCreated(run, charge, reconcileCommand(key), 'charge');
    return { charge, already: false, unrecorded };
  } finally {
    await run.release();
  }
}
