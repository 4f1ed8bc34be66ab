import type { CommandSpec, ProgramSpecs } from '../types.js';
import { API_ARGUMENTS, API_FLAGS } from './flags.js';

const apiCommands: CommandSpec[] = [
  {
    path: 'api',
    summary: 'Make an authenticated API request and print the response body',
    description:
      'Like `gh api`: the path is relative to the API prefix (/v1/...). POST bodies are never retried.',
    arguments: API_ARGUMENTS,
    flags: API_FLAGS,
    examples: ['paygate api GET /v1/balance', 'paygate api POST /v1/charges --data @charge.json'],
    load: async () => (await import('./api.js')).api,
  },
];

export const specs: ProgramSpecs = { commands: apiCommands, groups: [] };
