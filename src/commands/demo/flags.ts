// `demo`'s flags, declared once: the spec builds its commands from them and each handler reads
// its options from them (readFlags). They live apart from spec.ts so that a handler never imports
// the spec that loads it.
import type { FlagSpec } from '../types.js';

export const DEMO_FLAGS = [
  {
    flags: '--pace <duration>',
    description: 'run straight through, pausing this long between steps (0s: no pause)',
  },
] as const satisfies readonly FlagSpec[];
