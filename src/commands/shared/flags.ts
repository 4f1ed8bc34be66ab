// Flags several commands share, defined once (their help, completion and README come from here).
import { isHttpUrl } from '../../domain/http-url.js';
import { ruleBroken, UsageError } from '../../errors.js';
import { sayShared } from '../../text/en/shared.js';
import type { FlagSpec } from '../types.js';

/** Skips the confirmation question a terminal would get (a script needs it where it is required). */
export const YES_FLAG = {
  flags: '-y, --yes',
  description: 'do not ask for confirmation',
} as const satisfies FlagSpec;

/** The flags of an action that asks first (shared/resource-action.ts) and takes nothing else. */
export const ACTION_FLAGS = [YES_FLAG] as const satisfies readonly FlagSpec[];

/** `--limit 20`: a whole number above zero. */
export function positiveWholeNumber(text: string, flag: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(sayShared('wholeNumberAboveZero', { flag }), { field: flag });
  }
  return value;
}

/** The filters and size of `charge list` and `payout list`. */
export const SINCE_FLAG = {
  flags: '--since <time>',
  description:
    'created at or after (a date 2026-11-01 or 01/11/2026, a date-time, or a duration ago such as 7d)',
} as const satisfies FlagSpec;
export const UNTIL_FLAG = {
  flags: '--until <time>',
  description: 'created up to (a date: to the end of that day; a date-time or a duration ago: before it)',
} as const satisfies FlagSpec;
export const LIMIT_FLAG = {
  flags: '-l, --limit <n>',
  // No commander default: --limit given with --all is refused, which a default would hide.
  description: 'how many, newest first (default 20; with --since/--until: the whole range)',
  parse: positiveWholeNumber,
} as const satisfies FlagSpec;
export const LIST_MAX_PAGES_FLAG = {
  flags: '--max-pages <n>',
  // No commander default: only a --since/--until range without --limit is bounded by default.
  description: 'pages read at most, exit 10 when the list has more (default 50 with --since/--until)',
  parse: positiveWholeNumber,
} as const satisfies FlagSpec;

/** A parser of a whole number from `min` to `max` (`--concurrency 8`). */
export function wholeNumberBetween(min: number, max: number): (text: string, flag: string) => number {
  return (text, flag) => {
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min || value > max) {
      throw new UsageError(sayShared('wholeNumberBetween', { flag, min, max }), { field: flag });
    }
    return value;
  };
}

/** `--to https://…`: an absolute http(s) URL (domain/http-url.ts). */
export function httpUrl(text: string, flag: string): string {
  if (!isHttpUrl(text)) throw new UsageError(ruleBroken('httpUrlFlag', { field: flag }), { field: flag });
  return text;
}

/** `--port 8787`: 0 to 65535 (0: any free port). */
export function portNumber(text: string, flag: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value > 65_535) {
    throw new UsageError(ruleBroken('portNumberFlag', { field: flag }), { field: flag });
  }
  return value;
}
