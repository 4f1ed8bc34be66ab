// `token`'s flags, declared once: the spec builds its commands from them and each handler reads
// its options from them (readFlags). They live apart from spec.ts so that a handler never imports
// the spec that loads it.
import type { FlagSpec } from '../types.js';

export const TOKEN_CARD_FLAGS = [
  { flags: '--stdin', description: 'read the card as JSON from standard input' },
] as const satisfies readonly FlagSpec[];
