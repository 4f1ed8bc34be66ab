import type { CommandSpec, ProgramSpecs } from '../types.js';
import { COMPLETION_ARGUMENTS } from './flags.js';

const completionCommands: CommandSpec[] = [
  {
    path: 'completion',
    summary: 'Print the shell completion script',
    arguments: COMPLETION_ARGUMENTS,
    examples: [
      'paygate completion bash > /etc/bash_completion.d/paygate',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a zsh parameter in a shell line, not a template
      'paygate completion zsh > "${fpath[1]}/_paygate"',
      'paygate completion fish > ~/.config/fish/completions/paygate.fish',
    ],
    load: async () => (await import('./completion.js')).completion,
  },
];

export const specs: ProgramSpecs = { commands: completionCommands, groups: [] };
