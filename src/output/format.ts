// Small text helpers for human output. Money formatting lives in src/domain/money.ts
// (formatMoney); this module only makes it safe to call on whatever a server sent.
import { writtenTime } from '../domain/instant.js';
import { formatMoney } from '../domain/money.js';
import type { MoneyReading } from '../domain/money-reading.js';
import { stringifyJson } from '../json.js';
import { decimalText } from '../text/decimal.js';
import { sayOutput } from '../text/en/output.js';

const pad2 = (value: number): string => String(value).padStart(2, '0');

/**
 * `in 12m`, `5m ago`, `just now` (within 5 s), in Portuguese `em 12 min`, `há 5 min`, `agora`:
 * the single largest unit, rounded down. A `past` moment (a creation time) is never `in …`: ahead
 * of `now` it is the gateway's clock ahead of this one (a sandbox clock advanced, a skew), so it
 * reads `just now`.
 */
export function formatRelative(targetMs: number, now: number, past = false): string {
  const delta = targetMs - now;
  const abs = Math.abs(delta);
  if (abs < 5000 || (past && delta > 0)) return sayOutput('justNow');
  const ahead = delta > 0;
  if (abs < 60_000) return sayOutput(ahead ? 'inSeconds' : 'secondsAgo', { count: Math.floor(abs / 1000) });
  if (abs < 3_600_000)
    return sayOutput(ahead ? 'inMinutes' : 'minutesAgo', { count: Math.floor(abs / 60_000) });
  if (abs < 172_800_000)
    return sayOutput(ahead ? 'inHours' : 'hoursAgo', { count: Math.floor(abs / 3_600_000) });
  return sayOutput(ahead ? 'inDays' : 'daysAgo', { count: Math.floor(abs / 86_400_000) });
}

/**
 * The local zone as a short offset (`GMT-3`, `UTC`), for the headers of columns of local times:
 * a table says which zone its times are in (src/domain/time-zone.ts).
 */
export function localZoneName(at = Date.now()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((candidate) => candidate.type === 'timeZoneName')?.value;
  return part === undefined || /^GMT(?:[+-]0)?$/.test(part) ? 'UTC' : part;
}

/** A column header of local times: `CREATED (GMT-3)`. */
export function localTimeHeader(header: string): string {
  return `${header} (${localZoneName()})`;
}

/**
 * An ISO timestamp as local time, `2026-11-22 14:03` (`22/11/2026 14:03` in Portuguese),
 * followed by ` (5m ago)` / ` (in 12m)` when `now` (ms since the epoch) is given (`past`: never `in …`, see formatRelative). A date-only value (`2026-11-26`) is a calendar date,
 * shown as it is, never moved through a time zone to the evening before; a date-time without a
 * zone is shown as written (its zone is not known). A value that is not a date is returned
 * unchanged (the caller sanitises it like any server string).
 */
export function formatTimestamp(iso: string, now?: number, options: { past?: boolean } = {}): string {
  const written = writtenTime(iso);
  if (written === undefined) return iso;
  if (written.kind === 'date') return formatDate(written.date);
  if (written.kind === 'wall_clock') return written.text;
  const time = written.ms;
  const date = new Date(time);
  const absolute = sayOutput('dateTime', {
    year: date.getFullYear(),
    month: pad2(date.getMonth() + 1),
    day: pad2(date.getDate()),
    hour: pad2(date.getHours()),
    minute: pad2(date.getMinutes()),
  });
  return now === undefined
    ? absolute
    : sayOutput('timeWithRelative', { time: absolute, relative: formatRelative(time, now, options.past) });
}

/**
 * A moment in a sentence, as a table shows it, with the zone a table puts in its header:
 * `27/11/2026 14:41 (GMT-3)` (a sentence has no header to say it); else as formatTimestamp.
 */
export function formatMoment(iso: string): string {
  const written = writtenTime(iso);
  if (written?.kind !== 'instant') return formatTimestamp(iso);
  return sayOutput('timeInZone', { time: formatTimestamp(iso), zone: localZoneName(written.ms) });
}

/**
 * The local time of day of a moment to the second, with its zone: `14:41:11 GMT-3`, a log line's
 * time (the zone said on each line: a log has no header); a value that is not a moment, as given.
 */
export function formatClockTime(iso: string): string {
  const written = writtenTime(iso);
  if (written?.kind !== 'instant') return iso;
  const date = new Date(written.ms);
  const time = [date.getHours(), date.getMinutes(), date.getSeconds()].map(pad2).join(':');
  return `${time} ${localZoneName(written.ms)}`;
}

/** A calendar date `2026-11-26` in the run's language (`26/11/2026` in Portuguese); else as written. */
function formatDate(date: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return parts ? sayOutput('date', { year: parts[1]!, month: parts[2]!, day: parts[3]! }) : date;
}

/**
 * Integer centavos as `R$ 1.234,56`; anything else a server might send instead (`150.00`, a
 * string, an object) as it was written, flagged `(as received)`: it is not read as centavos, and
 * a table never crashes on it.
 */
export function formatAmount(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return formatMoney(value);
  if (value === null || value === undefined || value === '') return '';
  return sayOutput('asReceived', { value: receivedText(value) });
}

/**
 * A money field read (src/domain/money-reading.ts): `R$ 1.500,00` when its unit is known, else
 * as it was written and flagged with the field it came from: `1500 (unit unknown: balance)`, or
 * with its currency when not BRL: `2000 USD (not reais: amount)`.
 */
export function formatReading(reading: MoneyReading | undefined): string {
  if (reading === undefined) return '';
  if (reading.known) return formatMoney(reading.centavos);
  // Money in another currency is never shown with R$: as received, with its currency.
  return reading.currency !== undefined
    ? sayOutput('otherCurrency', {
        value: reading.received,
        currency: reading.currency,
        field: reading.field,
      })
    : sayOutput('unitUnknown', { value: reading.received, field: reading.field });
}

/**
 * A percentage for people, as written (`3.99`, a WrittenNumber's text) with the run's decimal
 * mark: `3.99%`, `3,99%` in Portuguese (docs/language.md). JSON, CSV and plain keep the number.
 */
export function formatPercent(value: number | { toString(): string }): string {
  const written = String(value);
  return sayOutput('percent', { value: decimalText(written) });
}

/** A value from the server as text: strings as they are, numbers as written, the rest as JSON. */
export function receivedText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return typeof value === 'object' ? stringifyJson(value) : String(value);
}

/** `'Pedido 42'` for a shell: words with anything but safe characters are single-quoted. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
