// `paygate payout create`: the amount checked against the balance, confirmed, sent once (with
// --key through keyed.ts's journal), then printed (create-output.ts).
import { readBalance, unusableMoney } from '../../api/account.js';
import { NotFoundError } from '../../api/errors.js';
import {
  describeState,
  type JournalRecord,
  type JournalRun,
  type JournalStore,
} from '../../config/journal.js';
import type { Context } from '../../context.js';
import { amountIs, markedPayoutDescription, payoutMarkOn } from '../../domain/key-mark.js';
import { formatMoney } from '../../domain/money.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { idOf, readAmount } from '../../domain/resource-fields.js';
import { payoutOutcome } from '../../domain/status.js';
import { CancelledError, ExitCode, PaygateError, RefusedError, UsageError } from '../../errors.js';
import { formatAmount, formatReading, receivedText } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Account } from '../../schemas/account.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { englishOf, sayFor } from '../../text/in-english.js';
import { findMarkedPayouts, tellUnsearchable } from '../shared/gateway-mark.js';
import { keyedJournal } from '../shared/journaled-send.js';
import { moneyWithWords } from '../shared/money-in-words.js';
import { payoutStatusWords } from '../shared/status-words.js';
import type { CommandHandler } from '../types.js';
import { type PayoutCreateOptions, parsePayoutCreate } from './create-options.js';
import { dryRunLine, report } from './create-output.js';
import { destinationText } from './detail-fields.js';
import { legacyPayout } from './journal.js';
import {
  forgottenPayout,
  foundOnGateway,
  gatewayForgot,
  outcomeUnknownOf,
  type Sent,
  sendPayout,
} from './keyed.js';
import { writePayout } from './view.js';
import { finalOutcome } from './watch.js';

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
  let sentAmount: number | undefined;
  try {
    if (run) {
      const decision = run.decide();
      if (decision.kind === 'done') {
        await run.release();
        return alreadyPaid(context, options, decision.entry);
      }
      if (decision.kind === 'unknown') throw outcomeUnknownOf(decision.entry);
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
    sentAmount = amount;
    sent = await sendPayout(context, run && keyed ? { run, scope: keyed.scope } : undefined, {
      amount,
      description: descriptionOf(options),
      balanceSeen: available.centavos ?? null,
    });
  } finally {
    await run?.release();
  }

  // Two runs with one key at once (two pods): the later one's POST got the earlier one's payout.
  if (sent.replayed && options.key && sentAmount !== undefined) {
    context.log.info(
      sayPayout('alreadyMadeReplayed', {
        key: options.key,
        id: sanitizeForTerminal(idOf(sent.payout)),
        amount: madeAmount(context, sent.payout, sentAmount),
        status: madeStatus(context, sent.payout),
      }),
    );
  }
  const code = await report(context, options, sent.payout, sent.replayed === true, seenAvailable, sentAmount);
  // Printed first: the payout exists. Then exit 9, for the journal still says `sent`.
  if (sent.unrecorded) throw sent.unrecorded;
  return code;
}

/** What is sent as the description: a keyed payout always carries its key (its mark on the gateway). */
function descriptionOf(options: PayoutCreateOptions): string | undefined {
  return options.key ? markedPayoutDescription(options.key, options.description) : options.description;
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

/** A key's payout's amount in its unit and currency (never R$ for USD), else the centavos `asked`. */
function madeAmount(context: Context, payout: Payout, asked: number): string {
  const made = readAmount(payout, declaredMoneyUnit(context));
  return sanitizeForTerminal(made ? formatReading(made) : formatMoney(asked));
}

/** A payout's status as a person reads it (`pending`, or the word the profile declares). */
function madeStatus(context: Context, payout: Payout): string {
  return sanitizeForTerminal(statusText(receivedText(payout.status), payoutStatusWords(context)));
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
    const status = madeStatus(context, payout);
    context.log.info(
      foundOnTheGateway
        ? sayPayout('alreadyMadeFound', {
            key: entry.key,
            id,
            amount: sanitizeForTerminal(formatReading(readAmount(recorded, declaredMoneyUnit(context)))),
            status,
          })
        : sayPayout('alreadyMade', {
            key: entry.key,
            id,
            amount: madeAmount(context, payout, entry.intent.amount),
            status,
          }),
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
