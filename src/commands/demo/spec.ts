import type { CommandSpec, ProgramSpecs } from '../types.js';

const demoCommands: CommandSpec[] = [
  {
    path: 'demo',
    summary: 'The whole story on a private in-process sandbox: split charge, QR, payment, webhooks, payout',
    description:
      'Touches no profile or setting of yours and needs no account. Non-interactive; exit 0 when every step worked.',
    flags: [
      {
        flags: '--pace <duration>',
        description: 'pause between steps, for people reading along',
        default: '0s',
      },
    ],
    examples: ['paygate demo', 'paygate demo --pace 1s'],
    load: async () => (await import('./demo.js')).handleDemo,
  },
];

export const specs: ProgramSpecs = { commands: demoCommands, groups: [] };
