import { describe, expect, it } from 'vitest';
import { zonedTimestampMs } from '../../src/domain/instant.js';
import {
  amountIs,
  chargeMarkOf,
  markKeyedCharge,
  payoutMarkOn,
  showsTextField,
} from '../../src/domain/key-mark.js';
import { unwrapResource } from '../../src/domain/resource-fields.js';

const KEY = 'sweep-2026-11-26';

describe("payoutMarkOn: the key's mark in any text of the record", () => {
  it.each([
    ['description', { description: `payout ${KEY}` }, 'description'],
    ['metadata.description', { metadata: { description: `payout ${KEY}` } }, 'metadata.description'],
    ['an array item', { notes: ['x', `Repasse [${KEY}]`] }, 'notes[1]'],
    ['another letter case', { comment: `PAYOUT ${KEY.toUpperCase()}` }, 'comment'],
    ['the sent description whole', { infoPagador: 'Repasse semanal [SWEEP-2026-11-26]' }, 'infoPagador'],
  ])('%s: whole mark', (_, record, path) => {
    expect(payoutMarkOn(record, KEY, 'Repasse semanal [sweep-2026-11-26]')).toMatchObject({
      kind: 'mark',
      path,
    });
  });

  it("a Woovi payment's comment, inside the answer it was unwrapped from", () => {
    const payment = unwrapResource({
      payment: { correlationID: 'p-1', comment: `payout ${KEY}` },
      transaction: {},
    });
    expect(payoutMarkOn(payment, KEY)).toMatchObject({ kind: 'mark', path: 'payment.comment' });
  });

  it.each([
    ['cut to 16', 'payout sweep-202'],
    ['cut inside the key of ` [KEY]`', 'Repasse semanal [sweep-20'],
    ['the description before the key, 12 characters or more', 'Repasse semanal'],
  ])('%s: maybe the mark cut short', (_, text) => {
    expect(payoutMarkOn({ description: text }, KEY, 'Repasse semanal [sweep-2026-11-26]')?.kind).toBe('cut');
  });

  it.each([
    ['another key', `payout sweep-2026-11-27`],
    ['a longer key', `payout ${KEY}-b`],
    ['a short beginning', 'payout swe'],
    ['the key inside other text', `paid ${KEY} twice`],
    ['a closed bracket of another key', 'Repasse [sweep]'],
  ])('%s: no mark', (_, text) => {
    expect(payoutMarkOn({ description: text }, KEY)).toBeUndefined();
  });
});

describe('showsTextField and amountIs', () => {
  it.each([
    [{ id: 'po_1', amount: 1, status: 'pending', created_at: '2026-11-26T10:00:00Z' }, false],
    [{ id: 'po_1', description: null }, true],
    [{ id: 'tran_1', metadata: {} }, true],
    [{ idEnvio: 'e1', infoPagador: 'x' }, true],
  ])('%j shows a text field: %s', (record, shows) => {
    expect(showsTextField(record)).toBe(shows);
  });

  it.each([
    [{ amount: 1000 }, true],
    [{ amount: 999 }, false],
    // A decimal under another name is reais: the amount sent.
    [{ valor: '10.00' }, true],
    // Of unknown unit: nothing says, the same figure (centavos or reais, 100 times apart) or not.
    [{ value: 1000 }, undefined],
    [{ value: 10 }, undefined],
    [{ valor: '10.01' }, undefined],
    [{ amount: 10.5 }, undefined],
  ])('%j is 1000 centavos: %s', (record, is) => {
    expect(amountIs(record, 1000)).toBe(is);
  });
});

describe("a keyed charge's mark", () => {
  it("markKeyedCharge keeps the person's metadata and external_id, adds the key", () => {
    const body: { external_id?: string; metadata?: unknown } = { metadata: { pedido: '7' } };
    markKeyedCharge(body, 'inv-1');
    expect(body).toEqual({ external_id: 'inv-1', metadata: { pedido: '7', paygate_key: 'inv-1' } });
    const given: { external_id?: string; metadata?: unknown } = { external_id: 'order-9' };
    markKeyedCharge(given, 'inv-1');
    expect(given).toEqual({ external_id: 'order-9', metadata: { paygate_key: 'inv-1' } });
  });

  it.each([
    [{ external_id: 'order-9', metadata: { paygate_key: 'INV-1' } }, 'order-9', 'ours'],
    [{ external_id: 'order-9', metadata: { paygate_key: 'inv-2' } }, 'order-9', 'other'],
    [{ external_id: 'order-9', metadata: {} }, 'order-9', 'other'],
    [{ external_id: 'order-9' }, 'order-9', 'unknown'],
    [{ external_id: 'order-9', metadata: null }, 'order-9', 'unknown'],
    // The key as external_id is the key's mark (every keyed charge sent it), unless another key's metadata says otherwise.
    [{ external_id: 'inv-1' }, 'inv-1', 'ours'],
    [{ external_id: 'inv-1', metadata: {} }, 'inv-1', 'ours'],
    [{ external_id: 'inv-1', metadata: { paygate_key: 'inv-2' } }, 'inv-1', 'other'],
  ])('%j under external_id %s: %s', (charge, externalId, verdict) => {
    expect(chargeMarkOf(charge, 'inv-1', externalId)).toBe(verdict);
  });
});

describe('zonedTimestampMs: only a time that names its instant', () => {
  it.each([
    ['2026-11-26T10:00:00Z', Date.UTC(2026, 10, 26, 10)],
    ['2026-11-26T10:00:00.123-03:00', Date.UTC(2026, 10, 26, 13, 0, 0, 123)],
    ['2026-11-26 10:00:00+0000', Date.UTC(2026, 10, 26, 10)],
    [1_795_000_000, 1_795_000_000_000],
  ])('%s', (value, ms) => {
    expect(zonedTimestampMs(value)).toBe(ms);
  });

  it.each(['2026-11-26', '2026-11-26T10:00:00', '2026-11-26T10:00', 'yesterday', ''])('%j: none', (value) => {
    expect(zonedTimestampMs(value)).toBeUndefined();
  });
});
