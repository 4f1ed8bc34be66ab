// Card and boleto in the sandbox (src/sandbox/README.md "Card and boleto"): test
// values, manual capture and its window, void, boleto line/barcode/PDF, payment, expiry by the
// sandbox clock, and a ledger that still sums to zero.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatBoletoLine, inspectBoleto } from '../../src/domain/boleto.js';
import { account } from '../../src/sandbox/ledger.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { call, client, start } from './helpers.js';

// 2026-05-15 12:00 UTC (09:00 in Brazil).
const START = Date.UTC(2026, 4, 15, 12);
let now = START;
let sb: Sandbox;
beforeAll(async () => {
  sb = await start({ clock: { now: () => now } });
});
beforeEach(() => {
  now = START;
  sb.reset();
});
afterAll(() => sb.close());

const ADDRESS = {
  street: 'Av. Paulista',
  number: '1000',
  city: 'Sao Paulo',
  state: 'SP',
  zipcode: '01310100',
};
const PAYER = { name: 'Maria Silva', document: '52998224725' };

async function token(holder = 'MARIA SILVA'): Promise<string> {
  const response = await call(sb, 'POST', '/v1/tokens/card', {
    key: sb.sellers[0]!.public_key,
    body: { number: '4111 1111 1111 1111', holder_name: holder, exp_month: 12, exp_year: 2030, cvv: '123' },
  });
  expect(response.status).toBe(201);
  return response.json.data.id;
}

const cardCharge = (amount: number, tokenId: string, card: Record<string, unknown> = {}) => ({
  amount,
  payment_method: 'card',
  customer: { name: 'Maria Silva', address: ADDRESS },
  card: { token: tokenId, ...card },
});
const boletoCharge = (amount: number, boleto: Record<string, unknown> = {}) => ({
  amount,
  payment_method: 'boleto',
  customer: PAYER,
  boleto: { due_date: '2026-05-20', ...boleto },
});
const state = async () => (await call(sb, 'GET', '/_sandbox/state')).json.data;
const balance = async () => (await client(sb).get('/v1/balance')).json.data;

describe('card charges', () => {
  it('automatic capture: paid at once, card fee 4.99%, card part shown, the number nowhere', async () => {
    const response = await client(sb).post(
      '/v1/charges',
      cardCharge(10000, await token(), { installments: 3 }),
    );
    expect(response.status).toBe(201);
    const charge = response.json.data;
    expect(charge).toMatchObject({
      status: 'paid',
      payment_method: 'card',
      amount: 10000,
      fee: 499,
      net: 9501,
    });
    expect(charge.pix).toBeUndefined();
    expect(charge.card).toMatchObject({ brand: 'visa', last4: '1111', installments: 3, captured: true });
    expect(charge.card.authorization_code).toMatch(/^\d{6}$/);
    expect(response.text).not.toContain('4111111111111111');
    expect((await balance()).available).toBe(9501);
    const snapshot = await state();
    expect(snapshot.ledger.accounts[account.cardIn]).toBe(-10000);
    expect(snapshot.ledger.sum).toBe(0);
  });

  it('test values: an amount ending in 51 and holder RECUSADO are declined; nothing moves', async () => {
    const lowFunds = (await client(sb).post('/v1/charges', cardCharge(10051, await token()))).json.data;
    expect(lowFunds).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds' });
    const refused = (await client(sb).post('/v1/charges', cardCharge(10000, await token('RECUSADO')))).json
      .data;
    expect(refused).toMatchObject({ status: 'failed', failure_reason: 'card_declined' });
    expect(refused.card.authorization_code).toBeNull();
    expect((await state()).ledger.transactions).toBe(0);
  });

  it('the billing address is required; 13 installments and an unknown token are refused', async () => {
    const tokenId = await token();
    const noAddress = await client(sb).post('/v1/charges', {
      ...cardCharge(100, tokenId),
      customer: { name: 'X' },
    });
    expect(noAddress.status).toBe(400);
    expect(noAddress.json.error).toMatchObject({
      code: 'billing_address_required',
      field: 'customer.address',
    });
    const thirteen = await client(sb).post('/v1/charges', cardCharge(100, tokenId, { installments: 13 }));
    expect(thirteen.json.error).toMatchObject({ code: 'invalid_installments', field: 'card.installments' });
    const unknown = await client(sb).post('/v1/charges', cardCharge(100, 'tok_nope'));
    expect(unknown.json.error).toMatchObject({ code: 'invalid_card_token', field: 'card.token' });
    const descriptor = await client(sb).post(
      '/v1/charges',
      cardCharge(100, tokenId, { statement_descriptor: 'X'.repeat(14) }),
    );
    expect(descriptor.json.error).toMatchObject({ code: 'statement_descriptor_too_long' });
  });

  it('manual capture: authorized, then captured for at most the authorised amount', async () => {
    const created = (
      await client(sb).post('/v1/charges', cardCharge(10000, await token(), { capture: false }))
    ).json.data;
    expect(created).toMatchObject({ status: 'authorized', card: { captured: false, captured_amount: null } });
    expect(created.card.capture_before).toBe('2026-05-22T12:00:00.000Z');
    expect((await balance()).available).toBe(0);
    const tooMuch = await client(sb).post(`/v1/charges/${created.id}/capture`, { amount: 10001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.error).toMatchObject({ code: 'capture_amount_exceeds_authorized', field: 'amount' });
    const captured = await client(sb).post(`/v1/charges/${created.id}/capture`, { amount: 6000 });
    expect(captured.status).toBe(200);
    expect(captured.json.data).toMatchObject({
      status: 'paid',
      card: { captured: true, captured_amount: 6000 },
    });
    // 4.99% of 6000 = 299.4 → 299.
    expect(captured.json.data.fee).toBe(299);
    expect((await balance()).available).toBe(5701);
    const again = await client(sb).post(`/v1/charges/${created.id}/capture`);
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('charge_not_capturable');
    expect((await client(sb).post(`/v1/charges/${created.id}/refund`)).json.data.status).toBe('refunded');
    const snapshot = await state();
    expect((await balance()).available).toBe(0);
    expect(snapshot.ledger.sum).toBe(0);
  });

  it('void: cancel of an authorised charge; the window lapses on the sandbox clock', async () => {
    const tokenId = await token();
    const voided = (await client(sb).post('/v1/charges', cardCharge(5000, tokenId, { capture: false }))).json
      .data;
    const cancel = await client(sb).post(`/v1/charges/${voided.id}/cancel`);
    expect(cancel.json.data).toMatchObject({ status: 'failed', failure_reason: 'voided' });
    const lapsing = (await client(sb).post('/v1/charges', cardCharge(5000, tokenId, { capture: false }))).json
      .data;
    await call(sb, 'POST', '/_sandbox/clock/advance', { body: { ms: 7 * 86_400_000 } });
    const lapsed = (await client(sb).get(`/v1/charges/${lapsing.id}`)).json.data;
    expect(lapsed.status).toBe('expired');
    expect((await client(sb).post(`/v1/charges/${lapsing.id}/capture`)).status).toBe(409);
    expect((await state()).ledger.transactions).toBe(0);
  });
});

describe('boleto charges', () => {
  it('a valid line and barcode for the amount and due date, bank 999, and a real PDF', async () => {
    const response = await client(sb).post(
      '/v1/charges',
      boletoCharge(12345, { fine: 2, interest: 1, instructions: 'Nao receber apos 30 dias' }),
    );
    expect(response.status).toBe(201);
    const charge = response.json.data;
    expect(charge).toMatchObject({ status: 'pending', payment_method: 'boleto', fee: 246 });
    expect(charge.boleto).toMatchObject({ due_date: '2026-05-20', fine: 2, interest: 1 });
    const read = inspectBoleto(charge.boleto.line, now);
    expect(read).toMatchObject({ valid: true, bank: '999', amount: 12345, due_date: '2026-05-20' });
    expect(read.barcode).toBe(charge.boleto.barcode);
    expect(charge.boleto.pdf_url).toBe(`${sb.url}/boletos/${charge.id}.pdf`);
    const pdf = await fetch(charge.boleto.pdf_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = await pdf.text();
    expect(bytes.startsWith('%PDF-1.4\n')).toBe(true);
    expect(bytes.trimEnd().endsWith('%%EOF')).toBe(true);
    // The xref offsets point at each object: a reader can open it.
    const xref = Number(/startxref\n(\d+)/.exec(bytes)![1]);
    expect(bytes.slice(xref, xref + 4)).toBe('xref');
    const firstOffset = Number(/0000000000 65535 f \n(\d{10})/.exec(bytes)![1]);
    expect(bytes.slice(firstOffset, firstOffset + 7)).toBe('1 0 obj');
    expect(bytes).toContain(`Linha digitavel: ${formatBoletoLine(charge.boleto.line)}`);
    expect((await fetch(`${sb.url}/boletos/ci_nope.pdf`)).status).toBe(404);
  });

  it('payer name and document are required; a past or impossible due date is refused', async () => {
    const noPayer = await client(sb).post('/v1/charges', { ...boletoCharge(1000), customer: { name: 'X' } });
    expect(noPayer.json.error).toMatchObject({ code: 'payer_document_required', field: 'customer.document' });
    const past = await client(sb).post('/v1/charges', boletoCharge(1000, { due_date: '2026-05-14' }));
    expect(past.json.error).toMatchObject({ code: 'due_date_in_past', field: 'boleto.due_date' });
    const impossible = await client(sb).post('/v1/charges', boletoCharge(1000, { due_date: '2026-02-30' }));
    expect(impossible.json.error).toMatchObject({ code: 'invalid_due_date', field: 'boleto.due_date' });
    const discount = await client(sb).post('/v1/charges', boletoCharge(1000, { discount: 1000 }));
    expect(discount.json.error).toMatchObject({ code: 'discount_too_large', field: 'boleto.discount' });
  });

  it('paid by sandbox pay (fee 1.99% to the house); the ledger sums to zero', async () => {
    const charge = (await client(sb).post('/v1/charges', boletoCharge(10000))).json.data;
    const paid = await call(sb, 'POST', `/_sandbox/charges/${charge.id}/pay`);
    expect(paid.json.data.status).toBe('paid');
    expect((await balance()).available).toBe(9801);
    const snapshot = await state();
    expect(snapshot.ledger.accounts[account.boletoIn]).toBe(-10000);
    expect(snapshot.ledger.accounts[account.fees]).toBe(199);
    expect(snapshot.ledger.sum).toBe(0);
  });

  it('payable through its due date (Brazilian time), expired after it by the sandbox clock', async () => {
    const charge = (await client(sb).post('/v1/charges', boletoCharge(10000))).json.data;
    // 2026-05-20 23:59 in Brazil is 2026-05-21 02:59 UTC.
    await call(sb, 'POST', '/_sandbox/clock/advance', { body: { ms: Date.UTC(2026, 4, 21, 2, 59) - START } });
    expect((await client(sb).get(`/v1/charges/${charge.id}`)).json.data.status).toBe('pending');
    await call(sb, 'POST', '/_sandbox/clock/advance', { body: { ms: 60_000 } });
    const expired = (await client(sb).get(`/v1/charges/${charge.id}`)).json.data;
    expect(expired).toMatchObject({ status: 'expired', expired_at: '2026-05-21T03:00:00.000Z' });
  });
});
