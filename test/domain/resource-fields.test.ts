import { describe, expect, it } from 'vitest';
import {
  findAmount,
  findCreatedAt,
  findId,
  findPixCode,
  receivedData,
  unwrapResource,
  wrappedResource,
} from '../../src/domain/resource-fields.js';

describe('findAmount and findCreatedAt: the common names', () => {
  it.each([
    [{ amount: 1500 }, 'amount', 1500],
    [{ value: 1500 }, 'value', 1500],
    [{ valor: '15.00' }, 'valor', '15.00'],
    [{ valor: { original: '15.00' } }, 'valor.original', '15.00'],
    [{ transaction_amount: 15 }, 'transaction_amount', 15],
    [{ amount: null, value: 7 }, 'value', 7],
  ])('%j: %s', (row, name, value) => {
    expect(findAmount(row)).toEqual({ name, value });
  });

  it.each([
    [{ created_at: 'x' }, 'created_at'],
    [{ createdAt: 'x' }, 'createdAt'],
    [{ dateCreated: 'x' }, 'dateCreated'],
    [{ date_created: 'x' }, 'date_created'],
    [{ created_date: 'x' }, 'created_date'],
    [{ horario: 'x' }, 'horario'],
    [{ calendario: { criacao: 'x' } }, 'calendario.criacao'],
  ])('%j: %s', (row, name) => {
    expect(findCreatedAt(row)).toEqual({ name, value: 'x' });
  });

  it('nothing for rows without them, or that are not objects', () => {
    expect(findAmount({ id: 'x' })).toBeUndefined();
    expect(findCreatedAt([1])).toBeUndefined();
    expect(findAmount(null)).toBeUndefined();
  });
});

describe('unwrapResource', () => {
  it('reads {charge: {...}} inside, and remembers the answer for --json', () => {
    const data = { charge: { id: 'ch_1', status: 'ACTIVE' }, brCode: '000201' };
    const inner = unwrapResource(data);
    expect(inner).toEqual({ id: 'ch_1', status: 'ACTIVE' });
    expect(receivedData(inner)).toBe(data);
  });

  it('leaves data that has its own id, or two candidate wrappers, as it is', () => {
    const own = { id: 'ch_1', charge: { id: 'other' } };
    expect(unwrapResource(own)).toBe(own);
    expect(wrappedResource({ charge: {}, payment: {} })).toBeUndefined();
    expect(receivedData(own)).toBe(own);
  });

  it("reads Woovi's create answer inside: the id beside the charge is the charge's own, repeated", () => {
    const data = { charge: { correlationID: 'order-1', status: 'ACTIVE' }, correlationID: 'order-1' };
    expect(unwrapResource(data)).toBe(data.charge);
  });

  it('finds the creation time in the wrapper a resource came in (Woovi: transaction.time)', () => {
    const listed = { payment: { correlationID: 'p1', status: 'CONFIRMED' }, transaction: { time: 'T' } };
    expect(findCreatedAt(unwrapResource(listed))).toEqual({ name: 'transaction.time', value: 'T' });
  });
});

describe('findId: the id under its common names', () => {
  it.each([
    [{ id: 'ch_1' }, 'id', 'ch_1'],
    [{ id: 5466310457 }, 'id', '5466310457'],
    [{ correlationID: 'order-1' }, 'correlationID', 'order-1'],
    [{ txid: '7978c0c9' }, 'txid', '7978c0c9'],
    [{ idEnvio: 'envio1', endToEndId: 'E1' }, 'idEnvio', 'envio1'],
    [{ id: '', txid: 't' }, 'txid', 't'],
  ])('%j: %s', (row, name, value) => {
    expect(findId(row)).toEqual({ name, value });
  });

  it('a fraction, a negative number, an object or nothing is no id', () => {
    for (const row of [{ id: 1.5 }, { id: -1 }, { id: { value: 'x' } }, { endToEndId: 'E1' }, 'id'])
      expect(findId(row)).toBeUndefined();
  });
});

describe('findPixCode: the copy-and-paste code under its common names', () => {
  const code = '00020101021226880014br.gov.bcb.pix2566qr.example/v2/cob/x5204000053039865802BR6304ABCD';
  it.each([
    [{ pix: { emv: code } }],
    [{ brCode: code }],
    [{ pixCopiaECola: code }],
    [{ point_of_interaction: { transaction_data: { qr_code: code } } }],
    [{ last_transaction: { qr_code: code } }],
  ])('%j', (row) => {
    expect(findPixCode(row)).toBe(code);
  });
  it('an image URL or anything that is not a BR Code is not one', () => {
    expect(findPixCode({ last_transaction: { qr_code: 'https://api.example/qrcode.png' } })).toBeUndefined();
    expect(findPixCode({ brCode: 42 })).toBeUndefined();
    expect(findPixCode('000201')).toBeUndefined();
  });
});
