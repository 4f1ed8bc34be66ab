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

  it('a bare small number typed for a money flag becomes a note for the run to say', async () => {
    expect((await parse(['--all', '--keep', '50', '--max-amount', '99'])).smallCentavosNotes).toEqual([
      '--keep 50 is 50 centavos, R$ 0,50',
      '--max-amount 99 is 99 centavos, R$ 0,99',
    ]);
    expect((await parse(['--amount', '15'])).smallCentavosNotes).toEqual([
      '--amount 15 is 15 centavos, R$ 0,15',
    ]);
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

  it('the notes of parse are said to a person at a terminal, not to a script', async () => {
    const notes = ['--amount 15 is 15 centavos, R$ 0,15'];
    const atTerminal = fakeContext({ baseUrl: server.url, tty: true });
    await payoutCreate.run(options({ amount: 15, smallCentavosNotes: notes }), atTerminal.context);
    await atTerminal.context.close();
    expect(atTerminal.io.stderr.text).toContain('--amount 15 is 15 centavos, R$ 0,15');
    const script = fakeContext({ baseUrl: server.url });
    await payoutCreate.run(options({ amount: 15, smallCentavosNotes: notes }), script.context);
    await script.context.close();
    expect(script.io.stderr.text).not.toContain('centavos');
  });
});
