import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';

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
    flags: [{ flags: '--disabled', description: 'create it disabled' }],
    examples: ['paygate webhook create https://shop.example/hooks/paygate'],
    load: async () => (await import('./manage.js')).handleWebhookCreate,
  },
  {
    path: 'webhook update',
    summary: 'Change a webhook URL or switch it on or off',
    arguments: [{ name: 'id', description: 'webhook id', required: true }],
    flags: [
      { flags: '--url <url>', description: 'new URL' },
      { flags: '--enable', description: 'switch it on' },
      { flags: '--disable', description: 'switch it off' },
    ],
    examples: ['paygate webhook update wh_123 --disable'],
    load: async () => (await import('./manage.js')).handleWebhookUpdate,
  },
  {
    path: 'webhook delete',
    summary: 'Delete a webhook',
    arguments: [{ name: 'id', description: 'webhook id', required: true }],
    flags: [{ flags: '-y, --yes', description: 'do not ask for confirmation' }],
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
    flags: [
      { flags: '-p, --port <port>', description: 'port to listen on', default: '8787' },
      { flags: '--forward-to <url>', description: 'also relay each notification to this URL' },
    ],
    examples: [
      'paygate webhook listen',
      'paygate webhook listen --port 9000 --forward-to http://localhost:3000/hooks --json',
    ],
    load: async () => (await import('./listen.js')).handleWebhookListen,
  },
];

export const specs: ProgramSpecs = { commands: webhookCommands, groups: webhookGroups };
