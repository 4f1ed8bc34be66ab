// `payout get` in its two layers: parse (argv → options, no server) and run (against a scripted gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutGet } from '../../../src/commands/payout/get.js';
import { fail, json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };

describe('payout get: parse', () => {
  it('the id argument, trimmed', async () => {
    const input = await inputFor(['payout', 'get', ' co_a1b2c3 ']);
    expect(payoutGet.parse(input, noSettings)).toEqual({ id: 'co_a1b2c3' });
  });

  it('an id with a slash is refused, naming the argument', async () => {
    const input = await inputFor(['payout', 'get', 'co_1/../x']);
    expect(() => payoutGet.parse(input, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'id: "co_1/../x" is not a payout id (co_…)' }),
    );
  });

  it('an input made by hand without the id is refused as commander refuses it', () => {
    expect(() => payoutGet.parse({ args: [], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: "missing required argument 'id'" }),
    );
  });
});

describe('payout get: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('GET /v1/payouts/{id}; a table for people, the data exactly with --json', async () => {
    const payout = {
      id: 'co_a1b2c3',
      status: 'completed',
      amount: 20_000,
      created_at: '2026-11-22T12:00:00Z',
    };
    server.handle((_request, response) => json(response, 200, ok(payout)));
    const human = fakeContext({ baseUrl: server.url });
    expect(await payoutGet.run({ id: 'co_a1b2c3' }, human.context)).toBe(0);
    await human.context.close();
    expect(server.requests.at(-1)!.url).toBe('/v1/payouts/co_a1b2c3');
    expect(human.io.stdout.text).toMatch(/Status\s+completed/);
    expect(human.io.stdout.text).toMatch(/Amount\s+R\$ 200,00/);
    const machine = fakeContext({ baseUrl: server.url, globals: { json: true } });
    await payoutGet.run({ id: 'co_a1b2c3' }, machine.context);
    await machine.context.close();
    expect(JSON.parse(machine.io.stdout.text)).toEqual(payout);
  });

  it('a failed payout: its reason, when it failed, and that the amount is back and a new --key pays again', async () => {
    const payout = {
      id: 'co_f41l3d',
      status: 'failed',
      amount: 20_000,
      provider: 'banco-x',
      failure_reason: 'provider_error',
      created_at: '2026-11-22T12:00:00Z',
      updated_at: '2026-11-22T12:05:00Z',
    };
    server.handle((_request, response) => json(response, 200, ok(payout)));
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await payoutGet.run({ id: 'co_f41l3d' }, context)).toBe(0);
    await context.close();
    expect(io.stdout.text).toMatch(/^Failure reason\s+provider_error$/m);
    // The gateway names no failed_at here: the last change of a failed payout is its failure.
    expect(io.stdout.text).toMatch(/^Failed\s+2026-11-22 \d\d:05/m);
    expect(io.stdout.text).toMatch(/^Provider\s+banco-x$/m);
    expect(io.stderr.text).toContain(
      'payout co_f41l3d failed: no money was sent and the amount is back in the available balance; a new --key pays again',
    );
    const completed = fakeContext({ baseUrl: server.url });
    server.handle((_request, response) => json(response, 200, ok({ ...payout, status: 'completed' })));
    await payoutGet.run({ id: 'co_f41l3d' }, completed.context);
    await completed.context.close();
    expect(completed.io.stdout.text).not.toMatch(/^Failed/m);
    expect(completed.io.stderr.text).toBe('');
  });

  it('an unknown payout: exit 3, nothing on stdout', async () => {
    server.handle((_request, response) =>
      json(response, 404, fail('not_found', 'payout_not_found', 'no such payout')),
    );
    const { context, io } = fakeContext({ baseUrl: server.url });
    await expect(payoutGet.run({ id: 'co_nope' }, context)).rejects.toMatchObject({ exitCode: 3 });
    await context.close();
    expect(io.stdout.text).toBe('');
  });
});
