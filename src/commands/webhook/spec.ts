import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import {
  WEBHOOK_CREATE_FLAGS,
  WEBHOOK_DELETE_FLAGS,
  WEBHOOK_LISTEN_FLAGS,
  WEBHOOK_REPLAY_FLAGS,
  WEBHOOK_UPDATE_FLAGS,
} from './flags.js';

const webhookGroups: GroupSpec[] = [{ path: 'webhook', summary: 'Manage and receive notifications' }];

const webhookCommands: CommandSpec[] = [
  {
    path: 'webhook list',
    summary: 'List the global webhooks',
    examples: ['paygate webhook list'],
    load: async () => (await import('./manage.js')).handleWebhookList,
  },
  {
    path: 'webhook create',
    summary: 'Register a global webhook URL',
    arguments: [{ name: 'url', description: 'URL that receives notifications', required: true }],
    flags: WEBHOOK_CREATE_FLAGS,
    examples: ['paygate webhook create https://shop.example/hooks/paygate'],
    load: async () => (await import('./manage.js')).handleWebhookCreate,
  },
  {
    path: 'webhook update',
    summary: 'Change a webhook URL or switch it on or off',
    arguments: [{ name: 'id', description: 'webhook id', required: true }],
    flags: WEBHOOK_UPDATE_FLAGS,
    examples: ['paygate webhook update wh_123 --disable'],
    load: async () => (await import('./manage.js')).handleWebhookUpdate,
  },
  {
    path: 'webhook delete',
    summary: 'Delete a webhook',
    arguments: [{ name: 'id', description: 'webhook id', required: true }],
    flags: WEBHOOK_DELETE_FLAGS,
    examples: ['paygate webhook delete wh_123 --yes'],
    load: async () => (await import('./manage.js')).handleWebhookDelete,
  },
  {
    path: 'webhook test',
    summary: 'Ask the gateway to send a test notification to a webhook',
    arguments: [{ name: 'id', description: 'webhook id', required: true }],
    examples: ['paygate webhook test wh_123'],
    load: async () => (await import('./manage.js')).handleWebhookTest,
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
    load: async () => (await import('./listen.js')).handleWebhookListen,
  },
  {
    path: 'webhook replay',
    summary: 'Send logged notifications (webhook listen --log) to a handler again, for debugging it',
    arguments: [{ name: 'file', description: 'the --log file', required: true }],
    flags: WEBHOOK_REPLAY_FLAGS,
    examples: [
      'paygate webhook replay hooks.ndjson --to http://localhost:3000/hooks',
      'paygate webhook replay hooks.ndjson --to http://localhost:3000/hooks --id ci_a1b2c3d4e5f6',
    ],
    load: async () => (await import('./replay.js')).handleWebhookReplay,
  },
];

export const specs: ProgramSpecs = { commands: webhookCommands, groups: webhookGroups };
