// `token card`: tokenizes a card with the PUBLIC key (POST /v1/tokens/card). The card comes from
// hidden prompts on a terminal, or as JSON on stdin with --stdin: never from a flag (it would show
// in `ps` and the shell history). Number (Luhn), expiry (against context.clock) and CVV are
// checked locally first (exit 2 naming the field, nothing sent). The number is never printed,
// stored or echoed: messages about it never quote it, --debug redacts it (src/api/redact.ts), and
// a JSON parse error on stdin is reported without the parser's text (which quotes the input).
import type { Context } from '../../context.js';
import { type CardProblem, holderNameProblem, validateCard } from '../../domain/card.js';
import { UsageError } from '../../errors.js';
import { MAX_JSON_DEPTH, parseJsonText } from '../../json.js';
import { type Field, otherFields, writeObject } from '../../output/render.js';
import type { CardToken, CardTokenRequest } from '../../schemas/token.js';
import { sayToken, tokenLabel } from '../../text/en/token.js';
import { readFlags } from '../options.js';
import { readInput } from '../shared/read-input.js';
import type { CommandHandler } from '../types.js';
import { TOKEN_CARD_FLAGS } from './flags.js';

/** A card's JSON is a few hundred bytes. */
const CARD_INPUT_LIMIT_BYTES = 64 * 1024;

interface CardData {
  number: string;
  holder_name: string;
  exp_month: string | number;
  exp_year: string | number;
  cvv: string;
}

/** `{"number","holder_name","exp_month","exp_year","cvv"}`; `expiry: "MM/YY"` is accepted too. */
function cardFromJson(text: string): CardData {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    throw new UsageError(
      parsed.tooDeep ? sayToken('stdinTooDeep', { depth: MAX_JSON_DEPTH }) : sayToken('stdinNotJson'),
      { field: '--stdin' },
    );
  }
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(sayToken('stdinNotObject'), { field: '--stdin' });
  }
  const input = value as Record<string, unknown>;
  const str = (name: string): string => {
    const item = input[name];
    if (typeof item === 'string') return item;
    if (typeof item === 'number' && name !== 'number' && name !== 'cvv') return String(item);
    if (item === undefined || item === null) return '';
    throw new UsageError(sayToken('mustBeString', { name }), { field: name });
  };
  let expMonth: string | number = str('exp_month');
  let expYear: string | number = str('exp_year');
  if (expMonth === '' && expYear === '' && typeof input.expiry === 'string') {
    [expMonth, expYear] = splitExpiry(input.expiry);
  }
  for (const name of ['number', 'holder_name', 'cvv'] as const) {
    if (str(name).trim() === '') throw new UsageError(sayToken('isRequired', { name }), { field: name });
  }
  if (expMonth === '')
    throw new UsageError(sayToken('isRequired', { name: 'exp_month' }), { field: 'exp_month' });
  if (expYear === '')
    throw new UsageError(sayToken('isRequired', { name: 'exp_year' }), { field: 'exp_year' });
  return {
    number: str('number'),
    holder_name: str('holder_name'),
    exp_month: expMonth,
    exp_year: expYear,
    cvv: str('cvv'),
  };
}

const EXPIRY_PATTERN = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/;

function splitExpiry(text: string): [string, string] {
  const match = EXPIRY_PATTERN.exec(text);
  if (!match) throw new UsageError(sayToken('expiryFormat'), { field: 'expiry' });
  return [match[1]!, match[2]!];
}

async function cardFromPrompts(context: Context): Promise<CardData> {
  const { prompter } = context;
  const now = new Date(context.clock.now());
  const number = await prompter.password({
    message: sayToken('promptNumber'),
    validate: (value) =>
      problemFor(validateCard({ number: value, exp_month: 12, exp_year: 9999, cvv: '000' }, now), 'number'),
  });
  const holder = await prompter.input({
    message: sayToken('promptHolder'),
    validate: (value) => holderNameProblem(value) ?? true,
  });
  const expiry = await prompter.input({
    message: sayToken('promptExpiry'),
    validate: (value) => {
      const match = EXPIRY_PATTERN.exec(value);
      if (!match) return sayToken('expiryExample');
      const problems = validateCard({ number, exp_month: match[1]!, exp_year: match[2]!, cvv: '0000' }, now);
      const expiryProblem = problems.find(
        (problem) => problem.field === 'exp_month' || problem.field === 'exp_year',
      );
      return expiryProblem ? expiryProblem.message : true;
    },
  });
  const cvv = await prompter.password({
    message: sayToken('promptCvv'),
    validate: (value) =>
      problemFor(validateCard({ number, exp_month: 12, exp_year: 9999, cvv: value }, now), 'cvv'),
  });
  const [expMonth, expYear] = splitExpiry(expiry);
  return { number, holder_name: holder, exp_month: expMonth, exp_year: expYear, cvv };
}

function problemFor(problems: CardProblem[], field: CardProblem['field']): true | string {
  return problems.find((problem) => problem.field === field)?.message ?? true;
}

/** The local checks; the request body (4-digit year, digits only) when they pass. */
function checkedRequest(card: CardData, now: Date): CardTokenRequest {
  const problems: Array<{ field: string; message: string }> = validateCard(card, now);
  const holderProblem = holderNameProblem(card.holder_name);
  if (holderProblem !== undefined) problems.push({ field: 'holder_name', message: holderProblem });
  if (problems.length > 0) {
    throw new UsageError(
      sayToken('problemsNothingSent', {
        problems: problems.map((problem) => `${problem.field}: ${problem.message}`).join('; '),
      }),
      { field: problems[0]!.field },
    );
  }
  const yearText = String(card.exp_year).trim();
  const year = Number(yearText);
  return {
    number: card.number.replace(/[\s-]/g, ''),
    holder_name: card.holder_name.trim(),
    exp_month: Number(String(card.exp_month).trim()),
    exp_year: yearText.length === 2 ? 2000 + year : year,
    cvv: card.cvv.trim(),
  };
}

/** A token's fields: labels in the run's language for people (a table), in English for csv/plain. */
function tokenFields(forPeople: boolean): Field<CardToken>[] {
  return [
    { label: tokenLabel('labelToken', forPeople), key: 'id', value: (token) => token.id },
    { label: tokenLabel('labelBrand', forPeople), key: 'brand', value: (token) => token.brand ?? '' },
    { label: tokenLabel('labelLast4', forPeople), key: 'last4', value: (token) => token.last4 ?? '' },
    {
      label: tokenLabel('labelExpiry', forPeople),
      key: 'exp_month',
      value: (token) =>
        token.exp_month !== undefined && token.exp_year !== undefined
          ? `${String(token.exp_month).padStart(2, '0')}/${token.exp_year}`
          : '',
    },
  ];
}

/** The card checked locally, then tokenized with the public key (nothing is sent when a check fails). */
async function createToken(context: Context, card: CardData): Promise<CardToken> {
  const body = checkedRequest(card, new Date(context.clock.now()));
  const client = await context.client();
  return client.tokens.createCardToken(body, { signal: context.signal });
}

/**
 * A card typed at the hidden prompts of `token card`, tokenized: what `charge create` offers at a
 * terminal instead of a token made beforehand.
 */
export async function tokenizeCardFromPrompts(context: Context): Promise<CardToken> {
  return createToken(context, await cardFromPrompts(context));
}

export interface TokenCardOptions {
  /** --stdin: the card as JSON on standard input; else hidden prompts (a terminal only). */
  fromStdin: boolean;
}

export const tokenCard: CommandHandler<TokenCardOptions> = {
  parse: (input) => {
    if (input.args.length > 0) {
      // Never echo it: an argument here may well be a card number.
      throw new UsageError(sayToken('noArguments'), { field: 'argument' });
    }
    return { fromStdin: readFlags(TOKEN_CARD_FLAGS, input).stdin === true };
  },
  run: tokenizeCard,
};

async function tokenizeCard({ fromStdin }: TokenCardOptions, context: Context): Promise<number> {
  let card: CardData;
  if (fromStdin) card = cardFromJson(await readInput('-', context, '--stdin', CARD_INPUT_LIMIT_BYTES));
  else if (context.canPrompt) card = await cardFromPrompts(context);
  else {
    throw new UsageError(sayToken('stdinRequired'), { field: '--stdin' });
  }
  const token = await createToken(context, card);
  // A gateway's other fields (a nested `card`, `last_digits`) are listed too.
  const known = tokenFields(context.output === 'table');
  const others = otherFields(token, known).filter((field) => field.key !== 'exp_year');
  const fields = [...known, ...others];
  writeObject(context.io.stdout, context.output, token, fields, { colors: context.colors });
  return 0;
}
