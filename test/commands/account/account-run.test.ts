// `account` and `balance` in their two layers: parse (nothing to read but no argument) and run
// against a scripted gateway (a balance in another gateway's shape, money as it came flagged).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, balance } from '../../../src/commands/account/account.js';
import { json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };

describe('account and balance: parse', () => {
  it('take no argument: nothing to read', async () => {
    expect(account.parse(await inputFor(['account']), noSettings)).toBeUndefined();
    expect(balance.parse(await inputFor(['balance']), noSettings)).toBeUndefined();
  });

  it('an input made by hand with an argument is refused (exit 2)', () => {
    expect(() => balance.parse({ args: ['extra'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2 }),
    );
  });
});

describe('account and balance: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('balance: integer centavos as R$; a figure written in reais shown as it came and flagged', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok({ available: 118_530, pending: '150.00', reserved: 0, currency: 'BRL' })),
    );
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await balance.run(undefined, context)).toBe(0);
    await context.close();
    expect(server.requests.at(-1)!.url).toBe('/v1/balance');
    expect(io.stdout.text).toMatch(/^Available\s+R\$ 1\.185,30$/m);
    expect(io.stdout.text).toMatch(/^Pending\s+150\.00 \(unit unknown: pending\)$/m);
    expect(io.stderr.text).toContain('warning: balance: ');
    expect(io.stderr.text).toContain('shown as received, not converted');
  });

  it('account: a wrapped answer ({account: {…}}) is shown as the account', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok({ account: { seller_id: 1001, name: 'Loja Centro', pix_enabled: true } })),
    );
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await account.run(undefined, context)).toBe(0);
    await context.close();
    expect(server.requests.at(-1)!.url).toBe('/v1/account');
    expect(io.stdout.text).toMatch(/^Seller ID\s+1001$/m);
    expect(io.stdout.text).toMatch(/^Name\s+Loja Centro$/m);
    expect(io.stdout.text).toMatch(/^PIX\s+enabled$/m);
  });
});
