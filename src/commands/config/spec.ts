import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import { CONFIG_SET_ARGUMENTS, CONFIG_SETTING_ARGUMENTS } from './flags.js';

const configGroups: GroupSpec[] = [{ path: 'config', summary: 'Read and change settings' }];

const configCommands: CommandSpec[] = [
  {
    path: 'config list',
    summary: 'Show every setting with its value and where it comes from',
    examples: ['paygate config list'],
    load: async () => (await import('./config.js')).configList,
  },
  {
    path: 'config get',
    summary: 'Print one setting',
    arguments: CONFIG_SETTING_ARGUMENTS,
    examples: ['paygate config get fee.pix'],
    load: async () => (await import('./config.js')).configGet,
  },
  {
    path: 'config set',
    summary: 'Change a setting',
    arguments: CONFIG_SET_ARGUMENTS,
    examples: [
      'paygate config set fee.pix 2.99',
      'paygate config set payout.max_amount 5000.00',
      'paygate config set gateway.charge_status RECEIVED=paid,OVERDUE=expired --profile asaas',
    ],
    load: async () => (await import('./config.js')).configSet,
  },
  {
    path: 'config unset',
    summary: 'Return a setting to its default',
    arguments: CONFIG_SETTING_ARGUMENTS,
    examples: ['paygate config unset output'],
    load: async () => (await import('./config.js')).configUnset,
  },
  {
    path: 'config path',
    summary: 'Print the path of the config file',
    examples: ['paygate config path'],
    load: async () => (await import('./config.js')).configPath,
  },
];

export const specs: ProgramSpecs = { commands: configCommands, groups: configGroups };
