// `payout create --key K` (docs/architecture.md, the journal): a key pays at most once. The
// intent is journaled before the POST; a key the journal has never seen is first looked for on the
// gateway by its mark (src/domain/key-mark.ts); an unknown outcome is exit 9 until
// `payout reconcile` settles it; a rerun's payout the gateway no longer has is never paid again.
import { Listing } from '../../api/pagination.js';
import { crashPoint, describeState, type JournalRecord, type JournalRun } from '../../config/journal.js';
import type { JournalScope } from '../../config/journal-account.js';
import type { Context } from '../../context.js';
import { amountIs, type MarkFound, payoutMarkOn } from '../../domain/key-mark.js';
import { formatMoney } from '../../domain/money.js';
import { declaredMoneyUnit, type MoneyUnit } from '../../domain/money-reading.js';
import { idOf, journaled, readAmount } from '../../domain/resource-fields.js';
import { ExitCode, PaygateError, RefusedError } from '../../errors.js';
import { formatReading } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { warnIfAmountDiffers } from '../shared/amount-echo.js';
import {
  findMarkedPayouts,
  lookBeforeRetry,
  MadeBeforeRetry,
  tellUnsearchable,
} from '../shared/gateway-mark.js';
import { idempotencyHeaders, refusalsOf } from '../shared/idempotency-key.js';
import {
  clockSkewSeen,
  outcomeWindowMs,
  recordCreated,
  recordSendFailure,
} from '../shared/journaled-send.js';

export const reconcileCommand = (key: string) => `paygate payout reconcile --key ${key}`;

/**
 * A key the local journal has never seen (a fresh container, another host) may still have paid:
 * the gateway's payouts of the look-up window are searched for its mark before anything is sent.
 * Found: it is recorded as this key's payout, and returned. A mark that may be cut short, on a
 * payout of the amount asked (or any, with --all), is neither this key's nor another's: exit 9,
 * nothing sent.
 */
export async function foundOnGateway(
  context: Context,
  run: JournalRun,
  asked: number | undefined,
  sent: string | undefined,
): Promise<JournalRecord | undefined> {
  const payout = await markedPayout(context, run, asked, sent);
  if (!payout) return undefined;
  // An amount whose unit is unknown is never taken as centavos: the run's own stands in (0 for --all).
  const found = readAmount(payout, declaredMoneyUnit(context));
  await run.begin({
    amount: found?.known ? found.centavos : (asked ?? 0),
    description: payout.description ?? null,
    balanceSeen: null,
    at: new Date(context.clock.now()).toISOString(),
  });
  return await run.markDone(journaled(payout), "found on the gateway by the key's mark");
}

/** The payout on the gateway that carries the key's mark and no other key of the journal holds. */
async function markedPayout(
  context: Context,
  run: JournalRun,
  asked: number | undefined,
  sent: string | undefined,
): Promise<Payout | undefined> {
  const search = await findMarkedPayouts(context, run.key, sent);
  if (!search.searchable && search.found.length === 0) tellUnsearchable(context, 'payouts');
  const claimed = await run.journal.claimedIds(run.key);
  const unclaimed = search.found.filter((found) => !claimed.has(idOf(found)));
  const marks = unclaimed.map((found) => ({ payout: found, mark: payoutMarkOn(found, run.key, sent) }));
  const [payout, ...others] = marks.filter(({ mark }) => mark?.kind === 'mark').map(({ payout }) => payout);
  if (!payout) {
    const cut = marks.find(
      ({ payout, mark }) =>
        mark?.kind === 'cut' && (asked === undefined || amountIs(payout, asked) !== false),
    );
    if (cut) throw cutMarkFound(run.key, cut.payout, cut.mark!, declaredMoneyUnit(context));
    return undefined;
  }
  if (others.length > 0) {
    context.log.warn(
      sayPayout('severalMarked', {
        key: run.key,
        count: others.length + 1,
        ids: [payout, ...others].map((found) => sanitizeForTerminal(idOf(found))).join(', '),
      }),
    );
  }
  return payout;
}

/** A payout whose text may be the key's mark cut short: never taken, never passed over. */
function cutMarkFound(key: string, payout: Payout, mark: MarkFound, declared?: MoneyUnit): PaygateError {
  const id = sanitizeForTerminal(idOf(payout));
  const text = sanitizeForTerminal(JSON.stringify(mark.text));
  const message =
    payout.amount !== undefined
      ? sayPayout('cutMarkWithAmount', {
          id,
          // Read in its unit and currency: a USD payout is never shown as R$.
          amount: sanitizeForTerminal(formatReading(readAmount(payout, declared))),
          path: mark.path,
          text,
          key,
        })
      : sayPayout('cutMark', { id, path: mark.path, text, key });
  return new PaygateError(message, ExitCode.OutcomeUnknown, {
    type: 'outcome_unknown',
    code: 'gateway_mark_cut',
    hint: sayPayout('cutMarkHint', { id }),
  });
}

/** The payout made, and the error to raise once it is shown if the journal could not record it. */
export interface Sent {
  payout: Payout;
  unrecorded?: PaygateError;
  /** The gateway answered the key with an earlier run's payout (Idempotent-Replayed): nothing new. */
  replayed?: boolean;
}

/**
 * The journaled send: intent → sent → POST → done | failed_before_send | rejected | unknown.
 * Without a key, just the POST.
 */
export async function sendPayout(
  context: Context,
  keyed: { run: JournalRun; scope: JournalScope } | undefined,
  intent: { amount: number; description: string | undefined; balanceSeen: number | null },
): Promise<Sent> {
  const client = await context.client();
  const body = {
    amount: intent.amount,
    ...(intent.description !== undefined ? { description: intent.description } : {}),
  };
  if (!keyed) {
    const payout = await client.payouts.create(body, { signal: context.signal });
    warnIfAmountDiffers(context, 'payout', intent.amount, payout);
    return { payout };
  }

  const { run, scope } = keyed;
  const refusals = refusalsOf(await run.journal.history(run.key));
  await run.begin({
    amount: intent.amount,
    description: intent.description ?? null,
    balanceSeen: intent.balanceSeen,
    at: new Date(context.clock.now()).toISOString(),
    clockSkewMs: await clockSkewSeen(context),
  });
  crashPoint(context.env, 'after-intent');
  await run.markSent(
    new Date(context.clock.now()).toISOString(),
    outcomeWindowMs(context),
    await clockSkewSeen(context),
  );
  crashPoint(context.env, 'before-send');
  let payout: Payout;
  const answer = { replayed: false };
  try {
    payout = await client.payouts.create(body, {
      signal: context.signal,
      answer,
      headers: idempotencyHeaders(scope, 'payout', run.key, refusals),
      beforeRetry: lookBeforeRetry(() => markedPayout(context, run, intent.amount, intent.description)),
    });
  } catch (error) {
    if (!(error instanceof MadeBeforeRetry))
      throw await recordSendFailure(run, error, reconcileCommand(run.key), 'payout');
    payout = error.made as Payout;
    context.log.info(sayPayout('madeBefore429', { key: run.key, id: sanitizeForTerminal(idOf(payout)) }));
  }
  crashPoint(context.env, 'after-answer');
  warnIfAmountDiffers(context, 'payout', intent.amount, payout);
  const unrecorded = await recordCreated(run, payout, reconcileCommand(run.key), 'payout');
  return { payout, unrecorded, replayed: answer.replayed };
}

export function outcomeUnknownOf(entry: JournalRecord): PaygateError {
  return new PaygateError(
    sayPayout('outcomeUnknown', { key: entry.key, state: describeState(entry) }),
    ExitCode.OutcomeUnknown,
    {
      type: 'outcome_unknown',
      code: 'journal_outcome_unknown',
      hint: sayPayout('outcomeUnknownHint', { key: entry.key }),
    },
  );
}

/**
 * Whether the gateway, which answered 404 for payout `id`, lists every payout it has without it
 * (a gateway may have no GET by id: then its list shows the payout, and it was not forgotten).
 */
export async function gatewayForgot(context: Context, id: string): Promise<boolean> {
  const client = await context.client();
  const listing = new Listing(
    client.payouts.listAll({}, { pageSize: 100, maxPages: 3, signal: context.signal }),
  );
  try {
    for await (const payout of listing) if (idOf(payout) === id) return false;
  } catch (error) {
    if (error instanceof PaygateError && error.exitCode === ExitCode.Interrupted) throw error;
    return false;
  }
  const read = listing.summary;
  return read !== undefined && !read.truncated && read.unfinished === undefined;
}

/**
 * The journal's payout for this key is not on the gateway (404 by id, and not in its whole list): the gateway forgot it (a
 * `sandbox reset`) or the journal's record is of another one. The key has paid once: it never
 * pays again, so the way on is a new key.
 */
export function forgottenPayout(entry: JournalRecord, id: string): RefusedError {
  return new RefusedError(
    sayPayout('forgottenPayout', {
      key: entry.key,
      id: sanitizeForTerminal(id),
      amount: formatMoney(entry.intent.amount),
    }),
    { code: 'journal_payout_not_found', hint: sayPayout('forgottenPayoutHint') },
  );
}
