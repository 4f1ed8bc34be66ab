import { AuthenticationError, NetworkError } from '../../api/errors.js';
import { maskKey } from '../../config/profile.js';
import { type Context, clientOptions } from '../../context.js';
import { DEFAULT_SANDBOX_URL } from '../../domain/sandbox-port.js';
import { NotConfiguredError, UsageError } from '../../errors.js';
import { writeObject } from '../../output/render.js';
import { wrapWidth, wrapWords } from '../../output/wrap.js';
import { sayAuth } from '../../text/en/auth.js';
import { NO_ARGUMENTS, readArguments, readFlags, requireValue } from '../options.js';
import { sandboxNotRunning } from '../sandbox/not-running.js';
import { readInput } from '../shared/read-input.js';
import type { CommandHandler, FlagValues } from '../types.js';
import { LOGIN_FLAGS } from './flags.js';

/** A key is a few dozen characters; anything near this is not one. */
const SECRET_KEY_LIMIT_BYTES = 64 * 1024;

interface Credentials {
  baseUrl: string;
  secretKey: string;
  publicKey: string | undefined;
}

/** Logs in with the main seller's keys of a running sandbox, read from its control endpoint. */
async function sandboxLogin(context: Context, url: string): Promise<Verified> {
  const credentials = await sandboxCredentials(url);
  return { credentials, ...(await verify(context, credentials)) };
}

async function sandboxCredentials(url: string): Promise<Credentials> {
  const baseUrl = url.replace(/\/+$/, '');
  let body: { data?: { sellers?: Array<{ secret_key: string; public_key: string }> } };
  try {
    const response = await fetch(`${baseUrl}/_sandbox/state`);
    body = (await response.json()) as typeof body;
  } catch {
    throw sandboxNotRunning(baseUrl, sayAuth('sandboxUrlAlternative'));
  }
  const main = body.data?.sellers?.[0];
  if (!main) throw new NotConfiguredError(sayAuth('notASandbox', { url: baseUrl }));
  return { baseUrl, secretKey: main.secret_key, publicKey: main.public_key };
}

/** How many times a terminal login asks again for a URL that does not answer or a refused key. */
const LOGIN_ATTEMPTS = 3;

interface Verified {
  credentials: Credentials;
  apiPrefix: '/v1' | '/api/v1';
  account: Record<string, unknown> & { name?: unknown; seller_id?: unknown };
}

/**
 * The URL (asked first, and checked before the key is asked for), then the key, checked against
 * the account; on a terminal a URL that does not answer or a refused key is asked for again.
 */
async function askedCredentials(options: LoginOptions, context: Context): Promise<Verified> {
  const { prompter } = context;
  const stored = context.config.read().profiles[context.profile().name];
  const ask = context.canPrompt;
  const { detectApiPrefix } = await import('../../api/detect-prefix.js');
  const givenUrl = context.globals.baseUrl ?? context.env.PAYGATE_BASE_URL;
  let baseUrl = '';
  let apiPrefix: '/v1' | '/api/v1' | undefined;
  for (let attempt = 1; ; attempt += 1) {
    baseUrl = await requireValue(
      attempt === 1 ? givenUrl : undefined,
      '--base-url',
      ask
        ? () =>
            prompter.input({
              message: sayAuth('gatewayUrlPrompt'),
              default: stored?.base_url,
              validate: (value) => (URL.canParse(value) ? true : sayAuth('gatewayUrlInvalid')),
            })
        : undefined,
    );
    if (!ask) break; // checked with the key below: one round trip fewer from a script
    try {
      // Without a key: any gateway answers /account (401 in its envelope), so the URL is checked first.
      apiPrefix = await detectApiPrefix(baseUrl, undefined, clientOptions(context));
      break;
    } catch (error) {
      if (!(error instanceof NetworkError)) break; // an answer, just not one we read: the key decides
      if (attempt >= LOGIN_ATTEMPTS) throw error;
      context.log.warn(sayAuth('nothingAnswersAskAgain', { problem: error.message }));
    }
  }
  const publicKey = options.publicKey ?? context.env.PAYGATE_PUBLIC_KEY;
  for (let attempt = 1; ; attempt += 1) {
    let secretKey: string;
    const prompted = !options.secretKeyStdin && (attempt > 1 || context.env.PAYGATE_SECRET_KEY === undefined);
    if (options.secretKeyStdin) {
      secretKey = (await readInput('-', context, '--secret-key-stdin', SECRET_KEY_LIMIT_BYTES)).trim();
      if (!secretKey) throw new UsageError(sayAuth('secretKeyStdinEmpty'), { field: '--secret-key-stdin' });
    } else {
      secretKey = await requireValue(
        attempt === 1 ? context.env.PAYGATE_SECRET_KEY : undefined,
        '--secret-key-stdin',
        ask
          ? () =>
              prompter.password({
                message: sayAuth('secretKeyPrompt'),
                validate: (value) => (value.trim() ? true : sayAuth('secretKeyRequired')),
              })
          : undefined,
      );
    }
    const credentials = { baseUrl, secretKey: secretKey.trim(), publicKey };
    try {
      return { credentials, ...(await verify(context, credentials, apiPrefix)) };
    } catch (error) {
      if (!(prompted && error instanceof AuthenticationError && attempt < LOGIN_ATTEMPTS)) throw error;
      context.log.warn(sayAuth('keyRefusedAskAgain', { problem: error.message }));
    }
  }
}

/** Finds the API (when not yet known) and reads the account with the key: the login's proof. */
async function verify(
  context: Context,
  credentials: Credentials,
  knownPrefix?: '/v1' | '/api/v1',
): Promise<Omit<Verified, 'credentials'>> {
  const [{ Client }, { detectApiPrefix }] = await Promise.all([
    import('../../api/client.js'),
    import('../../api/detect-prefix.js'),
  ]);
  const shared = clientOptions(context);
  const apiPrefix =
    knownPrefix ?? (await detectApiPrefix(credentials.baseUrl, credentials.secretKey, shared));
  const client = new Client({ ...shared, ...credentials, apiPrefix });
  try {
    return { apiPrefix, account: await client.account.getAccount() };
  } finally {
    await client.close();
  }
}

/** `--sandbox` without a URL is `true`: the --base-url given, else the default port (read in run). */
export type LoginOptions = FlagValues<typeof LOGIN_FLAGS>;

export const login: CommandHandler<LoginOptions> = {
  parse: (input) => {
    readArguments(NO_ARGUMENTS, input);
    return readFlags(LOGIN_FLAGS, input);
  },
  run: storeLogin,
};

async function storeLogin(options: LoginOptions, context: Context): Promise<number> {
  const { credentials, apiPrefix, account } =
    options.sandbox !== undefined
      ? await sandboxLogin(
          context,
          typeof options.sandbox === 'string'
            ? options.sandbox
            : (context.globals.baseUrl ?? DEFAULT_SANDBOX_URL),
        )
      : await askedCredentials(options, context);

  const name = context.profile().name;
  const sellerId = account.seller_id;
  await context.config.update((data) => {
    const { seller_id: _earlier, ...kept } = data.profiles[name] ?? {};
    data.profiles[name] = {
      ...kept,
      base_url: credentials.baseUrl,
      api_prefix: apiPrefix,
      secret_key: credentials.secretKey,
      ...(credentials.publicKey ? { public_key: credentials.publicKey } : {}),
      // Whose key this is: the interactive split names the seller's own share with it.
      ...(typeof sellerId === 'string' || typeof sellerId === 'number'
        ? { seller_id: String(sellerId) }
        : {}),
    };
    data.current_profile ??= name;
  });

  if (context.output === 'json') {
    writeObject(context.io.stdout, 'json', account, [], { colors: context.colors });
  } else {
    const facts = {
      url: credentials.baseUrl,
      profile: name,
      key: maskKey(credentials.secretKey),
      prefix: apiPrefix,
    };
    const line = !account.name
      ? sayAuth('loggedInAsUnnamed', facts)
      : account.seller_id
        ? sayAuth('loggedInAsSeller', {
            ...facts,
            account: String(account.name),
            seller: String(account.seller_id),
          })
        : sayAuth('loggedInAsNamed', { ...facts, account: String(account.name) });
    // Broken at spaces to the terminal's width: a terminal would cut a word in two.
    context.log.info(wrapWords(line, wrapWidth(context.io, context.io.stderrIsTTY), '  ').join('\n'));
  }
  return 0;
}
