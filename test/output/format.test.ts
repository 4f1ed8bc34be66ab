import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, formatRelative, formatTimestamp } from '../../src/output/format.js';

const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Sao_Paulo'; // UTC-3, no daylight saving time since 2019
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('formatTimestamp', () => {
  const now = Date.parse('2026-11-22T17:00:00Z');
  it('shows local time', () => {
    expect(formatTimestamp('2026-11-22T17:03:59Z')).toBe('2026-11-22 14:03');
    expect(formatTimestamp('2026-01-02T03:04:05.678-03:00')).toBe('2026-01-02 03:04');
  });
  it('adds how long ago or how far ahead when now is given', () => {
    expect(formatTimestamp('2026-11-22T16:55:00Z', now)).toBe('2026-11-22 13:55 (5m ago)');
    expect(formatTimestamp('2026-11-22T17:30:00Z', now)).toBe('2026-11-22 14:30 (in 30m)');
    expect(formatTimestamp('2026-11-22T17:00:02Z', now)).toBe('2026-11-22 14:00 (just now)');
  });
  it('a past moment (a creation time) ahead of now, the gateway clock being ahead: just now, never "in …"', () => {
    expect(formatTimestamp('2026-11-22T17:10:00Z', now, { past: true })).toBe('2026-11-22 14:10 (just now)');
    expect(formatTimestamp('2026-11-22T16:50:00Z', now, { past: true })).toBe('2026-11-22 13:50 (10m ago)');
  });
  it('shows a date-only value as the date it is, never the evening before', () => {
    expect(formatTimestamp('2026-11-26')).toBe('2026-11-26');
    expect(formatTimestamp('2026-11-26', now)).toBe('2026-11-26');
  });
  it('shows a date-time without a zone as written: its zone is not known', () => {
    expect(formatTimestamp('2024-07-13 10:12:44')).toBe('2024-07-13 10:12:44');
    expect(formatTimestamp('2026-11-26T00:30:00', now)).toBe('2026-11-26T00:30:00');
  });
  it('returns what is not a date unchanged', () => {
    expect(formatTimestamp('soon')).toBe('soon');
    expect(formatTimestamp('')).toBe('');
  });
});

describe('formatRelative', () => {
  it.each([
    [0, 'just now'],
    [-4_999, 'just now'],
    [30_000, 'in 30s'],
    [-90_000, '1m ago'],
    [3 * 3_600_000, 'in 3h'],
    [-47 * 3_600_000, '47h ago'],
    [-3 * 86_400_000, '3d ago'],
  ])('%i ms → %s', (delta, expected) => {
    expect(formatRelative(1_000_000_000 + delta, 1_000_000_000)).toBe(expected);
  });
});

describe('formatAmount', () => {
  it('formats integer centavos with formatMoney and never throws on other values', () => {
    expect(formatAmount(123456)).toBe('R$ 1.234,56');
    expect(formatAmount(5)).toBe('R$ 0,05');
    expect(formatAmount(-100)).toBe('-R$ 1,00');
    expect(formatAmount(12.5)).toBe('12.5 (as received)');
    expect(formatAmount('1500')).toBe('1500 (as received)');
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
  });
});
