// `charge refund` and `charge cancel` in their two layers: parse (argv → options, no server) and
// run (options → what a user sees and the requests the scripted gateway got).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeCancel, chargeRefund } from '../../../src/commands/charge/refund.js';
import { drop, json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { loadFixture } from '../../helpers/real-gateways/profiles.js';
import { plainRaw } from '../../helpers/real-gateways.js';
import { inputFor } from '../../helpers/run-cli.js';
import { chargesById, scriptedCharge } from './scripted-charges.js';

const noSettings = { setting: () => undefined };

englishAfterEachTest();

describe('charge refund and cancel: parse', () => {
  it('the id (trimmed) and --yes', async () => {
    expect(chargeRefund.parse(await inputFor(['charge', 'refund', ' ci_a1 ']), noSettings)).toEqual({
      id: 'ci_a1',
      yes: false,
    });
    expect(chargeRefund.parse(await inputFor(['charge', 'refund', 'ci_a1', '--yes']), noSettings)).toEqual({
      id: 'ci_a1',
      yes: true,
    });
    expect(chargeCancel.parse(await inputFor(['charge', 'cancel', 'ci_a1', '-y']), noSettings)).toEqual({
      id: 'ci_a1',
      yes: true,
    });
  });

  it('not a charge id: exit 2 naming the argument', async () => {
    for (const handler of [chargeRefund, chargeCancel]) {
      expect(() => handler.parse({ args: ['a/b'], flags: {} }, noSettings)).toThrow(
        expect.objectContaining({ exitCode: 2, message: 'id: "a/b" is not a charge id (ci_…)' }),
      );
    }
  });
});

describe('charge refund and cancel: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());
  /** The requests the gateway gets from now on, as `METHOD /path`. */
  const requestsFromNow = () => {
    const before = server.requests.length;
    return () => server.requests.slice(before).map((request) => `${request.method} ${request.url}`);
  };

  it('refund --yes: one POST, the charge it answered printed, a line for people', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok(scriptedCharge({ id: 'ci_paid', status: 'refunded' }))),
    );
    const requests = requestsFromNow();
    const { context, io } = fakeContext({ baseUrl: server.url });
    const code = await chargeRefund.run({ id: 'ci_paid', yes: true }, context);
    await context.close();
    expect(code).toBe(0);
    expect(requests()).toEqual(['POST /v1/charges/ci_paid/refund']);
    expect(io.stdout.text).toMatch(/^Status\s+refunded$/m);
    expect(io.stderr.text).toContain(
      'Charge ci_paid: the gateway accepted the refund; the charge is now refunded.',
    );
  });

  it('cancel whose answer is not a charge: the charge is fetched again for its status', async () => {
    const cancelled = scriptedCharge({ id: 'ci_open', status: 'cancelled' });
    const byId = chargesById([cancelled]);
    server.handle((request, response, raw) =>
      request.method === 'POST' ? json(response, 200, ok({ cancelled: true })) : byId(request, response, raw),
    );
    const requests = requestsFromNow();
    const { context, io } = fakeContext({ baseUrl: server.url });
    const code = await chargeCancel.run({ id: 'ci_open', yes: true }, context);
    await context.close();
    expect(code).toBe(0);
    expect(requests()).toEqual(['POST /v1/charges/ci_open/cancel', 'GET /v1/charges/ci_open']);
    expect(io.stdout.text).toMatch(/^Status\s+cancelled$/m);
    expect(io.stderr.text).toContain(
      'Charge ci_open: the gateway accepted the cancellation; the charge is now cancelled.',
    );
  });

  it('cancel --json: the answer as received, whatever it is (nothing fetched again)', async () => {
    server.handle((_request, response) => json(response, 200, ok({ cancelled: true })));
    const requests = requestsFromNow();
    const { context, io } = fakeContext({ baseUrl: server.url, globals: { json: true } });
    const code = await chargeCancel.run({ id: 'ci_open', yes: true }, context);
    await context.close();
    expect(code).toBe(0);
    expect(requests()).toEqual(['POST /v1/charges/ci_open/cancel']);
    expect(JSON.parse(io.stdout.text)).toEqual({ cancelled: true });
  });

  describe('a refund answered with a refund object (Mercado Pago)', () => {
    /** Mercado Pago's payment and its refund (test/fixtures/gateways/mercadopago.json), as written. */
    const fixture = loadFixture('mercadopago');
    const payment = { ...(plainRaw(fixture.charge) as Record<string, unknown>), status: 'approved' };
    const refund = (status: string) => ({ ...(plainRaw(fixture.refund) as Record<string, unknown>), status });
    const paymentId = String((plainRaw(fixture.charge) as { id: number }).id);
    const refundId = String((plainRaw(fixture.refund) as { id: number }).id);

    it.each([
      ['in_process', 'approved'],
      ['approved', 'refunded'],
    ])(
      'refund %s: the charge status (fetched again) and the refund status, each said as what it is',
      async (refundStatus, chargeStatus) => {
        server.handle((request, response) =>
          request.method === 'POST'
            ? json(response, 201, ok(refund(refundStatus)))
            : json(response, 200, ok({ ...payment, status: chargeStatus })),
        );
        const requests = requestsFromNow();
        const { context, io } = fakeContext({ baseUrl: server.url });
        const code = await chargeRefund.run({ id: paymentId, yes: true }, context);
        await context.close();
        expect(code).toBe(0);
        expect(requests()).toEqual([`POST /v1/charges/${paymentId}/refund`, `GET /v1/charges/${paymentId}`]);
        // The charge is shown, not the refund object.
        expect(io.stdout.text).toMatch(new RegExp(`^Status\\s+${chargeStatus}$`, 'm'));
        expect(io.stdout.text).not.toContain(refundId);
        expect(io.stderr.text).toContain(
          `Charge ${paymentId}: the gateway accepted the refund (refund ${refundId}: ${refundStatus}); the charge is now ${chargeStatus}.`,
        );
        expect(io.stderr.text).not.toMatch(/refunded \(now/);
      },
    );

    it('--json: the refund object as received, money as written', async () => {
      const text = `{"success":true,"data":${JSON.stringify(refund('in_process')).replace('"amount":150', '"amount":150.00')}}`;
      server.handle((_request, response) => json(response, 201, text));
      const requests = requestsFromNow();
      const { context, io } = fakeContext({ baseUrl: server.url, globals: { json: true } });
      const code = await chargeRefund.run({ id: paymentId, yes: true }, context);
      await context.close();
      expect(code).toBe(0);
      expect(requests()).toEqual([`POST /v1/charges/${paymentId}/refund`]);
      expect(io.stdout.text).toContain('"amount": 150.00');
      expect(JSON.parse(io.stdout.text)).toMatchObject({ id: Number(refundId), status: 'in_process' });
    });
  });

  it('without --yes and without a terminal: exit 2, nothing sent', async () => {
    const requests = requestsFromNow();
    const { context } = fakeContext({ baseUrl: server.url });
    await expect(chargeCancel.run({ id: 'ci_open', yes: false }, context)).rejects.toMatchObject({
      exitCode: 2,
      message: '--yes is required to cancel without a terminal (no prompt: nothing was sent)',
    });
    await context.close();
    expect(requests()).toEqual([]);
  });

  it('at a terminal, a "no" to the question: the charge was read, nothing was sent', async () => {
    server.handle(chargesById([scriptedCharge({ id: 'ci_paid', status: 'paid' })]));
    const requests = requestsFromNow();
    const prompter = createScriptedPrompter([
      { message: 'Refund R$ 15,00 (fifteen reais) of charge ci_paid (paid) to the payer?', answer: false },
    ]);
    const { context } = fakeContext({ baseUrl: server.url, tty: true, prompter });
    await expect(chargeRefund.run({ id: 'ci_paid', yes: false }, context)).rejects.toMatchObject({
      message: 'Cancelled: not refunded, nothing was sent.',
    });
    await context.close();
    prompter.assertDone();
    expect(requests()).toEqual(['GET /v1/charges/ci_paid']);
  });

  it('no answer to the POST: exit 9, never sent again, with the command that shows what happened', async () => {
    server.handle(drop);
    const requests = requestsFromNow();
    const { context, io } = fakeContext({ baseUrl: server.url });
    await expect(chargeRefund.run({ id: 'ci_paid', yes: true }, context)).rejects.toMatchObject({
      exitCode: 9,
      message: expect.stringMatching(/^the refund of charge ci_paid may or may not have happened: /),
      details: expect.objectContaining({
        hint: 'check with `paygate charge get ci_paid` before trying again',
      }),
    });
    await context.close();
    expect(requests()).toEqual(['POST /v1/charges/ci_paid/refund']);
    expect(io.stdout.text).toBe('');
  });

  it('no answer to the POST, in Portuguese: exit 9, the same command in the hint', async () => {
    await speakPortuguese();
    server.handle(drop);
    const { context } = fakeContext({ baseUrl: server.url });
    await expect(chargeCancel.run({ id: 'ci_open', yes: true }, context)).rejects.toMatchObject({
      exitCode: 9,
      message: expect.stringMatching(
        /^o cancelamento da cobrança ci_open pode ou não ter acontecido: nenhuma resposta chegou depois do envio \(/,
      ),
      details: expect.objectContaining({
        hint: 'confira com `paygate charge get ci_open` antes de tentar de novo',
      }),
    });
    await context.close();
  });
});
