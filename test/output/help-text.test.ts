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
