// Percentages as exact integers of one common scale, so that totals, remainders and the 0.01
// tolerance of the split rules (docs/gateway-api.md) compare without binary float error.
import type { ExactDecimal } from './money.js';

/** A percentage from 0 to 100. */
export function isValidPercentage(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= 100;
}

/**
 * Percentages as integers of one common scale (at least hundredths, to express the 0.01
 * tolerance), so that totals and remainders compare exactly.
 */
export function percentageUnits(decimals: ExactDecimal[]) {
  const scale = Math.max(2, ...decimals.map((decimal) => decimal.scale));
  const unitsPerPercent = 10n ** BigInt(scale);
  const toUnits = (decimal: ExactDecimal) => decimal.numerator * 10n ** BigInt(scale - decimal.scale);
  const totalUnits = decimals.reduce((sum, decimal) => sum + toUnits(decimal), 0n);
  return {
    scale,
    unitsPerPercent,
    toUnits,
    hundredPercent: 100n * unitsPerPercent,
    tolerance: unitsPerPercent / 100n,
    totalUnits,
  };
}

/** `units / 10^scale` as a short decimal string: 9999 at scale 2 → `99.99`, 10000 → `100`. */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const integerPart = digits.slice(0, digits.length - scale);
  const fractionPart = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${integerPart}${fractionPart ? `.${fractionPart}` : ''}`;
}
