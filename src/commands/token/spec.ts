import type { CommandSpec, GroupSpec, ProgramSpecs } from '../types.js';
import { TOKEN_CARD_FLAGS } from './flags.js';

const tokenGroups: GroupSpec[] = [{ path: 'token', summary: 'Tokenize cards' }];

const tokenCommands: CommandSpec[] = [
  {
    path: 'token card',
    summary: 'Tokenize a card with the public key',
    description:
      'Card data comes from hidden prompts, or as JSON on stdin ({"number","holder_name","exp_month","exp_year","cvv"}), ' +
      'never from flags. The number is checked (Luhn, expiry) and never printed or stored.',
    flags: TOKEN_CARD_FLAGS,
    examples: ['paygate token card', 'paygate token card --stdin --json < card.json'],
    load: async () => (await import('./card.js')).tokenCard,
  },
];

export const specs: ProgramSpecs = { commands: tokenCommands, groups: tokenGroups };
