// `charge create`'s request body before sending: --from-file and the flags (flags win) drafted
// into a body, the missing values asked for on a terminal, every rule checked (request-rules.ts).
import { feeRate } from '../../config/settings.js';
import type { Context } from '../../context.js';
import { resolvePixAddress } from '../../domain/address.js';
import { brazilDate } from '../../domain/card-boleto.js';
import { parseItemArgument } from '../../domain/items.js';
import { setValueAt } from '../../domain/resource-fields.js';
import { computeSplit, type SplitInput, type SplitPreview } from '../../domain/split.js';
import { parseSplitArgument, splitInputFromJson } from '../../domain/split-entries.js';
import { UsageError } from '../../errors.js';
import { isJsonObject, MAX_JSON_DEPTH, parseJsonText } from '../../json.js';
import type { Item } from '../../schemas/charge.js';
import { CHARGE_REQUEST_FIELDS, keysUnder, topLevelKeys } from '../../schemas/charge-request-fields.js';
import { sayCharge } from '../../text/en/charge.js';
import { readInput } from '../shared/read-input.js';
import { type BodyFlag, bodyFlagOf, READ_BODY_FLAGS } from './body-flags.js';
import { tokenFromStdin } from './card-token.js';
import { FIELD_READERS, type FieldReading } from './field-readers.js';
import { CHARGE_CREATE_FLAGS, type ChargeCreateFlagValues } from './flags.js';
import {
  type Answers,
  equivalentCommand,
  keepingAnswers,
  promptMissing,
  promptRequired,
  questionsFor,
} from './prompts.js';
import { checkBody, type Json, missingRequiredFields, Problems } from './request-rules.js';

/** The top-level fields of a request file, and those of its `pix` (the table of request fields declares them). */
export const REQUEST_FIELDS = topLevelKeys(CHARGE_REQUEST_FIELDS);
const PIX_REQUEST_KEYS = keysUnder(CHARGE_REQUEST_FIELDS, 'pix');

export async function readJsonFile(path: string, flag: string, context: Context): Promise<unknown> {
  const text = await readInput(path, context, flag);
  const parsed = parseJsonText(text);
  if (!parsed.ok)
    throw new UsageError(
      parsed.tooDeep
        ? sayCharge('fileTooDeep', { flag, path: JSON.stringify(path), depth: MAX_JSON_DEPTH })
        : sayCharge('fileNotJson', { flag, path: JSON.stringify(path) }),
      {
        field: flag,
      },
    );
  return parsed.value;
}

/** --fee-rate, or the setting of the body's payment method (fee.pix, fee.card, fee.boleto). */
export function feeRateOf(options: ChargeCreateFlagValues, body: Json, context: Context): number {
  const method =
    body.payment_method === 'card' || body.payment_method === 'boleto' ? body.payment_method : 'pix';
  return feeRate(options.feeRate, method, context.setting);
}

/** Everything decided before sending: the body (split still by e-mail), the split inputs, the checks' results. */
export interface Plan {
  body: Json;
  split: SplitInput[] | undefined;
  preview: SplitPreview | undefined;
  /** The items with their unit prices as the gateway will spread them (when all were 0). */
  items: Item[] | undefined;
  warnings: string[];
  pixAddress: ReturnType<typeof resolvePixAddress>;
  feeRate: number;
  /**
   * Set when the person answered questions: what they said, the command that says it all, and
   * whether the charge is shown and confirmed before sending (asked for whole, not only what the
   * flags left missing).
   */
  interactive?: { answers: Answers; command: () => string; confirm: boolean };
}

/** Reads --from-file and the flags into a body; flags override the file's fields. */
export async function draftBody(
  options: ChargeCreateFlagValues,
  context: Context,
  problems: Problems,
): Promise<{ body: Json; split?: SplitInput[] }> {
  const body = options.fromFile !== undefined ? await readBodyFile(options.fromFile, context) : {};
  if (options.checkoutRedirect || options.successUrl !== undefined || options.cancelUrl !== undefined) {
    setValueAt(body, 'checkout.mode', 'redirect');
  }
  const method = options.method ?? body.payment_method ?? 'pix';
  await applyBodyFlags(options, context, problems, body, method);
  // --pdf is not a body field, but is a boleto's.
  if (options.pdf !== undefined && method !== 'boleto')
    problems.add('--pdf', sayCharge('onlyWithMethod', { methods: 'boleto' }));
  if (options.item !== undefined && options.item.length > 0) {
    problems.fromFlag.add('items');
    const items = options.item.map((text) => problems.attempt('--item', () => parseItemArgument(text)));
    body.items = items.filter((item): item is Item => item !== undefined);
  }
  if (options.metadata !== undefined && options.metadata.length > 0) {
    problems.fromFlag.add('metadata');
    body.metadata = withMetadata(body.metadata, options.metadata, problems);
  }
  const split = await draftSplit(options, context, problems, body);
  delete body.split;
  return { body, split };
}

/** `--from-file`: a JSON object of the request's fields, and nothing else. */
async function readBodyFile(path: string, context: Context): Promise<Json> {
  const file = await readJsonFile(path, '--from-file', context);
  if (!isJsonObject(file)) {
    throw new UsageError(sayCharge('fromFileNotObject'), { field: '--from-file' });
  }
  const unknown = Object.keys(file).filter((key) => !REQUEST_FIELDS.includes(key));
  if (unknown.length > 0) {
    throw new UsageError(
      sayCharge('fromFileUnknownField', {
        unknown: unknown.map((key) => JSON.stringify(key)).join(', '),
        fields: REQUEST_FIELDS.join(', '),
        pixFields: PIX_REQUEST_KEYS.map((key) => `pix.${key}`).join(sayCharge('and')),
      }),
      { field: '--from-file' },
    );
  }
  return structuredClone(file);
}

/** Each body flag given read into its field (the table of request fields); a flag of another method is refused. */
async function applyBodyFlags(
  options: ChargeCreateFlagValues,
  context: Context,
  problems: Problems,
  body: Json,
  method: unknown,
): Promise<void> {
  const reading = fieldReading(context, problems);
  const given = options as Record<string, unknown>;
  for (const entry of READ_BODY_FLAGS) {
    const text = given[entry.option];
    if (typeof text !== 'string') continue;
    const { methods } = entry.field;
    if (methods !== undefined && !(methods as readonly unknown[]).includes(method)) {
      problems.add(entry.flag, sayCharge('onlyWithMethod', { methods: methods.join(sayCharge('or')) }));
      continue;
    }
    await applyBodyFlag(entry, text, body, problems, reading);
  }
}

/** One body flag's text read into its field (an answer at a prompt goes the same way). */
async function applyBodyFlag(
  entry: BodyFlag,
  text: string,
  body: Json,
  problems: Problems,
  reading: FieldReading,
): Promise<void> {
  const { field } = entry;
  problems.fromFlag.add(field.path);
  let value: unknown = text;
  if (field.read) {
    try {
      value = await FIELD_READERS[field.read](text, entry.flag, reading);
    } catch (error) {
      problems.attempt(entry.flag, () => {
        throw error;
      });
      if (field.unreadable === undefined) return;
      value = field.unreadable === 'nan' ? Number.NaN : text;
    }
  }
  if (value !== undefined) setValueAt(body, field.path, value);
}

/** The file's metadata with each `--metadata key=value` added (flags win). */
function withMetadata(current: unknown, entries: string[], problems: Problems): Json {
  const metadata = isJsonObject(current) ? { ...current } : {};
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    if (equals < 1) {
      problems.add('metadata', sayCharge('metadataKeyValue', { entry: JSON.stringify(entry) }));
      continue;
    }
    metadata[entry.slice(0, equals).trim()] = entry.slice(equals + 1);
  }
  return metadata;
}

/** The split: --split or --split-file replace the file's split. */
async function draftSplit(
  options: ChargeCreateFlagValues,
  context: Context,
  problems: Problems,
  body: Json,
): Promise<SplitInput[] | undefined> {
  const given = (entry: SplitInput | undefined): entry is SplitInput => entry !== undefined;
  if (options.split?.length && options.splitFile !== undefined) {
    throw new UsageError(sayCharge('splitOneOrOther'), { field: '--split-file' });
  }
  if (options.split?.length) {
    return options.split
      .map((text) => problems.attempt('--split', () => parseSplitArgument(text, '--split')))
      .filter(given);
  }
  if (options.splitFile !== undefined) {
    const file = await readJsonFile(options.splitFile, '--split-file', context);
    if (!Array.isArray(file)) {
      throw new UsageError(sayCharge('splitFileNotArray'), { field: '--split-file' });
    }
    return file
      .map((value, index) =>
        problems.attempt('--split-file', () => splitInputFromJson(value, `--split-file[${index}]`)),
      )
      .filter(given);
  }
  if (body.split === undefined) return undefined;
  if (!Array.isArray(body.split)) {
    problems.add('split', sayCharge('splitNotArray'));
    return undefined;
  }
  return body.split
    .map((value, index) =>
      problems.attempt(`split[${index}]`, () => splitInputFromJson(value, `split[${index}]`)),
    )
    .filter(given);
}

/** What reading a flag's text may need: today's date, the token on stdin. */
function fieldReading(context: Context, problems: Problems): FieldReading {
  return {
    today: brazilDate(context.clock.now()),
    tokenFromStdin: () => tokenFromStdin(context, problems),
  };
}

/** Drafts, prompts and checks everything that can be checked without the network. */
export async function plan(options: ChargeCreateFlagValues, context: Context): Promise<Plan> {
  const problems = new Problems();
  const draft = await draftBody(options, context, problems);
  const feeRate = feeRateOf(options, draft.body, context);
  let interactive: Plan['interactive'];
  const answers: Answers = {};
  const reading = fieldReading(context, problems);
  const answerInto = (option: string, text: string) =>
    applyBodyFlag(bodyFlagOf(option), text, draft.body, problems, reading);
  const command = () => equivalentCommand(context, CHARGE_CREATE_FLAGS, options, answers);
  // Tokenizing sends the card: not for a --dry-run, and only with the key it needs.
  const canTokenize = () => !options.dryRun && context.profile().publicKey !== undefined;
  if (draft.body.amount === undefined) {
    interactive = { answers, command, confirm: true };
    await keepingAnswers(context, interactive, () =>
      promptMissing(context, options, draft, answers, feeRate, answerInto, canTokenize),
    );
  } else if (context.canPrompt && problems.list.length === 0) {
    // Some flags given at a terminal: only the required values still missing are asked for (a
    // flag that could not be read, or any other broken rule, is reported instead).
    const missing = missingRequiredFields(draft.body, brazilDate(context.clock.now()));
    const questions = missing && missing.length > 0 ? questionsFor(draft.body, missing) : undefined;
    if (questions) {
      interactive = { answers, command, confirm: false };
      await keepingAnswers(context, interactive, () =>
        promptRequired(context, questions, answers, answerInto, canTokenize),
      );
    }
  }
  const warnings: string[] = [];
  const items = checkBody(draft.body, problems, warnings, brazilDate(context.clock.now()));

  let preview: SplitPreview | undefined;
  if (draft.split !== undefined && draft.split.length > 0) {
    const amount = Number.isSafeInteger(draft.body.amount) ? (draft.body.amount as number) : 0;
    preview = computeSplit({ amount, feeRate, entries: draft.split });
    for (const violation of preview.violations) {
      if (violation.field === 'amount') continue; // reported once by checkBody
      problems.list.push({ field: violation.field, message: violation.message });
    }
    warnings.push(...preview.warnings);
  }
  if (interactive) await keepingAnswers(context, interactive, () => problems.throwIfAny());
  else problems.throwIfAny();
  const body = draft.body;
  return {
    body,
    split: draft.split?.length ? draft.split : undefined,
    preview,
    items,
    warnings,
    pixAddress: resolvePixAddress(body as Parameters<typeof resolvePixAddress>[0]),
    feeRate,
    interactive,
  };
}
