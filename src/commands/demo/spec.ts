import type { CommandSpec, ProgramSpecs } from '../types.js';
import { DEMO_FLAGS } from './flags.js';

const demoCommands: CommandSpec[] = [
  {
    path: 'demo',
    summary: 'The whole story on a private in-process sandbox: split charge, QR, payment, webhooks, payout',
    description:
      'Touches no profile or setting of yours and needs no account. At a terminal it goes a step at a time ' +
      'on Enter; from a script (or with --no-input or --pace) it runs straight through. Exit 0 when every step worked.',
    flags: DEMO_FLAGS,
    examples: ['paygate demo', 'paygate demo --pace 1s'],
    load: async () => (await import('./demo.js')).demo,
  },
];

export const specs: ProgramSpecs = { commands: demoCommands, groups: [] };
