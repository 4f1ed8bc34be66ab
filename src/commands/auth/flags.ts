// `auth`'s flags and positional arguments, declared once: the spec builds its commands from them
// and each handler reads its options from them (readFlags, readArguments). They live apart from spec.ts so that a handler never imports
// the spec that loads it.
import { YES_FLAG } from '../shared/flags.js';
import type { ArgumentSpec, FlagSpec } from '../types.js';

export const LOGIN_FLAGS = [
  { flags: '--secret-key-stdin', description: 'read the secret key from standard input' },
  { flags: '--public-key <key>', description: 'public key (for card tokens; not a secret)' },
  {
    flags: '--sandbox [url]',
    description: 'log in to a running sandbox with its main seller keys (default http://127.0.0.1:4010)',
  },
] as const satisfies readonly FlagSpec[];

export const PROFILE_REMOVE_FLAGS = [YES_FLAG] as const satisfies readonly FlagSpec[];

/** `profile use NAME`, `profile remove NAME`. */
export const PROFILE_NAME_ARGUMENTS = [
  { name: 'name', description: 'profile name', required: true },
] as const satisfies readonly ArgumentSpec[];
