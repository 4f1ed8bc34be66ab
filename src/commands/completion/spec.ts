import type { CommandSpec, ProgramSpecs } from '../types.js';

const completionCommands: CommandSpec[] = [
  {
    path: 'completion',
    summary: 'Print the shell completion script',
    arguments: [{ name: 'shell', description: 'shell', required: true, choices: ['bash', 'zsh', 'fish'] }],
    examples: [
      'paygate completion bash > /etc/bash_completion.d/paygate',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a zsh parameter in a shell line, not a template
      'paygate completion zsh > "${fpath[1]}/_paygate"',
      'paygate completion fish > ~/.config/fish/completions/paygate.fish',
    ],
    load: async () => (await import('./completion.js')).handleCompletion,
  },
];

export const specs: ProgramSpecs = { commands: completionCommands, groups: [] };
