import { describe, expect, it } from 'vitest';
import { CREATED_NEEDS, RESOURCE_NEEDS, unmetNeed } from '../../src/api/needs.js';
import { WrittenNumber } from '../../src/json.js';

describe('unmetNeed', () => {
  it('reads one resource inside its wrapper ({charge: {...}}), naming the path when it falls short', () => {
    expect(unmetNeed(RESOURCE_NEEDS, { charge: { id: 'ch_1', status: 'ACTIVE' } }, 'data')).toBeUndefined();
    expect(unmetNeed(CREATED_NEEDS, { transfer: { id: 'tr_1' } }, 'data')).toBeUndefined();
    expect(unmetNeed(RESOURCE_NEEDS, { payout: { id: 'po_1' } }, 'data')).toBe('data.payout.status: missing');
  });

  it('a create needs only a usable id', () => {
    expect(unmetNeed(CREATED_NEEDS, { id: 'ch_1', status: { code: 1 } }, 'data')).toBeUndefined();
    expect(unmetNeed(CREATED_NEEDS, { id: '' }, 'data')).toBe('data.id: expected a string, got ""');
  });

  it('list items are read as they are, and a written number is not an object', () => {
    expect(unmetNeed(RESOURCE_NEEDS, { charge: { id: 'ch_1', status: 'x' } }, 'data[0]')).toBe(
      'data[0].id: missing',
    );
    expect(unmetNeed({ fee: 'object' }, { fee: new WrittenNumber('1.5') }, 'data')).toBe(
      'data.fee: expected an object, got 1.5',
    );
  });
});
