// The one list of charge request rules (src/schemas/charge-rules.ts): every broken rule at once,
// each with the field, the gateway's code and the rule in words; `charge create` and the sandbox
// both read it (their own tests check what each makes of it).
import { describe, expect, it } from 'vitest';
import { checkChargeRequest } from '../../src/schemas/charge-rules.js';

const today = '2026-11-25';

describe('checkChargeRequest', () => {
  it('accepts a plain PIX charge', () => {
    expect(checkChargeRequest({ amount: 1500, payment_method: 'pix' }, today).issues).toEqual([]);
  });

  it('lists every broken rule, in the order the gateway checks them', () => {
    const { issues } = checkChargeRequest(
      {
        amount: 0,
        payment_method: 'pix',
        currency: 'USD',
        pix: { expires_in: 30, imaginary_undeclared: 'red' },
        customer: { email: 'ana', phone: 'x' },
        store_id: 0,
        callback_url: 'ftp://h/x',
      },
      today,
    );
    expect(issues.map((issue) => [issue.field, issue.code])).toEqual([
      ['amount', 'invalid_amount'],
      ['currency', 'unsupported_currency'],
      ['pix', 'unknown_field'],
      ['pix.expires_in', 'expires_in_out_of_range'],
      ['customer.email', 'invalid_email'],
      ['customer.phone', 'invalid_phone'],
      ['store_id', 'invalid_store_id'],
      ['callback_url', 'invalid_callback_url'],
    ]);
    expect(issues[0]!.rule).toBe('0 must be a positive whole number of centavos');
  });

  it('says a wrong JSON type as invalid_type and an absent value as missing', () => {
    const { issues } = checkChargeRequest({ amount: '15', payment_method: 'card' }, today);
    expect(issues).toEqual([
      { field: 'amount', code: 'invalid_type', rule: '"15" must be a positive whole number of centavos' },
      expect.objectContaining({ field: 'card.token', code: 'missing_field', missing: true }),
      expect.objectContaining({ field: 'customer.address', code: 'billing_address_required', missing: true }),
    ]);
  });

  it('checks a boleto against today and the last date its barcode carries', () => {
    const boleto = (due_date: string) =>
      checkChargeRequest(
        {
          amount: 1500,
          payment_method: 'boleto',
          customer: { name: 'Ana', document: '52998224725' },
          boleto: { due_date },
        },
        today,
      ).issues.map((issue) => issue.code);
    expect(boleto('2026-11-25')).toEqual([]);
    expect(boleto('2026-11-24')).toEqual(['due_date_in_past']);
    expect(boleto('2049-10-13')).toEqual([]);
    expect(boleto('2049-10-14')).toEqual(['invalid_due_date']);
  });

  it('resolves the items when they break no rule', () => {
    const check = checkChargeRequest(
      { amount: 1500, payment_method: 'pix', items: [{ name: 'a', quantity: 3, unit_price: 0 }] },
      today,
    );
    expect(check.issues).toEqual([]);
    expect(check.items).toEqual([{ name: 'a', quantity: 3, unit_price: 500 }]);
  });
});
