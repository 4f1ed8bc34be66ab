import { describe, expect, it } from 'vitest';
import {
  computeFee,
  computeSplit,
  type SplitInput,
  type SplitPreview,
  SplitRule,
} from '../../src/domain/split.js';
import { parseSplitArgument, toSplitRequest } from '../../src/domain/split-entries.js';
import { UsageError } from '../../src/errors.js';

function preview(amount: number, feeRate: number, entries: SplitInput[]): SplitPreview {
  return computeSplit({ amount, feeRate, entries });
}

function percentages(...values: number[]): SplitInput[] {
  return values.map((percentage, index) => ({ sellerId: index + 1, percentage }));
}

function fixedAmounts(...values: number[]): SplitInput[] {
  return values.map((amount, index) => ({ sellerId: index + 1, amount }));
}

function entryAmounts(result: SplitPreview): Array<number | null> {
  return result.entries.map((entry) => entry.amount);
}

function rules(result: SplitPreview): string[] {
  return result.violations.map((violation) => `${violation.field} ${violation.rule}`);
}

describe('computeFee', () => {
  it('gives the example of docs/gateway-api.md: 3.99% of 10000 is 399', () => {
    expect(computeFee(10000, 3.99)).toBe(399);
  });

  it.each([
    [10, 2.5, 0], // 0.25 rounds down
    [10, 5, 1], // 0.5 rounds half up
    [12345, 3.99, 493], // 492.5655
    [1000, 16.15, 162], // exactly 161.5; in floats 161.49999999999997
    [1000, 32.05, 321], // exactly 320.5; in floats 320.49999999999994
    [250, 64.6, 162], // exactly 161.5
    [10000, 0, 0],
    [10000, 100, 10000],
    [0, 3.99, 0],
    [1, 49.99, 0],
    [1, 50, 1],
    [Number.MAX_SAFE_INTEGER, 3.99, 359387250264166], // 359387250264165.5409: no precision lost
    [100000, 0.001, 1], // exactly 1
    [150, 0.333333, 0], // 0.4999995
  ])('fee on %i at %d%% is %i', (amount, rate, expected) => {
    expect(computeFee(amount, rate)).toBe(expected);
  });

  it('refuses amounts and rates that make no sense', () => {
    expect(() => computeFee(-1, 3.99)).toThrow(RangeError);
    expect(() => computeFee(1.5, 3.99)).toThrow(RangeError);
    expect(() => computeFee(100, -0.01)).toThrow(RangeError);
    expect(() => computeFee(100, 100.01)).toThrow(RangeError);
    expect(() => computeFee(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('computeSplit without entries', () => {
  it('gives the example of docs/gateway-api.md: fee 399, net 9601, all to the main seller', () => {
    expect(preview(10000, 3.99, [])).toEqual({
      amount: 10000,
      fee_rate: 3.99,
      fee: 399,
      net: 9601,
      mode: null,
      entries: [],
      main_seller_amount: 9601,
      warnings: [],
      violations: [],
    });
  });

  // That a preview is an estimate is said by the commands that show one (test/commands/split/preview.test.ts).
  it('leaves the estimate sentence to the command: a split whose rules hold has no warning', () => {
    expect(preview(10000, 3.99, percentages(40, 60)).warnings).toEqual([]);
    expect(preview(10000, 3.99, fixedAmounts(10)).warnings).toEqual([]);
  });
});

describe('computeSplit in percentage mode', () => {
  it('splits 33.33 + 33.33 + 33.34 of 9601 with the leftover centavo to the largest remainder', () => {
    // 3200.0133, 3200.0133, 3200.9734: floors 9600, the centavo left goes to the third entry.
    const result = preview(10000, 3.99, percentages(33.33, 33.33, 33.34));
    expect(result.mode).toBe('percentage');
    expect(entryAmounts(result)).toEqual([3200, 3200, 3201]);
    expect(result.main_seller_amount).toBe(0);
    expect(result.violations).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('gives leftover centavos to equal remainders in entry order', () => {
    // 2.5 each: floors 8, two centavos left, to the first two entries.
    expect(entryAmounts(preview(10, 0, percentages(25, 25, 25, 25)))).toEqual([3, 3, 2, 2]);
    // 2, 1.5, 1.5: one centavo left, the tie goes to the earlier entry.
    expect(entryAmounts(preview(5, 0, percentages(40, 30, 30)))).toEqual([2, 2, 1]);
  });

  it('prefers a larger remainder over an earlier entry', () => {
    // 1.1, 4.95, 4.95: two centavos left, both to the .95 remainders.
    expect(entryAmounts(preview(11, 0, percentages(10, 45, 45)))).toEqual([1, 5, 5]);
    // 0.9 (first), 9.1 (second): the first one's .9 wins.
    expect(entryAmounts(preview(10, 0, percentages(9, 91)))).toEqual([1, 9]);
  });

  it('always hands out the whole net when the percentages total exactly 100', () => {
    for (const net of [1, 7, 99, 9601, 123457]) {
      const result = preview(net, 0, percentages(12.5, 37.49, 0.01, 50));
      const total = entryAmounts(result).reduce((sum: number, value) => sum + (value ?? 0), 0);
      expect(total + (result.main_seller_amount ?? 0)).toBe(net);
      expect(result.main_seller_amount).toBe(0);
    }
  });

  it('accepts a total within 0.01 under 100 and gives the main seller the rest', () => {
    // 4800.5 and 4799.5399: floors 4800 + 4799; no centavo is handed out under 100%.
    const result = preview(10000, 3.99, percentages(50, 49.99));
    expect(result.violations).toEqual([]);
    expect(entryAmounts(result)).toEqual([4800, 4799]);
    expect(result.main_seller_amount).toBe(2);
    expect(result.warnings).toContain(
      'The percentages total 99.99%: the remaining R$ 0,02 stays with the main seller.',
    );
  });

  it('computes percentages exactly, not in floats', () => {
    // 0.57% of 10000 is exactly 57; in floats 10000 * 0.57 / 100 is 56.99999999999999.
    const result = preview(10000, 0, percentages(0.57, 99.42));
    expect(entryAmounts(result)).toEqual([57, 9942]);
    expect(result.main_seller_amount).toBe(1);
  });

  it('handles percentages with more decimals than cents', () => {
    const result = preview(1000, 0, percentages(33.333, 33.333, 33.334));
    expect(entryAmounts(result)).toEqual([333, 333, 334]);
    expect(result.violations).toEqual([]);
  });

  it('rejects a total more than 0.01 away from 100, naming the total', () => {
    const under = preview(10000, 3.99, percentages(50, 49.98));
    expect(rules(under)).toEqual([`split ${SplitRule.PercentageTotal}`]);
    expect(under.violations[0]!.message).toContain('99.98%');
    expect(under.main_seller_amount).toBe(3); // still computed: 4800 + 4798

    const over = preview(10000, 3.99, percentages(60, 50));
    expect(rules(over)).toEqual([`split ${SplitRule.PercentageTotal}`]);
    expect(over.violations[0]!.message).toContain('110%');
  });

  it('puts the tolerance boundary at exactly 0.01 either side of 100', () => {
    for (const accepted of [
      [50, 49.99],
      [50, 50.01],
      [60, 39.995],
    ]) {
      expect(preview(10000, 0, percentages(...accepted)).violations, `${accepted}`).toEqual([]);
    }
    for (const rejected of [
      [50, 49.985],
      [50, 50.011],
      [60, 39.9899],
    ]) {
      expect(rules(preview(10000, 0, percentages(...rejected))), `${rejected}`).toEqual([
        `split ${SplitRule.PercentageTotal}`,
      ]);
    }
  });

  it('accepts a total within 0.01 over 100 and warns when the entries exceed the net', () => {
    // 500050 each on a net of 1000000: the main seller would give 100 centavos.
    const result = preview(1_000_000, 0, percentages(50.005, 50.005));
    expect(result.violations).toEqual([]);
    expect(entryAmounts(result)).toEqual([500050, 500050]);
    expect(result.main_seller_amount).toBe(-100);
    expect(result.warnings).toContain(
      'The split entries add up to more than the net value R$ 10.000,00: the main seller would be debited R$ 1,00.',
    );
  });

  it('reports an entry that comes to less than 1 centavo', () => {
    // 99.5 and 0.5: the tie gives the centavo to the first entry, the second gets 0.
    const result = preview(100, 0, percentages(99.5, 0.5));
    expect(entryAmounts(result)).toEqual([100, 0]);
    expect(rules(result)).toEqual([`split[1] ${SplitRule.MinimumAmount}`]);
    expect(result.violations[0]!.message).toContain('at least 1 centavo');

    expect(rules(preview(10000, 3.99, percentages(100, 0)))).toEqual([`split[1] ${SplitRule.MinimumAmount}`]);
  });

  it('rejects a percentage outside 0–100 and does not compute that entry', () => {
    const result = preview(10000, 0, percentages(150, -50));
    expect(rules(result)).toEqual([
      `split[0].percentage ${SplitRule.PercentageRange}`,
      `split[1].percentage ${SplitRule.PercentageRange}`,
    ]);
    expect(entryAmounts(result)).toEqual([null, null]);
  });

  it('says nothing of the main seller when an entry is refused: its share is unknown', () => {
    // 100.001% was refused: the main seller does not keep the whole net, nor are the percentages 0%.
    const result = preview(10000, 3.99, percentages(100.001));
    expect(rules(result)).toEqual([`split[0].percentage ${SplitRule.PercentageRange}`]);
    expect(result.main_seller_amount).toBeNull();
    expect(result.warnings.join(' ')).not.toContain('total');
  });

  it('echoes the entries as given, with null for what is unknown', () => {
    // 6720.7 and 2880.3: the leftover centavo goes to the .7 remainder.
    const result = preview(10000, 3.99, [
      { email: 'ana@example.com', percentage: 70, description: 'design' },
      { sellerId: 9, percentage: 30 },
    ]);
    expect(result.entries).toEqual([
      { seller_id: null, email: 'ana@example.com', percentage: 70, amount: 6721, description: 'design' },
      { seller_id: 9, email: null, percentage: 30, amount: 2880, description: null },
    ]);
  });
});

describe('computeSplit in fixed-amount mode', () => {
  it('gives the main seller the net minus the fixed amounts', () => {
    const result = preview(10000, 3.99, fixedAmounts(3000, 2000));
    expect(result.mode).toBe('amount');
    expect(entryAmounts(result)).toEqual([3000, 2000]);
    expect(result.main_seller_amount).toBe(4601);
    expect(result.violations).toEqual([]);
    expect(result.entries[0]!.percentage).toBeNull();
  });

  it('warns, without a violation, when the amounts fit the charge but not the net', () => {
    const result = preview(10000, 3.99, fixedAmounts(5000, 4700));
    expect(result.violations).toEqual([]);
    expect(result.main_seller_amount).toBe(-99);
    expect(result.warnings).toContain(
      'The split entries add up to more than the net value R$ 96,01: the main seller would be debited R$ 0,99.',
    );
  });

  it('accepts fixed amounts totalling exactly the charge amount', () => {
    const result = preview(10000, 3.99, fixedAmounts(10000));
    expect(result.violations).toEqual([]);
    expect(result.main_seller_amount).toBe(-399);
  });

  it('rejects fixed amounts above the charge amount', () => {
    const result = preview(10000, 3.99, fixedAmounts(6000, 4001));
    expect(rules(result)).toEqual([`split ${SplitRule.AmountTotal}`]);
    expect(result.violations[0]!.message).toContain('R$ 100,01');
    expect(result.violations[0]!.message).toContain('R$ 100,00');
  });

  it('rejects amounts that are not integers or are below 1 centavo', () => {
    const result = preview(10000, 3.99, fixedAmounts(1.5, 0, -3));
    expect(rules(result)).toEqual([
      `split[0].amount ${SplitRule.AmountInteger}`,
      `split[1] ${SplitRule.MinimumAmount}`,
      `split[2] ${SplitRule.MinimumAmount}`,
    ]);
  });
});

describe('computeSplit entry rules', () => {
  it('rejects mixing percentage and fixed entries', () => {
    const result = preview(10000, 3.99, [
      { sellerId: 1, percentage: 50 },
      { sellerId: 2, amount: 1000 },
    ]);
    expect(rules(result)).toEqual([`split ${SplitRule.MixedModes}`]);
    expect(result.mode).toBeNull();
    expect(result.main_seller_amount).toBeNull();
  });

  it('needs a seller id or an e-mail', () => {
    const result = preview(10000, 3.99, [{ percentage: 50 }, { email: '  ', percentage: 50 }]);
    expect(rules(result)).toEqual([
      `split[0] ${SplitRule.SellerRequired}`,
      `split[1] ${SplitRule.SellerRequired}`,
    ]);
    expect(result.violations[0]!.message).toBe('split[0]: needs a seller (a seller id or an e-mail)');
  });

  it('rejects a seller id that is not a positive integer', () => {
    const result = preview(10000, 3.99, [
      { sellerId: 0, percentage: 50 },
      { sellerId: 2.5, percentage: 50 },
    ]);
    expect(rules(result)).toEqual([
      `split[0].seller_id ${SplitRule.SellerIdInvalid}`,
      `split[1].seller_id ${SplitRule.SellerIdInvalid}`,
    ]);
  });

  it('needs exactly one of percentage and amount', () => {
    const result = preview(10000, 3.99, [{ sellerId: 1, percentage: 50, amount: 100 }, { sellerId: 2 }]);
    expect(rules(result)).toEqual([`split[0] ${SplitRule.OneShare}`, `split[1] ${SplitRule.OneShare}`]);
    expect(result.violations[0]!.message).toContain('both');
    expect(result.violations[1]!.message).toContain('neither');
    expect(result.mode).toBeNull();
  });

  it('limits descriptions to 255 characters', () => {
    const ok = preview(10000, 3.99, [{ sellerId: 1, percentage: 100, description: 'x'.repeat(255) }]);
    expect(ok.violations).toEqual([]);
    const tooLong = preview(10000, 3.99, [{ sellerId: 1, percentage: 100, description: 'x'.repeat(256) }]);
    expect(rules(tooLong)).toEqual([`split[0].description ${SplitRule.DescriptionLength}`]);
  });

  it('lists every violation at once instead of stopping at the first', () => {
    const result = preview(10000, 3.99, [
      { percentage: 120 },
      { sellerId: 2, percentage: 10, description: 'y'.repeat(300) },
      { sellerId: 3, amount: 500 },
    ]);
    expect(rules(result)).toEqual([
      `split[0] ${SplitRule.SellerRequired}`,
      `split[0].percentage ${SplitRule.PercentageRange}`,
      `split[1].description ${SplitRule.DescriptionLength}`,
      `split ${SplitRule.MixedModes}`,
    ]);
  });

  it('reports a bad amount or fee rate instead of throwing', () => {
    const badAmount = preview(0, 3.99, percentages(100));
    expect(rules(badAmount)).toEqual([`amount ${SplitRule.AmountPositive}`]);
    expect(badAmount.main_seller_amount).toBeNull();
    expect(entryAmounts(badAmount)).toEqual([null]);

    const badRate = preview(10000, 120, fixedAmounts(100));
    expect(rules(badRate)).toEqual([`fee_rate ${SplitRule.FeeRateRange}`]);
    expect(badRate.fee).toBe(0);
    expect(badRate.main_seller_amount).toBeNull();

    expect(rules(preview(12.5, Number.NaN, []))).toEqual([
      `amount ${SplitRule.AmountPositive}`,
      `fee_rate ${SplitRule.FeeRateRange}`,
    ]);
  });
});

describe('parseSplitArgument', () => {
  it.each<[string, SplitInput]>([
    ['42=30%', { sellerId: 42, percentage: 30 }],
    ['42=33.33%', { sellerId: 42, percentage: 33.33 }],
    ['42=33,33%', { sellerId: 42, percentage: 33.33 }],
    ['42=0%', { sellerId: 42, percentage: 0 }],
    ['ana@example.com=1500', { email: 'ana@example.com', amount: 1500 }],
    ['7=15.00', { sellerId: 7, amount: 1500 }],
    ['7=15,00:commission', { sellerId: 7, amount: 1500, description: 'commission' }],
    ['7=R$ 15,00', { sellerId: 7, amount: 1500 }],
    ['7=10%:note: with a colon', { sellerId: 7, percentage: 10, description: 'note: with a colon' }],
    [' 7 = 10% : spaced ', { sellerId: 7, percentage: 10, description: 'spaced' }],
    ['7=10%:', { sellerId: 7, percentage: 10 }],
    ['7=0', { sellerId: 7, amount: 0 }],
  ])('reads %j', (text, expected) => {
    expect(parseSplitArgument(text)).toEqual(expected);
  });

  it.each([
    '',
    '42',
    '=30%',
    'x=30%',
    'ana@example=30%',
    '0=30%',
    '99999999999999999999=1%',
    '42=',
    '42=abc',
    '42=30%%',
    '42=-5',
    '42=1e3',
    '42=15.0',
    '42=30 %',
  ])('rejects %j naming --split and the expected form', (text) => {
    let caught: unknown;
    try {
      parseSplitArgument(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    const error = caught as UsageError;
    expect(error.details.field).toBe('--split');
    expect(error.message).toMatch(/^--split: /);
    expect(error.message).toContain('SELLER=SHARE[:description]');
  });

  it('names another field when told', () => {
    expect(() => parseSplitArgument('bad', 'split-file line 3')).toThrow(/^split-file line 3: /);
  });
});

describe('toSplitRequest', () => {
  it('maps entries to the request body, leaving out what is not set', () => {
    expect(
      toSplitRequest([
        { sellerId: 1, percentage: 30, description: 'a' },
        { sellerId: 2, amount: 1500, email: 'b@example.com' },
      ]),
    ).toEqual([
      { seller_id: 1, percentage: 30, description: 'a' },
      { seller_id: 2, amount: 1500 },
    ]);
  });

  it('refuses an entry whose e-mail was not resolved to a seller id', () => {
    let caught: unknown;
    try {
      toSplitRequest([
        { sellerId: 1, percentage: 50 },
        { email: 'b@example.com', percentage: 50 },
      ]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).details.field).toBe('split[1]');
    expect((caught as UsageError).message).toContain('b@example.com');
  });
});
