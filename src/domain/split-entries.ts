// The forms a split entry is written in, read into a SplitInput (split.ts checks its rules): the
// CLI's `SELLER=SHARE[:description]`, a JSON entry of --split-file or a body's `split`; and the
// request body's form once e-mails are resolved to seller ids.
import { ruleBroken, sentenceOf, UsageError } from '../errors.js';
import { isJsonObject } from '../json.js';
import { isEmailAddress } from './email.js';
import { parseMoney } from './money.js';
import type { SplitInput } from './split.js';

const PERCENTAGE_SHARE_PATTERN = /^(\d+(?:[.,]\d+)?)%$/;
const SELLER_ID_PATTERN = /^\d+$/;

/**
 * Reads the CLI form `SELLER=SHARE[:description]`: SELLER a seller id or an e-mail, SHARE `30%`,
 * `33.33%` or a money value (`1500`, `15.00`, `15,00`). Range rules are left to computeSplit so
 * that a preview lists them all; only text that cannot be read is an error here.
 */
export function parseSplitArgument(text: string, field = '--split'): SplitInput {
  const fail = (
    problem: 'splitNoEquals' | 'splitSellerIdNotPositive' | 'splitNoSeller' | 'splitShareUnreadable',
  ): never => {
    const form = sentenceOf(ruleBroken('splitForm'));
    throw new UsageError(ruleBroken(problem, { field, value: JSON.stringify(text), form }), { field });
  };
  const equalsAt = text.indexOf('=');
  if (equalsAt < 0) fail('splitNoEquals');
  const sellerText = text.slice(0, equalsAt).trim();
  const afterEquals = text.slice(equalsAt + 1);
  const colonAt = afterEquals.indexOf(':');
  const shareText = (colonAt < 0 ? afterEquals : afterEquals.slice(0, colonAt)).trim();
  const description = colonAt < 0 ? '' : afterEquals.slice(colonAt + 1).trim();

  const entry: SplitInput = {};
  if (SELLER_ID_PATTERN.test(sellerText)) {
    const sellerId = Number(sellerText);
    if (!Number.isSafeInteger(sellerId) || sellerId < 1) fail('splitSellerIdNotPositive');
    entry.sellerId = sellerId;
  } else if (isEmailAddress(sellerText)) {
    entry.email = sellerText;
  } else {
    fail('splitNoSeller');
  }

  const percentage = PERCENTAGE_SHARE_PATTERN.exec(shareText);
  if (percentage) {
    entry.percentage = Number(percentage[1]!.replace(',', '.'));
  } else {
    try {
      entry.amount = parseMoney(shareText, field, { allowZero: true });
      if (/^\d{1,3}$/.test(shareText) && entry.amount >= 1 && entry.amount <= 100) entry.bareShare = true;
    } catch {
      fail('splitShareUnreadable');
    }
  }
  if (description !== '') entry.description = description;
  return entry;
}

/** Split entries as the request body wants them. E-mails must have been resolved to seller ids. */
export function toSplitRequest(
  entries: SplitInput[],
): Array<{ seller_id: number; percentage?: number; amount?: number; description?: string }> {
  return entries.map((entry, index) => {
    if (entry.sellerId === undefined || !Number.isSafeInteger(entry.sellerId)) {
      const field = `split[${index}]`;
      throw new UsageError(
        entry.email
          ? ruleBroken('splitEmailUnresolved', { field, email: entry.email })
          : ruleBroken('splitSellerUnresolved', { field }),
        { field },
      );
    }
    return {
      seller_id: entry.sellerId,
      ...(entry.percentage !== undefined ? { percentage: entry.percentage } : {}),
      ...(entry.amount !== undefined ? { amount: entry.amount } : {}),
      ...(entry.description !== undefined ? { description: entry.description } : {}),
    };
  });
}

/** One entry of --split-file or of the body's `split`: `{seller_id|email, percentage|amount, description}` or "SELLER=SHARE". */
export function splitInputFromJson(value: unknown, field: string): SplitInput {
  if (typeof value === 'string') return parseSplitArgument(value, field);
  if (!isJsonObject(value)) {
    throw new UsageError(ruleBroken('splitEntryShape', { field }), { field });
  }
  const known = ['seller_id', 'email', 'seller', 'percentage', 'amount', 'description'];
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    const keys = unknown.map((key) => JSON.stringify(key)).join(', ');
    throw new UsageError(ruleBroken('unknownField', { field, keys }), { field });
  }
  const entry: SplitInput = {};
  const seller = value.seller_id ?? value.seller;
  if (typeof seller === 'number') entry.sellerId = seller;
  else if (typeof seller === 'string' && /^\d+$/.test(seller.trim())) entry.sellerId = Number(seller.trim());
  else if (typeof seller === 'string' && seller.includes('@')) entry.email = seller.trim();
  else if (seller !== undefined)
    throw new UsageError(ruleBroken('splitSellerIdNumber', { field }), { field });
  if (typeof value.email === 'string') entry.email = value.email.trim();
  if (value.percentage !== undefined) {
    const percentage =
      typeof value.percentage === 'string'
        ? Number(value.percentage.replace(/%$/, '').replace(',', '.'))
        : value.percentage;
    if (typeof percentage !== 'number' || !Number.isFinite(percentage)) {
      throw new UsageError(ruleBroken('splitPercentageNumber', { field }), { field });
    }
    entry.percentage = percentage;
  }
  if (value.amount !== undefined) {
    if (typeof value.amount === 'string')
      entry.amount = parseMoney(value.amount, `${field}.amount`, { allowZero: true });
    else if (typeof value.amount === 'number') entry.amount = value.amount;
    else throw new UsageError(ruleBroken('splitAmountCentavos', { field }), { field });
  }
  if (value.description !== undefined) {
    if (typeof value.description !== 'string')
      throw new UsageError(ruleBroken('splitDescriptionText', { field }), { field });
    entry.description = value.description;
  }
  return entry;
}
