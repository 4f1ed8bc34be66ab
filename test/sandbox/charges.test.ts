import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isValidTxid, parseBrCode } from '../../src/domain/brcode.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, client, pixCharge, start } from './helpers.js';

let sb: Sandbox;
// The sandbox clock reads `t`; tests move it forward, so every test starts it again at T0.
const T0 = Date.parse('2026-03-01T12:00:00.000Z');
let t = T0;
beforeAll(async () => {
  sb = await start({ clock: { now: () => t } });
});
beforeEach(() => {
  t = T0;
  sb.reset();
});
afterAll(() => sb.close());

const address = {
  street: 'Av. Paulista',
  number: '1578',
  city: 'São Paulo',
  state: 'SP',
  zipcode: '01310200',
};
const long = 'x'.repeat(256);
const pix = { amount: 100, payment_method: 'pix' };

describe('POST /v1/charges validation (every rule → status, code, field)', () => {
  const cases: Array<[string, unknown, string, string | undefined]> = [
    ['body not an object', [1, 2], 'invalid_body', undefined],
    ['payment_method missing', { amount: 100 }, 'missing_field', 'payment_method'],
    ['card without its card part', { amount: 100, payment_method: 'card' }, 'missing_field', 'card.token'],
    [
      'boleto without its boleto part',
      { amount: 100, payment_method: 'boleto' },
      'missing_field',
      'boleto.due_date',
    ],
    // Rules the sandbox took from `charge create` when both came to share src/schemas/charge-rules.ts.
    ['pix with an unknown field', { ...pix, pix: { expire_in: 60 } }, 'unknown_field', 'pix'],
    ['pix part on a boleto', { ...pix, payment_method: 'boleto', pix: {} }, 'pix_only_for_pix', 'pix'],
    [
      'customer.phone not a phone',
      { ...pix, customer: { phone: 'call me' } },
      'invalid_phone',
      'customer.phone',
    ],
    [
      'customer.zipcode not a CEP',
      { ...pix, customer: { zipcode: '123' } },
      'invalid_zipcode',
      'customer.zipcode',
    ],
    [
      'customer.state not a UF',
      { ...pix, customer: { state: 'Sao Paulo' } },
      'invalid_state',
      'customer.state',
    ],
    ['external_id empty', { ...pix, external_id: ' ' }, 'invalid_external_id', 'external_id'],
    ['store_id 0', { ...pix, store_id: 0 }, 'invalid_store_id', 'store_id'],
    ['product_id negative', { ...pix, product_id: -3 }, 'invalid_product_id', 'product_id'],
    ['metadata a list', { ...pix, metadata: ['a'] }, 'invalid_type', 'metadata'],
    [
      'payment_method credit_card (the sandbox calls it card)',
      { amount: 100, payment_method: 'credit_card' },
      'payment_method_not_supported',
      'payment_method',
    ],
    [
      'payment_method unknown',
      { amount: 100, payment_method: 'crypto' },
      'invalid_payment_method',
      'payment_method',
    ],
    ['payment_method not a string', { amount: 100, payment_method: 1 }, 'invalid_type', 'payment_method'],
    ['amount missing', { payment_method: 'pix' }, 'missing_field', 'amount'],
    ['amount a string', pixCharge('100' as unknown as number), 'invalid_type', 'amount'],
    ['amount zero', pixCharge(0), 'invalid_amount', 'amount'],
    ['amount negative', pixCharge(-5), 'invalid_amount', 'amount'],
    ['amount not an integer', pixCharge(10.5), 'invalid_amount', 'amount'],
    ['amount above what a BR Code carries', pixCharge(1_000_000_000_000), 'invalid_amount', 'amount'],
    ['currency not BRL', pixCharge(100, { currency: 'USD' }), 'unsupported_currency', 'currency'],
    [
      'expires_in below 60',
      pixCharge(100, { pix: { expires_in: 59 } }),
      'expires_in_out_of_range',
      'pix.expires_in',
    ],
    [
      'expires_in above 86400',
      pixCharge(100, { pix: { expires_in: 86401 } }),
      'expires_in_out_of_range',
      'pix.expires_in',
    ],
    [
      'expires_in not an integer',
      pixCharge(100, { pix: { expires_in: 90.5 } }),
      'expires_in_out_of_range',
      'pix.expires_in',
    ],
    [
      'pix.description too long',
      pixCharge(100, { pix: { description: long } }),
      'description_too_long',
      'pix.description',
    ],
    [
      'address without street',
      pixCharge(100, { customer: { address: { ...address, street: undefined } } }),
      'address_field_required',
      'customer.address.street',
    ],
    [
      'address with empty city',
      pixCharge(100, { shipping: { address: { ...address, city: '' } } }),
      'address_field_required',
      'shipping.address.city',
    ],
    [
      'address state of 3 letters',
      pixCharge(100, { customer: { address: { ...address, state: 'SAO' } } }),
      'invalid_address_state',
      'customer.address.state',
    ],
    [
      'address state that is no Brazilian UF (no country given)',
      pixCharge(100, { customer: { address: { ...address, state: 'XX' } } }),
      'invalid_address_state',
      'customer.address.state',
    ],
    [
      'address zipcode of 7 digits',
      pixCharge(100, { customer: { address: { ...address, zipcode: '0131020' } } }),
      'invalid_address_zipcode',
      'customer.address.zipcode',
    ],
    [
      'address without zipcode',
      pixCharge(100, { shipping: { address: { ...address, zipcode: undefined } } }),
      'address_field_required',
      'shipping.address.zipcode',
    ],
    [
      'customer document invalid',
      pixCharge(100, { customer: { document: '12345678900' } }),
      'invalid_document',
      'customer.document',
    ],
    [
      'item unit_price negative',
      pixCharge(100, { items: [{ name: 'a', quantity: 1, unit_price: -1 }] }),
      'invalid_unit_price',
      'items[0].unit_price',
    ],
    [
      'items with zero and non-zero prices',
      pixCharge(100, {
        items: [
          { name: 'a', quantity: 1, unit_price: 100 },
          { name: 'b', quantity: 1, unit_price: 0 },
        ],
      }),
      'unit_price_not_positive',
      'items[1].unit_price',
    ],
    [
      'item quantity zero',
      pixCharge(100, { items: [{ name: 'a', quantity: 0, unit_price: 100 }] }),
      'invalid_item_quantity',
      'items[0].quantity',
    ],
    [
      'item without name',
      pixCharge(100, { items: [{ name: '', quantity: 1, unit_price: 100 }] }),
      'invalid_item_name',
      'items[0].name',
    ],
    [
      'split rule 1: mixed modes',
      pixCharge(10000, {
        split: [
          { seller_id: 1002, percentage: 50 },
          { seller_id: 1003, amount: 100 },
        ],
      }),
      'split_mixed_modes',
      'split',
    ],
    [
      'split rule 1: both percentage and amount',
      pixCharge(10000, { split: [{ seller_id: 1002, percentage: 100, amount: 5 }] }),
      'split_exactly_one_share',
      'split[0]',
    ],
    [
      'split rule 1: neither',
      pixCharge(10000, { split: [{ seller_id: 1002 }] }),
      'split_exactly_one_share',
      'split[0]',
    ],
    [
      'split rule 1: seller_id missing',
      pixCharge(10000, { split: [{ percentage: 100 }] }),
      'missing_field',
      'split[0].seller_id',
    ],
    [
      'split rule 2: percentages total 90',
      pixCharge(10000, {
        split: [
          { seller_id: 1002, percentage: 60 },
          { seller_id: 1003, percentage: 30 },
        ],
      }),
      'split_percentage_total',
      'split',
    ],
    [
      'split rule 2: percentage above 100',
      pixCharge(10000, { split: [{ seller_id: 1002, percentage: 101 }] }),
      'split_percentage_out_of_range',
      'split[0].percentage',
    ],
    [
      'split rule 3: fixed amounts above the charge amount',
      pixCharge(10000, {
        split: [
          { seller_id: 1002, amount: 6000 },
          { seller_id: 1003, amount: 4001 },
        ],
      }),
      'split_amount_exceeds_total',
      'split',
    ],
    [
      'split rule 4: fixed entry of 0',
      pixCharge(10000, { split: [{ seller_id: 1002, amount: 0 }] }),
      'split_entry_below_minimum',
      'split[0]',
    ],
    [
      'split rule 4: percentage entry coming to 0 centavos',
      pixCharge(10000, {
        split: [
          { seller_id: 1002, percentage: 99.999 },
          { seller_id: 1003, percentage: 0.001 },
        ],
      }),
      'split_entry_below_minimum',
      'split[1]',
    ],
    [
      'split fixed amount not an integer',
      pixCharge(10000, { split: [{ seller_id: 1002, amount: 1.5 }] }),
      'invalid_split_amount',
      'split[0].amount',
    ],
    [
      'split description too long',
      pixCharge(10000, { split: [{ seller_id: 1002, percentage: 100, description: long }] }),
      'description_too_long',
      'split[0].description',
    ],
    [
      'split rule 5: unknown seller',
      pixCharge(10000, { split: [{ seller_id: 9999, percentage: 100 }] }),
      'split_seller_not_found',
      'split[0].seller_id',
    ],
    [
      'split rule 5: compliance pending',
      pixCharge(10000, { split: [{ seller_id: 1004, percentage: 100 }] }),
      'split_seller_not_approved',
      'split[0].seller_id',
    ],
    [
      'split rule 5: inactive',
      pixCharge(10000, {
        split: [
          { seller_id: 1002, percentage: 50 },
          { seller_id: 1005, percentage: 50 },
        ],
      }),
      'split_seller_inactive',
      'split[1].seller_id',
    ],
    [
      'split rule 5: PIX not enabled',
      pixCharge(10000, { split: [{ seller_id: 1006, percentage: 100 }] }),
      'split_seller_pix_disabled',
      'split[0].seller_id',
    ],
    [
      'checkout mode other than redirect',
      pixCharge(100, { checkout: { mode: 'iframe' } }),
      'invalid_checkout_mode',
      'checkout.mode',
    ],
    [
      'callback_url not a URL',
      pixCharge(100, { callback_url: 'not a url' }),
      'invalid_callback_url',
      'callback_url',
    ],
    [
      'success_url not http',
      pixCharge(100, { checkout: { mode: 'redirect', success_url: 'ftp://x' } }),
      'invalid_url',
      'checkout.success_url',
    ],
    ['store_id a string', pixCharge(100, { store_id: 'x' }), 'invalid_type', 'store_id'],
    ['metadata an array', pixCharge(100, { metadata: [1] }), 'invalid_type', 'metadata'],
    ['external_id a number', pixCharge(100, { external_id: 5 }), 'invalid_type', 'external_id'],
  ];

  it.each(cases)('%s', async (_name, body, code, field) => {
    const r = await client(sb).post('/v1/charges', body);
    expect(r.status).toBe(400);
    expect(r.json.success).toBe(false);
    expect(r.json.error.type).toBe('invalid_request_error');
    expect(r.json.error.code).toBe(code);
    expect(r.json.error.field).toBe(field);
    expect(r.json.error.message).toEqual(expect.any(String));
  });

  it('creates nothing when refused', async () => {
    await client(sb).post('/v1/charges', pixCharge(0));
    const list = await client(sb).get('/v1/charges');
    expect(list.json.data).toEqual([]);
  });
});

describe('POST /v1/charges', () => {
  it('creates a pending PIX charge with a valid dynamic BR Code', async () => {
    const r = await client(sb).post(
      '/v1/charges',
      pixCharge(1500, {
        external_id: 'order-1',
        pix: { expires_in: 600, description: 'Pedido 1' },
        metadata: { a: 1 },
      }),
    );
    expect(r.status).toBe(201);
    const c = r.json.data;
    expect(c.id).toMatch(/^ci_[A-Za-z0-9]{12}$/);
    expect(c).toMatchObject({
      status: 'pending',
      amount: 1500,
      currency: 'BRL',
      payment_method: 'pix',
      description: 'Pedido 1',
      external_id: 'order-1',
      store_id: 7001,
      metadata: { a: 1 },
      fee: 60,
      net: 1440,
      created_at: '2026-03-01T12:00:00.000Z',
    });
    expect(c.pix.expires_at).toBe('2026-03-01T12:10:00.000Z');
    expect(isValidTxid(c.pix.txid)).toBe(true);
    expect(c.pix.qr_code_image_url).toBeUndefined();
    const emv = parseBrCode(c.pix.emv);
    expect(emv.errors).toEqual([]);
    expect(emv).toMatchObject({
      valid: true,
      initiation: 'dynamic',
      amount: 1500,
      merchant_name: 'Loja Exemplo Ltda',
    });
    expect(emv.url).toContain(c.pix.txid);
    expect(c.split).toBeUndefined();
    expect(c.checkout_url).toBeUndefined();
  });

  it('defaults expiry to 1800 s, keeps store_id/product_id, returns checkout_url in redirect mode', async () => {
    const r = await client(sb).post(
      '/v1/charges',
      pixCharge(2000, {
        store_id: 55,
        product_id: 9,
        checkout: {
          mode: 'redirect',
          success_url: 'https://shop.example/ok',
          cancel_url: 'https://shop.example/no',
        },
      }),
    );
    const c = r.json.data;
    expect(Date.parse(c.pix.expires_at) - Date.parse(c.created_at)).toBe(1_800_000);
    expect(c.store_id).toBe(55);
    expect(c.product_id).toBe(9);
    expect(c.checkout_url).toBe(`${sb.url}/checkout/${c.id}`);
    const page = await fetch(c.checkout_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(c.id);
    const pay = await fetch(`${c.checkout_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe('https://shop.example/ok');
    expect((await client(sb).get(`/v1/charges/${c.id}`)).json.data.status).toBe('paid');
  });

  it('stores split entries with seller names (the example of docs/gateway-api.md: 3.99% of 10000 → 399 fee, 9601 net)', async () => {
    const r = await client(sb).post(
      '/v1/charges',
      pixCharge(10000, {
        split: [
          { seller_id: 1002, percentage: 70, description: 'parceiro' },
          { seller_id: 1003, percentage: 30 },
        ],
      }),
    );
    expect(r.status).toBe(201);
    expect(r.json.data).toMatchObject({ fee: 399, net: 9601, main_seller_amount: 0 });
    expect(r.json.data.split).toEqual([
      {
        seller_id: 1002,
        seller_name: 'Parceiro Alfa Ltda',
        amount: 6721,
        percentage: 70,
        description: 'parceiro',
      },
      { seller_id: 1003, seller_name: 'Parceiro Beta ME', amount: 2880, percentage: 30, description: null },
    ]);
  });

  it('spreads the amount over all-zero items', async () => {
    const r = await client(sb).post(
      '/v1/charges',
      pixCharge(1000, {
        items: [
          { name: 'a', quantity: 1, unit_price: 0 },
          { name: 'b', quantity: 3, unit_price: 0 },
        ],
      }),
    );
    expect(r.status).toBe(201);
    expect(r.json.data.items).toEqual([
      { name: 'a', quantity: 1, unit_price: 250 },
      { name: 'b', quantity: 3, unit_price: 250 },
    ]);
  });

  it('applies the PIX address fallback', async () => {
    const r = await client(sb).post('/v1/charges', pixCharge(1000, { customer: { name: 'Ana', address } }));
    expect(r.json.data.pix_address).toEqual({
      source: 'customer.address',
      address: { ...address, country: 'BR' },
    });
  });
});

describe('GET /v1/charges/{id}', () => {
  it('returns the charge; 404 for an unknown id or another seller’s charge', async () => {
    const created = (await client(sb).post('/v1/charges', pixCharge(100))).json.data;
    const got = await client(sb).get(`/v1/charges/${created.id}`);
    expect(got.json.data).toEqual(created);
    const unknown = await client(sb).get('/v1/charges/ci_000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({ type: 'not_found_error', code: 'charge_not_found' });
    const other = await client(sb, 1).get(`/v1/charges/${created.id}`);
    expect(other.status).toBe(404);
  });
});

describe('charge transitions', () => {
  const create = async (extra: Record<string, unknown> = {}) =>
    (await client(sb).post('/v1/charges', pixCharge(10000, extra))).json.data;

  it('pay → paid; refund → refunded; a second refund is a 409', async () => {
    const c = await create();
    const paid = await call(sb, 'POST', `/_sandbox/charges/${c.id}/pay`);
    expect(paid.json.data.status).toBe('paid');
    expect(paid.json.data.paid_at).toBe('2026-03-01T12:00:00.000Z');
    const again = await call(sb, 'POST', `/_sandbox/charges/${c.id}/pay`);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('charge_not_pending');
    const refund = await client(sb).post(`/v1/charges/${c.id}/refund`);
    expect(refund.status).toBe(200);
    expect(refund.json.data.status).toBe('refunded');
    const twice = await client(sb).post(`/v1/charges/${c.id}/refund`);
    expect(twice.status).toBe(409);
    expect(twice.json.error).toMatchObject({ type: 'invalid_request_error', code: 'charge_not_refundable' });
  });

  it('refund of a pending charge is a 409; partial refund is refused', async () => {
    const c = await create();
    const r = await client(sb).post(`/v1/charges/${c.id}/refund`);
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('charge_not_refundable');
    await call(sb, 'POST', `/_sandbox/charges/${c.id}/pay`);
    const partial = await client(sb).post(`/v1/charges/${c.id}/refund`, { amount: 5 });
    expect(partial.status).toBe(400);
    expect(partial.json.error).toMatchObject({ code: 'partial_refund_not_supported', field: 'amount' });
  });

  it('cancel: pending → failed with reason cancelled; cancel of non-pending is a 409', async () => {
    const c = await create();
    const r = await client(sb).post(`/v1/charges/${c.id}/cancel`);
    expect(r.json.data).toMatchObject({ status: 'failed', failure_reason: 'cancelled' });
    const again = await client(sb).post(`/v1/charges/${c.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('charge_not_cancellable');
  });

  it('expires when expires_at passes on the sandbox clock (lazily, on read)', async () => {
    const c = await create({ pix: { expires_in: 60 } });
    t += 59_999;
    expect((await client(sb).get(`/v1/charges/${c.id}`)).json.data.status).toBe('pending');
    t += 1;
    const got = (await client(sb).get(`/v1/charges/${c.id}`)).json.data;
    expect(got.status).toBe('expired');
    expect(got.expired_at).toBe(c.pix.expires_at);
    const pay = await call(sb, 'POST', `/_sandbox/charges/${c.id}/pay`);
    expect(pay.status).toBe(409);
  });

  it('expires when the clock is advanced (control endpoint and advanceClock)', async () => {
    const a = await create({ pix: { expires_in: 120 } });
    const b = await create({ pix: { expires_in: 600 } });
    const adv = await call(sb, 'POST', '/_sandbox/clock/advance', { body: { seconds: 121 } });
    expect(adv.status).toBe(200);
    const list = (await client(sb).get('/v1/charges?status=expired')).json.data;
    expect(list.map((x: { id: string }) => x.id)).toEqual([a.id]);
    sb.advanceClock(600_000);
    expect((await client(sb).get(`/v1/charges/${b.id}`)).json.data.status).toBe('expired');
  });

  it('control fail and expire', async () => {
    const a = await create();
    const failed = await call(sb, 'POST', `/_sandbox/charges/${a.id}/fail`, {
      body: { reason: 'bank_declined' },
    });
    expect(failed.json.data).toMatchObject({ status: 'failed', failure_reason: 'bank_declined' });
    const b = await create();
    expect((await call(sb, 'POST', `/_sandbox/charges/${b.id}/expire`)).json.data.status).toBe('expired');
    expect((await call(sb, 'POST', '/_sandbox/charges/ci_nope/pay')).status).toBe(404);
  });

  it('autoPayAfterMs pays charges automatically', async () => {
    const auto = await start({ autoPayAfterMs: 30 });
    try {
      const c = (await client(auto).post('/v1/charges', pixCharge(500))).json.data;
      expect(c.status).toBe('pending');
      // On the real clock: paid once 30 ms have passed, however long a loaded machine takes.
      await vi.waitFor(
        async () => expect((await client(auto).get(`/v1/charges/${c.id}`)).json.data.status).toBe('paid'),
        { timeout: 10_000, interval: 10 },
      );
      const c2 = (await client(auto).post('/v1/charges', pixCharge(500))).json.data;
      auto.advanceClock(30);
      expect((await client(auto).get(`/v1/charges/${c2.id}`)).json.data.status).toBe('paid');
    } finally {
      await auto.close();
    }
  });
});

describe('GET /v1/charges (list)', () => {
  it('paginates newest first with page/limit and reports total/has_more', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      ids.push((await client(sb).post('/v1/charges', pixCharge(100 + i))).json.data.id);
      t += 1000;
    }
    const first = await client(sb).get('/v1/charges');
    expect(first.json.data).toHaveLength(20);
    expect(first.json.pagination).toEqual({ page: 1, limit: 20, total: 25, has_more: true });
    expect(first.json.data[0].id).toBe(ids[24]);
    const second = await client(sb).get('/api/v1/charges?page=2&limit=20');
    expect(second.json.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.json.pagination.has_more).toBe(false);
    const clamped = await client(sb).get('/v1/charges?limit=1000');
    expect(clamped.json.pagination.limit).toBe(100);
    const beyond = await client(sb).get('/v1/charges?page=9');
    expect(beyond.json.data).toEqual([]);
    for (const q of ['page=0', 'limit=-1', 'limit=abc']) {
      const bad = await client(sb).get(`/v1/charges?${q}`);
      expect(bad.status).toBe(400);
      expect(bad.json.error.code).toBe('invalid_query_parameter');
    }
    // Another seller sees none of them.
    expect((await client(sb, 1).get('/v1/charges')).json.pagination.total).toBe(0);
  });

  it('filters by status, external_id, txid and creation time', async () => {
    const t0 = t;
    const a = (await client(sb).post('/v1/charges', pixCharge(100, { external_id: 'A' }))).json.data;
    t += 60_000;
    const b = (await client(sb).post('/v1/charges', pixCharge(200, { external_id: 'B' }))).json.data;
    t += 60_000;
    const c = (await client(sb).post('/v1/charges', pixCharge(300, { external_id: 'B' }))).json.data;
    await call(sb, 'POST', `/_sandbox/charges/${b.id}/pay`);
    const ids = async (q: string) =>
      (await client(sb).get(`/v1/charges?${q}`)).json.data.map((x: { id: string }) => x.id);
    expect(await ids('status=paid')).toEqual([b.id]);
    expect(await ids('status=pending,paid')).toEqual([c.id, b.id, a.id]);
    expect(await ids('external_id=B')).toEqual([c.id, b.id]);
    expect(await ids(`txid=${a.pix.txid}`)).toEqual([a.id]);
    expect(await ids(`created_from=${new Date(t0 + 60_000).toISOString()}`)).toEqual([c.id, b.id]);
    expect(await ids(`created_to=${new Date(t0 + 60_000).toISOString()}`)).toEqual([b.id, a.id]);
    expect(
      await ids(`since=${Math.floor((t0 + 1000) / 1000)}&until=${new Date(t0 + 61_000).toISOString()}`),
    ).toEqual([b.id]);
    expect(await ids('created_to=2026-03-01')).toEqual([c.id, b.id, a.id]);
    const bad = await client(sb).get('/v1/charges?status=done');
    expect(bad.json.error).toMatchObject({ code: 'invalid_query_parameter', field: 'status' });
    const badTime = await client(sb).get('/v1/charges?since=yesterday');
    expect(badTime.json.error).toMatchObject({ code: 'invalid_query_parameter', field: 'since' });
  });
});
