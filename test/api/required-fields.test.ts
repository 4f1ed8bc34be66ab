import { describe, expect, it } from 'vitest';
import { CREATED_NEEDS, RESOURCE_NEEDS, unmetNeed } from '../../src/api/required-fields.js';
import { WrittenNumber } from '../../src/json.js';

describe('unmetNeed', () => {
  it('reads one resource inside its wrapper ({charge: {...}}), naming the path when it falls short', () => {
    expect(unmetNeed(RESOURCE_NEEDS, { charge: { id: 'ch_1', status: 'ACTIVE' } }, 'data')).toBeUndefined();
    expect(unmetNeed(CREATED_NEEDS, { transfer: { id: 'tr_1' } }, 'data')).toBeUndefined();
    expect(unmetNeed(RESOURCE_NEEDS, { payout: { id: 'po_1' } }, 'data')).toBe('data.payout.status: missing');
  });

  it('a create needs only a usable id', () => {
    expect(unmetNeed(CREATED_NEEDS, { id: 'ch_1', status: { code: 1 } }, 'data')).toBeUndefined();
    expect(unmetNeed(CREATED_NEEDS, { id: '' }, 'data')).toBe(
      'data.id: expected a string or an integer, got ""',
    );
    expect(unmetNeed(CREATED_NEEDS, { id: 1.5 }, 'data')).toBe(
      'data.id: expected a string or an integer, got 1.5',
    );
  });

  it('an id is read under its common names: a number (Mercado Pago), correlationID, txid, idEnvio', () => {
    expect(unmetNeed(RESOURCE_NEEDS, { id: 5466310457, status: 'approved' }, 'data')).toBeUndefined();
    expect(unmetNeed(RESOURCE_NEEDS, { correlationID: 'order-1', status: 'ACTIVE' }, 'data')).toBeUndefined();
    expect(unmetNeed(RESOURCE_NEEDS, { txid: '7978c0c9', status: 'ATIVA' }, 'data')).toBeUndefined();
    expect(
      unmetNeed(CREATED_NEEDS, { idEnvio: 'envio1', status: 'EM_PROCESSAMENTO' }, 'data'),
    ).toBeUndefined();
    expect(unmetNeed(RESOURCE_NEEDS, { endToEndId: 'E1', status: 'x' }, 'data')).toBe('data.id: missing');
  });

  it('list items are read inside their wrapper too (Woovi lists payments as {payment, transaction})', () => {
    expect(
      unmetNeed(
        RESOURCE_NEEDS,
        { payment: { correlationID: 'p1', status: 'x' }, transaction: {} },
        'data[0]',
      ),
    ).toBeUndefined();
    expect(unmetNeed(RESOURCE_NEEDS, { payment: { status: 'x' } }, 'data[0]')).toBe(
      'data[0].payment.id: missing',
    );
  });

  it('a written number is not an object', () => {
    expect(unmetNeed({ fee: 'object' }, { fee: new WrittenNumber('1.5') }, 'data')).toBe(
      'data.fee: expected an object, got 1.5',
    );
  });
});
