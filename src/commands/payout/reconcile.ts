// `payout reconcile --key K`: settles a journal entry whose outcome is unknown (a run died or
// lost its answer after sending) by matching it to the payouts the API lists:
// - same amount, the key's mark (src/domain/key-mark.ts: in any text field, any letter case; a
//   gateway that keeps no text matches on amount and time), created no earlier than the intent
//   (a bare date or a time without a zone excludes nothing), and not already recorded by another
//   key. A mark maybe cut short with the same amount, or the mark with another amount: unknown
//   (exit 9), never "not sent". Times are the gateway's: the skew the writing run recorded (from the
//   gateway's Date header) is taken off the intent's time; an entry without one written on this host
//   takes this run's measured skew (said when over a minute), so a local clock minutes off neither
//   hides the payout nor admits an older one. An entry of another host without one cannot be placed
//   (its clock may have been minutes off): no time excludes a payout, and "not sent" is never
//   concluded (exit 9) unless --same-clock declares the clocks agreed;
// - one match → the entry is `done` with that payout (a rerun prints it, never pays again);
// - several → exit 3 listing them; `--payout-id` picks one;
// - none, once the outcome window after the send has passed → `not_sent`: a rerun will pay;
//   none within the window → exit 9 (the gateway may still show it): run reconcile again later.

import type { ListAllSummary } from '../../api/pagination.js';
import { checkJournalKey, describeState, type JournalRecord, type JournalRun } from '../../config/journal.js';
import type { Context } from '../../context.js';
import { formatMoney } from '../../domain/money.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { idOf, journaled } from '../../domain/resource-fields.js';
import { ExitCode, PaygateError, RefusedError, UsageError } from '../../errors.js';
import { formatTimestamp } from '../../output/format.js';
import { formatJson, terminalFit, writeList } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Payout } from '../../schemas/payout.js';
import { durationText } from '../../text/duration.js';
import { sayPayout } from '../../text/en/payout.js';
import { readFlags } from '../options.js';
import {
  type EntryClock,
  entryClock,
  type GatewayClock,
  gatewayClock,
  INTENT_MARGIN_MS,
} from '../shared/gateway-mark.js';
import { accountJournal } from '../shared/journaled-send.js';
import { payoutStatusWords } from '../shared/status-words.js';
import type { CommandHandler } from '../types.js';
import { PAYOUT_RECONCILE_FLAGS } from './flags.js';
import { payoutIdArgument } from './id-argument.js';
import { payoutColumns } from './list-columns.js';
import { intentAtGateway, type Matching, mismatch, verdictOf } from './reconcile-match.js';
import { writePayout } from './view.js';

/** Bound of the scan (100 payouts a page). */
const MAX_PAGES = 50;

export interface PayoutReconcileOptions {
  /** The journal key of the run to settle. */
  key: string;
  /** --payout-id: the payout this run made, when several match. */
  payoutId?: string;
  /** --same-clock: the writer's clock agreed with this host's within a minute. */
  sameClock?: boolean;
}

export const payoutReconcile: CommandHandler<PayoutReconcileOptions> = {
  parse: (input) => {
    const flags = readFlags(PAYOUT_RECONCILE_FLAGS, input);
    if (flags.key === undefined || flags.key === '') {
      throw new UsageError(sayPayout('reconcileKeyRequired'), { field: '--key' });
    }
    const key = checkJournalKey(flags.key);
    return {
      key,
      ...(flags.payoutId !== undefined ? { payoutId: payoutIdArgument(flags.payoutId) } : {}),
      ...(flags.sameClock ? { sameClock: true } : {}),
    };
  },
  run: settleEntry,
};

async function settleEntry(
  { key, payoutId, sameClock }: PayoutReconcileOptions,
  context: Context,
): Promise<number> {
  const journal = await accountJournal(context, 'payout');
  if (!(await journal.hasRecords(key))) {
    throw new RefusedError(sayPayout('reconcileNoEntry', { key, location: journal.location }), {
      code: 'journal_key_not_found',
      hint: sayPayout('reconcileNoEntryHint'),
    });
  }
  const run = await journal.acquire(key, { signal: context.signal, recoverUnreadable: true });
  try {
    return await reconcile(context, run, payoutId, sameClock ?? false);
  } finally {
    await run.release();
  }
}

async function reconcile(
  context: Context,
  run: JournalRun,
  payoutId: string | undefined,
  sameClock: boolean,
): Promise<number> {
  const entry = run.entry!;
  if (entry.state === 'done') return alreadySettled(context, entry, payoutId);
  if (entry.state !== 'sent' && entry.state !== 'unknown') {
    context.log.info(sayPayout('reconcileNothingToDo', { key: entry.key, state: describeState(entry) }));
    return result(context, entry);
  }
  const claimed = await run.journal.claimedIds(entry.key);
  const clock = await gatewayClock(context, '/payouts');
  const own = await entryClock(run.journal, entry, clock, sameClock);
  const match: Matching = { claimed, skewMs: knownSkew(own), declared: declaredMoneyUnit(context) };
  if (payoutId !== undefined) return settleWithPayout(context, run, payoutId, match);
  const scan = await scanForMatches(context, entry, match);
  await refuseRivals(run, entry, scan.candidates, { ...match, clock });
  if (scan.candidates.length > 0) return settleFromMatches(context, run, scan.candidates);
  return settleWithoutMatch(context, run, scan, clock, own);
}

/** The skew that places an entry's times on the gateway's clock, undefined when none can. */
function knownSkew(placed: EntryClock): number | undefined {
  return placed.known ? placed.skewMs : undefined;
}

function alreadySettled(context: Context, entry: JournalRecord, payoutId: string | undefined): number {
  if (payoutId !== undefined && payoutId !== entry.made?.id) {
    throw new RefusedError(
      sayPayout('reconcileSettledOther', { key: entry.key, id: String(entry.made?.id), asked: payoutId }),
      { code: 'journal_already_settled' },
    );
  }
  context.log.info(
    sayPayout('reconcileAlreadySettled', { key: entry.key, id: sanitizeForTerminal(entry.made?.id ?? '?') }),
  );
  return result(context, entry);
}

/** `--payout-id`: the one payout the person says the run made, if it can be. */
async function settleWithPayout(
  context: Context,
  run: JournalRun,
  payoutId: string,
  match: Matching,
): Promise<number> {
  const entry = run.entry!;
  const client = await context.client();
  const payout = await client.payouts.get(payoutId, { signal: context.signal });
  const problem = mismatch(entry, payout, match);
  if (problem) {
    throw new RefusedError(sayPayout('reconcileNoMatch', { id: payoutId, key: entry.key, problem }));
  }
  const settled = await run.markDone(
    journaled(payout),
    `settled by payout reconcile --payout-id ${payoutId}`,
  );
  context.log.info(sayPayout('reconcileSettled', { key: entry.key, id: sanitizeForTerminal(idOf(payout)) }));
  return result(context, settled);
}

interface Scan {
  candidates: Payout[];
  /** Payouts that may be the entry's (a mark cut short, a marked one of another amount), with why. */
  maybe: Array<{ payout: Payout; why: string }>;
  summary: ListAllSummary;
  scanned: number;
  /** Undefined when the intent could not be placed on the gateway's clock: the whole list. */
  since: Date | undefined;
}

/** The payouts since the intent (gateway time, less the margin) that the entry's run could have made. */
async function scanForMatches(context: Context, entry: JournalRecord, match: Matching): Promise<Scan> {
  const client = await context.client();
  const intentAt = intentAtGateway(entry, match.skewMs);
  const since = intentAt === undefined ? undefined : new Date(intentAt - INTENT_MARGIN_MS);
  const candidates: Payout[] = [];
  const maybe: Scan['maybe'] = [];
  let scanned = 0;
  // Every page up to the bound (the order of the list is not documented, so no early stop).
  const listing = client.payouts.listAll(since === undefined ? {} : { since: since.toISOString() }, {
    pageSize: 100,
    maxPages: MAX_PAGES,
    signal: context.signal,
  });
  for (;;) {
    const next = await listing.next();
    if (next.done) {
      context.log.debug(`reconcile: scanned ${scanned} payouts, ${candidates.length} match`);
      return { candidates, maybe, summary: next.value, scanned, since };
    }
    scanned++;
    const verdict = verdictOf(entry, next.value, match);
    if (verdict.kind === 'match') candidates.push(next.value);
    if (verdict.kind === 'unknown') maybe.push({ payout: next.value, why: verdict.why });
  }
}

/**
 * Another key whose outcome is unknown could have made the same payout: never guess between them.
 * Each other entry's times are placed by its own writer's clock (--same-clock speaks of this key's
 * writer only).
 */
async function refuseRivals(
  run: JournalRun,
  entry: JournalRecord,
  candidates: Payout[],
  match: Matching & { clock: GatewayClock },
): Promise<void> {
  if (candidates.length !== 1) return;
  const unsettled = (await run.journal.entries())
    .filter((other) => other.key.toLowerCase() !== entry.key.toLowerCase())
    .filter((other) => other.state === 'sent' || other.state === 'unknown');
  const rivals: JournalRecord[] = [];
  for (const other of unsettled) {
    const placed = await entryClock(run.journal, other, match.clock, false);
    const theirs = { ...match, skewMs: knownSkew(placed) };
    if (candidates.some((payout) => verdictOf(other, payout, theirs).kind === 'match')) rivals.push(other);
  }
  if (rivals.length === 0) return;
  throw new RefusedError(
    sayPayout('reconcileRivals', {
      id: sanitizeForTerminal(idOf(candidates[0]!)),
      key: entry.key,
      others: rivals.map((other) => other.key).join(', '),
    }),
    { code: 'journal_ambiguous', hint: sayPayout('reconcileRivalsHint', { key: entry.key }) },
  );
}

/** One match settles the entry; several are listed for the person to pick from. */
async function settleFromMatches(context: Context, run: JournalRun, candidates: Payout[]): Promise<number> {
  const entry = run.entry!;
  if (candidates.length === 1) {
    const payout = candidates[0]!;
    const settled = await run.markDone(journaled(payout), 'matched by payout reconcile');
    context.log.info(
      sayPayout('reconcileMatched', {
        key: entry.key,
        id: sanitizeForTerminal(idOf(payout)),
        amount: formatMoney(entry.intent.amount),
        status: sanitizeForTerminal(statusText(payout.status)),
      }),
    );
    return result(context, settled);
  }
  await writeList(
    context.io.stdout,
    context.output,
    candidates,
    payoutColumns(payoutStatusWords(context), declaredMoneyUnit(context), context.output === 'table'),
    { colors: context.colors, ...terminalFit(context.io) },
  );
  throw new RefusedError(
    sayPayout('reconcileSeveral', {
      count: candidates.length,
      key: entry.key,
      amount: formatMoney(entry.intent.amount),
      since: formatTimestamp(entry.intent.at),
      ids: candidates.map((payout) => sanitizeForTerminal(idOf(payout))).join(', '),
    }),
    { code: 'journal_ambiguous', hint: sayPayout('reconcileSeveralHint', { key: entry.key }) },
  );
}

/** No match: not sent once the whole listing was read and the outcome window has passed. */
async function settleWithoutMatch(
  context: Context,
  run: JournalRun,
  scan: Scan,
  clock: GatewayClock,
  own: EntryClock,
): Promise<number> {
  const entry = run.entry!;
  // A payout that may be this key's is never passed over for "not sent".
  if (scan.maybe.length > 0) {
    throw new PaygateError(
      sayPayout('reconcileUncertain', {
        key: entry.key,
        maybe: scan.maybe
          .map(({ payout, why }) =>
            sayPayout('reconcileMaybe', { id: sanitizeForTerminal(idOf(payout)), why }),
          )
          .join('; '),
      }),
      ExitCode.OutcomeUnknown,
      {
        type: 'outcome_unknown',
        code: 'journal_mark_uncertain',
        hint: sayPayout('reconcileUncertainHint', { key: entry.key }),
      },
    );
  }
  // "Not sent" is concluded only from the whole list: cut at the page bound, or paging the
  // gateway does not let us drive, proves nothing.
  if (scan.summary.truncated || scan.summary.unfinished !== undefined) {
    const why = scan.summary.unfinished ?? sayPayout('reconcileCutAtPages', { pages: MAX_PAGES });
    throw new PaygateError(
      sayPayout('reconcileTruncated', { key: entry.key, scanned: scan.scanned, why }),
      ExitCode.OutcomeUnknown,
      {
        type: 'outcome_unknown',
        code: 'journal_scan_truncated',
        hint: sayPayout('reconcileTruncatedHint', { key: entry.key }),
      },
    );
  }
  // A run whose clock cannot be placed may have sent minutes later than its record says, or its
  // payout may have been cut by no time at all: no window can be said to be over.
  if (!own.known) {
    throw new PaygateError(
      sayPayout('reconcileClockUnknown', { key: entry.key, host: sanitizeForTerminal(own.host) }),
      ExitCode.OutcomeUnknown,
      {
        type: 'outcome_unknown',
        code: 'journal_clock_unknown',
        hint: sayPayout('reconcileClockUnknownHint', { key: entry.key, host: sanitizeForTerminal(own.host) }),
      },
    );
  }
  // On the gateway's clock too: the window is how long the gateway may take to show it.
  const sentAt = Date.parse(entry.sent_at ?? entry.written_at) + own.skewMs;
  const windowEnd = sentAt + (entry.outcome_window_ms ?? 0);
  const now = clock.now;
  if (now < windowEnd) {
    throw new PaygateError(
      sayPayout('reconcileWithinWindow', {
        key: entry.key,
        until: formatTimestamp(new Date(windowEnd).toISOString()),
        left: durationText(windowEnd - now),
      }),
      ExitCode.OutcomeUnknown,
      {
        type: 'outcome_unknown',
        code: 'journal_within_window',
        hint: sayPayout('reconcileWithinWindowHint', { key: entry.key }),
      },
    );
  }
  const settled = await run.markNotSent(
    `payout reconcile found no payout of ${entry.intent.amount} created since ${scan.since?.toISOString()} (${scan.scanned} scanned)`,
  );
  context.log.info(
    sayPayout('reconcileNotSent', {
      key: entry.key,
      amount: formatMoney(entry.intent.amount),
      since: formatTimestamp(entry.intent.at),
    }),
  );
  return result(context, settled);
}

/**
 * --json: where the key now stands (`key`, `state`, the `payout` as the gateway gave it or null,
 * `note`), not the journal's internal record (process ids, host names); for people, the payout.
 */
function result(context: Context, entry: JournalRecord): number {
  if (context.output === 'json' || context.output === 'ndjson') {
    const settled = {
      key: entry.key,
      state: entry.state,
      payout: entry.made ?? null,
      note: entry.note ?? null,
    };
    context.io.stdout.write(formatJson(settled, context.output === 'json' ? 'json' : 'ndjson'));
    return 0;
  }
  if (entry.made) writePayout(context, entry.made as Payout);
  return 0;
}
