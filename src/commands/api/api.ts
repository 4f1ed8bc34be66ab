import { errorFromEnvelope } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { MAX_JSON_DEPTH, parseJsonText } from '../../json.js';
import { formatJson } from '../../output/render.js';
import { sanitizeMultiline } from '../../output/sanitize.js';
import { sayApiCommand } from '../../text/en/api-command.js';
import { readArguments, readFlags } from '../options.js';
import { readInput } from '../shared/read-input.js';
import type { CommandHandler } from '../types.js';
import { API_ARGUMENTS, API_FLAGS } from './flags.js';

/** The request body: JSON text as given (checked), or the file (`-`: stdin) to read it from. */
export type ApiBody = { json: string } | { source: string };

/** GET, POST, PUT or DELETE: readArguments refuses any other. */
export type ApiMethod = (typeof API_ARGUMENTS)[0]['choices'][number];

export interface ApiOptions {
  method: ApiMethod;
  /** Starts with `/`: relative to the API prefix. */
  path: string;
  body?: ApiBody;
  auth: 'public' | 'secret';
  /** -i: the status and headers go to stderr before the body. */
  include: boolean;
}

export const api: CommandHandler<ApiOptions> = {
  parse: (input) => {
    const flags = readFlags(API_FLAGS, input);
    // The method is one of its choices (flags.ts): commander and readArguments refuse others.
    const { method, path } = readArguments(API_ARGUMENTS, input);
    if (!path.startsWith('/')) {
      throw new UsageError(sayApiCommand('pathMustStartWithSlash', { path: JSON.stringify(path) }), {
        field: 'argument',
      });
    }
    return {
      method: method as ApiMethod,
      path,
      ...(flags.data === undefined ? {} : { body: bodyOf(flags.data) }),
      auth: flags.public ? 'public' : 'secret',
      include: flags.include === true,
    };
  },
  run: request,
};

/** `--data` text: JSON as given, `@file`, or `@-` for stdin. JSON given here is checked at once. */
function bodyOf(data: string): ApiBody {
  return data.startsWith('@') ? { source: data.slice(1) } : { json: checkedJson(data) };
}

function checkedJson(body: string): string {
  const parsed = parseJsonText(body);
  if (parsed.ok) return body;
  throw new UsageError(
    parsed.tooDeep ? sayApiCommand('bodyTooDeep', { levels: MAX_JSON_DEPTH }) : sayApiCommand('bodyNotJson'),
    { field: '--data' },
  );
}

/** The body's text: as given, or read from its file or stdin (it must be JSON). */
async function readBody(body: ApiBody, context: Context): Promise<string> {
  return 'json' in body ? body.json : checkedJson(await readInput(body.source, context, '--data'));
}

async function request(options: ApiOptions, context: Context): Promise<number> {
  const { method, path } = options;
  const body = options.body === undefined ? undefined : await readBody(options.body, context);
  const client = await context.client();
  const response = await client.requestRaw(method, path, { body, auth: options.auth });

  if (options.include) {
    context.io.stderr.write(`HTTP ${response.status}\n`);
    for (const [name, value] of Object.entries(response.headers))
      context.io.stderr.write(`${name}: ${value}\n`);
    context.io.stderr.write('\n');
  }
  if (typeof response.body === 'string') {
    context.io.stdout.write(context.io.stdoutIsTTY ? sanitizeMultiline(response.body) : response.body);
    if (response.body && !response.body.endsWith('\n')) context.io.stdout.write('\n');
  } else {
    context.io.stdout.write(formatJson(response.body));
  }
  if (response.status < 400) return 0;
  // The body is printed as it came; the exit code says what kind of failure it was.
  const failure = (response.body as { error?: Record<string, unknown> } | null)?.error ?? {};
  return errorFromEnvelope(response.status, failure, { method, url: path }).exitCode;
}
