// `charge create` in its two layers: parse (argv → options, no server, no files) and run
// (options → what a user sees and what the gateway got, against a scripted gateway).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeCreate } from '../../../src/commands/charge/create.js';
import type { Settings } from '../../../src/context.js';
import { json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings: Settings = { setting: () => undefined };
const parse = async (argv: string[]) =>
  chargeCreate.parse(await inputFor(['charge', 'create', ...argv]), noSettings);

describe('charge create: parse', () => {
  it('the flags as typed options, defaults filled, nothing read', async () => {
    expect(
      await parse([
        '--amount',
        '25,00',
        '--expires-in',
        '10m',
        '--metadata',
        'pedido=9',
        '--from-file',
        'missing.json',
        '--key',
        'pedido-9',
      ]),
    ).toEqual({
      options: {
        amount: '25,00',
        expiresIn: '10m',
        metadata: ['pedido=9'],
        fromFile: 'missing.json',
        key: 'pedido-9',
        keyColumn: 'key',
        qr: true,
      },
      key: 'pedido-9',
      timing: undefined,
    });
  });

  it('a bad --key is refused with its message', async () => {
    await expect(parse(['--amount', '1500', '--key', 'a b'])).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringMatching(/^--key: /),
    });
  });

  it('an input made by hand with a flag of the wrong kind is refused, naming the flag', () => {
    expect(() => chargeCreate.parse({ args: [], flags: { item: 'a:1:500' } }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: '--item: expected list' }),
    );
  });
});

describe('charge create: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());
  // Each test starts from the server as it was started: nothing recorded, the default answer.
  beforeEach(() => {
    server.requests.length = 0;
    server.handle((_request, response) => json(response, 200, ok({})));
  });

  const created = {
    id: 'ci_a1b2c3d4e5f6',
    status: 'pending',
    amount: 2500,
    currency: 'BRL',
    payment_method: 'pix',
    pix: { txid: 't1', emv: '000201', expires_at: '2026-11-25T15:30:00Z' },
    external_id: 'pedido-9',
  };

  /** A gateway with no charge yet: an empty list, and the charge created. */
  const creating = (charge: unknown) =>
    server.handle((request, response) =>
      request.method === 'GET'
        ? json(response, 200, ok([], { pagination: { page: 1, limit: 100, total: 0, has_more: false } }))
        : json(response, 201, ok(charge)),
    );

  it('sends the body drafted from the options alone, and prints the charge as JSON', async () => {
    creating(created);
    const { context, io } = fakeContext({ baseUrl: server.url, globals: { json: true } });
    const options = await parse([
      '--amount',
      '25,00',
      '--expires-in',
      '10m',
      '--customer-email',
      ' ana@example.com ',
      '--external-id',
      'pedido-9',
    ]);
    const code = await chargeCreate.run(options, context);
    await context.close();
    expect(code).toBe(0);
    // --external-id: the charges that already have it are looked up first (none here: nothing said).
    expect(server.requests.map((request) => `${request.method} ${request.url.split('?')[0]}`)).toEqual([
      'GET /v1/charges',
      'POST /v1/charges',
    ]);
    expect(new URL(server.requests[0]!.url, server.url).searchParams.get('external_id')).toBe('pedido-9');
    expect(io.stderr.text).toBe('');
    expect(JSON.parse(server.requests[1]!.body)).toEqual({
      amount: 2500,
      pix: { expires_in: 600 },
      customer: { email: 'ana@example.com' },
      external_id: 'pedido-9',
      payment_method: 'pix',
    });
    expect(JSON.parse(io.stdout.text)).toEqual(created);
  });

  it('--amount R$ 15 and -3: exit 2 saying what is wrong with each, nothing sent', async () => {
    const before = server.requests.length;
    for (const [amount, message] of [
      [
        'R$ 15',
        '--amount: "R$ 15" is reais without decimals: write R$ 15,00 (two decimals) or 1500 centavos',
      ],
      ['-3', '--amount: "-3" must be positive (a money value greater than zero)'],
    ]) {
      const { context } = fakeContext({ baseUrl: server.url });
      const error = await (async () => chargeCreate.run(await parse(['--amount', amount!]), context))().catch(
        (caught) => caught,
      );
      await context.close();
      expect(error).toMatchObject({ exitCode: 2 });
      expect(error.message).toContain(message);
    }
    expect(server.requests.length).toBe(before);
  });

  it('a flag of another payment method: exit 2 naming it, nothing sent', async () => {
    const before = server.requests.length;
    const { context, io } = fakeContext({ baseUrl: server.url });
    await expect(
      chargeCreate.run(await parse(['--amount', '1500', '--due-date', '+3d']), context),
    ).rejects.toMatchObject({
      exitCode: 2,
      message: '--due-date: only with --method boleto (nothing was sent)',
    });
    await context.close();
    expect(server.requests.length).toBe(before);
    expect(io.stdout.text).toBe('');
  });

  it("--currency: the request's currency, upper-cased; refused for PIX unless BRL, naming the flag", async () => {
    server.handle((_request, response) => json(response, 201, ok(created)));
    const { context } = fakeContext({ baseUrl: server.url, globals: { json: true } });
    expect(await chargeCreate.run(await parse(['--amount', '25,00', '--currency', ' brl ']), context)).toBe(
      0,
    );
    expect(JSON.parse(server.requests.at(-1)!.body)).toMatchObject({ amount: 2500, currency: 'BRL' });
    const before = server.requests.length;
    await expect(
      chargeCreate.run(await parse(['--amount', '25,00', '--currency', 'usd']), context),
    ).rejects.toMatchObject({
      exitCode: 2,
      message: '--currency: must be BRL for pix (got USD) (nothing was sent)',
    });
    await context.close();
    expect(server.requests.length).toBe(before);
  });
});
