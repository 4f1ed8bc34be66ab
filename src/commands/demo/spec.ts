import type { CommandSpec, FlagSpec, ProgramSpecs } from '../types.js';

export const DEMO_FLAGS = [
  {
    flags: '--pace <duration>',
    description: 'run straight through, pausing this long between steps (0s: no pause)',
  },
] as const satisfies readonly FlagSpec[];

const demoCommands: CommandSpec[] = [
  {
    path: 'demo',
    summary: 'The whole story on a private in-process sandbox: split charge, QR, payment, webhooks, payout',
    description:
      'Touches no profile or setting of yours and needs no account. At a terminal it goes a step at a time\n' +
      'on Enter; from a script (or with --no-input or --pace) it runs straight through. Exit 0 when every step worked.',
    flags: DEMO_FLAGS,
    examples: ['paygate demo', 'paygate demo --pace 1s'],
    load: async () => (await import('./demo.js')).handleDemo,
  },
];

export const specs: ProgramSpecs = { commands: demoCommands, groups: [] };
