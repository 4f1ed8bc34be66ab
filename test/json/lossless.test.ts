import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/api/envelope.js';
import { isJsonObject, parseJsonLossless, stringifyJson, WrittenNumber } from '../../src/json.js';
import { formatAmount } from '../../src/output/format.js';

describe('parseJsonLossless: number literals as written', () => {
  it('keeps 150.00, 1500.5, 1e3 and unsafe integers as WrittenNumber, never an integer', () => {
    const value = parseJsonLossless(
      '{"a":150.00,"b":1500.5,"c":1e3,"d":12345678901234567890,"e":150,"f":-7,"g":"1.50"}',
    ) as Record<string, unknown>;
    for (const [name, text] of [
      ['a', '150.00'],
      ['b', '1500.5'],
      ['c', '1e3'],
      ['d', '12345678901234567890'],
    ] as const) {
      const field = value[name];
      expect(field).toBeInstanceOf(WrittenNumber);
      expect(String(field)).toBe(text);
      expect(Number.isSafeInteger(field)).toBe(false);
      expect(typeof field).not.toBe('number');
      expect(isJsonObject(field)).toBe(false);
    }
    expect(value.e).toBe(150);
    expect(value.f).toBe(-7);
    expect(value.g).toBe('1.50');
    // Not money (a percentage): arithmetic still works.
    expect(Number(value.b) * 2).toBe(3001);
  });

  it('reads strings with escapes, nesting, and __proto__ as an own field, like JSON.parse', () => {
    const text = '{"s":"a\\"b\\u00e9\\n","__proto__":{"x":1.0},"list":[1.10,[],{},true,false,null," e "]}';
    const value = parseJsonLossless(text) as Record<string, unknown>;
    expect(value.s).toBe('a"bé\n');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['s', '__proto__', 'list']);
    expect(stringifyJson(value)).toBe(
      '{"s":"a\\"bé\\n","__proto__":{"x":1.0},"list":[1.10,[],{},true,false,null," e "]}',
    );
  });

  it('without such literals it is JSON.parse itself; invalid text throws as JSON.parse does', () => {
    expect(parseJsonLossless('{"amount":1500,"ok":true}')).toEqual({ amount: 1500, ok: true });
    expect(() => parseJsonLossless('{"amount":150.0')).toThrow(SyntaxError);
  });

  it('the answer reader keeps them: parseJson gives a WrittenNumber for 1486.00', () => {
    const parsed = parseJson('{"success":true,"data":{"available":1486.00}}', 'application/json');
    expect(parsed.ok).toBe(true);
    const data = (parsed as { value: { data: { available: unknown } } }).value.data;
    expect(stringifyJson(data)).toBe('{"available":1486.00}');
  });
});

describe('stringifyJson', () => {
  it('writes each WrittenNumber as its text, pretty or compact, at any depth', () => {
    const value = { amount: new WrittenNumber('150.00'), nested: [{ fee: new WrittenNumber('1e3') }], n: 5 };
    expect(stringifyJson(value)).toBe('{"amount":150.00,"nested":[{"fee":1e3}],"n":5}');
    expect(stringifyJson(value, 2)).toBe(
      '{\n  "amount": 150.00,\n  "nested": [\n    {\n      "fee": 1e3\n    }\n  ],\n  "n": 5\n}',
    );
    expect(stringifyJson(new WrittenNumber('2.50'))).toBe('2.50');
  });

  it('a string that merely looks like the placeholder stays a string', () => {
    expect(stringifyJson({ s: '\u0000x:0' })).toBe('{"s":"\\u0000x:0"}');
  });
});

describe('formatAmount', () => {
  it('shows a decimal literal as written and flagged, never as centavos', () => {
    expect(formatAmount(new WrittenNumber('150.00'))).toBe('150.00 (as received)');
    expect(formatAmount(15000)).toBe('R$ 150,00');
  });
});
