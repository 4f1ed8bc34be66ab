import { SETTING_NAMES } from '../../config/settings.js';
import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';

const configGroups: GroupSpec[] = [{ path: 'config', summary: 'Read and change settings' }];

const settingArgument = { name: 'name', description: 'setting name', required: true, choices: SETTING_NAMES };

const configCommands: CommandSpec[] = [
  {
    path: 'config list',
    summary: 'Show every setting with its value and where it comes from',
    examples: ['paygate config list'],
    load: async () => (await import('./config.js')).handleConfigList,
  },
  {
    path: 'config get',
    summary: 'Print one setting',
    arguments: [settingArgument],
    examples: ['paygate config get fee.pix'],
    load: async () => (await import('./config.js')).handleConfigGet,
  },
  {
    path: 'config set',
    summary: 'Change a setting',
    arguments: [settingArgument, { name: 'value', description: 'new value', required: true }],
    examples: ['paygate config set fee.pix 2.99', 'paygate config set payout.max_amount 5000.00'],
    load: async () => (await import('./config.js')).handleConfigSet,
  },
  {
    path: 'config unset',
    summary: 'Return a setting to its default',
    arguments: [settingArgument],
    examples: ['paygate config unset output'],
    load: async () => (await import('./config.js')).handleConfigUnset,
  },
  {
    path: 'config path',
    summary: 'Print the path of the config file',
    examples: ['paygate config path'],
    load: async () => (await import('./config.js')).handleConfigPath,
  },
];

export const specs: ProgramSpecs = { commands: configCommands, groups: configGroups };
