// Whether a payout the API lists is the one a journal entry's run made (`payout reconcile`,
// reconcile.ts): the key's mark, the amount, and a creation time placed on the gateway's clock.
import type { JournalRecord } from '../../config/journal.js';
import { zonedTimestampMs } from '../../domain/instant.js';
import { amountIs, payoutMarkOn, showsTextField } from '../../domain/key-mark.js';
import type { MoneyUnit } from '../../domain/money-reading.js';
import { findAmount, findCreatedAt, idOf } from '../../domain/resource-fields.js';
import { receivedText } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { INTENT_MARGIN_MS } from '../shared/gateway-mark.js';

/** What a payout is matched against besides the entry: the payouts other keys hold, the skew. */
export interface Matching {
  claimed: Set<string>;
  /** gateway − the entry's writer's clock, ms; undefined when unknown (no time excludes). */
  skewMs: number | undefined;
  /** The unit the profile declares for money outside the API's names (gateway.money_unit). */
  declared: MoneyUnit | undefined;
}

/** The time of the entry's intent on the gateway's clock, undefined when it cannot be placed. */
export function intentAtGateway(entry: JournalRecord, skewMs: number | undefined): number | undefined {
  return skewMs === undefined ? undefined : Date.parse(entry.intent.at) + skewMs;
}

/** What a listed payout is to the entry: its payout, maybe its payout, or not (and why not). */
export type Verdict = { kind: 'match' } | { kind: 'unknown'; why: string } | { kind: 'other'; why: string };

/**
 * Whether `payout` is the one the entry's run made. Its mark (the key's description, in any text
 * field, any letter case) and amount decide; a creation time excludes it only when it names an
 * instant (a bare date or a time without a zone does not). A mark maybe cut short with the same
 * amount, or the whole mark with another amount, is `unknown`: never a reason to say "not sent".
 */
export function verdictOf(entry: JournalRecord, payout: Payout, match: Matching): Verdict {
  if (match.claimed.has(idOf(payout))) return { kind: 'other', why: sayPayout('whyClaimed') };
  const createdAt = findCreatedAt(payout)?.value;
  const created = zonedTimestampMs(createdAt);
  const intentAt = intentAtGateway(entry, match.skewMs);
  if (created !== undefined && intentAt !== undefined && created < intentAt - INTENT_MARGIN_MS) {
    return {
      kind: 'other',
      why: sayPayout('whyEarlier', { at: sanitizeForTerminal(String(createdAt)) }),
    };
  }
  const amount = amountIs(payout, entry.intent.amount, match.declared);
  const written = findAmount(payout);
  const shownAmount = written ? `${written.name} ${receivedText(written.value)}` : sayPayout('noAmount');
  const otherAmount =
    amount === false
      ? sayPayout('whyOtherAmount', { shown: sanitizeForTerminal(shownAmount), asked: entry.intent.amount })
      : sayPayout('whyUnknownUnit', { shown: sanitizeForTerminal(shownAmount), asked: entry.intent.amount });
  const mark = payoutMarkOn(payout, entry.key, entry.intent.description);
  const shown = mark ? `${mark.path} ${sanitizeForTerminal(JSON.stringify(mark.text))}` : '';
  if (mark?.kind === 'cut') {
    return amount === false
      ? { kind: 'other', why: otherAmount }
      : { kind: 'unknown', why: sayPayout('whyCutMark', { shown }) };
  }
  if (mark) {
    return amount === true
      ? { kind: 'match' }
      : { kind: 'unknown', why: sayPayout('whyMarkOtherAmount', { problem: otherAmount }) };
  }
  if (amount !== true) return { kind: 'other', why: otherAmount };
  // A gateway that keeps no text it is sent cannot be matched on the mark: amount and time decide.
  if (!showsTextField(payout)) return { kind: 'match' };
  // An entry from before keyed payouts carried a mark sent no description: nor did its payout.
  if (entry.intent.description == null && payout.description == null) return { kind: 'match' };
  return {
    kind: 'other',
    why: sayPayout('whyNoMark', { mark: String(JSON.stringify(entry.intent.description)) }),
  };
}

/** Why `payout` cannot be the one the entry's run made, or undefined when it can (or may). */
export function mismatch(entry: JournalRecord, payout: Payout, match: Matching): string | undefined {
  const verdict = verdictOf(entry, payout, match);
  return verdict.kind === 'other' ? verdict.why : undefined;
}
