// The interactive `charge create` (a terminal, no --amount): asks for what is missing, checks
// each answer as it is given (a split entry against the entries before it), and never loses the
// answers: stopped at any point, it prints the command that gives them all as flags.
import type { Context } from '../../context.js';
import { parseMoney } from '../../domain/money.js';
import type { SplitInput } from '../../domain/split.js';
import { parseSplitArgument } from '../../domain/split-entries.js';
import { splitProgress } from '../../domain/split-progress.js';
import { CancelledError, UsageError } from '../../errors.js';
import { isJsonObject } from '../../json.js';
import { wrapWidth, wrapWords } from '../../output/wrap.js';
import type { Prompter } from '../../prompter.js';
import { DESCRIPTION_MAX_LENGTH } from '../../schemas/charge-rules.js';
import { flagArguments } from '../options.js';
import { commandLine } from '../shared/hint.js';
import type { FlagSpec } from '../types.js';
import { expiresInSeconds } from './body-flags.js';
import type { Options } from './draft.js';
import { checkExpiresIn, type Json } from './request-rules.js';

/** The answers given so far, by flag attribute (`expiresIn`, `split`), as the person typed them. */
export type Answers = Record<string, unknown>;

/** Asks for what is missing, on a terminal, when the amount was not given. */
export async function promptMissing(
  context: Context,
  options: Options,
  draft: { body: Json; split?: SplitInput[] },
  answers: Answers,
  feeRate: number,
): Promise<void> {
  const { body } = draft;
  const ask = context.canPrompt && body.amount === undefined ? context.prompter : undefined;
  if (!ask) {
    throw new UsageError('--amount is required (no prompt without a terminal: pass it as a flag)', {
      field: '--amount',
    });
  }
  const amountText = await ask.input({
    message: 'Amount (centavos like 1500, or reais like 15,00):',
    validate: (value) => check(() => parseMoney(value, 'amount')),
  });
  answers.amount = amountText.trim();
  body.amount = parseMoney(amountText, '--amount');
  const pix = isJsonObject(body.pix) ? body.pix : {};
  body.pix = pix;
  if (options.description === undefined && pix.description === undefined) {
    const description = await ask.input({
      message: 'Description shown to the payer (optional):',
      validate: (value) =>
        value.length <= DESCRIPTION_MAX_LENGTH ||
        `at most ${DESCRIPTION_MAX_LENGTH} characters (${value.length})`,
    });
    if (description.trim() !== '') {
      pix.description = description.trim();
      answers.description = pix.description;
    }
  }
  if (options.expiresIn === undefined && pix.expires_in === undefined) {
    const expiry = await ask.input({
      message: 'Expires in (60s to 1d):',
      default: '30m',
      validate: (value) => check(() => checkExpiresIn(expiresInSeconds(value, 'expiry'), 'expiry')),
    });
    pix.expires_in = expiresInSeconds(expiry, '--expires-in');
    answers.expiresIn = expiry.trim();
  }
  if (draft.split === undefined && options.splitFile === undefined) {
    const wantsSplit = await ask.confirm({
      message: 'Split this charge with other sellers?',
      default: false,
    });
    if (wantsSplit) draft.split = await promptSplit(context, ask, body.amount as number, feeRate, answers);
  }
  if (Object.keys(pix).length === 0) delete body.pix;
}

/**
 * Split entries one at a time. Each is checked with those before it (a mixed split, fixed
 * amounts above the charge, a total over 100% are refused at the prompt); after each, where the
 * split stands; a percentage split is asked for until it totals 100.
 */
async function promptSplit(
  context: Context,
  ask: Prompter,
  amount: number,
  feeRate: number,
  answers: Answers,
): Promise<SplitInput[]> {
  const entries: SplitInput[] = [];
  const typed: string[] = [];
  answers.split = typed;
  for (;;) {
    const text = await ask.input({
      message:
        entries.length === 0
          ? 'Split entry (SELLER=SHARE[:description], e.g. 1002=30% or vendor@example.com=15,00):'
          : `Split entry ${entries.length + 1}:`,
      validate: (value) =>
        check(() => {
          const entry = parseSplitArgument(value.trim(), 'split');
          const { violations } = splitProgress({ amount, feeRate, entries: [...entries, entry] });
          if (violations.length > 0) throw new UsageError(violations.map((v) => v.message).join('; '));
        }),
    });
    const entry = parseSplitArgument(text.trim(), '--split');
    entries.push(entry);
    typed.push(text.trim());
    const progress = splitProgress({ amount, feeRate, entries });
    const width = wrapWidth(context.io, context.io.stderrIsTTY);
    context.log.info(wrapWords(`Split so far: ${progress.guidance}.`, width, '  ').join('\n'));
    if (entry.bareShare) {
      context.log.warn(
        `${entry.amount} is ${entry.amount} centavos (a bare number is money); for a percentage, type ${entry.amount}%`,
      );
    }
    if (!progress.complete) continue;
    const more = await ask.confirm({ message: 'Add another split entry?', default: false });
    if (!more) return entries;
  }
}

/** The command that does what this interactive run was told: the flags given, then the answers. */
export function equivalentCommand(
  context: Context,
  flags: readonly FlagSpec[],
  given: Record<string, unknown>,
  answers: Answers,
): string {
  const words = ['charge', 'create', ...flagArguments(flags, { ...given, ...answers })];
  return context.printCommands(commandLine(context.invocation, words));
}

/**
 * Runs `step` of an interactive run; when the person stops it (Ctrl-C, No at the end) or an
 * answer turns out wrong, prints the command holding every answer given, so nothing typed is lost.
 */
export async function keepingAnswers<T>(
  context: Context,
  interactive: { answers: Answers; command: () => string },
  step: () => T | Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (
      (error instanceof CancelledError || error instanceof UsageError) &&
      Object.keys(interactive.answers).length > 0
    ) {
      context.log.info(`Your answers, as a command to run again:\n  ${interactive.command()}`);
    }
    throw error;
  }
}

export function check(parse: () => unknown): true | string {
  try {
    parse();
    return true;
  } catch (error) {
    return error instanceof UsageError ? error.message.replace(/^[^:]+: /, '') : String(error);
  }
}
