// The sandbox driving commands (pay, fail, expire, payout complete|fail, clock advance, notify,
// reset) in their two layers: parse (argv → options, no sandbox) and run (the control request
// sent and what the user is told), against a scripted server and a test sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  sandboxClockAdvance,
  sandboxExpire,
  sandboxFail,
  sandboxNotify,
  sandboxPay,
  sandboxPayoutComplete,
  sandboxPayoutFail,
  sandboxReset,
} from '../../../src/commands/sandbox/simulate.js';
import { fail, json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';
import { useTestSandbox } from '../../helpers/sandbox.js';
import { useTimeZone } from '../../helpers/time-zone.js';
import { createCharge, getCharge } from '../charge/api.js';

// Times for people are local: a zone with no daylight saving time (GMT-3 all year).
useTimeZone('America/Sao_Paulo');

const noSettings = { setting: () => undefined };
const SANDBOX = 'http://127.0.0.1:4999';

describe('sandbox driving commands: parse', () => {
  it.each([
    ['pay', sandboxPay, ['sandbox', 'pay', 'ci_a1b2c3d4e5f6']],
    ['fail', sandboxFail, ['sandbox', 'fail', 'ci_a1b2c3d4e5f6']],
    ['expire', sandboxExpire, ['sandbox', 'expire', 'ci_a1b2c3d4e5f6']],
    ['payout complete', sandboxPayoutComplete, ['sandbox', 'payout', 'complete', 'ci_a1b2c3d4e5f6']],
    ['payout fail', sandboxPayoutFail, ['sandbox', 'payout', 'fail', 'ci_a1b2c3d4e5f6']],
  ] as const)('%s: the id, and --sandbox-url when given', async (_name, handler, argv) => {
    expect(handler.parse(await inputFor(argv), noSettings)).toEqual({
      id: 'ci_a1b2c3d4e5f6',
      sandboxUrl: undefined,
    });
    expect(handler.parse(await inputFor([...argv, '--sandbox-url', SANDBOX]), noSettings)).toEqual({
      id: 'ci_a1b2c3d4e5f6',
      sandboxUrl: SANDBOX,
    });
    expect(() => handler.parse({ args: [], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: "missing required argument 'id'" }),
    );
  });

  it('reset: the sandbox only', async () => {
    expect(sandboxReset.parse(await inputFor(['sandbox', 'reset']), noSettings)).toEqual({
      sandboxUrl: undefined,
    });
  });

  it('clock advance: the duration as typed and in milliseconds', async () => {
    const input = await inputFor(['sandbox', 'clock', 'advance', '2h', '--sandbox-url', SANDBOX]);
    expect(sandboxClockAdvance.parse(input, noSettings)).toEqual({
      duration: '2h',
      ms: 7_200_000,
      sandboxUrl: SANDBOX,
    });
  });

  it('clock advance: a bad or huge duration is refused naming the argument', async () => {
    const bad = await inputFor(['sandbox', 'clock', 'advance', '3 days']);
    expect(() => sandboxClockAdvance.parse(bad, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: expect.stringContaining('duration: "3 days" is not a duration'),
      }),
    );
    const huge = await inputFor(['sandbox', 'clock', 'advance', '99999999d']);
    expect(() => sandboxClockAdvance.parse(huge, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: 'duration: the sandbox clock moves at most 3660d ahead of real time',
      }),
    );
  });

  it('notify: the forged notification, its amount in centavos', async () => {
    const input = await inputFor([
      'sandbox',
      'notify',
      '--forge',
      '--charge',
      'ci_doesnotexist',
      '--status',
      'paid',
      '--amount',
      '999.00',
      '--url',
      'http://127.0.0.1:8787',
    ]);
    expect(sandboxNotify.parse(input, noSettings)).toEqual({
      notification: {
        charge_id: 'ci_doesnotexist',
        status: 'paid',
        amount: 99_900,
        url: 'http://127.0.0.1:8787',
      },
      sandboxUrl: undefined,
    });
    const payout = await inputFor(['sandbox', 'notify', '--forge', '--payout', 'co_1']);
    expect(sandboxNotify.parse(payout, noSettings)).toEqual({
      notification: { payout_id: 'co_1' },
      sandboxUrl: undefined,
    });
  });

  it('notify: --forge is required, and one of --charge and --payout', async () => {
    expect(() => sandboxNotify.parse({ args: [], flags: { charge: 'ci_1' } }, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message:
          '--forge is required: the sandbox sends real notifications by itself; this sends a forged one',
      }),
    );
    const both = await inputFor(['sandbox', 'notify', '--forge', '--charge', 'ci_1', '--payout', 'co_1']);
    expect(() => sandboxNotify.parse(both, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'give one of --charge and --payout' }),
    );
    const neither = await inputFor(['sandbox', 'notify', '--forge']);
    expect(() => sandboxNotify.parse(neither, noSettings)).toThrow(
      expect.objectContaining({ message: 'give one of --charge and --payout' }),
    );
  });

  it('notify: an amount that is not money is refused naming --amount', async () => {
    const input = await inputFor(['sandbox', 'notify', '--forge', '--charge', 'ci_1', '--amount', '9,999.0']);
    expect(() => sandboxNotify.parse(input, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: expect.stringMatching(/^--amount: /) }),
    );
  });
});

describe('sandbox driving commands: run (scripted sandbox)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it.each([
    ['pay', sandboxPay, '/_sandbox/charges/ci_a%2Fb/pay', 'Charge ci_a/b paid.'],
    ['fail', sandboxFail, '/_sandbox/charges/ci_a%2Fb/fail', 'Charge ci_a/b failed.'],
    ['expire', sandboxExpire, '/_sandbox/charges/ci_a%2Fb/expire', 'Charge ci_a/b expired.'],
    [
      'payout complete',
      sandboxPayoutComplete,
      '/_sandbox/payouts/ci_a%2Fb/complete',
      'Payout ci_a/b completed.',
    ],
    [
      'payout fail',
      sandboxPayoutFail,
      '/_sandbox/payouts/ci_a%2Fb/fail',
      'Payout ci_a/b failed; its amount is back in the balance.',
    ],
  ] as const)(
    '%s: POST to its control path (the id encoded), then says what happened',
    async (_name, handler, path, said) => {
      server.handle((_request, response) => json(response, 200, ok({ id: 'ci_a/b' })));
      const { context, io } = fakeContext();
      expect(await handler.run({ id: 'ci_a/b', sandboxUrl: `${server.url}/` }, context)).toBe(0);
      await context.close();
      const request = server.requests.at(-1)!;
      expect(`${request.method} ${request.url}`).toBe(`POST ${path}`);
      expect(JSON.parse(request.body)).toEqual({});
      expect(io.stdout.text).toBe('');
      expect(io.stderr.text).toBe(`${said}\n`);
    },
  );

  it('--json prints the answer instead', async () => {
    server.handle((_request, response) => json(response, 200, ok({ id: 'ci_1', status: 'paid' })));
    const { context, io } = fakeContext({ globals: { json: true } });
    expect(await sandboxPay.run({ id: 'ci_1', sandboxUrl: server.url }, context)).toBe(0);
    await context.close();
    expect(JSON.parse(io.stdout.text)).toEqual({ id: 'ci_1', status: 'paid' });
    expect(io.stderr.text).toBe('');
  });

  it('without --sandbox-url: the profile gateway (without /api), which a sandbox is', async () => {
    server.handle((_request, response) => json(response, 200, ok({})));
    const { context, io } = fakeContext({ baseUrl: `${server.url}/api` });
    expect(await sandboxReset.run({ sandboxUrl: undefined }, context)).toBe(0);
    await context.close();
    expect(server.requests.at(-1)!.url).toBe('/_sandbox/reset');
    expect(io.stderr.text).toBe('Sandbox reset: sellers as seeded, no charges, payouts or notifications.\n');
  });

  it('clock advance: sends the milliseconds, says the duration and the new time', async () => {
    server.handle((_request, response) => json(response, 200, ok({ now: '2026-05-15T14:00:00.000Z' })));
    const { context, io } = fakeContext();
    expect(
      await sandboxClockAdvance.run({ duration: '2h', ms: 7_200_000, sandboxUrl: server.url }, context),
    ).toBe(0);
    await context.close();
    const request = server.requests.at(-1)!;
    expect(request.url).toBe('/_sandbox/clock/advance');
    expect(JSON.parse(request.body)).toEqual({ ms: 7_200_000 });
    expect(io.stderr.text).toBe('Sandbox clock advanced by 2h: now 2026-05-15 11:00 (GMT-3).\n');
  });

  it('notify: sends the forged notification, says where it went', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok({ sent_to: ['http://127.0.0.1:8787/a', 'http://127.0.0.1:8787/b'] })),
    );
    const { context, io } = fakeContext();
    const notification = { charge_id: 'ci_1', status: 'paid', amount: 99_900 };
    expect(await sandboxNotify.run({ notification, sandboxUrl: server.url }, context)).toBe(0);
    await context.close();
    const request = server.requests.at(-1)!;
    expect(request.url).toBe('/_sandbox/notifications/forge');
    expect(JSON.parse(request.body)).toEqual(notification);
    expect(io.stderr.text).toBe(
      'Forged notification sent to http://127.0.0.1:8787/a, http://127.0.0.1:8787/b.\n',
    );
  });

  it("a refusal is the sandbox's error with its exit code", async () => {
    server.handle((_request, response) =>
      json(response, 404, fail('not_found_error', 'charge_not_found', 'Charge ci_nope not found')),
    );
    const { context, io } = fakeContext();
    await expect(sandboxPay.run({ id: 'ci_nope', sandboxUrl: server.url }, context)).rejects.toMatchObject({
      exitCode: 3,
      message: expect.stringContaining('Charge ci_nope not found'),
    });
    await context.close();
    expect(io.stderr.text).toBe('');
  });

  it('no sandbox at the URL: exit 6, with the command that starts one there', async () => {
    const { context } = fakeContext();
    await expect(
      sandboxFail.run({ id: 'ci_1', sandboxUrl: 'http://127.0.0.1:9' }, context),
    ).rejects.toMatchObject({
      exitCode: 6,
      message: 'no sandbox answers at http://127.0.0.1:9/_sandbox/charges/ci_1/fail',
    });
    await context.close();
  });
});

describe('sandbox pay: run (test sandbox)', () => {
  const t = useTestSandbox();

  it('the charge is paid', async () => {
    const charge = await createCharge(t);
    const { context, io } = fakeContext({ baseUrl: t.url, secretKey: t.main.secret_key });
    expect(await sandboxPay.run({ id: charge.id, sandboxUrl: undefined }, context)).toBe(0);
    await context.close();
    expect(io.stderr.text).toBe(`Charge ${charge.id} paid.\n`);
    expect((await getCharge(t, charge.id)).status).toBe('paid');
  });
});
