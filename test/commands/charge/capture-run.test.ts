// `charge capture` in its two layers: parse (argv → options, no server) and run (options → what a
// user sees and the requests the scripted gateway got).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeCapture } from '../../../src/commands/charge/capture.js';
import { json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';
import { chargesById, scriptedCharge } from './scripted-charges.js';

const noSettings = { setting: () => undefined };

describe('charge capture: parse', () => {
  it('the id; --amount in centavos, with the text as typed (for the small-centavos note)', async () => {
    expect(chargeCapture.parse(await inputFor(['charge', 'capture', 'ci_card']), noSettings)).toEqual({
      id: 'ci_card',
      amount: undefined,
      amountText: undefined,
    });
    expect(
      chargeCapture.parse(await inputFor(['charge', 'capture', 'ci_card', '--amount', '60,00']), noSettings),
    ).toEqual({ id: 'ci_card', amount: 6000, amountText: '60,00' });
  });

  it('refusals: not a charge id, an amount that is not money', async () => {
    expect(() => chargeCapture.parse({ args: ['a b'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'id: "a b" is not a charge id (ci_…)' }),
    );
    expect(() => chargeCapture.parse({ args: ['ci_card'], flags: { amount: '1,5' } }, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message:
          '--amount: "1,5" is not a money value: use centavos (1500) or reais with two decimals (15.00, 15,00, R$ 1.500,00, 1,500.00)',
      }),
    );
  });
});

describe('charge capture: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());
  /** The requests the gateway gets from now on, as `METHOD /path body`. */
  const requestsFromNow = () => {
    const before = server.requests.length;
    return () =>
      server.requests
        .slice(before)
        .map((request) => `${request.method} ${request.url} ${request.body}`.trim());
  };

  it('part of the amount: one POST with it, the charge printed, what was captured said', async () => {
    server.handle((_request, response) =>
      json(
        response,
        200,
        ok(
          scriptedCharge({
            id: 'ci_card',
            status: 'paid',
            amount: 10000,
            payment_method: 'card',
            card: { captured: true, captured_amount: 6000 },
          }),
        ),
      ),
    );
    const requests = requestsFromNow();
    const { context, io } = fakeContext({ baseUrl: server.url });
    const code = await chargeCapture.run({ id: 'ci_card', amount: 6000, amountText: '60,00' }, context);
    await context.close();
    expect(code).toBe(0);
    expect(requests()).toEqual(['POST /v1/charges/ci_card/capture {"amount":6000}']);
    expect(io.stdout.text).toMatch(/^Status\s+paid$/m);
    expect(io.stderr.text).toContain(
      'Charge ci_card: the gateway accepted the capture of R$ 60,00; the charge is now paid.',
    );
  });

  it('a small centavos value typed at a terminal is said back on stderr', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok(scriptedCharge({ id: 'ci_card', status: 'paid', payment_method: 'card' }))),
    );
    const { context, io } = fakeContext({ baseUrl: server.url, tty: true });
    await chargeCapture.run({ id: 'ci_card', amount: 15, amountText: '15' }, context);
    await context.close();
    expect(io.stderr.text).toContain('--amount 15 is 15 centavos');
  });

  it('a 404 on capture for a charge that exists: the gateway has no capture endpoint, exit 3', async () => {
    const byId = chargesById([scriptedCharge({ id: 'ci_card', status: 'authorized' })]);
    server.handle((request, response, raw) =>
      request.method === 'POST'
        ? json(response, 404, { success: false, error: { type: 'not_found_error', message: 'Not Found' } })
        : byId(request, response, raw),
    );
    const requests = requestsFromNow();
    const { context, io } = fakeContext({ baseUrl: server.url });
    await expect(
      chargeCapture.run({ id: 'ci_card', amount: undefined, amountText: undefined }, context),
    ).rejects.toMatchObject({
      exitCode: 3,
      message: expect.stringContaining(
        'this gateway has no capture endpoint: POST /v1/charges/ci_card/capture answered 404',
      ),
    });
    await context.close();
    expect(requests()).toEqual(['POST /v1/charges/ci_card/capture {}', 'GET /v1/charges/ci_card']);
    expect(io.stdout.text).toBe('');
  });
});
