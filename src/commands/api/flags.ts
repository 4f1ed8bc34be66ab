// `api`'s flags and positional arguments, declared once: the spec builds its commands from them
// and each handler reads its options from them (readFlags, readArguments). They live apart from spec.ts so that a handler never imports
// the spec that loads it.
import type { ArgumentSpec, FlagSpec } from '../types.js';

export const API_FLAGS = [
  {
    flags: '-d, --data <json>',
    description: 'request body: JSON text, or @file to read it from a file (@- for stdin)',
  },
  { flags: '--public', description: 'authenticate with the public key instead of the secret key' },
  {
    flags: '-i, --include',
    description: 'print the HTTP status and headers before the body (to stderr)',
  },
] as const satisfies readonly FlagSpec[];

export const API_ARGUMENTS = [
  {
    name: 'method',
    description: 'HTTP method',
    required: true,
    choices: ['GET', 'POST', 'PUT', 'DELETE'],
    anyCase: true,
  },
  { name: 'path', description: 'path such as /v1/charges?limit=5', required: true },
] as const satisfies readonly ArgumentSpec[];
