// `payout create` in its two layers: parse (argv → options, no server) and run (options → what a
// user sees and the requests a scripted gateway got).
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutCreate } from '../../../src/commands/payout/create.js';
import type { PayoutCreateOptions } from '../../../src/commands/payout/create-options.js';
import { json, ok, type SeenRequest, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };
const parse = async (argv: string[]) =>
  payoutCreate.parse(await inputFor(['payout', 'create', ...argv]), noSettings);

describe('payout create: parse', () => {
  it('the options, whole: amount in centavos, no raw flag text', async () => {
    expect(await parse(['--amount', '15,00', '--key', 'sweep-1', '--yes'])).toEqual({
      amount: 1500,
      all: false,
      keep: 0,
      description: undefined,
      key: 'sweep-1',
      maxAmount: undefined,
      maxAmountSource: 'payout.max_amount',
      wait: false,
      timing: undefined,
      dryRun: false,
      yes: true,
      smallCentavosNotes: [],
    });
  });

  it('a bare number below R$ 100,00 typed for --amount/--keep becomes a note naming it in reais', async () => {
    const sweep = await parse(['--all', '--keep', '100', '--max-amount', '99']);
    expect(sweep.smallCentavosNotes).toEqual([
      '--keep 100 is 100 centavos (R$ 1,00); write 100.00 for R$ 100,00',
      '--max-amount 99 is 99 centavos, R$ 0,99',
    ]);
    expect(sweep.readings).toEqual({ keep: '--keep 100 = 100 centavos' });
    expect((await parse(['--amount', '9999'])).smallCentavosNotes).toEqual([
      '--amount 9999 is 9999 centavos (R$ 99,99); write 9999.00 for R$ 9.999,00',
    ]);
    // R$ 100,00 and up, reais, or a zero --keep: nothing to say before the run.
    for (const argv of [
      ['--amount', '10000'],
      ['--amount', '1.00'],
      ['--all', '--keep', '0'],
    ]) {
      expect((await parse(argv)).smallCentavosNotes, argv.join(' ')).toEqual([]);
    }
    expect((await parse(['--amount', '10000'])).readings).toEqual({
      amount: '--amount 10000 = 10000 centavos',
    });
    expect((await parse(['--all', '--keep', '100.00'])).readings).toBeUndefined();
  });

  it.each([
    [
      ['--amount', '1500', '--all'],
      '--amount and --all: give exactly one (an amount, or the whole available balance)',
    ],
    [[], '--amount or --all is required (e.g. --amount 1500.00, or --all --keep 100.00)'],
    [
      ['--amount', '1500', '--keep', '100'],
      '--keep: only with --all (it is what --all leaves in the balance)',
    ],
    [['--amount', '1500', '--timeout', '1m'], '--timeout: only with --wait'],
  ])('%j is refused: %s', async (argv, message) => {
    await expect(parse(argv)).rejects.toMatchObject({ exitCode: 2, message });
  });
});

const PAYOUT = {
  id: 'co_a1b2c3',
  status: 'pending',
  amount: 1500,
  description: null,
  created_at: '2026-11-22T12:00:00Z',
};

function options(overrides: Partial<PayoutCreateOptions> = {}): PayoutCreateOptions {
  return {
    amount: 1500,
    all: false,
    keep: 0,
    maxAmountSource: 'payout.max_amount',
    wait: false,
    dryRun: false,
    yes: true,
    smallCentavosNotes: [],
    ...overrides,
  };
}

describe('payout create: run', () => {
  let server: TestServer;
  let available: number;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());
  beforeEach(() => {
    available = 10_000;
    server.requests.length = 0;
    server.handle((request: SeenRequest, response: ServerResponse) => {
      if (request.url === '/v1/balance')
        return json(response, 200, ok({ available, pending: 0, reserved: 0 }));
      if (request.method === 'POST' && request.url === '/v1/payouts')
        return json(response, 201, ok({ ...PAYOUT, amount: JSON.parse(request.body).amount }));
      return json(response, 404, {
        success: false,
        error: { type: 'not_found', code: 'not_found', message: 'no' },
      });
    });
  });
  const seen = () => server.requests.map((request) => `${request.method} ${request.url}`);

  it('reads the balance, then sends the amount; prints the payout; warns a script that has no --key', async () => {
    const { context, io } = fakeContext({ baseUrl: server.url });
    const code = await payoutCreate.run(options(), context);
    await context.close();
    expect(code).toBe(0);
    expect(seen()).toEqual(['GET /v1/balance', 'POST /v1/payouts']);
    expect(JSON.parse(server.requests[1]!.body)).toEqual({ amount: 1500 });
    expect(io.stdout.text).toMatch(/ID\s+co_a1b2c3/);
    expect(io.stdout.text).toMatch(/Amount\s+R\$ 15,00/);
    expect(io.stderr.text).toContain('no --key: nothing stops a rerun of this command from paying again');
  });

  it('--all pays the balance less --keep', async () => {
    const { context } = fakeContext({ baseUrl: server.url });
    await payoutCreate.run(options({ amount: undefined, all: true, keep: 2500 }), context);
    await context.close();
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ amount: 7500 });
  });

  it('a balance too low: exit 3, only the balance was read', async () => {
    available = 1000;
    const { context, io } = fakeContext({ baseUrl: server.url });
    await expect(payoutCreate.run(options(), context)).rejects.toMatchObject({
      exitCode: 3,
      message: 'insufficient balance: R$ 15,00 requested, R$ 10,00 available; nothing was sent',
    });
    await context.close();
    expect(seen()).toEqual(['GET /v1/balance']);
    expect(io.stdout.text).toBe('');
  });

  it('without a terminal, --yes is required: exit 2 before any request', async () => {
    const { context } = fakeContext({ baseUrl: server.url });
    await expect(payoutCreate.run(options({ yes: false }), context)).rejects.toMatchObject({
      exitCode: 2,
      message:
        '--yes is required to pay out without a terminal (no confirmation prompt here; nothing was sent)',
    });
    await context.close();
    expect(seen()).toEqual([]);
  });

  it('the notes of parse are said in every mode: at a terminal, to a script, with --json and -q', async () => {
    const note = '--amount 15 is 15 centavos (R$ 0,15); write 15.00 for R$ 15,00';
    for (const [mode, context] of [
      ['terminal', fakeContext({ baseUrl: server.url, tty: true, env: { NO_COLOR: '1' } })],
      ['script --json -q', fakeContext({ baseUrl: server.url, globals: { json: true, quiet: true } })],
    ] as const) {
      await payoutCreate.run(options({ amount: 15, smallCentavosNotes: [note] }), context.context);
      await context.context.close();
      expect(context.io.stderr.text, mode).toContain(`warning: ${note}\n`);
    }
  });

  it('--all --keep 100 under cron: the result line says in reais what was paid and kept; --json stays the data', async () => {
    available = 96_010;
    const { context, io } = fakeContext({ baseUrl: server.url, globals: { json: true } });
    const sweep = options({
      amount: undefined,
      all: true,
      keep: 100,
      readings: { keep: '--keep 100 = 100 centavos' },
    });
    expect(await payoutCreate.run(sweep, context)).toBe(0);
    await context.close();
    expect(JSON.parse(io.stdout.text)).toEqual({ ...PAYOUT, amount: 95_910 });
    expect(io.stderr.text).toContain(
      'Payout co_a1b2c3, pending: paid out R$ 959,10; kept R$ 1,00 (--keep 100 = 100 centavos).\n',
    );
  });

  it('--amount: the result line says what is left available', async () => {
    const { context, io } = fakeContext({ baseUrl: server.url, globals: { output: 'ndjson' } });
    expect(await payoutCreate.run(options(), context)).toBe(0);
    await context.close();
    expect(io.stderr.text).toContain(
      'Payout co_a1b2c3, pending: paid out R$ 15,00; R$ 85,00 left available.\n',
    );
  });

  it('--dry-run says in reais what would be paid and kept, in a table and with --json', async () => {
    available = 96_010;
    const sweep = options({
      amount: undefined,
      all: true,
      keep: 100,
      dryRun: true,
      readings: { keep: '--keep 100 = 100 centavos' },
    });
    const line =
      'Dry run: would pay out R$ 959,10 and keep R$ 1,00 (--keep 100 = 100 centavos); nothing was sent.\n';
    for (const globals of [{}, { json: true }]) {
      const { context, io } = fakeContext({ baseUrl: server.url, globals });
      expect(await payoutCreate.run(sweep, context)).toBe(0);
      await context.close();
      expect(io.stderr.text).toContain(line);
    }
    const { context, io } = fakeContext({ baseUrl: server.url });
    await payoutCreate.run(options({ dryRun: true }), context);
    await context.close();
    expect(io.stderr.text).toContain(
      'Dry run: would pay out R$ 15,00, leaving R$ 945,10 available; nothing was sent.\n',
    );
    expect(seen().filter((request) => request.startsWith('POST'))).toEqual([]);
  });
});
