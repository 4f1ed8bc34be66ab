import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';

const sellerGroups: GroupSpec[] = [{ path: 'seller', summary: 'Look up sellers (for split)' }];

const sellerCommands: CommandSpec[] = [
  {
    path: 'seller find',
    summary: 'Find a seller by e-mail (exit 3 when there is none)',
    arguments: [{ name: 'email', description: 'seller e-mail', required: true }],
    examples: [
      'paygate seller find contato@parceiroalfa.com.br',
      'paygate seller find contato@parceiroalfa.com.br --json | jq .seller_id',
    ],
    load: async () => (await import('./find.js')).handleSellerFind,
  },
];

export const specs: ProgramSpecs = { commands: sellerCommands, groups: sellerGroups };
