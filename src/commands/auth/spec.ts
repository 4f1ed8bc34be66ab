import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import { LOGIN_FLAGS, PROFILE_NAME_ARGUMENTS, PROFILE_REMOVE_FLAGS } from './flags.js';

const authGroups: GroupSpec[] = [{ path: 'profile', summary: 'Manage profiles (gateways and their keys)' }];

const authCommands: CommandSpec[] = [
  {
    path: 'login',
    summary: 'Store a gateway URL and keys in a profile, checked with GET /v1/account',
    description:
      'Asks for the gateway URL and the secret key (hidden) on a terminal. Without one, pass --base-url and ' +
      'the key on stdin with --secret-key-stdin. Keys are never taken as flags: they would show in `ps`.',
    flags: LOGIN_FLAGS,
    examples: [
      'paygate login',
      'printf %s "$SECRET" | paygate login --base-url https://gateway.example --secret-key-stdin',
      'paygate login --sandbox',
    ],
    load: async () => (await import('./login.js')).login,
  },
  {
    path: 'logout',
    summary: 'Remove the keys of the current profile',
    examples: ['paygate logout', 'paygate logout --profile staging'],
    load: async () => (await import('./logout.js')).logout,
  },
  {
    path: 'profile list',
    summary: 'List profiles with their URLs and masked keys',
    examples: ['paygate profile list', 'paygate profile list --json'],
    load: async () => (await import('./profile.js')).profileList,
  },
  {
    path: 'profile use',
    summary: 'Make a profile the current one',
    arguments: PROFILE_NAME_ARGUMENTS,
    examples: ['paygate profile use staging'],
    load: async () => (await import('./profile.js')).profileUse,
  },
  {
    path: 'profile remove',
    summary: 'Delete a profile and its keys',
    description: 'On a terminal it asks first (its keys go with it); --yes does not ask.',
    arguments: PROFILE_NAME_ARGUMENTS,
    flags: PROFILE_REMOVE_FLAGS,
    examples: ['paygate profile remove staging', 'paygate profile remove staging --yes'],
    load: async () => (await import('./profile.js')).profileRemove,
  },
];

export const specs: ProgramSpecs = { commands: authCommands, groups: authGroups };
