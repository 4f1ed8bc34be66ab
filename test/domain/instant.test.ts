// How a gateway wrote a time: a calendar date, a wall-clock time without a zone, or an instant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDayEnd, localDayStart, writtenTime } from '../../src/domain/instant.js';

const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Sao_Paulo'; // UTC-3
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('writtenTime', () => {
  it.each([
    ['2026-11-26', { kind: 'date', date: '2026-11-26' }],
    [' 2026-11-26 ', { kind: 'date', date: '2026-11-26' }],
    ['2024-07-13 10:12:44', { kind: 'wall_clock', text: '2024-07-13 10:12:44' }],
    ['2026-11-26T14:05', { kind: 'wall_clock', text: '2026-11-26T14:05' }],
    ['2026-11-26T14:05:00Z', { kind: 'instant', ms: Date.UTC(2026, 10, 26, 14, 5) }],
    ['2024-07-12T10:03:21.000-04:00', { kind: 'instant', ms: Date.UTC(2024, 6, 12, 14, 3, 21) }],
    [1_700_000_000, { kind: 'instant', ms: 1_700_000_000_000 }],
  ] as const)('%s → %o', (value, expected) => {
    expect(writtenTime(value)).toEqual(expected);
  });

  it.each(['2026-02-30', '2026-13-01', 'soon', '', null, {}])('%o is no time', (value) => {
    expect(writtenTime(value)).toBeUndefined();
  });
});

describe('a date is its local day', () => {
  it('from local midnight to the next one, never UTC midnight', () => {
    expect(localDayStart('2026-11-26')).toBe(Date.UTC(2026, 10, 26, 3));
    expect(localDayEnd('2026-11-26')).toBe(Date.UTC(2026, 10, 27, 3));
    expect(localDayEnd('2026-12-31')).toBe(Date.UTC(2027, 0, 1, 3));
  });
});
