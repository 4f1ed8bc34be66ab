import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import { SPLIT_PREVIEW_FLAGS } from './flags.js';

const splitGroups: GroupSpec[] = [{ path: 'split', summary: 'Plan payment splits' }];

const splitCommands: CommandSpec[] = [
  {
    path: 'split preview',
    summary: 'Compute fee and split offline, checking every split rule',
    description:
      'An estimate: the gateway figures win. Entries: SELLER=SHARE[:description], SELLER a seller id or ' +
      'e-mail, SHARE 30% or a money value. Exit 2 naming each broken rule.',
    flags: SPLIT_PREVIEW_FLAGS,
    examples: [
      'paygate split preview --amount 10000 --split 1002=70% --split 1003=30%',
      'paygate split preview --amount 250.00 --split contato@parceiroalfa.com.br=50.00 --resolve --json',
      'paygate split preview --method card --amount 300.00 --split 1002=20%',
    ],
    load: async () => (await import('./preview.js')).splitPreview,
  },
];

export const specs: ProgramSpecs = { commands: splitCommands, groups: splitGroups };
