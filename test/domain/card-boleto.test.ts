import { describe, expect, it } from 'vitest';
import {
  boletoChargeViolations,
  brazilDate,
  cardChargeViolations,
  parseDueDate,
  weekendDayOf,
} from '../../src/domain/card-boleto.js';
import { boletoRequestSchema, cardRequestSchema } from '../../src/schemas/card-boleto.js';

const TODAY = '2026-05-15';
const ADDRESS = { street: 'Av. Paulista', city: 'Sao Paulo', state: 'SP', zipcode: '01310100' };
const PAYER = { name: 'Maria Silva', document: '529.982.247-25' };

describe('card request', () => {
  it('defaults to one installment, automatic capture; 13 installments or a long descriptor are refused', () => {
    expect(cardRequestSchema.parse({ token: 'tok_1' })).toEqual({
      token: 'tok_1',
      installments: 1,
      capture: true,
    });
    expect(cardRequestSchema.safeParse({ token: 'tok_1', installments: 13 }).error?.issues[0]?.path).toEqual([
      'installments',
    ]);
    expect(cardRequestSchema.safeParse({ token: 'tok_1', installments: 0 }).success).toBe(false);
    expect(
      cardRequestSchema.safeParse({ token: 'tok_1', statement_descriptor: 'A'.repeat(14) }).success,
    ).toBe(false);
    expect(
      cardRequestSchema.safeParse({ token: 'tok_1', statement_descriptor: 'A'.repeat(13) }).success,
    ).toBe(true);
  });

  it('needs the billing address', () => {
    expect(cardChargeViolations({ amount: 100, customer: { address: ADDRESS } })).toEqual([]);
    expect(cardChargeViolations({ amount: 100, customer: { name: 'x' } })).toEqual([
      expect.objectContaining({ field: 'customer.address', rule: 'billing_address_required' }),
    ]);
  });
});

describe('boleto request', () => {
  it('percentages with two decimals at most', () => {
    expect(boletoRequestSchema.safeParse({ due_date: TODAY, fine: 2, interest: 0.33 }).success).toBe(true);
    expect(boletoRequestSchema.safeParse({ due_date: TODAY, fine: 2.001 }).success).toBe(false);
    expect(boletoRequestSchema.safeParse({ due_date: '15/05/2026' }).success).toBe(false);
  });

  it('payer name and a valid CPF/CNPJ are required', () => {
    expect(boletoChargeViolations({ amount: 1000, customer: PAYER }, { due_date: TODAY }, TODAY)).toEqual([]);
    expect(boletoChargeViolations({ amount: 1000 }, { due_date: TODAY }, TODAY).map((v) => v.rule)).toEqual([
      'payer_name_required',
      'payer_document_required',
    ]);
    const bad = boletoChargeViolations(
      { amount: 1000, customer: { name: 'X', document: '52998224724' } },
      { due_date: TODAY },
      TODAY,
    );
    expect(bad).toEqual([expect.objectContaining({ field: 'customer.document', rule: 'invalid_document' })]);
  });

  it('due date: a real date, not in the past; discount below the amount, dated before the due date', () => {
    const rules = (boleto: Parameters<typeof boletoChargeViolations>[1]) =>
      boletoChargeViolations({ amount: 1000, customer: PAYER }, boleto, TODAY).map(
        (v) => `${v.field}:${v.rule}`,
      );
    expect(rules({ due_date: '2026-02-30' })).toEqual(['boleto.due_date:invalid_due_date']);
    expect(rules({ due_date: '2026-05-14' })).toEqual(['boleto.due_date:due_date_in_past']);
    expect(rules({ due_date: '2026-06-01', discount: 1000 })).toEqual(['boleto.discount:discount_too_large']);
    expect(rules({ due_date: '2026-06-01', discount_until: '2026-05-20' })).toEqual([
      'boleto.discount_until:discount_required',
    ]);
    expect(rules({ due_date: '2026-06-01', discount: 100, discount_until: '2026-06-02' })).toEqual([
      'boleto.discount_until:invalid_discount_date',
    ]);
    expect(rules({ due_date: '2026-06-01', discount: 100, discount_until: '2026-05-20' })).toEqual([]);
  });
});

describe('parseDueDate', () => {
  it('reads YYYY-MM-DD and +Nd against today', () => {
    expect(parseDueDate('2026-06-01', TODAY)).toBe('2026-06-01');
    expect(parseDueDate('+3d', TODAY)).toBe('2026-05-18');
    expect(parseDueDate('+0d', TODAY)).toBe(TODAY);
    expect(parseDueDate('+20d', '2026-12-20')).toBe('2027-01-09');
  });

  it('reads the Brazilian DD/MM/YYYY as the date it names', () => {
    expect(parseDueDate('30/11/2026', TODAY)).toBe('2026-11-30');
    expect(() => parseDueDate('31/04/2026', TODAY, 'due-date')).toThrow(
      /^due-date: "31\/04\/2026" is not a date/,
    );
    expect(() => parseDueDate('11/30/2026', TODAY)).toThrow(/is not a date/);
  });

  it('refuses impossible dates, other forms and the past, naming the field', () => {
    expect(() => parseDueDate('2026-02-30', TODAY, 'due-date')).toThrow(
      /^due-date: "2026-02-30" is not a date/,
    );
    expect(() => parseDueDate('3d', TODAY)).toThrow(/is not a date/);
    expect(() => parseDueDate('2026-05-14', TODAY)).toThrow(
      /2026-05-14 is in the past \(today is 2026-05-15\)/,
    );
  });

  it('today is the Brazilian calendar date (UTC−3)', () => {
    expect(brazilDate(Date.UTC(2026, 4, 16, 2, 59))).toBe('2026-05-15');
    expect(brazilDate(Date.UTC(2026, 4, 16, 3, 0))).toBe('2026-05-16');
  });
});

describe('weekendDayOf', () => {
  it('Saturday and Sunday by the calendar date itself, no time zone; weekdays and non-dates: none', () => {
    expect(weekendDayOf('2030-11-30')).toBe('Saturday');
    expect(weekendDayOf('2026-11-29')).toBe('Sunday');
    expect(weekendDayOf('2026-11-27')).toBeUndefined(); // a Friday
    expect(weekendDayOf('2026-11-30')).toBeUndefined(); // a Monday
    expect(weekendDayOf('2026-02-30')).toBeUndefined();
    expect(weekendDayOf('soon')).toBeUndefined();
  });
});
