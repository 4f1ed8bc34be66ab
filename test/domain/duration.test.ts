import { describe, expect, it } from 'vitest';
import { LONGEST_WAIT_MS, parseDuration, parseWaitDuration } from '../../src/domain/duration.js';
import { UsageError } from '../../src/errors.js';

describe('parseDuration', () => {
  it.each([
    ['90', 90_000],
    ['90s', 90_000],
    ['30m', 1_800_000],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
    ['500ms', 500],
    ['0', 0],
    [' 5m ', 300_000],
  ])('reads %j as %i ms', (input, expected) => {
    expect(parseDuration(input, '--timeout')).toBe(expected);
  });

  it.each(['1.5s', '-1', '', 'm', '30 m', '1h30m', '2H', '1w', '1e3', 'soon', '99999999999999999d'])(
    'rejects %j naming the field',
    (input) => {
      let caught: unknown;
      try {
        parseDuration(input, '--interval');
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(UsageError);
      expect((caught as UsageError).details.field).toBe('--interval');
      expect((caught as UsageError).message).toMatch(/^--interval: /);
    },
  );

  it('says which forms it accepts', () => {
    expect(() => parseDuration('1.5s', '--timeout')).toThrow(/90s, 30m, 2h, 1d/);
  });
});

describe('parseWaitDuration', () => {
  it.each([
    ['24d', 24 * 86_400_000],
    ['2147483647ms', LONGEST_WAIT_MS],
    ['30s', 30_000],
  ])('reads %j as %i ms: a timer keeps it', (input, expected) => {
    expect(parseWaitDuration(input, '--request-timeout')).toBe(expected);
  });

  it.each(['25d', '2147483648ms', '600h'])('refuses %j: longer than a timer keeps', (input) => {
    let caught: unknown;
    try {
      parseWaitDuration(input, '--interval');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    expect((caught as UsageError).details.field).toBe('--interval');
    expect((caught as UsageError).message).toBe(
      `--interval: ${JSON.stringify(input)} is longer than the longest wait paygate can keep (24d)`,
    );
  });
});
