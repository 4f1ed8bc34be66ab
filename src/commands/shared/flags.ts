// Flags several commands share, defined once (their help, completion and README come from here).
import type { FlagSpec } from '../types.js';

/** Skips the confirmation question a terminal would get (a script needs it where it is required). */
export const YES_FLAG = {
  flags: '-y, --yes',
  description: 'do not ask for confirmation',
} as const satisfies FlagSpec;
