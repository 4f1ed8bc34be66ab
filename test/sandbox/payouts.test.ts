import { describe, expect, it } from 'vitest';
import { call, client, pixCharge, start, until, useSandboxWithReceiver } from './helpers.js';

const fixture = useSandboxWithReceiver('/hook');

/** Credits `amount − fee` to a seller's available balance by a paid charge. */
async function fund(sellerIndex: number, amount = 100_000): Promise<number> {
  const charge = (await client(fixture.sandbox, sellerIndex).post('/v1/charges', pixCharge(amount))).json
    .data;
  await call(fixture.sandbox, 'POST', `/_sandbox/charges/${charge.id}/pay`);
  return (await client(fixture.sandbox, sellerIndex).get('/v1/balance')).json.data.available;
}

describe('POST /v1/payouts: who may pay out', () => {
  it('403 payouts_require_legal_entity for a natural person (PF)', async () => {
    await fund(6);
    const response = await client(fixture.sandbox, 6).post('/v1/payouts', { amount: 100 });
    expect(response.status).toBe(403);
    expect(response.json.error).toMatchObject({
      type: 'permission_error',
      code: 'payouts_require_legal_entity',
    });
  });

  it('403 ip_not_whitelisted when the calling IP is not on the seller’s whitelist', async () => {
    await fund(1);
    const response = await client(fixture.sandbox, 1).post('/v1/payouts', { amount: 100 });
    expect(response.status).toBe(403);
    expect(response.json.error).toMatchObject({ type: 'permission_error', code: 'ip_not_whitelisted' });
    await call(fixture.sandbox, 'POST', '/_sandbox/sellers/1002', {
      body: { whitelisted_ips: ['127.0.0.1', '::1'] },
    });
    expect((await client(fixture.sandbox, 1).post('/v1/payouts', { amount: 100 })).status).toBe(201);
  });

  it('403 pix_key_not_allowed when the registered key is not the seller’s CPF/CNPJ', async () => {
    await fund(0);
    await call(fixture.sandbox, 'POST', '/_sandbox/sellers/1001', {
      body: { pix_key: { type: 'email', value: 'x@example.com' } },
    });
    const response = await client(fixture.sandbox).post('/v1/payouts', { amount: 100 });
    expect(response.status).toBe(403);
    expect(response.json.error.code).toBe('pix_key_not_allowed');
    await call(fixture.sandbox, 'POST', '/_sandbox/sellers/1001', {
      body: { pix_key: { type: 'cnpj', value: '11444777000161' } },
    });
    expect((await client(fixture.sandbox).post('/v1/payouts', { amount: 100 })).json.error.code).toBe(
      'pix_key_not_allowed',
    );
  });

  it('validates the body', async () => {
    await fund(0);
    for (const [body, code, field] of [
      [{}, 'missing_field', 'amount'],
      [{ amount: 0 }, 'invalid_amount', 'amount'],
      [{ amount: 1.5 }, 'invalid_amount', 'amount'],
      [{ amount: '10' }, 'invalid_type', 'amount'],
      [{ amount: 10, description: 'x'.repeat(256) }, 'description_too_long', 'description'],
    ] as const) {
      const response = await client(fixture.sandbox).post('/v1/payouts', body);
      expect(response.status).toBe(400);
      expect(response.json.error).toMatchObject({ type: 'invalid_request_error', code, field });
    }
  });
});

describe('payout money and lifecycle', () => {
  it('422 insufficient_balance above available; debits at creation, restores on failure', async () => {
    const available = await fund(0, 10_000);
    expect(available).toBe(9601);
    const over = await client(fixture.sandbox).post('/v1/payouts', { amount: 9602 });
    expect(over.status).toBe(422);
    expect(over.json.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'insufficient_balance',
      field: 'amount',
    });

    const response = await client(fixture.sandbox).post('/v1/payouts', {
      amount: 9000,
      description: 'sweep',
    });
    expect(response.status).toBe(201);
    expect(response.json.data).toMatchObject({
      id: expect.stringMatching(/^co_[A-Za-z0-9]{12}$/),
      status: 'pending',
      amount: 9000,
      description: 'sweep',
      pix_key: { type: 'cnpj', value: '11222333000181' },
      provider: expect.stringMatching(/^sandbox-bank-/),
      failure_reason: null,
    });
    expect((await client(fixture.sandbox).get('/v1/balance')).json.data.available).toBe(601);
    expect((await client(fixture.sandbox).post('/v1/payouts', { amount: 602 })).status).toBe(422);

    const failed = await call(fixture.sandbox, 'POST', `/_sandbox/payouts/${response.json.data.id}/fail`, {
      body: { reason: 'key_not_found' },
    });
    expect(failed.json.data).toMatchObject({ status: 'failed', failure_reason: 'key_not_found' });
    expect((await client(fixture.sandbox).get('/v1/balance')).json.data.available).toBe(9601);
    const again = await call(fixture.sandbox, 'POST', `/_sandbox/payouts/${response.json.data.id}/complete`);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('payout_already_final');
  });

  it('complete by control endpoint: balance stays debited, notification payout.completed', async () => {
    await fund(0, 10_000);
    const payout = (await client(fixture.sandbox).post('/v1/payouts', { amount: 5000 })).json.data;
    const processing = await call(fixture.sandbox, 'POST', `/_sandbox/payouts/${payout.id}/process`);
    expect(processing.json.data.status).toBe('processing');
    const done = await call(fixture.sandbox, 'POST', `/_sandbox/payouts/${payout.id}/complete`);
    expect(done.json.data).toMatchObject({ status: 'completed', completed_at: expect.any(String) });
    expect((await client(fixture.sandbox).get('/v1/balance')).json.data.available).toBe(4601);
    await until(() => fixture.hook.received.some((r) => r.body.event === 'payout.completed'));
    const notification = fixture.hook.received.find((r) => r.body.event === 'payout.completed')!;
    expect(notification.body).toEqual({
      event: 'payout.completed',
      id: payout.id,
      status: 'completed',
      amount: 5000,
    });
    expect(notification.headers['x-paygate-event']).toBe('payout.completed');
  });

  it('moves pending → processing → completed on a timer (payoutProcessingMs)', async () => {
    const timed = await start({ payoutProcessingMs: 60, webhookUrl: `${fixture.hook.url}/timed` });
    try {
      const charge = (await client(timed).post('/v1/charges', pixCharge(10_000))).json.data;
      await call(timed, 'POST', `/_sandbox/charges/${charge.id}/pay`);
      const payout = (await client(timed).post('/v1/payouts', { amount: 100 })).json.data;
      // What a poll happens to see in between depends on the machine's load; the answer to the
      // create and the final state do not.
      expect(payout.status).toBe('pending');
      await until(
        async () => (await client(timed).get(`/v1/payouts/${payout.id}`)).json.data.status === 'completed',
      );
      await timed.notificationsIdle();
      expect(timed.notifications.filter((x) => x.event === 'payout.completed')).toHaveLength(1);
    } finally {
      await timed.close();
    }
  });

  it('moves a payout on as the sandbox clock is advanced (the clock stands still otherwise)', async () => {
    // A clock that only advanceClock moves: a loaded machine cannot add real milliseconds.
    const frozen = Date.parse('2026-03-01T12:00:00.000Z');
    const stopped = await start({ payoutProcessingMs: 60, clock: { now: () => frozen } });
    try {
      const charge = (await client(stopped).post('/v1/charges', pixCharge(10_000))).json.data;
      await call(stopped, 'POST', `/_sandbox/charges/${charge.id}/pay`);
      const payout = (await client(stopped).post('/v1/payouts', { amount: 100 })).json.data;
      expect(payout.status).toBe('pending');
      stopped.advanceClock(30);
      expect((await client(stopped).get(`/v1/payouts/${payout.id}`)).json.data.status).toBe('processing');
      stopped.advanceClock(30);
      expect((await client(stopped).get(`/v1/payouts/${payout.id}`)).json.data.status).toBe('completed');
    } finally {
      await stopped.close();
    }
  });

  it('lists payouts newest first with pagination and a status filter; 404 for an unknown id', async () => {
    await fund(0, 10_000);
    const ids: string[] = [];
    for (let index = 0; index < 3; index++)
      ids.push((await client(fixture.sandbox).post('/v1/payouts', { amount: 100 + index })).json.data.id);
    await call(fixture.sandbox, 'POST', `/_sandbox/payouts/${ids[1]}/complete`);
    const all = await client(fixture.sandbox).get('/v1/payouts?limit=2');
    expect(all.json.data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    expect(all.json.pagination).toEqual({ page: 1, limit: 2, total: 3, has_more: true });
    const completed = await client(fixture.sandbox).get('/api/v1/payouts?status=completed');
    expect(completed.json.data.map((p: { id: string }) => p.id)).toEqual([ids[1]]);
    const got = await client(fixture.sandbox).get(`/v1/payouts/${ids[0]}`);
    expect(Object.keys(got.json.data)).toEqual(
      expect.arrayContaining([
        'id',
        'status',
        'amount',
        'description',
        'pix_key',
        'provider',
        'failure_reason',
        'created_at',
        'updated_at',
      ]),
    );
    expect((await client(fixture.sandbox).get('/v1/payouts/co_unknown00000')).json.error.code).toBe(
      'payout_not_found',
    );
    expect((await client(fixture.sandbox, 1).get(`/v1/payouts/${ids[0]}`)).status).toBe(404);
  });
});
