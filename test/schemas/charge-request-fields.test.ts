// withDeclaredFields: what a typed schema strips is put back when the table of request fields
// declares it, and only then. The fields added here are imaginary (`imaginary_…`): a real field
// added to the table (docs/how-to.md, "Add a request field") must not change what this shows.
import { describe, expect, it } from 'vitest';
import { chargeCreateRequestSchema } from '../../src/schemas/charge.js';
import {
  CHARGE_REQUEST_FIELDS,
  type ChargeRequestField,
  withDeclaredFields,
} from '../../src/schemas/charge-request-fields.js';

const fields: readonly ChargeRequestField[] = [...CHARGE_REQUEST_FIELDS, { path: 'pix.imaginary_field' }];

describe('withDeclaredFields', () => {
  const body = {
    amount: 1500,
    payment_method: 'pix',
    pix: { expires_in: 600, imaginary_field: 'Valeu', imaginary_undeclared: 'x' },
    imaginary_top_level: true,
  };

  it('the schema alone drops a field it does not type', () => {
    expect(chargeCreateRequestSchema.parse(body)).toEqual({
      amount: 1500,
      payment_method: 'pix',
      pix: { expires_in: 600 },
    });
  });

  it('keeps a declared field as sent, next to the typed ones; drops what nobody declared', () => {
    expect(withDeclaredFields(chargeCreateRequestSchema.parse(body), body, fields)).toEqual({
      amount: 1500,
      payment_method: 'pix',
      pix: { expires_in: 600, imaginary_field: 'Valeu' },
    });
  });

  it('a typed value wins over the one sent; a declared object is made when the schema left none', () => {
    const card = { amount: 1500, payment_method: 'card', card: { token: 'tok_1', installments: 2 } };
    expect(withDeclaredFields({ amount: 1500, payment_method: 'card' }, card)).toEqual(card);
    expect(withDeclaredFields({ amount: 1500 }, { amount: '1500' })).toEqual({ amount: 1500 });
  });
});
