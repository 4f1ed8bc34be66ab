import { describe, expect, it } from 'vitest';
import { examplesSection, shellWordsAsWritten, wrapHelpText } from '../../src/output/help-text.js';

describe('wrapHelpText', () => {
  it('reads source line breaks as spaces, keeps paragraphs, never breaks a `command`', () => {
    const text =
      'Asks for the key on a\nterminal, see `paygate token card` for\ncards.\n\nA second paragraph.';
    expect(wrapHelpText(text, 40)).toBe(
      'Asks for the key on a terminal, see\n`paygate token card` for cards.\n\nA second paragraph.',
    );
  });

  it('fills each line with every word that fits and breaks only at spaces, never inside a word', () => {
    const text =
      'currency code (default BRL; PIX and boleto: BRL only) street,number,complemento,bairro,city,UF,CEP';
    const lines = wrapHelpText(text, 46).split('\n');
    expect(lines).toEqual([
      'currency code (default BRL; PIX and boleto:',
      'BRL only)',
      'street,number,complemento,bairro,city,UF,CEP',
    ]);
    // The words come back whole and in order.
    expect(lines.join(' ')).toBe(text);
    // An amount stays whole.
    expect(wrapHelpText('an amount given below the minimum of R$ 100,00 is named', 40)).toBe(
      'an amount given below the minimum of\nR$ 100,00 is named',
    );
    // A word longer than the width keeps a line of its own, uncut.
    expect(
      wrapHelpText('see https://example.com/a/very/long/path/that/does/not/fit now', 40).split('\n'),
    ).toEqual(['see', 'https://example.com/a/very/long/path/that/does/not/fit', 'now']);
  });

  it('keeps indented lines as laid out, and leaves text alone below 40 columns', () => {
    const laidOut = 'Steps:\n  1. one\n  2. two';
    expect(wrapHelpText(laidOut, 80)).toBe(laidOut);
    expect(wrapHelpText('a b c d e f', 30)).toBe('a b c d e f');
  });
});

describe('examples', () => {
  it('splits a command where the shell does, quotes and $(…) kept whole', () => {
    expect(shellWordsAsWritten('paygate x --name "Ana Lima" --key sweep-$(date +%F) \'a b\'')).toEqual([
      'paygate',
      'x',
      '--name',
      '"Ana Lima"',
      '--key',
      'sweep-$(date +%F)',
      "'a b'",
    ]);
  });

  it('wraps a long example with ` \\` and an indent, within the width', () => {
    const section = examplesSection(
      ['paygate payout create --all --keep 100.00 --key sweep-$(date +%F) --yes --json'],
      50,
    );
    expect(section).toBe(
      '\nExamples:\n' +
        '  $ paygate payout create --all --keep 100.00 \\\n' +
        '      --key sweep-$(date +%F) --yes --json\n',
    );
  });
});
