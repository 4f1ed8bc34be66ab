// The positional arguments of the seller commands: the spec shows them (help, completions) and the
// handler reads its options from them (readArguments). They live apart from spec.ts so that a
// handler never imports the spec that loads it.
import type { ArgumentSpec } from '../types.js';

export const SELLER_FIND_ARGUMENTS = [
  { name: 'email', description: 'seller e-mail', required: true },
] as const satisfies readonly ArgumentSpec[];
