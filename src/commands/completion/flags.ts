// The positional argument of `completion`: the spec shows it (help, completions) and the handler
// reads its options from it (readArguments). It lives apart from spec.ts so that a handler never
// imports the spec that loads it.
import type { ArgumentSpec } from '../types.js';

export const COMPLETION_ARGUMENTS = [
  { name: 'shell', description: 'shell', required: true, choices: ['bash', 'zsh', 'fish'] },
] as const satisfies readonly ArgumentSpec[];
