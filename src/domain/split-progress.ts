// A split judged while it is still being typed, entry by entry (the interactive `charge create`):
// a percentage total under 100 is not yet a broken rule, and one line says what is still needed.
import { decimalValue, ruleBroken, sentenceOf } from '../errors.js';
import { formatMoney, toExactDecimal } from './money.js';

import { formatUnits, percentageUnits } from './percentage-units.js';
import { computeSplit, type SplitInput, SplitRule, type SplitViolation } from './split.js';

/** Where a split being typed entry by entry stands (the interactive `charge create`). */
export interface SplitProgress {
  /** Rules already broken; a percentage total under 100 is not one yet (more entries may follow). */
  violations: SplitViolation[];
  /** The split can be sent as it is. */
  complete: boolean;
  /** One line on where it stands and what is still needed. */
  guidance: string;
  /** Percentages that total 100: another entry could only break it, so none is asked for. */
  full: boolean;
}

/** The entries typed so far, judged as a split still being written (pure; see SplitProgress). */
export function splitProgress(input: {
  amount: number;
  feeRate: number;
  entries: SplitInput[];
  /** The seller of the account, named in the guidance for its own share; else YOUR_SELLER_ID. */
  ownSellerId?: string;
}): SplitProgress {
  const preview = computeSplit(input);
  const percentages = input.entries
    .filter((entry) => entry.amount === undefined && Number.isFinite(entry.percentage))
    .map((entry) => toExactDecimal(entry.percentage!));
  const { scale, hundredPercent, tolerance, totalUnits } = percentageUnits(percentages);
  const under = preview.mode === 'percentage' && totalUnits < hundredPercent - tolerance;
  const violations = preview.violations.filter(
    (violation) => !(under && violation.rule === SplitRule.PercentageTotal),
  );
  const complete = input.entries.length > 0 && violations.length === 0;
  let guidance: string;
  let full = false;
  if (violations.length > 0) {
    guidance = violations.map((violation) => violation.message).join('; ');
  } else if (under) {
    const total = decimalValue(formatUnits(totalUnits, scale));
    const rest = decimalValue(formatUnits(hundredPercent - totalUnits, scale));
    const seller = input.ownSellerId ?? 'YOUR_SELLER_ID';
    guidance = sentenceOf(ruleBroken('splitProgressUnder', { total, rest, seller }));
  } else if (preview.mode === 'percentage') {
    full = true;
    guidance = sentenceOf(
      ruleBroken('splitProgressComplete', { total: decimalValue(formatUnits(totalUnits, scale)) }),
    );
  } else {
    const fixed = preview.entries.reduce((sum, entry) => sum + (entry.amount ?? 0), 0);
    const rest = preview.main_seller_amount;
    const figures = { fixed: formatMoney(fixed), amount: formatMoney(input.amount) };
    guidance = sentenceOf(
      rest !== null && rest >= 0
        ? ruleBroken('splitProgressFixedKeep', { ...figures, rest: formatMoney(rest) })
        : ruleBroken('splitProgressFixed', figures),
    );
  }
  return { violations, complete: complete && !under, guidance, full: full && complete };
}
