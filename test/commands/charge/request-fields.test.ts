// The table of charge request fields: everything `charge create` knows of a field comes from its
// row. A field added only here (pix.imaginary_field, named so that no real field added to the
// table by docs/how-to.md's recipe is ever it) gets its flag, its option, the flag its
// problems are named by, its CSV column and its place among the request's keys.
import { describe, expect, it } from 'vitest';
import {
  bodyFlagsOf,
  csvColumnsOf,
  fieldFlagsOf,
  requestFieldFlags,
} from '../../../src/commands/charge/body-flags.js';
import { CHARGE_CREATE_FLAGS } from '../../../src/commands/charge/flags.js';
import {
  CHARGE_REQUEST_FIELDS,
  type ChargeRequestField,
  keysUnder,
  topLevelKeys,
} from '../../../src/schemas/charge-request-fields.js';

const imaginaryField = {
  path: 'pix.imaginary_field',
  flag: '--imaginary-field <text>',
  help: 'PIX: an imaginary field',
  methods: ['pix'],
  column: 'imaginary_field',
} as const satisfies ChargeRequestField;
const withImaginaryField: readonly ChargeRequestField[] = [...CHARGE_REQUEST_FIELDS, imaginaryField];

describe('the table of charge request fields', () => {
  it("gives `charge create` its first flags, in the table's order", () => {
    const fromTable = CHARGE_REQUEST_FIELDS.filter((field) => 'flag' in field).map((field) => field.flag);
    expect(CHARGE_CREATE_FLAGS.slice(0, fromTable.length).map((spec) => spec.flags)).toEqual(fromTable);
    expect(CHARGE_CREATE_FLAGS.find((spec) => spec.flags === '--method <method>')).toEqual({
      flags: '--method <method>',
      description: 'payment method: pix (default), card or boleto',
      choices: ['pix', 'card', 'boleto'],
    });
    expect(CHARGE_CREATE_FLAGS.find((spec) => spec.flags === '--item <name:qty:unit_price>')).toEqual({
      flags: '--item <name:qty:unit_price>',
      description: 'an item (repeatable)',
      repeatable: true,
    });
  });

  it('a new row is a flag, an option, a problem name, a CSV column and an allowed key', () => {
    expect(requestFieldFlags(withImaginaryField).at(-1)).toEqual({
      flags: '--imaginary-field <text>',
      description: 'PIX: an imaginary field',
    });
    const entry = bodyFlagsOf(withImaginaryField).at(-1);
    expect(entry).toMatchObject({ flag: '--imaginary-field', option: 'imaginaryField' });
    expect(fieldFlagsOf(bodyFlagsOf(withImaginaryField))['pix.imaginary_field']).toBe('--imaginary-field');
    expect(csvColumnsOf(bodyFlagsOf(withImaginaryField)).get('imaginary_field')).toEqual({
      option: 'imaginaryField',
      list: false,
    });
    // After the table's own pix keys (pinned below), whatever real ones it gains.
    expect(keysUnder(withImaginaryField, 'pix')).toEqual([
      ...keysUnder(CHARGE_REQUEST_FIELDS, 'pix'),
      'imaginary_field',
    ]);
    expect(topLevelKeys(withImaginaryField)).toEqual(topLevelKeys(CHARGE_REQUEST_FIELDS));
  });

  it('names each field by the first flag that sets it; repeatable flags are list columns', () => {
    const names = fieldFlagsOf(bodyFlagsOf(CHARGE_REQUEST_FIELDS));
    expect(names['pix.expires_in']).toBe('--expires-in');
    expect(names.amount).toBe('--amount');
    expect(names.split).toBe('--split');
    expect(names.currency).toBe('--currency');
    const columns = csvColumnsOf(bodyFlagsOf(CHARGE_REQUEST_FIELDS));
    expect(columns.get('item')).toEqual({ option: 'item', list: true });
    expect(columns.get('customer_email')).toEqual({ option: 'customerEmail', list: false });
  });

  it("declares every top-level key of a request, and the pix object's", () => {
    expect([...topLevelKeys(CHARGE_REQUEST_FIELDS)].sort()).toEqual(
      [
        'amount',
        'currency',
        'payment_method',
        'customer',
        'shipping',
        'items',
        'metadata',
        'external_id',
        'store_id',
        'product_id',
        'pix',
        'checkout',
        'callback_url',
        'split',
        'card',
        'boleto',
      ].sort(),
    );
    expect(keysUnder(CHARGE_REQUEST_FIELDS, 'pix')).toEqual(['description', 'expires_in']);
  });
});
