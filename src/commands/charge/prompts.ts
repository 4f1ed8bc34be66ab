// The interactive `charge create` on a terminal: without --amount it asks for the whole charge;
// with it, only for the required values still missing (a card's token and billing address, a
// boleto's due date and payer), then goes on as if they were flags. Each answer is checked as it
// is given (a split entry against the entries before it), and no answer is lost: stopped at any
// point before the charge is sent, it prints the command that gives them all as flags.
import type { Context } from '../../context.js';
import { brazilDate } from '../../domain/card-boleto.js';
import { documentKind } from '../../domain/documents.js';
import { parseMoney } from '../../domain/money.js';
import type { PaymentMethod } from '../../domain/payment-methods.js';
import { valueAt } from '../../domain/resource-fields.js';
import type { SplitInput } from '../../domain/split.js';
import { parseSplitArgument } from '../../domain/split-entries.js';
import { splitProgress } from '../../domain/split-progress.js';
import { UsageError } from '../../errors.js';
import { commandLine } from '../../output/printed-commands.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { wrapWidth, wrapWords } from '../../output/wrap.js';
import type { Prompter } from '../../prompter.js';
import { DESCRIPTION_MAX_LENGTH } from '../../schemas/charge-rules.js';
import { sayCharge } from '../../text/en/charge.js';
import { flagArguments } from '../options.js';
import { tokenizeCardFromPrompts } from '../token/card.js';
import type { FlagSpec } from '../types.js';
import { bodyFlagOf } from './body-flags.js';
import { expiresInSeconds, FIELD_READERS } from './field-readers.js';
import type { ChargeCreateFlagValues } from './flags.js';
import { checkExpiresIn, type Json } from './request-rules.js';

/** The answers given so far, by flag attribute (`expiresIn`, `split`), as the person typed them. */
export type Answers = Record<string, unknown>;

/** A question a payment method asks when its flag was not given: the answer is that flag's text. */
export interface Question {
  option: keyof ChargeCreateFlagValues & string;
  message: string;
  default?: string;
  /** An empty answer leaves the field out. */
  optional?: boolean;
  /** A check beyond reading the flag's text (which every answer goes through). */
  check?: (text: string) => void;
}

/**
 * What each payment method needs that has no default: a PIX charge its description and expiry,
 * a card charge the token and the billing address, a boleto its due date and the payer's CPF/CNPJ.
 * These are the rules of schemas/charge-rules.ts and card-boleto-rules.ts, asked for in order.
 * Made when asked (a question is said in the run's language).
 */
function methodQuestions(method: PaymentMethod): readonly Question[] {
  const customerName: Question = { option: 'customerName', message: sayCharge('askPayerName') };
  switch (method) {
    case 'pix':
      return [
        {
          option: 'description',
          message: sayCharge('askDescription'),
          optional: true,
          check: (text) => {
            if (text.length > DESCRIPTION_MAX_LENGTH)
              throw new UsageError(
                sayCharge('descriptionTooLong', { max: DESCRIPTION_MAX_LENGTH, length: text.length }),
              );
          },
        },
        {
          option: 'expiresIn',
          message: sayCharge('askExpiresIn'),
          default: '30m',
          check: (text) => checkExpiresIn(expiresInSeconds(text, 'expiry'), 'expiry'),
        },
      ];
    case 'card':
      return [
        {
          option: 'cardToken',
          message: sayCharge('askCardToken'),
          check: (text) => {
            if (text.trim() === '' || text.trim() === '-' || /\s/.test(text.trim()))
              throw new UsageError(sayCharge('cardTokenOneWord'));
          },
        },
        customerName,
        { option: 'customerAddress', message: sayCharge('askBillingAddress') },
        {
          option: 'installments',
          message: sayCharge('askInstallments'),
          default: '1',
          check: (text) => {
            const count = Number(text.trim());
            if (!/^\d{1,2}$/.test(text.trim()) || count < 1 || count > 12)
              throw new UsageError(sayCharge('installmentsRange'));
          },
        },
      ];
    case 'boleto':
      return [
        { option: 'dueDate', message: sayCharge('askDueDate'), default: '+3d' },
        customerName,
        {
          option: 'customerDocument',
          message: sayCharge('askPayerDocument'),
          check: (text) => {
            if (documentKind(text.trim()) === null) throw new UsageError(documentProblem(text));
          },
        },
      ];
  }
}

/** Why a CPF or CNPJ typed is not one: its length, else its check digits (the last two). */
function documentProblem(text: string): string {
  const length = text.trim().replace(/[.\-/\s]/g, '').length;
  if (length === 11 || length === 14) {
    return sayCharge('documentCheckDigits', { kind: length === 11 ? 'CPF' : 'CNPJ' });
  }
  return sayCharge('documentLength', { length });
}

/** Sets one body field from the text of its flag (the table of request fields), as draftBody does for flags. */
export type AnswerInto = (option: keyof ChargeCreateFlagValues & string, text: string) => Promise<void>;

/** What asking a question needs: the prompter, where answers go, whether a card may be tokenized here. */
interface Asking {
  ask: Prompter;
  answers: Answers;
  answerInto: AnswerInto;
  /** A card typed at hidden prompts may be tokenized (a public key, and not --dry-run: it sends the card). */
  canTokenize: () => boolean;
}

function methodOf(body: Json): PaymentMethod {
  return body.payment_method === 'card' || body.payment_method === 'boleto' ? body.payment_method : 'pix';
}

/**
 * The questions for the required values the rules found missing (`fields`, dotted paths), on a
 * terminal; undefined when one of them has no question (then nothing is asked: the problems are
 * reported as they are).
 */
export function questionsFor(body: Json, fields: readonly string[]): readonly Question[] | undefined {
  const questions = methodQuestions(methodOf(body)).filter((question) =>
    fields.includes(bodyFlagOf(question.option).field.path),
  );
  return questions.length === fields.length ? questions : undefined;
}

/** On a terminal with the amount given: asks the questions of the required values still missing. */
export async function promptRequired(
  context: Context,
  questions: readonly Question[],
  answers: Answers,
  answerInto: AnswerInto,
  canTokenize: () => boolean,
): Promise<void> {
  const asking: Asking = { ask: context.prompter, answers, answerInto, canTokenize };
  for (const question of questions) await askQuestion(context, question, asking);
}

/** One question, its answer checked as typed, then set as its flag would set it. */
async function askQuestion(context: Context, question: Question, asking: Asking): Promise<void> {
  const { ask, answers, answerInto } = asking;
  if (question.option === 'cardToken' && asking.canTokenize()) {
    const how = await ask.select({
      message: sayCharge('askCardHow'),
      choices: [
        { name: sayCharge('choiceTypeToken'), value: 'token' },
        { name: sayCharge('choiceTokenize'), value: 'tokenize' },
      ],
      default: 'token',
    });
    if (how === 'tokenize') {
      const token = await tokenizeCardFromPrompts(context);
      context.log.info(sayCharge('cardTokenized', { id: sanitizeForTerminal(token.id) }));
      answers.cardToken = token.id;
      await answerInto('cardToken', token.id);
      return;
    }
  }
  const { field, flag } = bodyFlagOf(question.option);
  const today = brazilDate(context.clock.now());
  const text = await ask.input({
    message: question.message,
    ...(question.default !== undefined ? { default: question.default } : {}),
    validate: (value) =>
      (question.optional === true && value.trim() === '') ||
      check(() => {
        question.check?.(value);
        if (field.read)
          FIELD_READERS[field.read](value, flag, { today, tokenFromStdin: async () => undefined });
      }),
  });
  if (question.optional === true && text.trim() === '') return;
  answers[question.option] = text.trim();
  await answerInto(question.option, text.trim());
}

/** Asks for what is missing, on a terminal, when the amount was not given. */
export async function promptMissing(
  context: Context,
  options: ChargeCreateFlagValues,
  draft: { body: Json; split?: SplitInput[] },
  answers: Answers,
  feeRate: number,
  answerInto: AnswerInto,
  canTokenize: () => boolean,
): Promise<void> {
  const { body } = draft;
  const ask = context.canPrompt && body.amount === undefined ? context.prompter : undefined;
  if (!ask) {
    throw new UsageError(sayCharge('amountRequired'), { field: '--amount' });
  }
  const asking: Asking = { ask, answers, answerInto, canTokenize };
  const amountText = await ask.input({
    message: sayCharge('askAmount'),
    validate: (value) => check(() => parseMoney(value, 'amount')),
  });
  answers.amount = amountText.trim();
  body.amount = parseMoney(amountText, '--amount');
  for (const question of methodQuestions(methodOf(body))) {
    // Given as a flag, or in the --from-file body already.
    const { field } = bodyFlagOf(question.option);
    if (options[question.option] !== undefined || valueAt(body, field.path) !== undefined) continue;
    await askQuestion(context, question, asking);
  }
  if (draft.split === undefined && options.splitFile === undefined) {
    const wantsSplit = await ask.confirm({
      message: sayCharge('askSplit'),
      default: false,
    });
    if (wantsSplit) draft.split = await promptSplit(context, ask, body.amount as number, feeRate, answers);
  }
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
          ? sayCharge('askSplitFirst')
          : sayCharge('askSplitNext', { number: entries.length + 1 }),
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
    const ownSellerId = context.profile().sellerId;
    const progress = splitProgress({
      amount,
      feeRate,
      entries,
      // Unknown to the profile, a placeholder in the run's language names it (SEU_ID_DE_VENDEDOR).
      ownSellerId: ownSellerId ? sanitizeForTerminal(ownSellerId) : sayCharge('ownSellerIdUnknown'),
    });
    const width = wrapWidth(context.io, context.io.stderrIsTTY);
    context.log.info(
      wrapWords(sayCharge('splitSoFar', { guidance: progress.guidance }), width, '  ').join('\n'),
    );
    if (entry.bareShare) {
      context.log.warn(sayCharge('bareShare', { amount: `${entry.amount}` }));
    }
    if (!progress.complete) continue;
    if (progress.full) return entries;
    const more = await ask.confirm({ message: sayCharge('askAnotherSplit'), default: false });
    if (!more) return entries;
  }
}

/** The command that does what this interactive run was told: the flags given, then the answers. */
export function equivalentCommand(
  context: Context,
  flags: readonly FlagSpec[],
  options: ChargeCreateFlagValues,
  answers: Answers,
): string {
  const words = ['charge', 'create', ...flagArguments(flags, { ...options, ...answers })];
  return context.printCommands(commandLine(context.invocation, words));
}

/**
 * Runs `step` of an interactive run, a step before the charge is sent; when it fails (the person
 * stops it, an answer turns out wrong), prints the command holding every answer given, so nothing
 * typed is lost.
 */
export async function keepingAnswers<T>(
  context: Context,
  interactive: { answers: Answers; command: () => string },
  step: () => T | Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    // Whatever stopped it (Ctrl-C, No, a wrong answer, a seller not found, no key), the charge was
    // not sent: callers wrap only what comes before sending.
    if (Object.keys(interactive.answers).length > 0) {
      context.log.info(sayCharge('answersAsCommand', { command: interactive.command() }));
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
