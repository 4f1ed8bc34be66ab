// `payout create`'s options, read from its flags and the settings alone (parse, apart from the
// run: test/commands/parse.test.ts needs no server).
import { checkJournalKey } from '../../config/journal.js';
import type { Settings } from '../../context.js';
import { markedPayoutDescription } from '../../domain/key-mark.js';
import { centavosReading, parseMoney, payoutCentavosNote, smallCentavosNote } from '../../domain/money.js';
import { UsageError } from '../../errors.js';
import { sayPayout } from '../../text/en/payout.js';
import { readFlags } from '../options.js';
import type { CommandInput } from '../types.js';
import { PAYOUT_CREATE_FLAGS } from './flags.js';
import { type PayoutWatchTiming, payoutWatchTiming } from './watch.js';

const DESCRIPTION_MAX = 255;

export interface PayoutCreateOptions {
  amount?: number;
  all: boolean;
  keep: number;
  description?: string;
  key?: string;
  maxAmount?: number;
  maxAmountSource: '--max-amount' | 'payout.max_amount';
  wait: boolean;
  timing?: PayoutWatchTiming;
  dryRun: boolean;
  yes: boolean;
  /**
   * What a bare small number typed for a money flag means (`--keep 100 is 100 centavos (R$ 1,00);
   * write 100.00 for R$ 100,00`): said on stderr in every mode.
   */
  smallCentavosNotes: string[];
  /** How a bare integer --amount/--keep was read (`--keep 100 = 100 centavos`), for the result line. */
  readings?: { amount?: string; keep?: string };
}

/**
 * Every flag rule, before anything is read or sent (exit 2): the flags as typed options, checked.
 * Reads nothing but the settings (no network, no files).
 */
export function parsePayoutCreate(input: CommandInput, context: Settings): PayoutCreateOptions {
  const flags = readFlags(PAYOUT_CREATE_FLAGS, input);
  if (flags.description !== undefined && flags.description.length > DESCRIPTION_MAX) {
    throw new UsageError(
      sayPayout('descriptionTooLong', { max: DESCRIPTION_MAX, length: flags.description.length }),
      { field: '--description' },
    );
  }
  // A keyed payout's description carries its key (` [KEY]`): both must fit the gateway's limit.
  if (flags.description !== undefined && flags.key !== undefined) {
    const marked = markedPayoutDescription(flags.key, flags.description);
    if (marked.length > DESCRIPTION_MAX) {
      throw new UsageError(
        sayPayout('descriptionTooLongWithKey', {
          max: DESCRIPTION_MAX,
          appended: JSON.stringify(marked.slice(flags.description.length)),
          length: marked.length,
        }),
        { field: '--description' },
      );
    }
  }
  if (flags.amount !== undefined && flags.all) {
    throw new UsageError(sayPayout('amountAndAll'), {
      field: '--amount',
    });
  }
  if (flags.amount === undefined && !flags.all) {
    throw new UsageError(sayPayout('amountOrAll'), {
      field: '--amount',
    });
  }
  if (flags.keep !== undefined && !flags.all) {
    throw new UsageError(sayPayout('keepOnlyWithAll'), {
      field: '--keep',
    });
  }
  const setting = context.setting('payout.max_amount');
  const maxAmount =
    flags.maxAmount !== undefined
      ? parseMoney(flags.maxAmount, '--max-amount')
      : setting === undefined
        ? undefined
        : typeof setting === 'number'
          ? setting
          : parseMoney(String(setting), 'payout.max_amount');
  const wait = flags.wait ?? false;
  if (!wait && (flags.interval !== undefined || flags.timeout !== undefined)) {
    throw new UsageError(
      sayPayout('onlyWithWait', { flag: flags.interval !== undefined ? '--interval' : '--timeout' }),
      {
        field: flags.interval !== undefined ? '--interval' : '--timeout',
      },
    );
  }
  const amount = flags.amount !== undefined ? parseMoney(flags.amount, '--amount') : undefined;
  const keep = flags.keep !== undefined ? parseMoney(flags.keep, '--keep', { allowZero: true }) : 0;
  const typedMoney = [
    [flags.amount, '--amount'],
    [flags.keep, '--keep'],
    [flags.maxAmount, '--max-amount'],
  ] as const;
  // --amount/--keep move money: a bare integer below R$ 100,00 is named; --max-amount, below R$ 1,00.
  const smallCentavosNotes = typedMoney.flatMap(([text, flag]) => {
    const note =
      text === undefined
        ? undefined
        : flag === '--max-amount'
          ? smallCentavosNote(text, flag)
          : payoutCentavosNote(text, flag);
    return note === undefined ? [] : [note];
  });
  const amountReading = flags.amount === undefined ? undefined : centavosReading(flags.amount, '--amount');
  const keepReading = flags.keep === undefined ? undefined : centavosReading(flags.keep, '--keep');
  return {
    amount,
    all: flags.all ?? false,
    keep,
    description: flags.description,
    key: flags.key !== undefined ? checkJournalKey(flags.key) : undefined,
    maxAmount,
    maxAmountSource: flags.maxAmount !== undefined ? '--max-amount' : 'payout.max_amount',
    wait,
    timing: wait ? payoutWatchTiming(context, flags) : undefined,
    dryRun: flags.dryRun ?? false,
    yes: flags.yes ?? false,
    smallCentavosNotes,
    ...(amountReading || keepReading ? { readings: { amount: amountReading, keep: keepReading } } : {}),
  };
}
