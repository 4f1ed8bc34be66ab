import { describe, expect, it } from 'vitest';
import { sanitizeDeep, sanitizeForTerminal, sanitizeMultiline } from '../../src/output/sanitize.js';

describe('sanitizeForTerminal', () => {
  it.each([
    ['SGR colours', '\x1b[31mred\x1b[0m text', 'red text'],
    ['CSI cursor movement and erase', 'a\x1b[2J\x1b[1;1Hb\x1b[?25l', 'ab'],
    ['OSC window title ended by BEL', 'Evil\x1b]0;pwned\x07Corp', 'EvilCorp'],
    ['OSC title ended by ST', 'x\x1b]2;title\x1b\\y', 'xy'],
    [
      'OSC 8 hyperlink (text kept, link dropped)',
      '\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\',
      'click',
    ],
    ['DCS string', 'a\x1bPq#0;2;0;0;0\x1b\\b', 'ab'],
    ['APC string', 'a\x1b_payload\x1b\\b', 'ab'],
    ['two-byte escapes (RIS, charset, save cursor)', 'a\x1bcb\x1b(Bc\x1b7d', 'abcd'],
    ['lone ESC at the end', 'abc\x1b', 'abc'],
    ['unterminated OSC: its introducer removed, the text shown', 'Evil\x1b]0;pwned', 'Evil0;pwned'],
    ['truncated CSI', 'abc\x1b[31', 'abc31'],
    ['BEL and other C0 controls', 'ding\x07\x00\x08\x1f!', 'ding!'],
    ['DEL', 'a\x7fb', 'ab'],
    ['C1 CSI (0x9B) sequence', 'a\x9b31mb', 'ab'],
    ['C1 OSC (0x9D) ended by C1 ST (0x9C)', 'a\x9d0;pwned\x9cb', 'ab'],
    ['other C1 controls', 'a\x80\x84\x8d\x9fb', 'ab'],
    ['newlines and tabs in a cell', 'line 1\nline 2\r\nline 3\rx\ty', 'line 1 line 2 line 3 x y'],
    ['NEL and Unicode line separators', 'a\x85b\u2028c\u2029d', 'a b c d'],
    ['bidi overrides', 'R$ \u202e00,01\u202c', 'R$ 00,01'],
    ['Portuguese text untouched', 'Padaria São João — café ☕', 'Padaria São João — café ☕'],
  ])('%s', (_name, input, expected) => {
    expect(sanitizeForTerminal(input)).toBe(expected);
  });

  it('leaves no ESC, BEL or C1 byte whatever the input', () => {
    let all = '';
    for (let code = 0; code < 0xa0; code++) all += String.fromCharCode(code) + 'x';
    const clean = sanitizeForTerminal(all);
    expect(clean).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
    expect(clean.replace(/ /g, '')).toMatch(/^[x!-~]+$/);
  });
});

describe('sanitizeMultiline', () => {
  it('keeps newlines (normalised to \\n) and tabs, strips the rest', () => {
    expect(sanitizeMultiline('a\r\nb\rc\nd\te\x1b[1mf\x1b]0;t\x07g\x07')).toBe('a\nb\nc\nd\tefg');
  });
});

describe('sanitizeDeep', () => {
  it('cleans strings in nested objects and arrays, keys included, without touching the input', () => {
    const input = {
      id: 'ci_1',
      amount: 1500,
      paid: false,
      none: null,
      seller: { name: 'Evil\x1b]0;pwned\x07Corp', tags: ['a\x1b[31mb', 7] },
      metadata: { 'k\x1b[2Jey': 'line\nbreak' },
    };
    const snapshot = structuredClone(input);
    expect(sanitizeDeep(input)).toEqual({
      id: 'ci_1',
      amount: 1500,
      paid: false,
      none: null,
      seller: { name: 'EvilCorp', tags: ['ab', 7] },
      metadata: { key: 'line break' },
    });
    expect(input).toEqual(snapshot);
  });

  it('keeps line breaks when asked, and passes non-plain objects through', () => {
    const date = new Date(0);
    expect(sanitizeDeep({ text: 'a\nb\x07', date }, { multiline: true })).toEqual({ text: 'a\nb', date });
    expect(sanitizeDeep('x\x1b[0m')).toBe('x');
    expect(sanitizeDeep(42)).toBe(42);
  });

  it('survives shared and circular references', () => {
    const shared = { name: 'a\x07' };
    const circular: Record<string, unknown> = { shared, again: shared };
    circular.self = circular;
    const clean = sanitizeDeep(circular);
    expect(clean.shared).toEqual({ name: 'a' });
    expect(clean.self).toBe(clean);
  });
});
