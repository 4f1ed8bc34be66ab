import { readBalance, unusableMoney } from '../../api/account.js';
import { NotFoundError } from '../../api/errors.js';
import { Listing } from '../../api/pagination.js';
import {
  crashPoint,
  describeState,
  type JournalRecord,
  type JournalRun,
  type JournalStore,
} from '../../config/journal.js';
import type { JournalScope } from '../../config/journal-account.js';
import type { Context } from '../../context.js';
import { amountIs, type MarkFound, markedPayoutDescription, payoutMarkOn } from '../../domain/key-mark.js';
import { formatMoney } from '../../domain/money.js';
import { declaredMoneyUnit, type MoneyUnit } from '../../domain/money-reading.js';
import { idOf, journaled, readAmount } from '../../domain/resource-fields.js';
import { payoutOutcome, type StatusWords } from '../../domain/status.js';
import { CancelledError, ExitCode, PaygateError, RefusedError, UsageError } from '../../errors.js';
import { formatAmount, formatReading, receivedText } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Account } from '../../schemas/account.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { englishOf, sayFor } from '../../text/in-english.js';
import { warnIfAmountDiffers } from '../shared/amount-echo.js';
import {
  findMarkedPayouts,
  lookBeforeRetry,
  MadeBeforeRetry,
  tellUnsearchable,
} from '../shared/gateway-mark.js';
import { idempotencyHeaders, refusalsOf } from '../shared/idempotency-key.js';
import { keyedJournal, outcomeWindowMs, recordCreated, recordSendFailure } from '../shared/journaled-send.js';
import { moneyWithWords } from '../shared/money-in-words.js';
import { payoutStatusWords } from '../shared/status-words.js';
import { writeSuccessLine } from '../shared/watch.js';
import type { CommandHandler } from '../types.js';
import { type PayoutCreateOptions, parsePayoutCreate } from './create-options.js';
import { legacyPayout } from './journal.js';
import { destinationText, finalOutcome, followPayout, payoutWatchCommand, writePayout } from './shared.js';

export const payoutCreate: CommandHandler<PayoutCreateOptions> = {
  parse: parsePayoutCreate,
  run: createPayout,
};

async function createPayout(options: PayoutCreateOptions, context: Context): Promise<number> {
  // Every mode, --json and cron included: a sweep keeping R$ 1,00 for R$ 100 must not pass unseen.
  for (const note of options.smallCentavosNotes) context.log.warn(note);
  // Never a prompt without a terminal: cron must say --yes, and learns it at once (exit 2).
  if (!options.dryRun && !options.yes && !context.canPrompt) {
    throw new UsageError(sayPayout('yesRequired'), { field: '--yes' });
  }
  // A script (no terminal) is told once that only a key makes its rerun safe.
  if (!options.key && !options.dryRun && !context.canPrompt) {
    context.log.warn(sayPayout('noKeyRerun'));
  }
  const keyed = options.key ? await keyedJournal(context, 'payout') : undefined;
  const journal = keyed?.journal;
  if (options.dryRun) return dryRun(context, options, journal);

  let run: JournalRun | undefined;
  if (journal && options.key) run = await journal.acquire(options.key, { signal: context.signal });
  let sent: Sent;
  let seenAvailable: number | undefined;
  try {
    if (run) {
      const decision = run.decide();
      if (decision.kind === 'done') {
        await run.release();
        return alreadyPaid(context, options, decision.entry);
      }
      if (decision.kind === 'unknown') throw outcomeUnknownOfEntry(decision.entry);
      if (decision.kind === 'new') {
        const legacy = await legacyPayout(context, run.key);
        if (legacy) {
          await run.release();
          return alreadyPaid(context, options, legacy);
        }
      }
      // A key never seen here, or one reconcile found nothing for: the gateway may show its
      // payout now (a late one after "not sent"), so it is looked at again before sending.
      if (decision.kind === 'new' || decision.previous.state === 'not_sent') {
        const found = await foundOnGateway(context, run, options.amount, descriptionOf(options));
        if (found) {
          await run.release();
          return alreadyPaid(context, options, found, true);
        }
      }
      if (decision.kind === 'retry')
        context.log.info(sayPayout('tryingAgain', { key: run.key, reason: decision.reason }));
    }
    const client = await context.client();
    const available = await availableBalance(context);
    seenAvailable = available.centavos;
    const amount = amountToPay(context, options, available);
    if (context.canPrompt && !options.yes) {
      const account = await client.account.getAccount({ signal: context.signal }).catch(() => undefined);
      const confirmed = await context.prompter.confirm({
        // The amount in words too: a slip of a digit or of the decimal point reads differently.
        message: sayPayout('confirm', {
          amount: moneyWithWords(amount),
          destination: destinationOf(account),
        }),
        default: false,
      });
      if (!confirmed) throw new CancelledError();
    }
    sent = await send(context, run && keyed ? { run, scope: keyed.scope } : undefined, {
      amount,
      description: descriptionOf(options),
      balanceSeen: available.centavos ?? null,
    });
  } finally {
    await run?.release();
  }

  const code = await report(context, options, sent.payout, false, seenAvailable);
  // Printed first: the payout exists. Then exit 9, for the journal still says `sent`.
  if (sent.unrecorded) throw sent.unrecorded;
  return code;
}

/** What is sent as the description: a keyed payout always carries its key (its mark on the gateway). */
function descriptionOf(options: PayoutCreateOptions): string | undefined {
  return options.key ? markedPayoutDescription(options.key, options.description) : options.description;
}

/**
 * A key the local journal has never seen (a fresh container, another host) may still have paid:
 * the gateway's payouts of the look-up window are searched for its mark before anything is sent.
 * Found: it is recorded as this key's payout, and returned. A mark that may be cut short, on a
 * payout of the amount asked (or any, with --all), is neither this key's nor another's: exit 9,
 * nothing sent.
 */
async function foundOnGateway(
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
    if (cut) throw cutMarkFound(run.key, cut.payout, cut.mark!);
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
function cutMarkFound(key: string, payout: Payout, mark: MarkFound): PaygateError {
  const id = sanitizeForTerminal(idOf(payout));
  const text = sanitizeForTerminal(JSON.stringify(mark.text));
  const message =
    payout.amount !== undefined
      ? sayPayout('cutMarkWithAmount', {
          id,
          amount: sanitizeForTerminal(formatAmount(payout.amount)),
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
interface Sent {
  payout: Payout;
  unrecorded?: PaygateError;
}

/** The available balance as integer centavos, or why it cannot be read so (docs/gateway-api.md, "Money as it was written"). */
async function availableBalance(context: Context): Promise<{ centavos?: number; problem?: string }> {
  const client = await context.client();
  const reading = readBalance(
    await client.account.getBalance({ signal: context.signal }),
    declaredMoneyUnit(context),
  );
  const problem = unusableMoney(reading.available, 'available');
  return problem ? { problem } : { centavos: reading.available!.centavos! };
}

/**
 * `--all`: available − keep; `--amount`: as given. Then the local refusals (exit 3, nothing
 * sent). Money is never guessed: without a balance in integer centavos, `--all` is refused and
 * `--amount` goes on with a warning, for the gateway to decide.
 */
function amountToPay(
  context: Context,
  options: PayoutCreateOptions,
  balance: { centavos?: number; problem?: string },
): number {
  let amount: number;
  const available = balance.centavos;
  if (options.all && available === undefined) {
    throw new RefusedError(sayPayout('balanceUnreadable', { problem: String(balance.problem) }), {
      code: 'balance_unreadable',
      hint: sayPayout('balanceUnreadableHint'),
    });
  }
  if (available === undefined) {
    context.log.warn(sayPayout('balanceUnchecked', { problem: String(balance.problem) }));
    amount = options.amount!;
  } else if (options.all) {
    amount = available - options.keep;
    if (amount <= 0) {
      throw new RefusedError(
        options.keep > 0
          ? sayPayout('nothingToPayOutKeeping', {
              available: formatMoney(available),
              keep: formatMoney(options.keep),
            })
          : sayPayout('nothingToPayOut', { available: formatMoney(available) }),
        { code: 'nothing_to_pay_out' },
      );
    }
  } else {
    amount = options.amount!;
    if (amount > available) {
      throw new RefusedError(
        sayPayout('insufficientBalance', { amount: formatMoney(amount), available: formatMoney(available) }),
        { code: 'insufficient_balance', field: '--amount' },
      );
    }
  }
  if (options.maxAmount !== undefined && amount > options.maxAmount) {
    throw new RefusedError(
      sayPayout('aboveMaxAmount', {
        amount: formatMoney(amount),
        source: options.maxAmountSource,
        max: formatMoney(options.maxAmount),
      }),
      {
        code: 'above_max_amount',
        field: options.maxAmountSource,
        hint:
          options.maxAmountSource === '--max-amount'
            ? sayPayout('aboveMaxAmountFlagHint')
            : sayPayout('aboveMaxAmountSettingHint'),
      },
    );
  }
  return amount;
}

function destinationOf(account: Account | undefined): string {
  const key = account?.pix_key;
  if (!key) return sayPayout('registeredPixKey');
  const destination = sanitizeForTerminal(destinationText({ pix_key: key }));
  return account?.name
    ? sayPayout('destinationWithName', { destination, name: sanitizeForTerminal(account.name) })
    : destination;
}

/**
 * The journaled send: intent → sent → POST → done | failed_before_send | rejected | unknown.
 * Without a key, just the POST.
 */
async function send(
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
  });
  crashPoint(context.env, 'after-intent');
  await run.markSent(new Date(context.clock.now()).toISOString(), outcomeWindowMs(context));
  crashPoint(context.env, 'before-send');
  let payout: Payout;
  try {
    payout = await client.payouts.create(body, {
      signal: context.signal,
      headers: idempotencyHeaders(scope, 'payout', run.key, refusals),
      beforeRetry: lookBeforeRetry(() => markedPayout(context, run, intent.amount, intent.description)),
    });
  } catch (error) {
    if (!(error instanceof MadeBeforeRetry))
      throw await recordSendFailure(run, error, `paygate payout reconcile --key ${run.key}`, 'payout');
    payout = error.made as Payout;
    context.log.info(sayPayout('madeBefore429', { key: run.key, id: sanitizeForTerminal(idOf(payout)) }));
  }
  crashPoint(context.env, 'after-answer');
  warnIfAmountDiffers(context, 'payout', intent.amount, payout);
  const unrecorded = await recordCreated(run, payout, `paygate payout reconcile --key ${run.key}`, 'payout');
  return { payout, unrecorded };
}

function outcomeUnknownOfEntry(entry: JournalRecord): PaygateError {
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
 * A rerun of a key that already paid (by the journal, or found on the gateway): shows that payout
 * (fresh if the API answers), exit 0.
 */
async function alreadyPaid(
  context: Context,
  options: PayoutCreateOptions,
  entry: JournalRecord,
  foundOnTheGateway = false,
): Promise<number> {
  const recorded = entry.made!;
  if (options.amount !== undefined && entry.intent.amount !== options.amount) {
    throw new RefusedError(
      sayPayout('keyReused', {
        key: entry.key,
        paid: formatMoney(entry.intent.amount),
        id: recorded.id,
        asked: formatMoney(options.amount),
      }),
      { code: 'journal_key_reused', hint: sayPayout('keyReusedHint') },
    );
  }
  let payout = recorded as Payout;
  let fetchProblem: string | undefined;
  try {
    const client = await context.client();
    payout = await client.payouts.get(recorded.id, { signal: context.signal });
  } catch (error) {
    if (error instanceof PaygateError && error.exitCode === ExitCode.Interrupted) throw error;
    // A payout just read from the gateway's list is not forgotten (a gateway may have no GET by id).
    if (error instanceof NotFoundError && !foundOnTheGateway && (await gatewayForgot(context, recorded.id)))
      throw forgottenPayout(entry, recorded.id);
    fetchProblem = (error as Error).message;
  }
  const id = sanitizeForTerminal(recorded.id);
  const words = payoutStatusWords(context);
  if (payoutOutcome(payout.status, words) === 'failure') {
    // Not "already paid": the key's payout failed (its amount is back in the balance, and a new
    // --key pays again: writePayout says so below).
    context.log.info(sayPayout('keyPayoutFailed', { key: entry.key, id }));
  } else {
    // "Made", and its status: a payout still pending or processing has not paid yet.
    const status = sanitizeForTerminal(statusText(receivedText(payout.status), words));
    context.log.info(
      foundOnTheGateway
        ? sayPayout('alreadyMadeFound', {
            key: entry.key,
            id,
            amount: sanitizeForTerminal(formatReading(readAmount(recorded, declaredMoneyUnit(context)))),
            status,
          })
        : sayPayout('alreadyMade', { key: entry.key, id, amount: formatAmount(entry.intent.amount), status }),
    );
  }
  if (fetchProblem !== undefined) context.log.warn(sayPayout('statusNotFetched', { problem: fetchProblem }));
  if (payoutOutcome(payout.status, words) === 'failure') {
    // This run's key paid nothing: exit 7, with or without --wait.
    writePayout(context, payout);
    finalOutcome(payout, words);
  }
  return report(context, options, payout, true);
}

/** ` (--keep 100 = 100 centavos)` after a figure typed as a bare integer, else nothing. */
function asRead(reading: string | undefined): string {
  return reading === undefined ? '' : ` (${reading})`;
}

/**
 * What a new payout moved and left, in reais, with how a bare integer was read: `Payout co_1,
 * pending: paid out R$ 959,10; kept R$ 1,00 (--keep 100 = 100 centavos).` On stderr in every mode
 * (--json keeps the API's data on stdout), so that a cron log shows it.
 */
function paidLine(
  options: PayoutCreateOptions,
  payout: Payout,
  available: number | undefined,
  declared: MoneyUnit | undefined,
  words: StatusWords,
): string {
  // The amount as the gateway wrote it, read in its unit (never a figure of unknown unit as centavos).
  const paid = `${sanitizeForTerminal(formatReading(readAmount(payout, declared)))}${asRead(options.readings?.amount)}`;
  const status = sanitizeForTerminal(statusText(receivedText(payout.status), words));
  const id = sanitizeForTerminal(idOf(payout));
  if (options.all)
    return sayPayout('paidKept', {
      id,
      status,
      paid,
      kept: `${formatMoney(options.keep)}${asRead(options.readings?.keep)}`,
    });
  if (available !== undefined && options.amount !== undefined)
    return sayPayout('paidLeft', { id, status, paid, left: formatMoney(available - options.amount) });
  return sayPayout('paid', { id, status, paid });
}

/**
 * Whether the gateway, which answered 404 for payout `id`, lists every payout it has without it
 * (a gateway may have no GET by id: then its list shows the payout, and it was not forgotten).
 */
async function gatewayForgot(context: Context, id: string): Promise<boolean> {
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
function forgottenPayout(entry: JournalRecord, id: string): RefusedError {
  return new RefusedError(
    sayPayout('forgottenPayout', {
      key: entry.key,
      id: sanitizeForTerminal(id),
      amount: formatMoney(entry.intent.amount),
    }),
    { code: 'journal_payout_not_found', hint: sayPayout('forgottenPayoutHint') },
  );
}

/** Prints the payout (or follows it with --wait) and returns the exit code. */
async function report(
  context: Context,
  options: PayoutCreateOptions,
  payout: Payout,
  existing: boolean,
  available?: number,
): Promise<number> {
  const human = context.output === 'table';
  if (!existing)
    context.log.info(
      paidLine(options, payout, available, declaredMoneyUnit(context), payoutStatusWords(context)),
    );
  if (!options.wait) {
    writePayout(context, payout);
    if (human) context.log.info(sayPayout('followIt', { command: payoutWatchCommand(idOf(payout)) }));
    return 0;
  }
  // Waiting: the payout is shown once, as it ends (not the `pending` it was created as).
  let last = payout;
  let final: Payout;
  try {
    final = await followPayout(
      context,
      idOf(payout),
      options.timing!,
      (seen) => {
        last = seen;
      },
      existing ? 'earlier run' : 'this run',
    );
  } catch (error) {
    // A timeout or Ctrl-C: the payout as last seen, so its id is on stdout.
    writePayout(context, last);
    throw error;
  }
  writePayout(context, final);
  const words = payoutStatusWords(context);
  finalOutcome(final, words);
  writeSuccessLine(context, 'payout', final, words);
  return 0;
}

/** `--dry-run`: the balance, the amount and the destination; nothing is sent or journaled. */
async function dryRun(
  context: Context,
  options: PayoutCreateOptions,
  journal: JournalStore | undefined,
): Promise<number> {
  const entry = journal && options.key ? await journal.read(options.key) : undefined;
  const client = await context.client();
  const balance = await availableBalance(context);
  const account = await client.account.getAccount({ signal: context.signal }).catch(() => undefined);
  const amount = amountToPay(context, options, balance);
  const description = descriptionOf(options);
  const onGateway =
    !entry && options.key ? await findMarkedPayouts(context, options.key, description) : undefined;
  if (onGateway && !onGateway.searchable && onGateway.found.length === 0)
    tellUnsearchable(context, 'payouts');
  const markOf = (payout: Payout) => payoutMarkOn(payout, options.key!, description)?.kind;
  const found = onGateway?.found.find((payout) => markOf(payout) === 'mark');
  const cut = onGateway?.found.find(
    (payout) => markOf(payout) === 'cut' && (options.all || amountIs(payout, amount) !== false),
  );
  // The note is a script's `journal` in --json (English, as every key and value there) and a
  // person's line in a table (the run's language).
  const journalNote = (say: typeof sayPayout): string | null =>
    entry
      ? entry.state === 'done'
        ? say('journalAlreadyPaid', { id: String(entry.made?.id) })
        : entry.state === 'sent' || entry.state === 'unknown'
          ? say('journalOutcomeUnknown')
          : say('journalWouldRetry', { state: describeState(entry) })
      : found
        ? say('journalFoundOnGateway', { id: idOf(found) })
        : cut
          ? say('journalCutMark', { id: idOf(cut) })
          : options.key
            ? say('journalNewKey')
            : null;
  const plan = {
    dry_run: true,
    amount,
    description: description ?? null,
    available: balance.centavos ?? null,
    balance_after: balance.centavos !== undefined ? balance.centavos - amount : null,
    destination: account?.pix_key ?? null,
    key: options.key ?? null,
    journal: journalNote(englishOf(sayPayout)),
  };
  if (context.output === 'json' || context.output === 'ndjson') {
    context.io.stdout.write(`${JSON.stringify(plan, null, context.output === 'json' ? 2 : undefined)}\n`);
    context.log.info(dryRunLine(options, amount, balance.centavos));
    return 0;
  }
  const { writeObject } = await import('../../output/render.js');
  // A table's labels in the run's language; csv/plain labels are a script's keys (English).
  const label = sayFor(sayPayout, context.output === 'table');
  writeObject(
    context.io.stdout,
    context.output,
    plan,
    [
      { label: label('labelWouldPayOut'), value: (p) => p.amount, display: (p) => formatMoney(p.amount) },
      {
        label: label('labelTo'),
        value: (p) => p.destination?.value ?? '',
        display: () => destinationOf(account),
      },
      { label: label('labelDescription'), value: (p) => p.description ?? '' },
      {
        label: label('labelAvailable'),
        value: (p) => p.available ?? '',
        display: (p) => formatAmount(p.available),
      },
      {
        label: label('labelBalanceAfter'),
        value: (p) => p.balance_after ?? '',
        display: (p) => formatAmount(p.balance_after),
      },
      ...(options.key
        ? [
            {
              label: label('labelJournal'),
              value: (p: typeof plan) => `${p.key}: ${p.journal}`,
              display: (p: typeof plan) =>
                sayPayout('journalLine', { key: String(p.key), note: String(journalNote(sayPayout)) }),
            },
          ]
        : []),
    ],
    { colors: context.colors },
  );
  context.log.info(dryRunLine(options, amount, balance.centavos));
  return 0;
}

/** `Dry run: would pay out R$ 959,10 and keep R$ 1,00 (--keep 100 = 100 centavos); nothing was sent.` */
function dryRunLine(options: PayoutCreateOptions, amount: number, available: number | undefined): string {
  const paid = `${formatMoney(amount)}${asRead(options.readings?.amount)}`;
  if (options.all)
    return sayPayout('dryRunKeep', {
      paid,
      kept: `${formatMoney(options.keep)}${asRead(options.readings?.keep)}`,
    });
  if (available !== undefined)
    return sayPayout('dryRunLeaving', { paid, left: formatMoney(available - amount) });
  return sayPayout('dryRun', { paid });
}
