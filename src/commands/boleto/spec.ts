import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import { BOLETO_INSPECT_ARGUMENTS } from './flags.js';

const boletoGroups: GroupSpec[] = [{ path: 'boleto', summary: 'Check boletos offline' }];

const boletoCommands: CommandSpec[] = [
  {
    path: 'boleto inspect',
    summary: 'Check a boleto line or barcode (every check digit) and read its fields',
    description:
      'Offline: nothing is sent. Accepts a 47-digit bank line, a 48-digit convênio line or a 44-digit ' +
      'barcode, with or without spaces and dots; converts line and barcode both ways. The due-date ' +
      'factor restarted at 1000 on 2025-02-22, so a factor means two dates: the one nearest today is ' +
      'shown, both are listed. Exit 2 naming each wrong field.',
    arguments: BOLETO_INSPECT_ARGUMENTS,
    examples: [
      "paygate boleto inspect '00190.50095 40144.816069 06809.350314 3 37370000000100'",
      'paygate boleto inspect 83860000005096000190000008017823000034306271 --json',
      'pbpaste | paygate boleto inspect -',
    ],
    load: async () => (await import('./inspect.js')).boletoInspect,
  },
];

export const specs: ProgramSpecs = { commands: boletoCommands, groups: boletoGroups };
