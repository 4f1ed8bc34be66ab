import type { CommandSpec, ProgramSpecs } from '../types.js';
import { API_FLAGS } from './flags.js';

const apiCommands: CommandSpec[] = [
  {
    path: 'api',
    summary: 'Make an authenticated API request and print the response body',
    description:
      'Like `gh api`: the path is relative to the API prefix (/v1/...). POST bodies are never retried.',
    arguments: [
      {
        name: 'method',
        description: 'HTTP method',
        required: true,
        choices: ['GET', 'POST', 'PUT', 'DELETE'],
      },
      { name: 'path', description: 'path such as /v1/charges?limit=5', required: true },
    ],
    flags: API_FLAGS,
    examples: ['paygate api GET /v1/balance', 'paygate api POST /v1/charges --data @charge.json'],
    load: async () => (await import('./api.js')).handleApi,
  },
];

export const specs: ProgramSpecs = { commands: apiCommands, groups: [] };
