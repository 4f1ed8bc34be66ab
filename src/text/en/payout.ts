// What the payout commands say to a person (src/commands/payout/*): messages, refusals, the
// confirmation, the dry run, and the labels of a payout's table.
import { englishTexts } from '../catalog.js';

export const payoutEnglish = {
  // payout create: before anything is sent
  yesRequired:
    '--yes is required to pay out without a terminal (no confirmation prompt here; nothing was sent)',
  noKeyRerun:
    'no --key: nothing stops a rerun of this command from paying again (--key sweep-$(date +%F) makes reruns safe)',
  tryingAgain: '--key {key}: {reason}; trying again.',
  confirm: 'Pay out {amount} to {destination}?',
  registeredPixKey: 'the PIX key registered for this seller',
  destinationWithName: '{destination} ({name})',
  severalMarked:
    '--key {key}: {count} payouts on the gateway carry this key ({ids}); showing the first listed',
  cutMark:
    'payout {id} on the gateway has {path} {text}, which may be the mark of --key {key} cut short: cannot tell whether this key already paid; this run sent nothing',
  cutMarkWithAmount:
    'payout {id} on the gateway ({amount}) has {path} {text}, which may be the mark of --key {key} cut short: cannot tell whether this key already paid; this run sent nothing',
  cutMarkHint:
    'look at it with `paygate payout get {id}`: if this key made it, nothing is to be done; if not, pay with another --key',
  balanceUnreadable:
    'cannot pay out the whole balance: {problem}; paygate never guesses an amount, so nothing was sent',
  balanceUnreadableHint: 'pay out a definite amount with --amount',
  balanceUnchecked: 'the balance could not be checked ({problem}): the gateway decides',
  nothingToPayOut: 'nothing to pay out: available balance {available}; nothing was sent',
  nothingToPayOutKeeping:
    'nothing to pay out: available balance {available}, --keep {keep}; nothing was sent',
  insufficientBalance: 'insufficient balance: {amount} requested, {available} available; nothing was sent',
  aboveMaxAmount: '{amount} is above the {source} limit of {max}; nothing was sent',
  aboveMaxAmountFlagHint: 'raise --max-amount if this payout is intended',
  aboveMaxAmountSettingHint:
    'pass a higher --max-amount for this run, or `paygate config set payout.max_amount …`',
  // payout create: sending, and a key's rerun
  madeBefore429:
    "The gateway answered 429 to --key {key}, but had made payout {id} (found on the gateway by the key's mark): not sent again.",
  outcomeUnknown:
    'the outcome of the previous run with --key {key} is unknown: {state}; this run sent nothing',
  outcomeUnknownHint:
    'run `paygate payout reconcile --key {key}`: it finds the payout (or proves there is none) so that a rerun is safe',
  keyReused: '--key {key} already paid {paid} ({id}); this run asks for {asked}: nothing was sent',
  keyReusedHint: 'a new payout needs a new --key',
  keyPayoutFailed: '--key {key} made payout {id}, and it failed; this run sent nothing.',
  alreadyMadeFound:
    'Already made with --key {key}, found on the gateway: payout {id} ({amount}), {status}. Nothing new was sent.',
  alreadyMade: 'Already made with --key {key}: payout {id} ({amount}), {status}. Nothing new was sent.',
  alreadyMadeReplayed:
    'Already made with --key {key} by an earlier run: the gateway answered with its payout {id} ({amount}), {status}, and made nothing new.',
  statusNotFetched: "could not fetch its current status ({problem}); showing the journal's copy",
  forgottenPayout:
    '--key {key}: the journal records payout {id} ({amount}) for this key, but the gateway has no such payout (404): it forgot it (`paygate sandbox reset`), or it is not the gateway that made it. Nothing was sent',
  forgottenPayoutHint:
    'a key pays once, and the journal keeps it: to pay again, give a new --key (e.g. sweep-$(date +%F)-2)',
  // payout create: what was done
  paidKept: 'Payout {id}, {status}: paid out {paid}; kept {kept}.',
  paidLeft: 'Payout {id}, {status}: paid out {paid}; {left} left available.',
  paid: 'Payout {id}, {status}: paid out {paid}.',
  followIt: 'Follow it with: {command}',
  dryRunKeep: 'Dry run: would pay out {paid} and keep {kept}; nothing was sent.',
  dryRunLeaving: 'Dry run: would pay out {paid}, leaving {left} available; nothing was sent.',
  dryRun: 'Dry run: would pay out {paid}; nothing was sent.',
  // the dry run's journal note (also the `journal` of its --json: said in English there)
  journalAlreadyPaid: 'already paid ({id}): a real run would print that payout and send nothing',
  journalOutcomeUnknown: 'outcome unknown: a real run would refuse (exit 9) until `payout reconcile`',
  journalWouldRetry: '{state}: a real run would try again',
  journalFoundOnGateway:
    'already made (found on the gateway: {id}): a real run would print that payout and send nothing',
  journalCutMark: "a payout may carry this key's mark cut short ({id}): a real run would refuse (exit 9)",
  journalNewKey: 'new key',
  journalLine: '{key}: {note}',
  // the dry run's labels
  labelWouldPayOut: 'Would pay out',
  labelTo: 'To',
  labelAvailable: 'Available',
  labelBalanceAfter: 'Balance after',
  labelJournal: 'Journal',
  // payout create's flags
  descriptionTooLong: '--description: at most {max} characters ({length})',
  descriptionTooLongWithKey:
    '--description: at most {max} characters with the key it carries ({appended} is appended; {length} in all)',
  amountAndAll: '--amount and --all: give exactly one (an amount, or the whole available balance)',
  amountOrAll: '--amount or --all is required (e.g. --amount 1500.00, or --all --keep 100.00)',
  keepOnlyWithAll: '--keep: only with --all (it is what --all leaves in the balance)',
  onlyWithWait: '{flag}: only with --wait',
  // a payout shown, followed, listed
  labelId: 'ID',
  labelStatus: 'Status',
  labelAmount: 'Amount',
  labelDestination: 'Destination',
  labelProvider: 'Provider',
  labelDescription: 'Description',
  labelFailureReason: 'Failure reason',
  labelFailed: 'Failed',
  labelCompleted: 'Completed',
  labelCreated: 'Created',
  headerId: 'ID',
  headerStatus: 'STATUS',
  headerAmount: 'AMOUNT',
  headerDestination: 'DESTINATION',
  headerProvider: 'PROVIDER',
  headerFailure: 'FAILURE',
  headerCreated: 'CREATED',
  headerDescription: 'DESCRIPTION',
  payoutFailed:
    'payout {id} failed: no money was sent and the amount is back in the available balance; a new --key pays again',
  notPayoutId: 'id: {value} is not a payout id (co_…)',
  watching: '{status} · payout {id} {amount}',
  interruptedMadeByThisRun:
    'interrupted: payout {id} was made (this run); only the wait for its outcome stopped.',
  interruptedMadeEarlier:
    'interrupted: payout {id} was made (an earlier run of this --key); only the wait for its outcome stopped.',
  finalStatus: 'payout {id} {status}',
  finalStatusWithReason: 'payout {id} {status}: {reason}',
  noPayoutsWithStatus: 'No {status} payouts.',
  noPayoutsMatch: 'No payouts match.',
  noPayouts: 'No payouts.',
  // payout reconcile (the journal's own notes stay English: they are its --json `note`)
  reconcileKeyRequired: '--key is required: the journal key of the run to settle',
  reconcileNoEntry: 'no payout journal entry for --key {key} (in {location})',
  reconcileNoEntryHint: 'check the key and PAYGATE_CONFIG_DIR / --profile of the run that used it',
  reconcileNothingToDo:
    '--key {key}: nothing to reconcile ({state}). No payout was made with this key: running the same `payout create --key {key}` again will pay.',
  reconcileSettledOther: '--key {key} is already settled with payout {id}, not {asked}; nothing was changed',
  reconcileAlreadySettled: '--key {key} is already settled: payout {id}.',
  reconcileNoMatch: 'payout {id} does not match --key {key}: {problem}; nothing was changed',
  reconcileSettled: '--key {key} settled: payout {id}. A rerun prints it and pays nothing.',
  reconcileRivals:
    'payout {id} matches --key {key} and also --key {others} (outcome unknown too); nothing was changed',
  reconcileRivalsHint:
    'settle each key with the payout it made: paygate payout reconcile --key {key} --payout-id ID',
  reconcileMatched:
    '--key {key} settled: the run did create payout {id} ({amount}, {status}). A rerun prints it and pays nothing.',
  reconcileSeveral: '{count} payouts match --key {key} ({amount} since {since}): {ids}; nothing was changed',
  reconcileSeveralHint: 'pick the one this run made: paygate payout reconcile --key {key} --payout-id ID',
  reconcileMaybe: 'payout {id} may be its: {why}',
  reconcileUncertain: 'no payout surely matches --key {key}, but {maybe}; unknown, nothing was changed',
  reconcileUncertainHint:
    'look at it with `paygate payout get ID`; if this key made it: paygate payout reconcile --key {key} --payout-id ID',
  reconcileCutAtPages: 'the listing was cut at {pages} pages',
  reconcileTruncated:
    'no payout matches --key {key} among the {scanned} scanned, but {why}: cannot conclude; nothing was changed',
  reconcileTruncatedHint:
    'find the payout with `paygate payout list --all`, then: paygate payout reconcile --key {key} --payout-id ID',
  reconcileWithinWindow:
    'no payout matches --key {key} yet, but the gateway may still show one until {until} (in {left}); nothing was changed',
  reconcileWithinWindowHint: 'run `paygate payout reconcile --key {key}` again after that',
  reconcileClockUnknown:
    "no payout matches --key {key}, but its entry was written on host {host} with no record of that host's clock, which cannot be placed against the gateway's: no payout was left out for its time, and cannot conclude that nothing was sent; nothing was changed",
  reconcileClockUnknownHint:
    "run `paygate payout reconcile --key {key}` on {host}; or, once the payout is found, paygate payout reconcile --key {key} --payout-id ID; or, if {host}'s clock agreed with this host's within a minute, add --same-clock",
  reconcileNotSent:
    '--key {key}: no payout matches {amount} since {since}: the request created nothing. Marked not sent: running `payout create --key {key}` again WILL pay.',
  whyClaimed: 'it is recorded by another journal key',
  whyEarlier: "created at {at}, before this key's run (by the gateway's clock)",
  noAmount: 'no amount',
  whyOtherAmount: 'amount {shown} instead of {asked}',
  whyUnknownUnit: '{shown}: not in centavos as far as paygate knows ({asked} asked)',
  whyCutMark: "its {shown} may be this key's mark cut short",
  whyMarkOtherAmount: "it carries this key's mark, but {problem}",
  whyNoMark: 'it does not carry the mark {mark}',
  // entries of an older, unscoped paygate (payout/journal.ts)
  legacyOtherAccount:
    "--key {key}: an entry from an older paygate ({where}) records payout {id}, which this account does not have: it was another account's, and this one pays on its own",
  legacyUnknown:
    '--key {key}: an entry from an older paygate ({where}) has an unknown outcome, and it does not say which account it was for; nothing was sent',
  legacyUnknownHint:
    'check `paygate payout list` on the account that ran it; once settled, move {where} aside',
} as const;

export type PayoutEnglish = typeof payoutEnglish;
export const sayPayout = englishTexts('payout', payoutEnglish);
