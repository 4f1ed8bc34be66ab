// A duration as a person reads it, in the run's language: `29m 59s`, `29 min 59 s`
// (docs/language.md). Only for people: what a command line reads is typed as parseDuration reads
// it (`90s`, `30m`), never this.
import { sayOutput } from './en/output.js';

/**
 * The two largest units, rounded down (a countdown never shows more time than is left): `45s`,
 * `29m 59s`, `1h 02m`, `2d 03h`; under a second, milliseconds (`80ms`, a short timeout). Nothing
 * left, a negative or a missing duration: `0s`.
 */
export function durationText(milliseconds: number): string {
  if (!Number.isFinite(milliseconds) || milliseconds <= 0)
    return sayOutput('durationSeconds', { seconds: 0 });
  if (milliseconds < 1000)
    return sayOutput('durationMilliseconds', { milliseconds: Math.floor(milliseconds) });
  const totalSeconds = Math.floor(milliseconds / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3_600);
  const minutes = Math.floor((totalSeconds % 3_600) / 60);
  const seconds = totalSeconds % 60;
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  if (days > 0) return sayOutput('durationDays', { days, hours: twoDigits(hours) });
  if (hours > 0) return sayOutput('durationHours', { hours, minutes: twoDigits(minutes) });
  if (minutes > 0) return sayOutput('durationMinutes', { minutes, seconds: twoDigits(seconds) });
  return sayOutput('durationSeconds', { seconds });
}
