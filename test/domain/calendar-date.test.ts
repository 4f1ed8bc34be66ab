import { describe, expect, it } from 'vitest';
import { calendarDateOf } from '../../src/domain/calendar-date.js';

describe('calendarDateOf', () => {
  it('reads ISO and Brazilian dates as the ISO date they name', () => {
    expect(calendarDateOf('2026-11-26')).toBe('2026-11-26');
    expect(calendarDateOf(' 26/11/2026 ')).toBe('2026-11-26');
    expect(calendarDateOf('29/02/2028')).toBe('2028-02-29');
  });

  it('refuses impossible dates and other forms', () => {
    for (const text of [
      '2026-02-30',
      '30/02/2026',
      '11/30/2026',
      '26/11/26',
      '26-11-2026',
      '2026/11/26',
      '',
    ]) {
      expect(calendarDateOf(text), text).toBeUndefined();
    }
  });
});
