import { describe, expect, it } from 'vitest';
import { CHARGE_STATUSES, parseStatusWords } from '../../src/domain/status.js';
import { createColors, shouldUseColor, statusColor, statusTone } from '../../src/output/colors.js';

describe('shouldUseColor', () => {
  // [isTTY, env, --no-color, expected]
  const rules: Array<[string, boolean, Record<string, string>, boolean, boolean]> = [
    ['a TTY', true, {}, false, true],
    ['not a TTY', false, {}, false, false],
    ['--no-color on a TTY', true, {}, true, false],
    ['NO_COLOR=1 on a TTY', true, { NO_COLOR: '1' }, false, false],
    ['NO_COLOR=anything', true, { NO_COLOR: 'false' }, false, false],
    ['NO_COLOR empty is unset', true, { NO_COLOR: '' }, false, true],
    ['FORCE_COLOR=1 without a TTY', false, { FORCE_COLOR: '1' }, false, true],
    ['FORCE_COLOR=3', false, { FORCE_COLOR: '3' }, false, true],
    ['FORCE_COLOR empty forces (as Node and chalk read it)', false, { FORCE_COLOR: '' }, false, true],
    ['FORCE_COLOR=0 turns colour off on a TTY', true, { FORCE_COLOR: '0' }, false, false],
    ['FORCE_COLOR=false turns colour off', true, { FORCE_COLOR: 'false' }, false, false],
    ['FORCE_COLOR beats NO_COLOR', false, { FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
    ['--no-color beats FORCE_COLOR', true, { FORCE_COLOR: '1' }, true, false],
    ['TERM=dumb', true, { TERM: 'dumb' }, false, false],
    ['TERM=dumb with FORCE_COLOR', false, { TERM: 'dumb', FORCE_COLOR: '1' }, false, true],
    ['TERM=xterm-256color', true, { TERM: 'xterm-256color' }, false, true],
  ];
  it.each(rules)('%s', (_name, isTTY, env, noColorFlag, expected) => {
    expect(shouldUseColor({ isTTY, env, noColorFlag })).toBe(expected);
  });
});

describe('createColors', () => {
  it('adds ANSI escapes when enabled, whatever the environment chalk would see', () => {
    const colors = createColors(true);
    expect(colors.enabled).toBe(true);
    expect(colors.green('ok')).toBe('\x1b[32mok\x1b[39m');
    expect(colors.red('x')).toBe('\x1b[31mx\x1b[39m');
    expect(colors.yellow('x')).toBe('\x1b[33mx\x1b[39m');
    expect(colors.cyan('x')).toBe('\x1b[36mx\x1b[39m');
    expect(colors.gray('x')).toBe('\x1b[90mx\x1b[39m');
    expect(colors.bold('x')).toBe('\x1b[1mx\x1b[22m');
    expect(colors.dim('x')).toBe('\x1b[2mx\x1b[22m');
  });

  it('returns text unchanged when disabled', () => {
    const colors = createColors(false);
    expect(colors.enabled).toBe(false);
    for (const paint of [
      colors.bold,
      colors.dim,
      colors.green,
      colors.red,
      colors.yellow,
      colors.cyan,
      colors.gray,
    ]) {
      expect(paint('text')).toBe('text');
    }
  });
});

describe('statusColor', () => {
  const colors = createColors(true);
  it.each([
    ['paid', 'success', '\x1b[32m'],
    ['completed', 'success', '\x1b[32m'],
    ['pending', 'pending', '\x1b[33m'],
    ['processing', 'pending', '\x1b[33m'],
    ['failed', 'failure', '\x1b[31m'],
    ['expired', 'failure', '\x1b[31m'],
    ['refunded', 'failure', '\x1b[31m'],
    ['PAID', 'success', '\x1b[32m'],
  ])('%s is %s', (status, tone, sgr) => {
    expect(statusTone(status)).toBe(tone);
    expect(statusColor(status, colors)).toBe(`${sgr}${status}\x1b[39m`);
  });

  it('shows an unknown status plain', () => {
    expect(statusTone('on_hold')).toBe('unknown');
    expect(statusTone('constructor')).toBe('unknown');
    expect(statusColor('on_hold', colors)).toBe('on_hold');
  });

  it('a declared word takes the colour of the status it reads as, and shows that reading', () => {
    const words = parseStatusWords('RECEIVED=paid,OVERDUE=expired', CHARGE_STATUSES, 'gateway.charge_status');
    expect(statusColor('RECEIVED', colors, words)).toBe('\x1b[32mRECEIVED (paid)\x1b[39m');
    expect(statusColor('overdue', colors, words)).toBe('\x1b[31moverdue (expired)\x1b[39m');
    expect(statusColor('PENDING', colors, words)).toBe('\x1b[33mPENDING\x1b[39m');
    // Undeclared, the same word is shown as it came, uncoloured.
    expect(statusColor('RECEIVED', colors)).toBe('RECEIVED');
  });
});
