// What the helpers shared by several commands say (src/commands/shared/*): lists' notes, watches,
// the amount a gateway echoes, the journal of a keyed create, the look-up of a key's mark.
import { englishTexts } from '../catalog.js';

const sharedEnglish = {
  moneyWithWords: '{money} ({words})',
  // the amount a gateway echoes (amount-echo.ts)
  chargeAmountDiffers: "WARNING: the charge's amount differs from what paygate sent",
  payoutAmountDiffers: "WARNING: the payout's amount differs from what paygate sent",
  chargeAmountUnchecked:
    "WARNING: the charge's amount could not be checked against what paygate sent (its unit is unknown: gateway.money_unit declares it)",
  payoutAmountUnchecked:
    "WARNING: the payout's amount could not be checked against what paygate sent (its unit is unknown: gateway.money_unit declares it)",
  amountDiffersDetail:
    ": sent amount {sent} (centavos, {money}); the gateway's answer says {name} {received}.",
  checkCharge: 'Check the charge with the gateway before relying on it.',
  checkPayout: 'Check the payout with the gateway before relying on it.',
  // a keyed create's journal (journaled-send.ts)
  journalNotRecorded: '{message} (and the journal could not record it: {problem})',
  runReconcile: 'run `{command}`',
  payoutMayBeCreated:
    'the payout may have been created: nothing was retried. Run `{command}` before running this again',
  chargeMayBeCreated:
    'the charge may have been created: nothing was retried. Run `{command}` before running this again',
  payoutCreatedUnrecorded:
    'payout {id} was created, but the journal could not record it ({problem}); a rerun of this key will refuse until it is settled',
  chargeCreatedUnrecorded:
    'charge {id} was created, but the journal could not record it ({problem}); a rerun of this key will refuse until it is settled',
  // an action on a resource whose answer never came (resource-action.ts): `what` is the action's
  // words ("the refund of charge ci_…"), `command` the one that shows the resource
  actionOutcomeUnknown: '{what} may or may not have happened: no answer came after it was sent ({message})',
  // the gateway answered (a 5xx, a page that is not the API's) but not whether the action happened
  actionOutcomeUnknownAnswered:
    "{what} may or may not have happened: the gateway's answer does not say whether it did ({message})",
  checkBeforeTryingAgain: 'check with `{command}` before trying again',
  // lists (list-filter.ts, list-run.ts): `what` is one of the nouns below
  charges: 'charges',
  payouts: 'payouts',
  limitAndAll: '--limit and --all: --all prints every item and --limit the newest N; give one',
  showingNewestMatching:
    'Showing the newest {count} {what} that match; more may match: --limit N shows more, --all every one.',
  showingNewestOfTotal:
    'Showing the newest {count} {what} of {total}: --limit N shows more, --all every one.',
  showingNewest: 'Showing the newest {count} {what}: --limit N shows more, --all every one.',
  undated: {
    one: '{count} of the {what} has no creation time paygate can read: kept, not filtered by --since/--until',
    other:
      '{count} of the {what} have no creation time paygate can read: kept, not filtered by --since/--until',
  },
  dateOnly: {
    one: '{count} of the {what} carries only a date, on the day --since/--until cut at a time of day: kept, not filtered',
    other:
      '{count} of the {what} carry only a date, on the day --since/--until cut at a time of day: kept, not filtered',
  },
  wallClock: {
    one: '{count} of the {what} has a creation time without a zone: read as local time ({zone}) for --since/--until',
    other:
      '{count} of the {what} have a creation time without a zone: read as local time ({zone}) for --since/--until',
  },
  unorderedStreaming:
    'the gateway does not list {what} newest first: rows follow its order (filters are applied here)',
  unorderedReading:
    'the gateway does not list {what} newest first: reading the whole list (up to {limit}) to show the newest',
  unorderedCut:
    'incomplete: the gateway does not list {what} newest first and has more than the {read} read: the rows shown are the newest of those {read}, not of the whole list',
  unorderedCutHint: 'narrow it with --since/--until, or read every page with --all -o ndjson',
  notATime:
    '{flag}: {value} is not a time: use a date (2026-11-01 or 01/11/2026), a date-time (2026-11-01T14:30, 2026-11-01T14:30:00Z) or a duration ago (90m, 12h, 7d)',
  sinceBeforeUntil: '--since: must be before --until',
  // watches and waits (watch.ts)
  timeoutAboveZero: '--timeout: must be above zero',
  // a flag's value (flags.ts, options.ts)
  wholeNumberAboveZero: '{flag}: must be a whole number above zero',
  wholeNumberBetween: '{flag}: must be a whole number from {min} to {max}',
  flagRequiredNoPrompt: '{flag} is required (no prompt without a terminal: pass it as a flag)',
  intervalRaised: '--interval raised to {seconds}s (at most 30 requests a minute)',
  waiting: 'waiting',
  connectionTroubleLine: '{status} · connection trouble, retrying ({message})',
  stillPending: 'still {status} when the timeout ran out',
  stillPendingSilent:
    'still {status} when the timeout ran out; the gateway has not answered for {duration} (connection trouble, retrying: {message})',
  pending: 'pending',
  resumeWith: 'resume with: {command}',
  watchInterrupted: 'interrupted: the watch stopped (nothing was changed).',
  chargeSucceeded: ': charge {id} ({amount})',
  payoutSucceeded: ': payout {id} ({amount})',
  // files and stdin (read-input.ts)
  stdin: 'stdin',
  inputTooLarge: '{field}: {source} holds more than {size}: not what {field} reads',
  inputUnreadable: '{field}: cannot read {source} ({reason})',
  // the look-up of a key's mark on the gateway (gateway-mark.ts)
  lookupSkipped:
    "journal.gateway_lookup is skip: a key's earlier create is not looked for on the gateway; relying on the journal and the idempotency header alone",
  lookupIncomplete:
    'the look-up for this key\'s mark among the gateway\'s {what} since {since} could not be completed ({read}): not finding it there is not a "no", so nothing was sent',
  lookupIncompleteAfter429:
    "the gateway answered 429 and the look-up for this key's mark among the gateway's {what} since {since} could not be completed ({read}): the create may have been made, so it was not sent again",
  after429: 'the gateway answered 429 and {problem}: the create may have been made, so it was not sent again',
  lookupBound: "the look-up's bound",
  lookupIncompleteHint:
    'keep the journal where every host sees it (`paygate config set journal.url postgres://…`, or PAYGATE_JOURNAL_URL), or knowingly rely on the journal and the idempotency header alone: `paygate config set journal.gateway_lookup skip`',
  payoutsUnsearchable:
    "this gateway's payouts show no field that could carry a key's mark (a description, comment or metadata): a key's earlier payout cannot be found on it; relying on the local journal alone",
  chargesUnsearchable:
    "this gateway's charges show no external ids: a key's earlier charge cannot be found on it; relying on the local journal alone",
  clockAhead:
    "the local clock is {duration} ahead of the gateway's (its Date header): going by the gateway's time",
  clockBehind:
    "the local clock is {duration} behind the gateway's (its Date header): going by the gateway's time",
} as const;

export type SharedEnglish = typeof sharedEnglish;
export const sayShared = englishTexts('shared', sharedEnglish);
