import { text } from 'node:stream/consumers';
import { z } from 'zod';
import { maskKey } from '../../config/profile.js';
import { type Context, clientOptions } from '../../context.js';
import { NotConfiguredError, UsageError } from '../../errors.js';
import { writeObject } from '../../output/render.js';
import { parseOptions, requireValue } from '../options.js';
import type { CommandInput } from '../types.js';

export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:4010';

const loginOptionsSchema = z.object({
  secretKeyStdin: z.boolean().optional(),
  publicKey: z.string().min(1).optional(),
  sandbox: z.union([z.boolean(), z.string()]).optional(),
});

interface Credentials {
  baseUrl: string;
  secretKey: string;
  publicKey: string | undefined;
}

/** The main seller's keys of a running sandbox, read from its control endpoint. */
async function sandboxCredentials(url: string): Promise<Credentials> {
  const baseUrl = url.replace(/\/+$/, '');
  let body: { data?: { sellers?: Array<{ secret_key: string; public_key: string }> } };
  try {
    const response = await fetch(`${baseUrl}/_sandbox/state`);
    body = (await response.json()) as typeof body;
  } catch {
    throw new NotConfiguredError(
      `no sandbox answers at ${baseUrl}`,
      'start one with `paygate sandbox start` (or pass its URL: `paygate login --sandbox URL`)',
    );
  }
  const main = body.data?.sellers?.[0];
  if (!main) throw new NotConfiguredError(`${baseUrl} is not a paygate sandbox (no /_sandbox/state)`);
  return { baseUrl, secretKey: main.secret_key, publicKey: main.public_key };
}

async function askedCredentials(
  options: z.infer<typeof loginOptionsSchema>,
  context: Context,
): Promise<Credentials> {
  const { prompter } = context;
  const stored = context.config.read().profiles[context.profile().name];
  const ask = context.canPrompt;
  const baseUrl = await requireValue(
    context.globals.baseUrl ?? context.env.PAYGATE_BASE_URL,
    '--base-url',
    ask
      ? () =>
          prompter.input({
            message: 'Gateway URL',
            default: stored?.base_url,
            validate: (value) => (URL.canParse(value) ? true : 'enter a URL such as https://gateway.example'),
          })
      : undefined,
  );
  let secretKey: string | undefined;
  if (options.secretKeyStdin) {
    secretKey = (await text(context.io.stdin)).trim();
    if (!secretKey)
      throw new UsageError('--secret-key-stdin: standard input was empty', { field: '--secret-key-stdin' });
  } else {
    secretKey = await requireValue(
      context.env.PAYGATE_SECRET_KEY,
      '--secret-key-stdin',
      ask
        ? () =>
            prompter.password({
              message: 'Secret key',
              validate: (value) => (value.trim() ? true : 'the secret key is required'),
            })
        : undefined,
    );
  }
  return {
    baseUrl,
    secretKey: secretKey.trim(),
    publicKey: options.publicKey ?? context.env.PAYGATE_PUBLIC_KEY,
  };
}

export async function handleLogin(input: CommandInput, context: Context): Promise<number> {
  const options = parseOptions(loginOptionsSchema, input);
  const credentials =
    options.sandbox !== undefined && options.sandbox !== false
      ? await sandboxCredentials(
          typeof options.sandbox === 'string'
            ? options.sandbox
            : (context.globals.baseUrl ?? DEFAULT_SANDBOX_URL),
        )
      : await askedCredentials(options, context);

  const { Client, detectApiPrefix } = await import('../../api/client.js');
  const shared = clientOptions(context);
  const apiPrefix = await detectApiPrefix(credentials.baseUrl, credentials.secretKey, shared);
  const client = new Client({ ...shared, ...credentials, apiPrefix });
  let account: Awaited<ReturnType<typeof client.account.getAccount>>;
  try {
    account = await client.account.getAccount();
  } finally {
    await client.close();
  }

  const name = context.profile().name;
  await context.config.update((data) => {
    data.profiles[name] = {
      ...data.profiles[name],
      base_url: credentials.baseUrl,
      api_prefix: apiPrefix,
      secret_key: credentials.secretKey,
      ...(credentials.publicKey ? { public_key: credentials.publicKey } : {}),
    };
    data.current_profile ??= name;
  });

  if (context.output === 'json') {
    writeObject(context.io.stdout, 'json', account, [], { colors: context.colors });
  } else {
    const who = account.name
      ? `${account.name}${account.seller_id ? ` (seller ${account.seller_id})` : ''}`
      : 'the account';
    context.log.info(
      `Logged in to ${credentials.baseUrl} as ${who}: profile "${name}", key ${maskKey(credentials.secretKey)}, API at ${apiPrefix}.`,
    );
  }
  return 0;
}
