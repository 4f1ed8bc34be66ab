// `split`'s flags, declared once: the spec builds its commands from them and each handler reads
// its options from them (readFlags). They live apart from spec.ts so that a handler never imports
// the spec that loads it.
import { PAYMENT_METHODS } from '../../config/settings.js';
import type { FlagSpec } from '../types.js';

/** `split preview`'s flags: the handler's options are typed and read from these (readFlags). */
export const SPLIT_PREVIEW_FLAGS = [
  { flags: '-a, --amount <money>', description: 'charge amount' },
  {
    flags: '--method <method>',
    description: 'payment method whose fee setting applies (fee.pix, fee.card, fee.boleto)',
    choices: PAYMENT_METHODS,
  },
  {
    flags: '--fee-rate <percent>',
    description: "fee rate (default: the method's fee setting; pix 3.99)",
  },
  { flags: '--split <entry>', description: 'split entry (repeatable)', repeatable: true },
  { flags: '--resolve', description: 'look up e-mail entries and check each seller can receive' },
] as const satisfies readonly FlagSpec[];
