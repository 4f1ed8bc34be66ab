import { describe, expect, it } from 'vitest';
import { displayWidth, layoutColumns } from '../../src/output/columns.js';

describe('displayWidth', () => {
  it('counts what the terminal shows', () => {
    expect(displayWidth('Loja')).toBe(4);
    expect(displayWidth('São João')).toBe(8);
    expect(displayWidth('Sa\u0303o')).toBe(3); // "São" with a combining tilde
    expect(displayWidth('\x1b[32mpaid\x1b[39m')).toBe(4);
    expect(displayWidth('東京')).toBe(4);
    expect(displayWidth('✅ ok')).toBe(5);
    expect(displayWidth('')).toBe(0);
  });
});

describe('layoutColumns', () => {
  it('pads to the widest cell, right-aligns where asked, no trailing spaces', () => {
    const text = layoutColumns(
      ['ID', 'STATUS', 'AMOUNT'],
      [
        ['ci_1', '\x1b[32mpaid\x1b[39m', 'R$ 1,00'],
        ['ci_22', 'São', 'R$ 1.000,00'],
      ],
      ['left', 'left', 'right'],
    );
    expect(text).toBe(
      'ID     STATUS       AMOUNT\n' +
        'ci_1   \x1b[32mpaid\x1b[39m        R$ 1,00\n' +
        'ci_22  São     R$ 1.000,00\n',
    );
  });
});
