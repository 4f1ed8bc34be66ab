import { errorFromEnvelope } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { parseJsonText } from '../../json.js';
import { formatJson } from '../../output/render.js';
import { sanitizeMultiline } from '../../output/sanitize.js';
import { readFlags } from '../options.js';
import { readInput } from '../shared/read-input.js';
import type { CommandInput } from '../types.js';
import { API_FLAGS } from './flags.js';

/** `--data` text: JSON as given, `@file`, or `@-` for stdin. It must be JSON. */
async function readBody(data: string, context: Context): Promise<string> {
  let body = data;
  if (data.startsWith('@')) {
    const source = data.slice(1);
    body = await readInput(source, context, '--data');
  }
  const parsed = parseJsonText(body);
  if (!parsed.ok) throw new UsageError(`--data: the body is ${parsed.reason}`, { field: '--data' });
  return body;
}

export async function handleApi(input: CommandInput, context: Context): Promise<number> {
  const options = readFlags(API_FLAGS, input);
  // The method is one of commander's choices (spec.ts): GET, POST, PUT or DELETE.
  const method = String(input.args[0] ?? '');
  const path = input.args[1] ?? '';
  if (!path.startsWith('/')) {
    throw new UsageError(`argument: the path starts with / (got ${JSON.stringify(path)})`, {
      field: 'argument',
    });
  }
  const body = options.data === undefined ? undefined : await readBody(options.data, context);
  const client = await context.client();
  const response = await client.requestRaw(method, path, {
    body,
    auth: options.public ? 'public' : 'secret',
  });

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
