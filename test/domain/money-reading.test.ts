import { describe, expect, it } from 'vitest';
import { declaredMoneyUnit, echoesSent, readMoney } from '../../src/domain/money-reading.js';
import { parseJsonLossless } from '../../src/json.js';

/** A field's value as the wire wrote it (`1500.00` stays a decimal). */
const wire = (literal: string): unknown => (parseJsonLossless(`{"v":${literal}}`) as { v: unknown }).v;

describe('readMoney', () => {
  it("the API's names as integer literals are centavos, whatever is declared", () => {
    for (const declared of [undefined, 'centavos', 'reais'] as const) {
      expect(readMoney('amount', wire('1500'), declared)).toEqual({
        known: true,
        field: 'amount',
        received: '1500',
        centavos: 1500,
      });
      expect(readMoney('balance.available', wire('1500'), declared)).toMatchObject({ centavos: 1500 });
    }
    expect(readMoney('pending', wire('0'))).toMatchObject({ known: true, centavos: 0 });
    expect(readMoney('fee', wire('399'))).toMatchObject({ known: true, centavos: 399 });
  });

  it("the API's names written otherwise are unknown, even with reais declared", () => {
    expect(readMoney('amount', wire('150.00'), 'reais')).toMatchObject({
      known: false,
      received: '150.00',
      why: 'amount is 150.00, not integer centavos',
    });
    expect(readMoney('available', wire('"1500"'))).toMatchObject({ known: false, received: '1500' });
  });

  it('any other name is of unknown unit when nothing is declared, whole number or not', () => {
    for (const [field, literal, received] of [
      ['balance', '1500', '1500'],
      ['available_balance', '1500.0', '1500.0'],
      ['value', '50', '50'],
      ['valor', '"100.00"', '100.00'],
      ['saldo', '"1500.00"', '1500.00'],
    ] as const) {
      const reading = readMoney(field, wire(literal));
      expect(reading).toMatchObject({ known: false, field, received });
      expect(reading.known === false && reading.why).toContain(
        `the unit of ${field} (${received}) is unknown`,
      );
    }
  });

  it('with reais declared: whole numbers and up to two decimals, number or text, converted exactly', () => {
    expect(readMoney('balance', wire('1500'), 'reais')).toMatchObject({ known: true, centavos: 150000 });
    expect(readMoney('balance', wire('1500.50'), 'reais')).toMatchObject({ known: true, centavos: 150050 });
    expect(readMoney('balance', wire('1500.5'), 'reais')).toMatchObject({ known: true, centavos: 150050 });
    expect(readMoney('saldo', wire('"1500.50"'), 'reais')).toMatchObject({ known: true, centavos: 150050 });
    // 0.29 * 100 is 28.999999999999996 in floats: string arithmetic gives 29.
    expect(readMoney('value', wire('0.29'), 'reais')).toMatchObject({ known: true, centavos: 29 });
    expect(readMoney('value', wire('-3.10'), 'reais')).toMatchObject({ known: true, centavos: -310 });
    expect(readMoney('valor.original', wire('"9007199254740.99"'), 'reais')).toMatchObject({
      known: true,
      centavos: 900719925474099,
    });
  });

  it('with reais declared: more than two decimals, exponents, words and objects stay unknown', () => {
    for (const literal of [
      '1500.505',
      '1e3',
      '"R$ 15,00"',
      '"15,00"',
      'true',
      '{"x":1}',
      '"90071992547409.93"',
    ]) {
      expect(readMoney('balance', wire(literal), 'reais'), literal).toMatchObject({ known: false });
    }
    expect(readMoney('balance', wire('1500.505'), 'reais')).toMatchObject({
      why: 'balance is 1500.505, not a money value in reais (gateway.money_unit)',
    });
  });

  it('with centavos declared: only an integer literal converts', () => {
    expect(readMoney('value', wire('50'), 'centavos')).toMatchObject({ known: true, centavos: 50 });
    expect(readMoney('value', wire('50.00'), 'centavos')).toMatchObject({ known: false });
    expect(readMoney('value', wire('"50"'), 'centavos')).toMatchObject({ known: false });
  });

  it("an answer the API does not describe (a refund object): its `amount` is not the API's", () => {
    expect(readMoney('amount', wire('210'), undefined, { apiNames: false })).toMatchObject({ known: false });
    expect(readMoney('amount', wire('210'), 'reais', { apiNames: false })).toMatchObject({
      known: true,
      centavos: 21000,
    });
  });
});

describe('echoesSent', () => {
  it('compares a decimal literal outside the API names as reais', () => {
    expect(echoesSent('valor', wire('"100.00"'), 10000)).toBe(true);
    expect(echoesSent('valor', wire('100.00'), 10000)).toBe(true);
    expect(echoesSent('valor', wire('"150.00"'), 10000)).toBe(false);
  });

  it('says nothing of a whole number outside the API names: centavos or reais, 100 times apart', () => {
    expect(echoesSent('valor', wire('10000'), 10000)).toBeUndefined();
    expect(echoesSent('value', wire('100'), 10000)).toBeUndefined();
    expect(echoesSent('valor', wire('"10000"'), 10000)).toBeUndefined();
  });

  it("never takes a decimal under the API's own amount for reais", () => {
    expect(echoesSent('amount', wire('150.00'), 15000)).toBe(false);
    expect(echoesSent('amount', wire('15000'), 15000)).toBe(true);
  });

  it('reads the declared unit', () => {
    expect(echoesSent('value', wire('100'), 10000, 'reais')).toBe(true);
    expect(echoesSent('value', wire('10000'), 10000, 'reais')).toBe(false);
  });
});

describe('declaredMoneyUnit', () => {
  it('reads gateway.money_unit; anything else declares nothing', () => {
    const settings = (value: unknown) => ({
      setting: (name: string) => (name === 'gateway.money_unit' ? value : undefined),
    });
    expect(declaredMoneyUnit(settings('reais'))).toBe('reais');
    expect(declaredMoneyUnit(settings('centavos'))).toBe('centavos');
    expect(declaredMoneyUnit(settings('dollars'))).toBeUndefined();
    expect(declaredMoneyUnit(settings(undefined))).toBeUndefined();
  });
});

describe('readMoney with the record’s currency', () => {
  it('a currency other than BRL is not centavos of reais, whatever the name, form or declared unit', () => {
    for (const declared of [undefined, 'centavos', 'reais'] as const) {
      const reading = readMoney('amount', wire('2000'), declared, { currency: 'USD' });
      expect(reading).toMatchObject({ known: false, received: '2000', currency: 'USD' });
      expect(reading.known ? '' : reading.why).toBe('amount is 2000 in USD, not centavos of reais');
    }
    expect(readMoney('amount', wire('2000'), undefined, { currency: 42 })).toMatchObject({
      known: false,
      currency: '42',
    });
  });

  it('BRL in any letter case, or no currency, reads as before', () => {
    for (const currency of ['BRL', 'brl', 'Brl', undefined, null]) {
      expect(readMoney('amount', wire('2000'), undefined, { currency })).toMatchObject({
        known: true,
        centavos: 2000,
      });
    }
  });
});
