import { describe, expect, it } from 'vitest';
import { wrapCommand, wrapWords } from '../../src/output/wrap.js';
import { shellWords } from '../helpers/printed-command.js';

describe('wrapWords', () => {
  it('breaks at spaces within the width, indents the rest, never cuts a long word', () => {
    expect(wrapWords('one two three four', 9, '  ')).toEqual(['one two', '  three', '  four']);
    expect(wrapWords('short', 80)).toEqual(['short']);
    expect(wrapWords('  a note that wraps', 10, '    ')).toEqual(['  a note', '    that', '    wraps']);
    const url = 'http://127.0.0.1:33489/a-very-long-path';
    expect(wrapWords(`at ${url} now`, 20)).toEqual(['at', url, 'now']);
    // Each line takes every word that fits: the next line's first word would not have fitted.
    const text = 'delivery address: street,number,city,UF,CEP or JSON';
    expect(wrapWords(text, 46)).toEqual(['delivery address: street,number,city,UF,CEP or', 'JSON']);
    // An amount is one word.
    expect(wrapWords('paid R$ 25,00 of 5 items', 10)).toEqual(['paid', 'R$ 25,00', 'of 5 items']);
  });
});

describe('wrapCommand', () => {
  it('ends each broken line in " \\\\" within the width, and a shell reads the same words', () => {
    const words = [
      'paygate',
      'charge',
      'create',
      '--amount',
      '100.00',
      '--description',
      "'Pedido 1042'",
      '--split',
      '1001=50%',
    ];
    const text = wrapCommand(words, 40);
    const lines = text.split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    for (const line of lines.slice(0, -1)) expect(line.endsWith(' \\')).toBe(true);
    // Joined as a shell joins continued lines, the words come back unchanged.
    expect(shellWords(text.replace(/ \\\n {4}/g, ' '))).toEqual(shellWords(words.join(' ')));
    expect(wrapCommand(['paygate', 'demo'], 80)).toBe('paygate demo');
    // A flag is never parted from its value.
    expect(wrapCommand(['paygate', 'x', '--description', "'Pedido 1042'"], 24)).toBe(
      "paygate x \\\n    --description 'Pedido 1042'",
    );
  });
});
