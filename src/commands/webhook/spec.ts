import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import {
  WEBHOOK_CREATE_ARGUMENTS,
  WEBHOOK_CREATE_FLAGS,
  WEBHOOK_DELETE_FLAGS,
  WEBHOOK_ID_ARGUMENTS,
  WEBHOOK_LISTEN_FLAGS,
  WEBHOOK_REPLAY_ARGUMENTS,
  WEBHOOK_REPLAY_FLAGS,
  WEBHOOK_UPDATE_FLAGS,
} from './flags.js';

const webhookGroups: GroupSpec[] = [{ path: 'webhook', summary: 'Manage and receive notifications' }];

const webhookCommands: CommandSpec[] = [
  {
    path: 'webhook list',
    summary: 'List the global webhooks',
    examples: ['paygate webhook list'],
    load: async () => (await import('./manage.js')).webhookList,
  },
  {
    path: 'webhook create',
    summary: 'Register a global webhook URL',
    arguments: WEBHOOK_CREATE_ARGUMENTS,
    flags: WEBHOOK_CREATE_FLAGS,
    examples: ['paygate webhook create https://shop.example/hooks/paygate'],
    load: async () => (await import('./manage.js')).webhookCreate,
  },
  {
    path: 'webhook update',
    summary: 'Change a webhook URL or switch it on or off',
    arguments: WEBHOOK_ID_ARGUMENTS,
    flags: WEBHOOK_UPDATE_FLAGS,
    examples: ['paygate webhook update wh_123 --disable'],
    load: async () => (await import('./manage.js')).webhookUpdate,
  },
  {
    path: 'webhook delete',
    summary: 'Delete a webhook',
    arguments: WEBHOOK_ID_ARGUMENTS,
    flags: WEBHOOK_DELETE_FLAGS,
    examples: ['paygate webhook delete wh_123 --yes'],
    load: async () => (await import('./manage.js')).webhookDelete,
  },
  {
    path: 'webhook test',
    summary: 'Ask the gateway to send a test notification to a webhook',
    arguments: WEBHOOK_ID_ARGUMENTS,
    examples: ['paygate webhook test wh_123'],
    load: async () => (await import('./manage.js')).webhookTest,
  },
  {
    path: 'webhook listen',
    summary: 'Receive notifications locally and print each one',
    flags: WEBHOOK_LISTEN_FLAGS,
    examples: [
      'paygate webhook listen',
      'paygate webhook listen --port 9000 --forward-to http://localhost:3000/hooks --json',
      'paygate webhook listen --verify --log hooks.ndjson --forward-to http://localhost:3000/hooks --forward-verified-only',
    ],
    load: async () => (await import('./listen.js')).webhookListen,
  },
  {
    path: 'webhook replay',
    summary: 'Send logged notifications (webhook listen --log) to a handler again, for debugging it',
    arguments: WEBHOOK_REPLAY_ARGUMENTS,
    flags: WEBHOOK_REPLAY_FLAGS,
    examples: [
      'paygate webhook replay hooks.ndjson --to http://localhost:3000/hooks',
      'paygate webhook replay hooks.ndjson --to http://localhost:3000/hooks --id ci_a1b2c3d4e5f6',
    ],
    load: async () => (await import('./replay.js')).webhookReplay,
  },
];

export const specs: ProgramSpecs = { commands: webhookCommands, groups: webhookGroups };
