import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account, chargePaymentPostings, Ledger, LedgerError } from '../../src/sandbox/ledger.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, client, pixCharge, start } from './helpers.js';

describe('Ledger (unit)', () => {
  it('refuses unbalanced and non-integer transactions', () => {
    const ledger = new Ledger();
    expect(() => ledger.post('x', 'r', 'now', [{ account: 'a', amount: 1 }])).toThrow(LedgerError);
    expect(() =>
      ledger.post('x', 'r', 'now', [
        { account: 'a', amount: 0.5 },
        { account: 'b', amount: -0.5 },
      ]),
    ).toThrow(LedgerError);
    expect(ledger.journal).toHaveLength(0);
  });

  it('reverses a transaction exactly and reloads a journal to the same balances', () => {
    const ledger = new Ledger();
    const transaction = ledger.post(
      'charge.paid',
      'ci_1',
      'now',
      chargePaymentPostings({
        chargeId: 'ci_1',
        amount: 10000,
        fee: 399,
        mainSellerId: 1,
        parts: [{ sellerId: 2, amount: 5000 }],
        reserveRate: 10,
      }),
    );
    expect(ledger.balance(account.available(1))).toBe(4601 - 460);
    expect(ledger.balance(account.reserved(1))).toBe(460);
    expect(ledger.balance(account.available(2))).toBe(4500);
    expect(ledger.balance(account.reserved(2))).toBe(500);
    expect(ledger.balance(account.fees)).toBe(399);
    expect(ledger.sum()).toBe(0);
    const copy = new Ledger();
    copy.load(JSON.parse(JSON.stringify(ledger.toJSON())));
    expect(copy.accounts()).toEqual(ledger.accounts());
    ledger.reverse(transaction, 'charge.refunded', 'later');
    expect(Object.values(ledger.accounts()).every((v) => v === 0)).toBe(true);
  });
});

describe('ledger through the API', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await start();
  });
  beforeEach(() => sb.reset());
  afterAll(() => sb.close());

  const balance = async (i: number) => (await client(sb, i).get('/v1/balance')).json.data;
  const pay = (id: string) => call(sb, 'POST', `/_sandbox/charges/${id}/pay`);
  const state = async () => (await call(sb, 'GET', '/_sandbox/state')).json.data;

  it('the reference example (docs/gateway-api.md): fee 399 to the house, net 9601 split among sellers, credited directly', async () => {
    const charge = (
      await client(sb).post(
        '/v1/charges',
        pixCharge(10000, {
          split: [
            { seller_id: 1002, percentage: 50 },
            { seller_id: 1003, percentage: 50 },
          ],
        }),
      )
    ).json.data;
    expect(charge.split.map((e: { amount: number }) => e.amount)).toEqual([4801, 4800]);
    expect(await balance(1)).toEqual({ available: 0, pending: 0, reserved: 0, currency: 'BRL' });
    await pay(charge.id);
    expect(await balance(0)).toEqual({ available: 0, pending: 0, reserved: 0, currency: 'BRL' });
    expect((await balance(1)).available).toBe(4801);
    expect((await balance(2)).available).toBe(4800);
    const snapshot = await state();
    expect(snapshot.ledger.accounts[account.fees]).toBe(399);
    expect(snapshot.ledger.accounts[account.pixIn]).toBe(-10000);
    expect(snapshot.ledger.sum).toBe(0);
  });

  it('a plain charge credits the main seller amount − fee', async () => {
    const charge = (await client(sb).post('/v1/charges', pixCharge(10000))).json.data;
    await pay(charge.id);
    expect((await balance(0)).available).toBe(9601);
  });

  it('fixed split: the main seller gets the remainder, negative when fixed parts exceed the net', async () => {
    const charge = (
      await client(sb).post('/v1/charges', pixCharge(10000, { split: [{ seller_id: 1002, amount: 3000 }] }))
    ).json.data;
    expect(charge.main_seller_amount).toBe(6601);
    const beyondNet = (
      await client(sb).post('/v1/charges', pixCharge(10000, { split: [{ seller_id: 1003, amount: 9900 }] }))
    ).json.data;
    expect(beyondNet.main_seller_amount).toBe(-299);
    await pay(charge.id);
    await pay(beyondNet.id);
    expect((await balance(0)).available).toBe(6601 - 299);
    expect((await balance(1)).available).toBe(3000);
    expect((await balance(2)).available).toBe(9900);
  });

  it('a refund that would take a balance below zero (the money was paid out) is 409, nothing moves', async () => {
    const charge = (await client(sb).post('/v1/charges', pixCharge(10000))).json.data;
    await pay(charge.id);
    const available = (await balance(0)).available;
    expect(available).toBe(9601);
    const payout = await client(sb).post('/v1/payouts', { amount: 9000 });
    expect(payout.status).toBe(201);
    const refund = await client(sb).post(`/v1/charges/${charge.id}/refund`);
    expect(refund.status).toBe(409);
    expect(refund.json.error).toMatchObject({ code: 'insufficient_balance_for_refund' });
    expect(refund.json.error.message).toContain('601');
    expect((await balance(0)).available).toBe(601);
    expect((await client(sb).get(`/v1/charges/${charge.id}`)).json.data.status).toBe('paid');
    expect((await state()).ledger.sum).toBe(0);
  });

  it('the clock moves at most 3660 days ahead in all: a huge advance is 400 and the sandbox keeps serving', async () => {
    const huge = await call(sb, 'POST', '/_sandbox/clock/advance', { body: { ms: 1e20 } });
    expect(huge.status).toBe(400);
    expect(huge.json.error).toMatchObject({ code: 'clock_advance_too_large' });
    expect((await client(sb).get('/v1/balance')).status).toBe(200);
    const fine = await call(sb, 'POST', '/_sandbox/clock/advance', { body: { ms: 86_400_000 } });
    expect(fine.status).toBe(200);
  });

  it('refund reverses every credit (fee included)', async () => {
    const charge = (
      await client(sb).post(
        '/v1/charges',
        pixCharge(10000, { split: [{ seller_id: 1002, percentage: 100 }] }),
      )
    ).json.data;
    await pay(charge.id);
    await client(sb).post(`/v1/charges/${charge.id}/refund`);
    expect((await balance(0)).available).toBe(0);
    expect((await balance(1)).available).toBe(0);
    const snapshot = await state();
    expect(Object.values(snapshot.ledger.accounts).every((v) => v === 0)).toBe(true);
  });

  it('reserveRate holds a share of each credit in reserved', async () => {
    const sandbox = await start({ reserveRate: 10 });
    try {
      const charge = (
        await client(sandbox).post(
          '/v1/charges',
          pixCharge(10000, { split: [{ seller_id: 1002, amount: 1001 }] }),
        )
      ).json.data;
      await call(sandbox, 'POST', `/_sandbox/charges/${charge.id}/pay`);
      expect((await client(sandbox, 0).get('/v1/balance')).json.data).toEqual({
        available: 8600 - 860,
        pending: 0,
        reserved: 860,
        currency: 'BRL',
      });
      expect((await client(sandbox, 1).get('/v1/balance')).json.data).toMatchObject({
        available: 901,
        reserved: 100,
      });
    } finally {
      await sandbox.close();
    }
  });

  it('sums to zero across all accounts after many operations', async () => {
    let created = 0;
    for (let round = 0; round < 40; round++) {
      const amount = 137 + round * 997;
      const split =
        round % 3 === 0
          ? [
              { seller_id: 1002, percentage: 33.33 },
              { seller_id: 1003, percentage: 66.67 },
            ]
          : round % 3 === 1
            ? [{ seller_id: 1002, amount: Math.floor(amount / 2) }]
            : undefined;
      const charge = (await client(sb).post('/v1/charges', pixCharge(amount, split ? { split } : {}))).json
        .data;
      expect(charge.id).toBeDefined();
      if (round % 5 !== 4) await pay(charge.id);
      if (round % 7 === 0) await client(sb).post(`/v1/charges/${charge.id}/refund`);
      if (round % 5 === 4) await client(sb).post(`/v1/charges/${charge.id}/cancel`);
      created++;
    }
    const available = (await balance(0)).available;
    const completed = (await client(sb).post('/v1/payouts', { amount: Math.floor(available / 3) })).json.data;
    const failed = (await client(sb).post('/v1/payouts', { amount: Math.floor(available / 3) })).json.data;
    await call(sb, 'POST', `/_sandbox/payouts/${completed.id}/complete`);
    await call(sb, 'POST', `/_sandbox/payouts/${failed.id}/fail`);
    const snapshot = await state();
    expect(created).toBe(40);
    expect(snapshot.ledger.sum).toBe(0);
    expect(
      Object.values(snapshot.ledger.accounts as Record<string, number>).reduce(
        (sum, balance) => sum + balance,
        0,
      ),
    ).toBe(0);
    // Seller balances in /_sandbox/state are the ledger's.
    const main = snapshot.sellers.find((x: { seller_id: number }) => x.seller_id === 1001);
    expect(main.balance.available).toBe(snapshot.ledger.accounts[account.available(1001)]);
    expect(main.balance.available).toBe(available - Math.floor(available / 3));
  });
});
