// Instants as gateways send them: ISO 8601 strings (our sandbox), or Unix seconds or milliseconds
// as numbers (other gateways; docs/gateway-api.md shows only ISO for created_at). A gateway's
// date-only value (`2026-11-26`, Asaas's `dateCreated`, a `dueDate`) is a calendar date, and a
// date-time without a zone a wall-clock time in a zone the gateway does not name: neither is an
// instant (writtenTime tells them apart).

/** Epoch ms of a timestamp field, or undefined when it is not one. */
export function timestampMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // Below 1e11 it cannot be ms (that would be 1973): seconds.
    return value < 1e11 ? value * 1000 : value;
  }
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return timestampMs(Number(value));
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Epoch ms of a timestamp that names its instant: a number, or an ISO time with its zone (`Z`,
 * `-03:00`). A bare date (`2026-11-26`) or a time without a zone (`2026-11-26T10:00:00`) names
 * no instant (a day, a time in some unknown zone): undefined, so that it excludes nothing.
 */
export function zonedTimestampMs(value: unknown): number | undefined {
  if (typeof value === 'string' && !/^\s*\d+(\.\d+)?\s*$/.test(value)) {
    if (!/[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?\s*(Z|[+-]\d{2}(:?\d{2})?)\s*$/i.test(value)) return undefined;
  }
  return timestampMs(value);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/i;

/**
 * How a time was written: a calendar date (`2026-11-26`), a wall-clock time without a zone
 * (`2024-07-13 10:12:44`), or an instant (a zone, `Z`, or epoch seconds/ms); undefined when it is
 * not a time.
 */
export type WrittenTime =
  | { kind: 'date'; date: string }
  | { kind: 'wall_clock'; text: string }
  | { kind: 'instant'; ms: number };

export function writtenTime(value: unknown): WrittenTime | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    if (DATE_ONLY.test(text))
      return localDayStart(text) === undefined ? undefined : { kind: 'date', date: text };
    if (WITHOUT_ZONE.test(text))
      return Number.isNaN(Date.parse(text.replace(' ', 'T'))) ? undefined : { kind: 'wall_clock', text };
  }
  const ms = timestampMs(value);
  return ms === undefined ? undefined : { kind: 'instant', ms };
}

/** Epoch ms of the local midnight that starts a `YYYY-MM-DD` date (as `--since 2026-11-26` reads it). */
export function localDayStart(date: string): number | undefined {
  const parts = DATE_ONLY.exec(date);
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const start = new Date(year, month - 1, day);
  // 2026-02-30 is no date (Date would roll it over to March).
  if (start.getFullYear() !== year || start.getMonth() !== month - 1 || start.getDate() !== day)
    return undefined;
  return start.getTime();
}

/** Epoch ms of the local midnight that ends a `YYYY-MM-DD` date (the next day's start). */
export function localDayEnd(date: string): number | undefined {
  const start = localDayStart(date);
  if (start === undefined) return undefined;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next.getTime();
}
