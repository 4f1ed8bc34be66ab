// `payout reconcile` in its two layers: parse (argv → options, no server, no journal) and run
// (the journal of a temp config dir, against a scripted gateway).
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutCreate } from '../../../src/commands/payout/create.js';
import { payoutReconcile } from '../../../src/commands/payout/reconcile.js';
import { json, ok, type SeenRequest, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor, tempConfigDir } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };
const parse = async (argv: string[]) =>
  payoutReconcile.parse(await inputFor(['payout', 'reconcile', ...argv]), noSettings);

describe('payout reconcile: parse', () => {
  it('the key, and --payout-id when given', async () => {
    expect(await parse(['--key', 'sweep-2026-11-22'])).toEqual({ key: 'sweep-2026-11-22' });
    expect(await parse(['--key', 'sweep-1', '--payout-id', ' co_a1 '])).toEqual({
      key: 'sweep-1',
      payoutId: 'co_a1',
    });
  });

  it.each([
    [[], '--key is required: the journal key of the run to settle'],
    [['--key', ''], '--key is required: the journal key of the run to settle'],
    [
      ['--key', 'a b'],
      '--key: "a b" is not a journal key: use 1 to 100 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. sweep-2026-11-22)',
    ],
    [['--key', 'sweep-1', '--payout-id', 'co/1'], 'id: "co/1" is not a payout id (co_…)'],
  ])('%j is refused: %s', async (argv, message) => {
    await expect(parse(argv)).rejects.toMatchObject({ exitCode: 2, message });
  });
});

describe('payout reconcile: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((request: SeenRequest, response: ServerResponse) => {
      if (request.url === '/v1/balance')
        return json(response, 200, ok({ available: 10_000, pending: 0, reserved: 0 }));
      if (request.url === '/v1/account') return json(response, 200, ok({ seller_id: 1001, name: 'Loja' }));
      if (request.method === 'POST')
        return json(
          response,
          201,
          ok({ id: 'co_made', status: 'pending', amount: 1500, description: 'payout sweep-1' }),
        );
      if (request.url.startsWith('/v1/payouts/co_made'))
        return json(
          response,
          200,
          ok({ id: 'co_made', status: 'pending', amount: 1500, description: 'payout sweep-1' }),
        );
      return json(response, 200, ok([], { has_more: false }));
    });
  });
  afterAll(async () => server.close());
  // Each test reads only the requests it caused (another test's payout create POSTs).
  beforeEach(() => {
    server.requests.length = 0;
  });

  it('a key this journal never saw: exit 3, nothing sent', async () => {
    const { context, io } = fakeContext({ baseUrl: server.url });
    const error = await payoutReconcile.run({ key: 'sweep-unknown' }, context).catch((caught) => caught);
    await context.close();
    expect(error).toMatchObject({ exitCode: 3 });
    expect(error.message).toMatch(/^no payout journal entry for --key sweep-unknown \(in .+\)$/);
    expect(server.requests.filter((request) => request.method === 'POST')).toEqual([]);
    expect(io.stdout.text).toBe('');
  });

  it('a key whose run paid: already settled, that payout named; --payout-id of another payout is refused', async () => {
    const configDir = tempConfigDir();
    const made = fakeContext({ baseUrl: server.url, env: { PAYGATE_CONFIG_DIR: configDir } });
    const created = await payoutCreate.run(
      {
        amount: 1500,
        all: false,
        keep: 0,
        key: 'sweep-1',
        maxAmountSource: 'payout.max_amount',
        wait: false,
        dryRun: false,
        yes: true,
        smallCentavosNotes: [],
      },
      made.context,
    );
    await made.context.close();
    expect(created).toBe(0);

    const settled = fakeContext({ baseUrl: server.url, env: { PAYGATE_CONFIG_DIR: configDir } });
    expect(await payoutReconcile.run({ key: 'sweep-1' }, settled.context)).toBe(0);
    await settled.context.close();
    expect(settled.io.stderr.text).toContain('--key sweep-1 is already settled: payout co_made.');

    const other = fakeContext({ baseUrl: server.url, env: { PAYGATE_CONFIG_DIR: configDir } });
    await expect(
      payoutReconcile.run({ key: 'sweep-1', payoutId: 'co_other' }, other.context),
    ).rejects.toMatchObject({
      exitCode: 3,
      message: '--key sweep-1 is already settled with payout co_made, not co_other; nothing was changed',
    });
    await other.context.close();
  });
});
