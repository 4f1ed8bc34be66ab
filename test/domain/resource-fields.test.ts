import { describe, expect, it } from 'vitest';
import {
  findAmount,
  findCreatedAt,
  receivedData,
  unwrapResource,
  wrappedResource,
} from '../../src/domain/resource-fields.js';

describe('findAmount and findCreatedAt: the common names', () => {
  it.each([
    [{ amount: 1500 }, 'amount', 1500],
    [{ value: 1500 }, 'value', 1500],
    [{ valor: '15.00' }, 'valor', '15.00'],
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
});
