// Durations in (`90`, `90s`, `30m`, `2h`, `1d`); out, for people, src/text/duration.ts says them.
import { type ArgumentName, fieldKey, ruleBroken, UsageError } from '../errors.js';

const MILLISECONDS_PER_UNIT = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
} as const;
type DurationUnit = keyof typeof MILLISECONDS_PER_UNIT;

// Whole numbers only: `1.5s` is rejected rather than rounded, so what runs is what was typed.
const DURATION_PATTERN = /^(\d+)(ms|s|m|h|d)?$/;

/** Milliseconds from `90` (seconds), `90s`, `30m`, `2h`, `1d` or `500ms`; a UsageError naming `field` otherwise. */
export function parseDuration(input: string, field: string | ArgumentName): number {
  const match = DURATION_PATTERN.exec(input.trim());
  if (!match) {
    throw new UsageError(ruleBroken('durationInvalid', { field, value: JSON.stringify(input) }), {
      field: fieldKey(field),
    });
  }
  const unit: DurationUnit = (match[2] as DurationUnit | undefined) ?? 's';
  const milliseconds = Number(match[1]!) * MILLISECONDS_PER_UNIT[unit];
  if (!Number.isSafeInteger(milliseconds)) {
    throw new UsageError(ruleBroken('durationTooLong', { field, value: JSON.stringify(input) }), {
      field: fieldKey(field),
    });
  }
  return milliseconds;
}

/**
 * The longest wait a timer keeps: Node's setTimeout takes at most 2^31 - 1 ms (24 days 20 h) and
 * fires at once on a longer one, so a `--request-timeout 30d` would end every request at once.
 */
export const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** parseDuration for a wait that a timer keeps (a timeout, an interval, a delay): at most LONGEST_WAIT_MS. */
export function parseWaitDuration(input: string, field: string | ArgumentName): number {
  const milliseconds = parseDuration(input, field);
  if (milliseconds > LONGEST_WAIT_MS) {
    // In whole days as typed (`24d`): a longer figure would round up past what a timer keeps.
    const longest = `${Math.floor(LONGEST_WAIT_MS / MILLISECONDS_PER_UNIT.d)}d`;
    throw new UsageError(
      ruleBroken('durationOverLongestWait', { field, value: JSON.stringify(input), longest }),
      { field: fieldKey(field) },
    );
  }
  return milliseconds;
}

/** How far ahead of real time the sandbox clock may go, in all (the CLI checks it before sending). */
export const SANDBOX_CLOCK_MAX_AHEAD_MS = 3660 * 86_400_000;
