// `token card` in its two layers: parse (argv → options) and run (the card from stdin, checked,
// then sent with the public key to a scripted gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenCard } from '../../../src/commands/token/card.js';
import { json, ok, PUBLIC, SECRET, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };
const NUMBER = '4111111111111111';
const clock = { now: () => Date.parse('2026-11-22T12:00:00Z') };
const card = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    number: NUMBER,
    holder_name: 'Maria Silva',
    exp_month: 9,
    exp_year: 28,
    cvv: '123',
    ...overrides,
  });

describe('token card: parse', () => {
  it('--stdin or the prompts', async () => {
    expect(tokenCard.parse(await inputFor(['token', 'card', '--stdin']), noSettings)).toEqual({
      fromStdin: true,
    });
    expect(tokenCard.parse(await inputFor(['token', 'card']), noSettings)).toEqual({ fromStdin: false });
  });

  it('an input made by hand with an argument is refused without echoing it', () => {
    expect(() => tokenCard.parse({ args: [NUMBER], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: 'token card takes no arguments: card data comes from the prompts or --stdin (JSON)',
      }),
    );
  });
});

describe('token card: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((_request, response) =>
      json(response, 201, ok({ id: 'tok_a1b2', brand: 'visa', last4: '1111', exp_month: 9, exp_year: 2028 })),
    );
  });
  afterAll(async () => server.close());
  const context = (stdin?: string) =>
    fakeContext({ baseUrl: server.url, env: { PAYGATE_PUBLIC_KEY: PUBLIC }, stdin, clock });

  it('the card from stdin: digits only, a 4-digit year, sent with the public key; the token printed', async () => {
    const { context: ctx, io } = context(card({ number: '4111 1111-1111 1111' }));
    expect(await tokenCard.run({ fromStdin: true }, ctx)).toBe(0);
    await ctx.close();
    const request = server.requests.at(-1)!;
    expect(`${request.method} ${request.url}`).toBe('POST /v1/tokens/card');
    expect(JSON.parse(request.body)).toEqual({
      number: NUMBER,
      holder_name: 'Maria Silva',
      exp_month: 9,
      exp_year: 2028,
      cvv: '123',
    });
    expect(request.headers.authorization).toBe(`Bearer ${PUBLIC}`);
    expect(request.headers.authorization).not.toContain(SECRET);
    expect(io.stdout.text).toMatch(/Token\s+tok_a1b2/);
    expect(io.stdout.text).not.toContain(NUMBER);
  });

  it('a number failing Luhn: exit 2 naming the field, nothing sent, the number never quoted', async () => {
    const before = server.requests.length;
    const { context: ctx, io } = context(card({ number: '4111111111111112' }));
    const error = await tokenCard.run({ fromStdin: true }, ctx).catch((caught) => caught);
    await ctx.close();
    expect(error).toMatchObject({ exitCode: 2, details: { field: 'number' } });
    expect(error.message).toMatch(/nothing was sent$/);
    expect(`${error.message}${io.stdout.text}${io.stderr.text}`).not.toContain('4111111111111112');
    expect(server.requests.length).toBe(before);
  });

  it('a holder name without letters (an expiry typed there): exit 2 naming the field, nothing sent', async () => {
    const before = server.requests.length;
    const { context: ctx } = context(card({ holder_name: '12/30' }));
    const error = await tokenCard.run({ fromStdin: true }, ctx).catch((caught) => caught);
    await ctx.close();
    expect(error).toMatchObject({
      exitCode: 2,
      details: { field: 'holder_name' },
      message:
        'holder_name: the holder name must have letters (the name as printed on the card); nothing was sent',
    });
    expect(server.requests.length).toBe(before);
  });

  it('without a terminal and without --stdin: exit 2, nothing read or sent', async () => {
    const before = server.requests.length;
    const { context: ctx } = context();
    await expect(tokenCard.run({ fromStdin: false }, ctx)).rejects.toMatchObject({
      exitCode: 2,
      message:
        '--stdin is required without a terminal: pipe the card as JSON {"number","holder_name","exp_month","exp_year","cvv"} (never as flags)',
    });
    await ctx.close();
    expect(server.requests.length).toBe(before);
  });
});
