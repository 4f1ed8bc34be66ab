import { describe, expect, it } from 'vitest';
import { call, client, pixCharge, receiver, start, until, useSandboxWithReceiver } from './helpers.js';

const fixture = useSandboxWithReceiver('/global');

const pay = (id: string) => call(fixture.sandbox, 'POST', `/_sandbox/charges/${id}/pay`);

describe('charge notifications', () => {
  it('a paid charge notifies the global webhook and the callback_url with id, status, amount, txid, external_id', async () => {
    const charge = (
      await client(fixture.sandbox).post(
        '/v1/charges',
        pixCharge(2500, { external_id: 'ord-9', callback_url: `${fixture.hook.url}/cb` }),
      )
    ).json.data;
    await pay(charge.id);
    await fixture.sandbox.notificationsIdle();
    const expected = {
      event: 'charge.paid',
      id: charge.id,
      status: 'paid',
      amount: 2500,
      txid: charge.pix.txid,
      external_id: 'ord-9',
    };
    expect(fixture.hook.received.find((r) => r.path === '/cb')?.body).toEqual(expected);
    const globals = fixture.hook.received.filter((r) => r.path === '/global');
    expect(globals).toHaveLength(1);
    expect(globals[0]!.body).toEqual(expected);
    expect(globals[0]!.headers['content-type']).toBe('application/json');
    // Nothing for sellers that are not involved.
    expect(fixture.sandbox.notifications.map((n) => n.seller_id).sort()).toEqual([1001, 1001]);
  });

  it('split: the main seller gets every entry, each split seller only its own', async () => {
    const charge = (
      await client(fixture.sandbox).post(
        '/v1/charges',
        pixCharge(10000, {
          external_id: 'split-1',
          callback_url: `${fixture.hook.url}/cb`,
          split: [
            { seller_id: 1002, percentage: 60 },
            { seller_id: 1003, percentage: 40 },
          ],
        }),
      )
    ).json.data;
    await pay(charge.id);
    await fixture.sandbox.notificationsIdle();
    const bySeller = (id: number) =>
      fixture.sandbox.notifications.filter((n) => n.seller_id === id && n.channel === 'webhook');
    expect(bySeller(1001)[0]!.payload).toEqual({
      event: 'charge.paid',
      charge_id: charge.id,
      status: 'paid',
      amount: 10000,
      txid: charge.pix.txid,
      external_id: 'split-1',
      split: charge.split,
    });
    expect(bySeller(1002)[0]!.payload).toEqual({
      event: 'charge.paid',
      charge_id: charge.id,
      status: 'paid',
      split: [charge.split[0]],
    });
    expect(bySeller(1003)[0]!.payload).toEqual({
      event: 'charge.paid',
      charge_id: charge.id,
      status: 'paid',
      split: [charge.split[1]],
    });
    for (const entry of charge.split)
      expect(entry).toEqual(
        expect.objectContaining({
          seller_id: expect.any(Number),
          amount: expect.any(Number),
          percentage: expect.any(Number),
        }),
      );
    const callback = fixture.sandbox.notifications.find((n) => n.channel === 'callback')!;
    expect(callback.payload).toMatchObject({
      id: charge.id,
      status: 'paid',
      amount: 10000,
      txid: charge.pix.txid,
    });
    expect(fixture.hook.received).toHaveLength(4);
  });

  it('retries with backoff on non-2xx and records every attempt', async () => {
    const flaky = await receiver([500, 503]);
    try {
      const charge = (
        await client(fixture.sandbox).post('/v1/charges', pixCharge(100, { callback_url: `${flaky.url}/cb` }))
      ).json.data;
      await pay(charge.id);
      await fixture.sandbox.notificationsIdle();
      const attempts = fixture.sandbox.notifications.filter((n) => n.channel === 'callback');
      expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
        [1, 500],
        [2, 503],
        [3, 200],
      ]);
      expect(new Set(attempts.map((a) => a.id)).size).toBe(1);
      expect(attempts[0]!.id).toMatch(/^ntf_/);
      expect(attempts[0]!.error).toMatch(/500/);
      expect(attempts[2]!.error).toBeNull();
      const served = (await call(fixture.sandbox, 'GET', '/_sandbox/notifications')).json;
      expect(Array.isArray(served)).toBe(true);
      expect(served.filter((n: { channel: string }) => n.channel === 'callback')).toHaveLength(3);
      expect(Object.keys(served[0]).sort()).toEqual(
        [
          'at',
          'attempt',
          'channel',
          'error',
          'event',
          'id',
          'payload',
          'seller_id',
          'status',
          'url',
          'webhook_id',
        ].sort(),
      );
    } finally {
      await flaky.close();
    }
  });

  it('gives up after maxAttempts on connection errors', async () => {
    const gone = await receiver();
    await gone.close();
    const charge = (
      await client(fixture.sandbox).post('/v1/charges', pixCharge(100, { callback_url: `${gone.url}/cb` }))
    ).json.data;
    await pay(charge.id);
    await fixture.sandbox.notificationsIdle();
    const attempts = fixture.sandbox.notifications.filter((n) => n.channel === 'callback');
    expect(attempts).toHaveLength(3);
    for (const attempt of attempts) {
      expect(attempt.status).toBeNull();
      expect(attempt.error).toEqual(expect.any(String));
    }
  });
});

describe('webhook management', () => {
  it('lists, creates, updates, tests and deletes webhooks; disabled ones are not notified', async () => {
    const api = client(fixture.sandbox);
    const initial = await api.get('/v1/webhooks');
    expect(initial.json.data).toEqual([
      {
        id: expect.stringMatching(/^wh_/),
        url: `${fixture.hook.url}/global`,
        enabled: true,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    const created = await api.post('/v1/webhooks', { url: `${fixture.hook.url}/mine` });
    expect(created.status).toBe(201);
    const id = created.json.data.id;
    expect((await api.post('/v1/webhooks', { url: 'nope' })).json.error).toMatchObject({
      code: 'invalid_url',
      field: 'url',
    });
    expect((await api.post('/v1/webhooks', {})).json.error).toMatchObject({
      code: 'missing_field',
      field: 'url',
    });

    const tested = await api.post(`/v1/webhooks/${id}/test`);
    expect(tested.json.data).toMatchObject({
      webhook_id: id,
      event: 'webhook.test',
      status: 200,
      delivered: true,
    });
    expect(fixture.hook.received.find((r) => r.path === '/mine')?.body).toMatchObject({
      event: 'webhook.test',
      webhook_id: id,
    });

    const off = await api.put(`/v1/webhooks/${id}`, { enabled: false });
    expect(off.json.data.enabled).toBe(false);
    const global = initial.json.data[0].id;
    await api.put(`/v1/webhooks/${global}`, { url: `${fixture.hook.url}/moved` });
    fixture.hook.received.length = 0;
    const ch = (await api.post('/v1/charges', pixCharge(100))).json.data;
    await pay(ch.id);
    await fixture.sandbox.notificationsIdle();
    expect(fixture.hook.received.map((r) => r.path)).toEqual(['/moved']);

    expect((await api.del(`/v1/webhooks/${id}`)).json.data).toEqual({ id, deleted: true });
    expect((await api.del(`/v1/webhooks/${id}`)).status).toBe(404);
    expect(
      (await client(fixture.sandbox, 1).put(`/v1/webhooks/${global}`, { enabled: false })).json.error.code,
    ).toBe('webhook_not_found');
    expect((await api.get('/v1/webhooks')).json.data).toHaveLength(1);
  });

  it('webhooksApi: false answers 404 not_found_error on every webhook endpoint', async () => {
    const withoutWebhooks = await start({ webhooksApi: false });
    try {
      const api = client(withoutWebhooks);
      for (const response of [
        await api.get('/v1/webhooks'),
        await api.post('/v1/webhooks', { url: 'http://x.example' }),
        await api.put('/v1/webhooks/wh_1', {}),
        await api.del('/v1/webhooks/wh_1'),
        await api.post('/api/v1/webhooks/wh_1/test'),
      ]) {
        expect(response.status).toBe(404);
        expect(response.json.error).toMatchObject({ type: 'not_found_error', code: 'route_not_found' });
      }
    } finally {
      await withoutWebhooks.close();
    }
  });

  it('records attempts made during retries even when polled from the control endpoint', async () => {
    const slow = await receiver([500]);
    try {
      const webhook = (await client(fixture.sandbox).post('/v1/webhooks', { url: `${slow.url}/w` })).json
        .data;
      await client(fixture.sandbox).post(`/v1/webhooks/${webhook.id}/test`);
      await until(
        () => fixture.sandbox.notifications.filter((n) => n.webhook_id === webhook.id).length === 2,
      );
    } finally {
      await slow.close();
    }
  });
});
