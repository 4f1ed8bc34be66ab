// The positional arguments of the boleto commands: the spec shows them (help, completions) and the
// handler reads its options from them (readArguments). They live apart from spec.ts so that a
// handler never imports the spec that loads it.
import type { ArgumentSpec } from '../types.js';

export const BOLETO_INSPECT_ARGUMENTS = [
  {
    name: 'line',
    description: 'the digitable line or barcode, or - to read it from stdin',
    required: true,
  },
] as const satisfies readonly ArgumentSpec[];
