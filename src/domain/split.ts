// Fee and split computed locally (the split rules of docs/gateway-api.md). All arithmetic on
// centavos and percentages is exact: percentages and fee rates are read through their decimal
// strings into BigInt fractions, so 33.33% or 3.99% never carry binary float error.
import { decimalValue, ruleBroken, sentenceOf } from '../errors.js';
import { divideRoundHalfUp, formatMoney, toExactDecimal } from './money.js';
import { formatUnits, isValidPercentage, percentageUnits } from './percentage-units.js';

/** One split entry as the CLI or a request gives it; the seller may still be an e-mail. */
export interface SplitInput {
  sellerId?: number;
  email?: string;
  percentage?: number;
  amount?: number;
  description?: string;
  /** The share was typed as a bare whole number up to 100 (`1002=30`): centavos, maybe meant as 30%. */
  bareShare?: boolean;
}

/** A broken rule: `field` names the place (`split[1]`, `split[1].percentage`, `split`, `amount`). */
export interface SplitViolation {
  field: string;
  rule: string;
  message: string;
}

export interface SplitPreviewEntry {
  seller_id: number | null;
  email: string | null;
  percentage: number | null;
  /** The fixed amount, or the computed one in percentage mode; null when it cannot be computed. */
  amount: number | null;
  description: string | null;
}

/** The `split preview --json` contract (snake_case, as the API's fields). */
export interface SplitPreview {
  amount: number;
  fee_rate: number;
  fee: number;
  net: number;
  mode: 'percentage' | 'amount' | null;
  entries: SplitPreviewEntry[];
  main_seller_amount: number | null;
  /**
   * What the figures call for a word about (a bare share, a rest that stays, a debit). The
   * sentence that the preview is an estimate, always first where a preview is shown, is the
   * command's (src/commands/split/preview.ts, src/commands/charge/create-output.ts).
   */
  warnings: string[];
  violations: SplitViolation[];
}

/** Identifiers of the rules in SplitViolation.rule, stable for scripts and the sandbox. */
export const SplitRule = {
  AmountPositive: 'amount_positive',
  FeeRateRange: 'fee_rate_range',
  SellerRequired: 'seller_required',
  SellerIdInvalid: 'seller_id_invalid',
  OneShare: 'one_share',
  MixedModes: 'mixed_modes',
  PercentageRange: 'percentage_range',
  PercentageTotal: 'percentage_total',
  AmountInteger: 'amount_integer',
  AmountTotal: 'amount_total',
  MinimumAmount: 'minimum_amount',
  DescriptionLength: 'description_length',
} as const;
export type SplitRule = (typeof SplitRule)[keyof typeof SplitRule];

export const PERCENTAGE_TOTAL_TOLERANCE = 0.01;
export const SPLIT_DESCRIPTION_MAX_LENGTH = 255;

/**
 * Cash In fee: round_half_up(amount × rate / 100), exact. `feeRatePercent` is a percentage
 * (3.99 means 3.99%). Throws RangeError for a negative or non-integer amount or a rate outside 0–100.
 */
export function computeFee(amount: number, feeRatePercent: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`computeFee expects a non-negative integer amount in centavos, got ${amount}`);
  }
  if (!isValidPercentage(feeRatePercent)) {
    throw new RangeError(`computeFee expects a fee rate between 0 and 100, got ${feeRatePercent}`);
  }
  const rate = toExactDecimal(feeRatePercent);
  return Number(divideRoundHalfUp(BigInt(amount) * rate.numerator, 100n * 10n ** BigInt(rate.scale)));
}

/**
 * The fee, the net and each entry's part of a split charge, with every broken rule listed.
 * Never throws for bad input: a preview shows all the problems at once.
 */
export function computeSplit(input: {
  amount: number;
  feeRate: number;
  entries: SplitInput[];
}): SplitPreview {
  const { amount, feeRate, entries } = input;
  const violations: SplitViolation[] = [];
  const warnings: string[] = [];
  const { fee, net, amountIsValid, netIsKnown } = chargeFigures(amount, feeRate, violations);
  const previewEntries: SplitPreviewEntry[] = entries.map((entry) => ({
    seller_id: entry.sellerId ?? null,
    email: entry.email ?? null,
    percentage: entry.percentage ?? null,
    amount: entry.percentage === undefined ? (entry.amount ?? null) : null,
    description: entry.description ?? null,
  }));
  const { requestedModes, mode } = splitMode(entries, violations);
  checkEachEntry(entries, requestedModes, mode, netIsKnown ? net : null, violations, warnings);

  let mainSellerAmount: number | null = null;
  if (entries.length === 0) {
    mainSellerAmount = netIsKnown ? net : null;
  } else if (mode === 'percentage') {
    mainSellerAmount = computePercentageSplit(entries, net, netIsKnown, previewEntries, violations, warnings);
  } else if (mode === 'amount') {
    const total = fixedAmountsTotal(entries, amountIsValid ? amount : null, violations);
    if (netIsKnown) mainSellerAmount = net - total;
  }
  if (mainSellerAmount !== null && mainSellerAmount < 0) {
    warnings.push(
      sentenceOf(
        ruleBroken('splitDebited', { net: formatMoney(net), debited: formatMoney(-mainSellerAmount) }),
      ),
    );
  }
  return {
    amount,
    fee_rate: feeRate,
    fee,
    net,
    mode,
    entries: previewEntries,
    main_seller_amount: mainSellerAmount,
    warnings,
    violations,
  };
}

/** The charge's fee and net, when its amount and fee rate are valid (each broken rule listed). */
function chargeFigures(amount: number, feeRate: number, violations: SplitViolation[]) {
  const amountIsValid = Number.isSafeInteger(amount) && amount > 0;
  if (!amountIsValid) {
    violations.push({
      field: 'amount',
      rule: SplitRule.AmountPositive,
      message: sentenceOf(ruleBroken('splitAmountPositive', { value: String(amount) })),
    });
  }
  const feeRateIsValid = isValidPercentage(feeRate);
  if (!feeRateIsValid) {
    violations.push({
      field: 'fee_rate',
      rule: SplitRule.FeeRateRange,
      message: sentenceOf(ruleBroken('splitFeeRateRange', { value: String(feeRate) })),
    });
  }
  const fee = amountIsValid && feeRateIsValid ? computeFee(amount, feeRate) : 0;
  const net = amountIsValid ? amount - fee : 0;
  // Entry amounts and the main seller's part are only meaningful when the net is known.
  return { fee, net, amountIsValid, netIsKnown: amountIsValid && feeRateIsValid };
}

/** Each entry's own mode (its rules checked), and the split's: null when mixed or none. */
function splitMode(entries: SplitInput[], violations: SplitViolation[]) {
  const requestedModes = entries.map((entry, index) => checkEntry(entry, `split[${index}]`, violations));
  const hasPercentage = requestedModes.includes('percentage');
  const hasAmount = requestedModes.includes('amount');
  if (hasPercentage && hasAmount) {
    violations.push({
      field: 'split',
      rule: SplitRule.MixedModes,
      message: sentenceOf(ruleBroken('splitMixedModes')),
    });
  }
  const mode: SplitPreview['mode'] =
    hasPercentage && !hasAmount ? 'percentage' : hasAmount && !hasPercentage ? 'amount' : null;
  return { requestedModes, mode };
}

/**
 * The minimum of 1 centavo for each fixed amount (known as given, whatever the mode) and, in a
 * mixed split, for each percentage entry on its own (every rule named); a bare number is pointed
 * out as centavos.
 */
function checkEachEntry(
  entries: SplitInput[],
  requestedModes: ReturnType<typeof checkEntry>[],
  mode: SplitPreview['mode'],
  knownNet: number | null,
  violations: SplitViolation[],
  warnings: string[],
): void {
  entries.forEach((entry, index) => {
    if (requestedModes[index] === 'amount' && Number.isSafeInteger(entry.amount) && entry.amount! < 1) {
      violations.push(minimumViolation(index, entry.amount!));
    }
    if (entry.bareShare) {
      warnings.push(
        sentenceOf(
          ruleBroken('splitBareShare', {
            field: `split[${index}]`,
            amount: String(entry.amount),
            money: formatMoney(entry.amount!),
          }),
        ),
      );
    }
  });
  if (mode !== null || knownNet === null) return;
  entries.forEach((entry, index) => {
    if (requestedModes[index] !== 'percentage' || !isValidPercentage(entry.percentage!)) return;
    const decimal = toExactDecimal(entry.percentage!);
    const entryAmount = Number(
      (BigInt(knownNet) * decimal.numerator) / (100n * 10n ** BigInt(decimal.scale)),
    );
    if (entryAmount < 1) violations.push(minimumViolation(index, entryAmount));
  });
}

/** The fixed amounts' total; above the charge's amount (when valid) is a broken rule. */
function fixedAmountsTotal(
  entries: SplitInput[],
  amount: number | null,
  violations: SplitViolation[],
): number {
  const total = entries
    .map((entry) => entry.amount)
    .filter((value): value is number => Number.isSafeInteger(value))
    .reduce((sum, value) => sum + value, 0);
  if (amount !== null && total > amount) {
    violations.push({
      field: 'split',
      rule: SplitRule.AmountTotal,
      message: sentenceOf(
        ruleBroken('splitAmountTotal', { total: formatMoney(total), amount: formatMoney(amount) }),
      ),
    });
  }
  return total;
}

/** Checks the rules of one entry on its own; returns the mode it asks for (null: both or neither). */
function checkEntry(
  entry: SplitInput,
  field: string,
  violations: SplitViolation[],
): 'percentage' | 'amount' | null {
  const hasSellerId = entry.sellerId !== undefined;
  const hasEmail = entry.email !== undefined && entry.email.trim() !== '';
  if (hasSellerId && !(Number.isSafeInteger(entry.sellerId) && entry.sellerId! > 0)) {
    violations.push({
      field: `${field}.seller_id`,
      rule: SplitRule.SellerIdInvalid,
      message: sentenceOf(ruleBroken('splitSellerIdPositive', { field, value: String(entry.sellerId) })),
    });
  }
  if (!hasSellerId && !hasEmail) {
    violations.push({
      field,
      rule: SplitRule.SellerRequired,
      message: sentenceOf(ruleBroken('splitSellerRequired', { field })),
    });
  }
  if (entry.description !== undefined && entry.description.length > SPLIT_DESCRIPTION_MAX_LENGTH) {
    violations.push({
      field: `${field}.description`,
      rule: SplitRule.DescriptionLength,
      message: sentenceOf(
        ruleBroken('splitDescriptionLength', {
          field,
          length: entry.description.length,
          max: SPLIT_DESCRIPTION_MAX_LENGTH,
        }),
      ),
    });
  }

  const hasPercentage = entry.percentage !== undefined;
  const hasAmount = entry.amount !== undefined;
  if (hasPercentage === hasAmount) {
    violations.push({
      field,
      rule: SplitRule.OneShare,
      message: sentenceOf(ruleBroken(hasPercentage ? 'splitBothShares' : 'splitNoShare', { field })),
    });
    return null;
  }
  if (hasPercentage) {
    if (!isValidPercentage(entry.percentage!)) {
      violations.push({
        field: `${field}.percentage`,
        rule: SplitRule.PercentageRange,
        message: sentenceOf(ruleBroken('splitPercentageRange', { field, value: String(entry.percentage) })),
      });
    }
    return 'percentage';
  }
  if (!Number.isSafeInteger(entry.amount)) {
    violations.push({
      field: `${field}.amount`,
      rule: SplitRule.AmountInteger,
      message: sentenceOf(ruleBroken('splitAmountInteger', { field, value: String(entry.amount) })),
    });
  }
  return 'amount';
}

/**
 * Percentage mode. Each entry gets floor(net × pct / 100); when the percentages total 100 (or
 * more, within the tolerance) the leftover centavos go one each to the largest fractional
 * remainders, ties to the earlier entry; under 100 the rest stays with the main seller.
 * Fills in the entries' amounts and returns the main seller's part.
 */
function computePercentageSplit(
  entries: SplitInput[],
  net: number,
  netIsKnown: boolean,
  previewEntries: SplitPreviewEntry[],
  violations: SplitViolation[],
  warnings: string[],
): number | null {
  const finitePercentages = entries.flatMap((entry, index) =>
    entry.amount === undefined && Number.isFinite(entry.percentage)
      ? [{ index, decimal: toExactDecimal(entry.percentage!), isValid: isValidPercentage(entry.percentage!) }]
      : [],
  );
  const { scale, toUnits, hundredPercent, tolerance, totalUnits } = percentageUnits(
    finitePercentages.map(({ decimal }) => decimal),
  );
  const distance = totalUnits > hundredPercent ? totalUnits - hundredPercent : hundredPercent - totalUnits;
  if (distance > tolerance) {
    violations.push({
      field: 'split',
      rule: SplitRule.PercentageTotal,
      message: sentenceOf(
        ruleBroken('splitPercentageTotal', {
          total: decimalValue(formatUnits(totalUnits, scale)),
          tolerance: decimalValue(PERCENTAGE_TOTAL_TOLERANCE),
        }),
      ),
    });
  }
  if (!netIsKnown) return null;

  const shares = finitePercentages
    .filter(({ isValid }) => isValid)
    .map(({ index, decimal }) => {
      const product = BigInt(net) * toUnits(decimal);
      return {
        index,
        units: toUnits(decimal),
        floor: product / hundredPercent,
        remainder: product % hundredPercent,
      };
    });
  const validUnits = shares.reduce((sum, share) => sum + share.units, 0n);
  const floorsTotal = shares.reduce((sum, share) => sum + share.floor, 0n);
  let leftover = BigInt(net) - floorsTotal;
  if (validUnits >= hundredPercent && leftover > 0n && shares.length > 0) {
    // Array.prototype.sort is stable, so equal remainders keep entry order.
    const byRemainder = [...shares].sort((left, right) =>
      left.remainder === right.remainder ? 0 : left.remainder > right.remainder ? -1 : 1,
    );
    for (let position = 0; leftover > 0n; position = (position + 1) % byRemainder.length) {
      byRemainder[position]!.floor += 1n;
      leftover -= 1n;
    }
  }

  let allocated = 0;
  for (const share of shares) {
    const entryAmount = Number(share.floor);
    previewEntries[share.index]!.amount = entryAmount;
    allocated += entryAmount;
    if (entryAmount < 1) violations.push(minimumViolation(share.index, entryAmount));
  }
  // A refused entry (100.001%) has no share: what the main seller keeps is then unknown.
  if (finitePercentages.some(({ isValid }) => !isValid)) return null;
  const rest = net - allocated;
  // Only a total within the tolerance leaves its rest to the main seller; any other is refused above.
  if (validUnits < hundredPercent && rest > 0 && distance <= tolerance) {
    warnings.push(
      sentenceOf(
        ruleBroken('splitRestStays', {
          total: decimalValue(formatUnits(validUnits, scale)),
          rest: formatMoney(rest),
        }),
      ),
    );
  }
  return rest;
}

function minimumViolation(index: number, entryAmount: number): SplitViolation {
  const field = `split[${index}]`;
  const message = sentenceOf(ruleBroken('splitMinimum', { field, amount: String(entryAmount) }));
  return { field, rule: SplitRule.MinimumAmount, message };
}
