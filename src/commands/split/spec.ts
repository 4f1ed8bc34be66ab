import { PAYMENT_METHODS } from '../../config/settings.js';
import type { CommandSpec, FlagSpec, GroupSpec, ProgramSpecs } from '../types.js';

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

const splitGroups: GroupSpec[] = [{ path: 'split', summary: 'Plan payment splits' }];

const splitCommands: CommandSpec[] = [
  {
    path: 'split preview',
    summary: 'Compute fee and split offline, checking every split rule',
    description:
      'An estimate: the gateway figures win. Entries: SELLER=SHARE[:description], SELLER a seller id or\n' +
      'e-mail, SHARE 30% or a money value. Exit 2 naming each broken rule.',
    flags: SPLIT_PREVIEW_FLAGS,
    examples: [
      'paygate split preview --amount 10000 --split 1002=70% --split 1003=30%',
      'paygate split preview --amount 250.00 --split contato@parceiroalfa.com.br=50.00 --resolve --json',
      'paygate split preview --method card --amount 300.00 --split 1002=20%',
    ],
    load: async () => (await import('./preview.js')).handleSplitPreview,
  },
];

export const specs: ProgramSpecs = { commands: splitCommands, groups: splitGroups };
