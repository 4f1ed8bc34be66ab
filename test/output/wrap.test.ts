import { describe, expect, it } from 'vitest';
import { wrapBalanced, wrapCommand, wrapWords } from '../../src/output/wrap.js';
import { shellWords } from '../helpers/printed-command.js';

describe('wrapWords', () => {
  it('breaks at spaces within the width, indents the rest, never cuts a long word', () => {
    expect(wrapWords('one two three four', 9, '  ')).toEqual(['one two', '  three', '  four']);
    expect(wrapWords('short', 80)).toEqual(['short']);
    expect(wrapWords('  a note that wraps', 10, '    ')).toEqual(['  a note', '    that', '    wraps']);
    const url = 'http://127.0.0.1:33489/a-very-long-path';
    expect(wrapWords(`at ${url} now`, 20)).toEqual(['at', url, 'now']);
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

describe('wrapBalanced', () => {
  it('takes as few lines as greedy wrapping, but leaves no word stranded on the last', () => {
    const text = 'delivery address: street,number,city,UF,CEP or JSON';
    expect(wrapWords(text, 46)).toEqual(['delivery address: street,number,city,UF,CEP or', 'JSON']);
    expect(wrapBalanced(text, 46)).toEqual(['delivery address:', 'street,number,city,UF,CEP or JSON']);
    expect(wrapBalanced('fits on one line', 80)).toEqual(['fits on one line']);
    expect(wrapBalanced('', 80)).toEqual(['']);
  });

  it('never goes past the width; a word longer than it keeps a line of its own', () => {
    expect(wrapBalanced('a verylongwordthatdoesnotfit b c', 10)).toEqual([
      'a',
      'verylongwordthatdoesnotfit',
      'b c',
    ]);
    const prose =
      'Every rule of the API is checked before anything is sent (exit 2 naming the field). Money: integer centavos (1500) or reais with two decimals.';
    const lines = wrapBalanced(prose, 40);
    expect(lines.length).toBe(wrapWords(prose, 40).length);
    expect(lines.join(' ')).toBe(prose);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
  });
});
