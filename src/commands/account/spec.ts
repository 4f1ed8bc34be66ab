import type { CommandSpec, ProgramSpecs } from '../types.js';

const accountCommands: CommandSpec[] = [
  {
    path: 'account',
    summary: 'Show the account of the current key (GET /v1/account)',
    examples: ['paygate account', 'paygate account --json'],
    load: async () => (await import('./account.js')).account,
  },
  {
    path: 'balance',
    summary: 'Show available, pending and reserved balance (GET /v1/balance)',
    examples: ['paygate balance', 'paygate balance --json | jq .available'],
    load: async () => (await import('./account.js')).balance,
  },
];

export const specs: ProgramSpecs = { commands: accountCommands, groups: [] };
