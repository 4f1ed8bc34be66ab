import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import { SELLER_FIND_ARGUMENTS } from './flags.js';

const sellerGroups: GroupSpec[] = [{ path: 'seller', summary: 'Look up sellers (for split)' }];

const sellerCommands: CommandSpec[] = [
  {
    path: 'seller find',
    summary: 'Find a seller by e-mail (exit 3 when there is none)',
    arguments: SELLER_FIND_ARGUMENTS,
    examples: [
      'paygate seller find contato@parceiroalfa.com.br',
      'paygate seller find contato@parceiroalfa.com.br --json | jq .seller_id',
    ],
    load: async () => (await import('./find.js')).sellerFind,
  },
];

export const specs: ProgramSpecs = { commands: sellerCommands, groups: sellerGroups };
