// Charge items: each `unit_price` in integer centavos, above zero, or all zero (the gateway then
// distributes the amount among them; docs/gateway-api.md).
import { ruleBroken, sentenceOf, UsageError } from '../errors.js';
import { formatMoney, parseMoney } from './money.js';
import type { SplitViolation } from './split.js';

/**
 * An item of a charge, its unit price in centavos. Declared here so that the rules need nothing of
 * src/schemas/ (a lower layer, docs/architecture.md); src/schemas/charge.ts checks that its
 * `itemSchema` gives this shape.
 */
export interface Item {
  name: string;
  quantity: number;
  unit_price: number;
}

/** Same shape as a split violation: `field` is `items[2].unit_price` and the like. */
export type ItemViolation = SplitViolation;

export const ItemRule = {
  NameRequired: 'name_required',
  QuantityPositive: 'quantity_positive',
  UnitPriceInteger: 'unit_price_integer',
  UnitPricePositive: 'unit_price_positive',
} as const;

/**
 * Reads `--item name:quantity:unit_price`. Parsed from the right, so a name may contain `:`.
 * The unit price is a money value (0 allowed: all-zero items spread the amount).
 */
export function parseItemArgument(text: string): Item {
  const field = '--item';
  const fail = (problem: 'itemParts' | 'itemName' | 'itemQuantity' | 'itemUnitPrice'): never => {
    const form = sentenceOf(ruleBroken('itemForm'));
    throw new UsageError(ruleBroken(problem, { field, value: JSON.stringify(text), form }), { field });
  };
  const priceColon = text.lastIndexOf(':');
  const quantityColon = priceColon > 0 ? text.lastIndexOf(':', priceColon - 1) : -1;
  if (quantityColon < 0) return fail('itemParts');
  const name = text.slice(0, quantityColon).trim();
  const quantityText = text.slice(quantityColon + 1, priceColon).trim();
  const priceText = text.slice(priceColon + 1).trim();
  if (name === '') fail('itemName');
  const quantity = Number(quantityText);
  if (!/^\d+$/.test(quantityText) || !Number.isSafeInteger(quantity) || quantity < 1) {
    fail('itemQuantity');
  }
  let unitPrice = 0;
  try {
    unitPrice = parseMoney(priceText, field, { allowZero: true });
  } catch {
    fail('itemUnitPrice');
  }
  return { name, quantity, unit_price: unitPrice };
}

export interface ItemsResolution {
  /** The items with unit prices filled in when they were all 0. */
  items: Item[];
  warnings: string[];
  violations: ItemViolation[];
}

/**
 * Checks the item rules against the charge amount. Every unit_price must be above 0, or all of
 * them 0, in which case the amount is spread over the items. Mixed zero and non-zero prices are
 * a violation; items that do not add up to the amount are only a warning (the gateway decides).
 */
export function resolveItems(items: Item[], amount: number): ItemsResolution {
  const violations: ItemViolation[] = [];
  const warnings: string[] = [];
  items.forEach((item, index) => {
    const field = `items[${index}]`;
    if (typeof item.name !== 'string' || item.name.trim() === '') {
      violations.push({
        field: `${field}.name`,
        rule: ItemRule.NameRequired,
        message: sentenceOf(ruleBroken('itemNameRequired', { field: `${field}.name` })),
      });
    }
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      violations.push({
        field: `${field}.quantity`,
        rule: ItemRule.QuantityPositive,
        message: sentenceOf(
          ruleBroken('itemQuantityPositive', { field: `${field}.quantity`, value: String(item.quantity) }),
        ),
      });
    }
    if (!Number.isSafeInteger(item.unit_price) || item.unit_price < 0) {
      violations.push({
        field: `${field}.unit_price`,
        rule: ItemRule.UnitPriceInteger,
        message: sentenceOf(
          ruleBroken('itemUnitPriceInteger', {
            field: `${field}.unit_price`,
            value: String(item.unit_price),
          }),
        ),
      });
    }
  });
  if (items.length === 0) return { items: [], warnings, violations };

  const zeroPriced = items.flatMap((item, index) => (item.unit_price === 0 ? [index] : []));
  if (zeroPriced.length > 0 && zeroPriced.length < items.length) {
    for (const index of zeroPriced) {
      violations.push({
        field: `items[${index}].unit_price`,
        rule: ItemRule.UnitPricePositive,
        message: sentenceOf(ruleBroken('itemUnitPriceAboveZero', { field: `items[${index}].unit_price` })),
      });
    }
    return { items: items.map((item) => ({ ...item })), warnings, violations };
  }
  const amountIsValid = Number.isSafeInteger(amount) && amount > 0;
  if (violations.length > 0 || !amountIsValid) {
    return { items: items.map((item) => ({ ...item })), warnings, violations };
  }

  if (zeroPriced.length === items.length) {
    const spread = spreadAmount(items, amount);
    const total = itemsTotal(spread);
    if (total !== amount) {
      warnings.push(
        sentenceOf(
          ruleBroken('itemsCannotSpread', { amount: formatMoney(amount), total: formatMoney(total) }),
        ),
      );
    }
    if (spread.some((item) => item.unit_price === 0)) {
      warnings.push(sentenceOf(ruleBroken('itemsTooLittle', { amount: formatMoney(amount) })));
    }
    return { items: spread, warnings, violations };
  }

  const total = itemsTotal(items);
  if (total !== amount) {
    warnings.push(
      sentenceOf(ruleBroken('itemsTotalDiffers', { total: formatMoney(total), amount: formatMoney(amount) })),
    );
  }
  return { items: items.map((item) => ({ ...item })), warnings, violations };
}

function itemsTotal(items: Item[]): number {
  return items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
}

/**
 * Spreads `amount` over the items in proportion to their quantities, by largest remainder (ties
 * to the earlier item), so the items' parts add up to the amount exactly. A unit price must be
 * the same for every unit of an item, so it is floor(part / quantity): when a part does not
 * divide by its quantity the unit prices fall short of the amount by a few centavos, and the
 * caller warns. Preferring whole-centavo unit prices over an exact total keeps every item valid.
 */
function spreadAmount(items: Item[], amount: number): Item[] {
  const totalQuantity = BigInt(items.reduce((sum, item) => sum + item.quantity, 0));
  const shares = items.map((item, index) => {
    const product = BigInt(amount) * BigInt(item.quantity);
    return { index, part: product / totalQuantity, remainder: product % totalQuantity };
  });
  let leftover = BigInt(amount) - shares.reduce((sum, share) => sum + share.part, 0n);
  const byRemainder = [...shares].sort((left, right) =>
    left.remainder === right.remainder ? 0 : left.remainder > right.remainder ? -1 : 1,
  );
  for (let position = 0; leftover > 0n; position++) {
    byRemainder[position]!.part += 1n;
    leftover -= 1n;
  }
  return items.map((item, index) => ({
    ...item,
    unit_price: Number(shares[index]!.part / BigInt(item.quantity)),
  }));
}
