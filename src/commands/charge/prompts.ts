import type { Context } from '../../context.js';
import { parseMoney } from '../../domain/money.js';
import { parseSplitArgument, type SplitInput } from '../../domain/split.js';
import { UsageError } from '../../errors.js';
import { isJsonObject } from '../../json.js';
import { requireValue } from '../options.js';
import type { Options } from './draft.js';
import { checkExpiresIn, DESCRIPTION_MAX_LENGTH, expiresInSeconds, type Json } from './request-rules.js';

/** Asks for what is missing, on a terminal, when the amount was not given. */
export async function promptMissing(
  context: Context,
  options: Options,
  draft: { body: Json; split?: SplitInput[] },
): Promise<void> {
  const { body } = draft;
  const ask = context.canPrompt && body.amount === undefined ? context.prompter : undefined;
  const amountText = await requireValue(
    undefined,
    '--amount',
    ask &&
      (() =>
        ask.input({
          message: 'Amount (centavos like 1500, or reais like 15,00):',
          validate: (value) => check(() => parseMoney(value, 'amount')),
        })),
  );
  body.amount = parseMoney(amountText, '--amount');
  if (!ask) return;
  const pix = isJsonObject(body.pix) ? body.pix : {};
  body.pix = pix;
  if (options.description === undefined && pix.description === undefined) {
    const description = await ask.input({
      message: 'Description shown to the payer (optional):',
      validate: (value) =>
        value.length <= DESCRIPTION_MAX_LENGTH ||
        `at most ${DESCRIPTION_MAX_LENGTH} characters (${value.length})`,
    });
    if (description.trim() !== '') pix.description = description.trim();
  }
  if (options.expiresIn === undefined && pix.expires_in === undefined) {
    const expiry = await ask.input({
      message: 'Expires in (60s to 1d):',
      default: '30m',
      validate: (value) => check(() => checkExpiresIn(expiresInSeconds(value, 'expiry'), 'expiry')),
    });
    pix.expires_in = expiresInSeconds(expiry, '--expires-in');
  }
  if (draft.split === undefined && options.splitFile === undefined) {
    const wantsSplit = await ask.confirm({
      message: 'Split this charge with other sellers?',
      default: false,
    });
    if (wantsSplit) {
      const entries: SplitInput[] = [];
      do {
        const text = await ask.input({
          message: 'Split entry (SELLER=SHARE[:description], e.g. 1002=30% or vendor@example.com=15,00):',
          validate: (value) => check(() => parseSplitArgument(value, 'split')),
        });
        entries.push(parseSplitArgument(text, '--split'));
      } while (await ask.confirm({ message: 'Add another split entry?', default: false }));
      draft.split = entries;
    }
  }
  if (Object.keys(pix).length === 0) delete body.pix;
}

export function check(parse: () => unknown): true | string {
  try {
    parse();
    return true;
  } catch (error) {
    return error instanceof UsageError ? error.message.replace(/^[^:]+: /, '') : String(error);
  }
}
