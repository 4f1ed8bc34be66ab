import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type Item as DomainItem,
  ItemRule,
  parseItemArgument,
  resolveItems,
} from '../../src/domain/items.js';
import { UsageError } from '../../src/errors.js';
import type { Item } from '../../src/schemas/charge.js';

function item(name: string, quantity: number, unit_price: number): Item {
  return { name, quantity, unit_price };
}

describe('parseItemArgument', () => {
  it.each<[string, Item]>([
    ['T-shirt:2:4990', item('T-shirt', 2, 4990)],
    ['T-shirt:2:49.90', item('T-shirt', 2, 4990)],
    ['T-shirt:2:49,90', item('T-shirt', 2, 4990)],
    ['Gift:1:0', item('Gift', 1, 0)],
    ['Cable: USB-C:3:R$ 19,90', item('Cable: USB-C', 3, 1990)],
    ['a:b:c:1:100', item('a:b:c', 1, 100)],
    [' Mug : 1 : 2500 ', item('Mug', 1, 2500)],
  ])('reads %j', (text, expected) => {
    expect(parseItemArgument(text)).toEqual(expected);
  });

  it.each([
    '',
    'Mug',
    'Mug:1',
    ':1:100',
    'Mug:0:100',
    'Mug:-1:100',
    'Mug:1.5:100',
    'Mug:x:100',
    'Mug:1:',
    'Mug:1:49.9',
  ])('rejects %j naming --item and the expected form', (text) => {
    let caught: unknown;
    try {
      parseItemArgument(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).details.field).toBe('--item');
    expect((caught as UsageError).message).toContain('name:quantity:unit_price');
  });
});

describe('resolveItems', () => {
  it('accepts items that add up to the amount, with no warning', () => {
    const items = [item('A', 2, 2500), item('B', 1, 5000)];
    expect(resolveItems(items, 10000)).toEqual({ items, warnings: [], violations: [] });
  });

  it('warns when the items do not add up to the amount', () => {
    const result = resolveItems([item('A', 2, 2500)], 10000);
    expect(result.violations).toEqual([]);
    expect(result.warnings).toEqual(['The items add up to R$ 50,00, but the charge amount is R$ 100,00.']);
  });

  it('rejects a mix of zero and non-zero unit prices, naming each zero item', () => {
    const result = resolveItems([item('A', 1, 100), item('B', 1, 0), item('C', 2, 0)], 10000);
    expect(result.violations.map((violation) => `${violation.field} ${violation.rule}`)).toEqual([
      `items[1].unit_price ${ItemRule.UnitPricePositive}`,
      `items[2].unit_price ${ItemRule.UnitPricePositive}`,
    ]);
    expect(result.violations[0]!.message).toContain('must be greater than zero');
  });

  it('spreads the amount over all-zero items in proportion to quantity', () => {
    const result = resolveItems([item('A', 1, 0), item('B', 3, 0)], 10000);
    expect(result.items).toEqual([item('A', 1, 2500), item('B', 3, 2500)]);
    expect(result.warnings).toEqual([]);
    expect(result.violations).toEqual([]);
  });

  it('gives leftover centavos to the largest remainders, ties to the earlier item', () => {
    // 10000 / 3 each: 3333.33, the leftover centavo goes to the first item.
    expect(resolveItems([item('A', 1, 0), item('B', 1, 0), item('C', 1, 0)], 10000).items).toEqual([
      item('A', 1, 3334),
      item('B', 1, 3333),
      item('C', 1, 3333),
    ]);
    // 100 over quantities 1 and 2: 33.3 and 66.6, the centavo goes to the .6 remainder.
    const spread = resolveItems([item('A', 1, 0), item('B', 2, 0)], 100);
    expect(spread.items).toEqual([item('A', 1, 33), item('B', 2, 33)]);
  });

  it('warns when a part does not divide by its quantity, keeping unit prices whole', () => {
    // Parts 33 and 67; 67 over 2 units gives 33 each, 1 centavo short of the amount.
    const result = resolveItems([item('A', 1, 0), item('B', 2, 0)], 100);
    expect(result.violations).toEqual([]);
    expect(result.warnings).toEqual([
      "R$ 1,00 cannot be spread exactly over the items' units: their unit prices add up to R$ 0,99; " +
        'the gateway spreads the amount itself.',
    ]);
  });

  it('warns when the amount is too small to give every unit a centavo', () => {
    const result = resolveItems([item('A', 1, 0), item('B', 1, 0), item('C', 1, 0)], 2);
    expect(result.items.map((resolved) => resolved.unit_price)).toEqual([1, 1, 0]);
    expect(result.warnings).toEqual([
      'R$ 0,02 is too little to give every unit of every item at least 1 centavo.',
    ]);
  });

  it('reports broken items instead of throwing', () => {
    const result = resolveItems([item('', 0, -5), item('B', 1.5, 1.25)], 10000);
    expect(result.violations.map((violation) => `${violation.field} ${violation.rule}`)).toEqual([
      `items[0].name ${ItemRule.NameRequired}`,
      `items[0].quantity ${ItemRule.QuantityPositive}`,
      `items[0].unit_price ${ItemRule.UnitPriceInteger}`,
      `items[1].quantity ${ItemRule.QuantityPositive}`,
      `items[1].unit_price ${ItemRule.UnitPriceInteger}`,
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('does nothing for no items', () => {
    expect(resolveItems([], 10000)).toEqual({ items: [], warnings: [], violations: [] });
  });

  it('does not change the items it was given', () => {
    const items = [item('A', 1, 0), item('B', 1, 0)];
    resolveItems(items, 100);
    expect(items).toEqual([item('A', 1, 0), item('B', 1, 0)]);
  });
});

describe('the Item of the rules', () => {
  it('is the shape the schema gives (checked by tsc)', () => {
    expectTypeOf<DomainItem>().toEqualTypeOf<Item>();
    expect(item('T-shirt', 2, 4_990)).toEqual({ name: 'T-shirt', quantity: 2, unit_price: 4_990 });
  });
});
