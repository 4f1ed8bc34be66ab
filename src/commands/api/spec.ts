import type { CommandSpec, FlagSpec, ProgramSpecs } from '../types.js';

export const API_FLAGS = [
  {
    flags: '-d, --data <json>',
    description: 'request body: JSON text, or @file to read it from a file (@- for stdin)',
  },
  { flags: '--public', description: 'authenticate with the public key instead of the secret key' },
  {
    flags: '-i, --include',
    description: 'print the HTTP status and headers before the body (to stderr)',
  },
] as const satisfies readonly FlagSpec[];

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
