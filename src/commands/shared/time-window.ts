// `--since` and `--until` of the lists: read without the clock when the flags are parsed (a
// duration ago, a date, a date-time), placed on the injected clock when the list runs.
import { calendarDateOf } from '../../domain/calendar-date.js';
import { parseDuration } from '../../domain/duration.js';
import { UsageError } from '../../errors.js';
import { sayShared } from '../../text/en/shared.js';

const DURATION_AGO = /^\d+(?:ms|s|m|h|d)?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A point in time from `--since`/`--until`, read without the clock: a duration ago (`7d`, `12h`,
 * `90` seconds) or a date (`2026-11-01` or `01/11/2026`: local midnight; for `--until`, the
 * midnight that ends it, so that the day is in) or date-time (`2026-11-01T10:00`, local unless it
 * has a zone) as epoch ms. `timePointMs` places a duration on the injected clock.
 */
export type TimePoint = { agoMs: number } | { atMs: number };

export function readTimePoint(text: string, flag: string, options: { endOfDay?: boolean } = {}): TimePoint {
  const value = text.trim();
  if (DURATION_AGO.test(value)) return { agoMs: parseDuration(value, flag) };
  let ms = Number.NaN;
  const date = calendarDateOf(value);
  if (date !== undefined) {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    ms = new Date(year, month - 1, day + (options.endOfDay ? 1 : 0)).getTime();
  } else if (DATE_TIME.test(value)) ms = Date.parse(value.replace(' ', 'T'));
  if (Number.isNaN(ms)) {
    throw new UsageError(sayShared('notATime', { flag, value: JSON.stringify(text) }), { field: flag });
  }
  return { atMs: ms };
}

/** Epoch ms of a time point, a duration ago counted back from `now`. */
export function timePointMs(point: TimePoint, now: number): number {
  return 'agoMs' in point ? now - point.agoMs : point.atMs;
}

/** `--since`/`--until` read without the clock (a list's parse); `timeWindowMs` places them. */
export interface TimeWindow {
  since?: TimePoint;
  until?: TimePoint;
}

/**
 * `--since`/`--until` as time points, the one before the other where that does not depend on the
 * clock (two dates, or two durations ago); `timeWindowMs` checks the rest.
 */
export function readTimeWindow(since: string | undefined, until: string | undefined): TimeWindow {
  const window: TimeWindow = {
    since: since === undefined ? undefined : readTimePoint(since, '--since'),
    // `--until 2026-11-24` is up to the end of that day: `--since D --until D` is the day D.
    until: until === undefined ? undefined : readTimePoint(until, '--until', { endOfDay: true }),
  };
  const { since: from, until: to } = window;
  const bothAgo = from !== undefined && to !== undefined && 'agoMs' in from && 'agoMs' in to;
  const bothAt = from !== undefined && to !== undefined && 'atMs' in from && 'atMs' in to;
  // Their order is the same at any time: any `now` checks it.
  if (bothAgo || bothAt) timeWindowMs(window, 0);
  return window;
}

/** A time window as epoch ms on the clock's `now`, the one before the other. */
export function timeWindowMs(window: TimeWindow, now: number): { sinceMs?: number; untilMs?: number } {
  const sinceMs = window.since === undefined ? undefined : timePointMs(window.since, now);
  const untilMs = window.until === undefined ? undefined : timePointMs(window.until, now);
  if (sinceMs !== undefined && untilMs !== undefined && sinceMs >= untilMs) {
    throw new UsageError(sayShared('sinceBeforeUntil'), { field: '--since' });
  }
  return { sinceMs, untilMs };
}
