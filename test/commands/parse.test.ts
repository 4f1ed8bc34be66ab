// argv → options, gh-style: each command's flags as its handler reads them, parsed by the real
// commander tree and the command's own parse function. No server, no files, no run.
import { describe, expect, it } from 'vitest';
import { parseChargeCreate } from '../../src/commands/charge/create.js';
import { readFlags } from '../../src/commands/options.js';
import { parsePayoutCreate } from '../../src/commands/payout/create-options.js';
import { parseSplitPreview } from '../../src/commands/split/preview.js';
import type { Settings } from '../../src/context.js';
import { PaygateError } from '../../src/errors.js';
import { inputFor } from '../helpers/run-cli.js';

const noSettings: Settings = { setting: () => undefined };
const settings = (values: Record<string, string | number>): Settings => ({ setting: (name) => values[name] });

/** The usage error (exit 2) a parse throws, as `field: message`. */
function refusal(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (error instanceof PaygateError && error.exitCode === 2) return error.message;
    throw error;
  }
  throw new Error('parsed without a usage error');
}

describe('payout create', () => {
  const parse = async (argv: string[], with_ = noSettings) =>
    parsePayoutCreate(await inputFor(['payout', 'create', ...argv]), with_);

  it.each([
    [
      ['--amount', '15,00', '--key', 'sweep-1', '--yes'],
      {
        amount: 1500,
        all: false,
        keep: 0,
        key: 'sweep-1',
        wait: false,
        yes: true,
        dryRun: false,
        maxAmount: undefined,
      },
    ],
    [['--all', '--keep', '100.00'], { amount: undefined, all: true, keep: 10_000 }],
    [['--amount', '1500', '--max-amount', '50,00'], { maxAmount: 5000, maxAmountSource: '--max-amount' }],
    [['--amount', '1500', '--wait'], { wait: true, timing: { intervalMs: 2000, timeoutMs: 600_000 } }],
    [
      ['--amount', '1500', '--wait', '--interval', '5s', '--timeout', '1m'],
      { timing: { intervalMs: 5000, timeoutMs: 60_000 } },
    ],
    [['--amount', '1500', '--dry-run'], { dryRun: true }],
  ])('%j', async (argv, expected) => {
    expect(await parse(argv)).toMatchObject(expected);
  });

  it('the settings give the defaults the flags leave open', async () => {
    const parsed = await parse(
      ['--amount', '1500', '--wait'],
      settings({ 'payout.max_amount': 9000, 'watch.interval': '7s' }),
    );
    expect(parsed).toMatchObject({
      maxAmount: 9000,
      maxAmountSource: 'payout.max_amount',
      timing: { intervalMs: 7000 },
    });
  });

  it.each([
    [['--amount', '1,5'], /^--amount: /],
    [['--amount', '1500', '--keep', '1'], /^--keep: only with --all/],
    [['--amount', '1500', '--interval', '5s'], /^--interval: only with --wait/],
    [['--amount', '1500', '--wait', '--timeout', '0s'], /^--timeout: must be above zero/],
    [['--amount', '1500', '--key', 'a b'], /key/],
    [
      ['--amount', '1500', '--description', 'x'.repeat(256)],
      /^--description: at most 255 characters \(256\)/,
    ],
  ])('%j is refused before anything is read or sent', async (argv, message) => {
    const input = await inputFor(['payout', 'create', ...argv]);
    expect(refusal(() => parsePayoutCreate(input, noSettings))).toMatch(message);
  });
});

describe('split preview', () => {
  const parse = async (argv: string[], with_ = noSettings) =>
    parseSplitPreview(await inputFor(['split', 'preview', ...argv]), with_);

  it.each([
    [
      ['--amount', '100.00', '--split', '1002=30%', '--split', 'a@b.com=70%:resto'],
      {
        amount: 10_000,
        feeRate: 3.99,
        resolve: false,
        entries: [
          { sellerId: 1002, percentage: 30 },
          { email: 'a@b.com', percentage: 70, description: 'resto' },
        ],
      },
    ],
    [['--amount', '10000', '--method', 'card'], { feeRate: 4.99, entries: [] }],
    [['--amount', '10000', '--method', 'boleto'], { feeRate: 1.99 }],
    [['--amount', '10000', '--fee-rate', '2,5'], { feeRate: 2.5 }],
    [
      ['--amount', '10000', '--split', '1002=30', '--resolve'],
      { entries: [{ sellerId: 1002, amount: 30, bareShare: true }], resolve: true },
    ],
  ])('%j', async (argv, expected) => {
    expect(await parse(argv)).toMatchObject(expected);
  });

  it('the fee setting of the method is the default rate', async () => {
    expect(
      await parse(['--amount', '10000', '--method', 'card'], settings({ 'fee.card': 5.5 })),
    ).toMatchObject({ feeRate: 5.5 });
  });

  it.each([
    [[], /^--amount is required/],
    [['--amount', '100.0'], /^--amount: /],
    [['--amount', '10000', '--fee-rate', '101'], /fee-rate/],
    [['--amount', '10000', '--split', '1002'], /^--split: "1002" has no "="/],
  ])('%j is refused', async (argv, message) => {
    const input = await inputFor(['split', 'preview', ...argv]);
    expect(refusal(() => parseSplitPreview(input, noSettings))).toMatch(message);
  });
});

describe('charge create', () => {
  const parse = async (argv: string[], with_ = noSettings) =>
    parseChargeCreate(await inputFor(['charge', 'create', ...argv]), with_);

  it('--watch: the interval (flag, else setting, else 2s) and no timeout of its own (the expiry decides)', async () => {
    expect((await parse(['--amount', '1500', '--watch'])).timing).toEqual({
      intervalMs: 2000,
      timeoutMs: undefined,
    });
    expect(
      (await parse(['--amount', '1500', '--watch', '--interval', '3s', '--timeout', '5m'])).timing,
    ).toEqual({
      intervalMs: 3000,
      timeoutMs: 300_000,
    });
    expect(
      (await parse(['--amount', '1500', '--watch'], settings({ 'watch.interval': '9s' }))).timing,
    ).toEqual({
      intervalMs: 9000,
      timeoutMs: undefined,
    });
    expect((await parse(['--amount', '1500'])).timing).toBeUndefined();
  });

  it('repeatable flags arrive as lists, in order; --key is checked', async () => {
    const { options, key } = await parse([
      '--amount',
      '1500',
      '--split',
      '1002=30%',
      '--split',
      '1003=70%',
      '--item',
      'a:1:500',
      '--item',
      'b:2:500',
      '--key',
      'pedido-9',
    ]);
    expect(options).toMatchObject({
      amount: '1500',
      split: ['1002=30%', '1003=70%'],
      item: ['a:1:500', 'b:2:500'],
    });
    expect(key).toBe('pedido-9');
  });

  it.each([
    [['--amount', '1500', '--key', 'a b'], /key/],
    [['--amount', '1500', '--watch', '--timeout', '0s'], /^--timeout: must be above zero/],
    [['--amount', '1500', '--watch', '--interval', 'soon'], /--interval/],
  ])('%j is refused', async (argv, message) => {
    const input = await inputFor(['charge', 'create', ...argv]);
    expect(refusal(() => parseChargeCreate(input, noSettings))).toMatch(message);
  });

  it('flags commander itself refuses (conflicts) never reach the parse', async () => {
    await expect(
      inputFor(['charge', 'create', '--from-csv', 'x.csv', '--from-file', 'y.json']),
    ).rejects.toThrow(/cannot be used with/);
  });
});

describe('charge list and payout list (their shared --since, --until, --limit)', () => {
  it.each([
    // No --limit: the handler's listBounds() takes 20 (a default here would hide --limit with --all).
    [['charge', 'list'], {}],
    [
      ['charge', 'list', '--limit', '5', '--status', 'paid,refunded', '--status', 'expired', '--since', '7d'],
      { limit: 5, status: ['paid,refunded', 'expired'], since: '7d' },
    ],
    [['charge', 'list', '--external-id', 'pedido-1', '--all'], { externalId: 'pedido-1', all: true }],
    [['payout', 'list', '--until', '2026-11-01'], { until: '2026-11-01' }],
  ])('%j', async (argv, expected) => {
    const input = await inputFor(argv);
    const { CHARGE_LIST_FLAGS } = await import('../../src/commands/charge/flags.js');
    const { PAYOUT_LIST_FLAGS } = await import('../../src/commands/payout/flags.js');
    expect(readFlags(argv[0] === 'charge' ? CHARGE_LIST_FLAGS : PAYOUT_LIST_FLAGS, input)).toEqual(expected);
  });

  it.each([['0'], ['-1'], ['2.5'], ['many']])('--limit %s is refused naming the flag', async (limit) => {
    const { CHARGE_LIST_FLAGS } = await import('../../src/commands/charge/flags.js');
    const input = await inputFor(['charge', 'list', '--limit', limit]);
    expect(refusal(() => readFlags(CHARGE_LIST_FLAGS, input))).toBe(
      '--limit: must be a whole number above zero',
    );
  });
});

describe('readFlags', () => {
  const specs = [
    { flags: '-a, --amount <money>', description: '' },
    { flags: '--wait', description: '' },
    { flags: '--split <entry>', description: '', repeatable: true },
    { flags: '--method <method>', description: '', choices: ['pix', 'card'] },
    { flags: '--no-qr', description: '' },
  ] as const;

  it('gives each flag under its option name, typed from the specs; absent flags stay absent', () => {
    const options = readFlags(specs, {
      args: [],
      flags: { amount: '15,00', split: ['a', 'b'], qr: false, other: 1 },
    });
    expect(options).toEqual({ amount: '15,00', split: ['a', 'b'], qr: false });
    // A hand-made input gets the defaults commander would fill in (a --no-… switch is on).
    expect(readFlags(specs, { args: [], flags: {} })).toEqual({ qr: true });
    // Typed from the specs: a string, a list, a choice, a switch.
    const typed: { amount?: string; split?: string[]; method?: 'pix' | 'card'; wait?: boolean } = options;
    expect(typed.method).toBeUndefined();
  });

  it.each([
    [{ amount: true }, '--amount: expected text'],
    [{ wait: 'yes' }, '--wait: expected no value'],
    [{ split: 'a' }, '--split: expected list'],
    [{ method: 'cash' }, '--method: "cash" is not one of: pix, card'],
  ])('%j is refused naming the flag', (flags, message) => {
    expect(refusal(() => readFlags(specs, { args: [], flags }))).toBe(message);
  });
});
