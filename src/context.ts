import type { Command } from 'commander';
import type { Client } from './api/client.js';
import { type ResolvedProfile, resolveProfile, resolveProfileName } from './config/profile.js';
import { DEFAULT_SETTINGS, isProfileSetting, retrySettings } from './config/settings.js';
import { ConfigStore, resolveConfigDir } from './config/store.js';
import { parseWaitDuration } from './domain/duration.js';
import { hideUserinfoPasswords } from './domain/url-userinfo.js';
import { NotConfiguredError, UsageError } from './errors.js';
import { GLOBAL_OPTIONS, type GlobalOptions } from './global-options.js';
import type { Env, IO } from './io.js';
import { type Colors, createColors, shouldUseColor } from './output/colors.js';
import { shellQuote } from './output/format.js';
import type { OutputFormat } from './output/formats.js';
import { type Invocation, PROGRAM_NAME, printCommands, programFor } from './output/printed-commands.js';
import { redactingStream } from './output/redacting-stream.js';
import { type Logger, stderrLogger } from './output/stderr-logger.js';
import { createInquirerPrompter, type Prompter } from './prompter.js';
import { sleep as defaultSleep } from './sleep.js';
import { sayContext } from './text/en/context.js';

export type { Env, IO } from './io.js';

export interface Clock {
  now(): number;
}

export type { GlobalOptions } from './global-options.js';
export type { Logger } from './output/stderr-logger.js';

/** Everything a command handler gets. Handlers never touch process.*. */
export interface Context {
  io: IO;
  env: Env;
  globals: GlobalOptions;
  /** -o/--json, else the `output` setting, else table. */
  output: OutputFormat;
  /** Whether stdout gets human (coloured) rendering. */
  color: boolean;
  colors: Colors;
  /** stderr colours (messages, spinner). */
  errorColors: Colors;
  /** Prompts only on a TTY, without --no-input and without CI. */
  canPrompt: boolean;
  prompter: Prompter;
  config: ConfigStore;
  /**
   * A setting's value (config, then the built-in default); a `gateway.` setting is the active
   * profile's (--profile, PAYGATE_PROFILE, the current one).
   */
  setting(name: string): string | number | undefined;
  profile(): ResolvedProfile;
  /** The API client for the resolved profile, created on first use. */
  client(): Promise<Client>;
  clock: Clock;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Runs another command line in this process, with its own IO and environment (the demo's steps). */
  runCommandLine(argv: string[], options: ContextOptions): Promise<number>;
  /** Every command of the program (what `completion` lists). */
  wholeProgram(): Promise<WholeProgram>;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  log: Logger;
  /** How this run was invoked and what it selected: what every printed command repeats. */
  readonly invocation: Invocation;
  /** `text` with its `paygate …` commands as this run would type them (output/printed-commands.ts). */
  printCommands(text: string): string;
  /**
   * How the commands this run printed begin (`node /…/paygate.js`), none printed yet: undefined.
   * A message wrapped at a terminal keeps them whole (output/wrap.ts wrapMessage).
   */
  readonly printedProgram: string | undefined;
  /** Releases what the command opened (HTTP connections). */
  close(): Promise<void>;
  /** Set when the gateway is a sandbox that ends with its caller (the demo's). */
  readonly privateSandbox?: PrivateSandbox;
}

/** A sandbox that ends with the run that started it: its charges cannot be looked at afterwards. */
export interface PrivateSandbox {
  /** How a person draws a QR code again once it has ended, said instead of `charge get ID --qr`. */
  qrAfterwards: string;
}

/** What parsing a command's flags may read: the settings (defaults of flags), nothing else. */
export type Settings = Pick<Context, 'setting'>;

/** What a command's context is made from: the real process (src/main.ts) or fakes in tests. */
export interface ContextOptions {
  io: IO;
  env: Env;
  /** The run's config store, when its caller has one already (src/cli.ts reads it for the language). */
  config?: ConfigStore;
  prompter?: Prompter;
  clock?: Clock;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborted on Ctrl-C. Read only when a command uses it (src/main.ts makes it on demand). */
  signal?: AbortSignal;
  /** The script node ran (process.argv[1]): how printed commands name the program. */
  scriptPath?: string;
  /** scriptPath is the program itself (the single executable), not a script for `node`. */
  scriptIsExecutable?: boolean;
  /** The working directory, to resolve a relative scriptPath. */
  cwd?: string;
  /** Runs a whole command line in this process (cli.ts gives its runCli: commands never import it). */
  runCommandLine?: (argv: string[], options: ContextOptions) => Promise<number>;
  /** The program with every command (cli.ts gives it: commands never import program.ts or the registry). */
  wholeProgram?: () => Promise<WholeProgram>;
  /** The gateway is a sandbox that ends with the caller (the demo's steps). */
  privateSandbox?: PrivateSandbox;
}

/** The commander tree of every command, as the command line is parsed, and its repeatable flags. */
export interface WholeProgram {
  program: Command;
  /** The flag `long` of the command at `path` may be given again (`charge create --item`). */
  repeatable(path: string, long: string): boolean;
}

/** The flags of the command being run that printed commands repeat. */
export interface RunFlags {
  interval?: unknown;
}

export const DEFAULT_REQUEST_TIMEOUT: string = GLOBAL_OPTIONS.find(
  (option) => option.key === 'requestTimeout',
)!.default!;

export function createContext(
  options: ContextOptions,
  globals: GlobalOptions,
  flags: RunFlags = {},
): Context {
  const { env } = options;
  let profileCache: ResolvedProfile | undefined;
  // The keys this run knows, checked once more in every line written (api/key-windows.ts).
  const keys = () =>
    [env.PAYGATE_SECRET_KEY, env.PAYGATE_PUBLIC_KEY, profileCache?.secretKey, profileCache?.publicKey].filter(
      (key): key is string => !!key,
    );
  // The keys' last pass (api/redact.ts) comes with the API client: what could echo a key is a
  // gateway's answer, which needs the client, and commands that reach no gateway (split preview,
  // --version) do not pay for loading it at start-up (bench/CHOICES.md).
  let redactSecrets: ((text: string, secrets: readonly string[]) => string) | undefined;
  const redact = (text: string) => {
    const known = redactSecrets === undefined ? [] : keys();
    return redactSecrets !== undefined && known.length > 0 ? redactSecrets(text, known) : text;
  };
  // Not a spread: the process's stdin and terminal checks are getters, read only when used.
  const io: IO = Object.create(options.io, {
    stdout: { value: redactingStream(options.io.stdout, redact), enumerable: true },
    // Messages quote URLs a person typed: no password of theirs is shown (domain/url-userinfo.ts).
    stderr: {
      value: redactingStream(options.io.stderr, (text) => hideUserinfoPasswords(redact(text))),
      enumerable: true,
    },
  });
  let invocation: Invocation | undefined;
  const getInvocation = (): Invocation => {
    invocation ??= {
      program: programFor(options.scriptPath, env, options.cwd, options.scriptIsExecutable),
      profile: globals.profile,
      baseUrl: globals.baseUrl,
      interval: typeof flags.interval === 'string' ? flags.interval : undefined,
    };
    return invocation;
  };
  // The invocation (how this run names the program: a realpath and a stat of its script) only for
  // a text that names a command: a warning such as split preview's names none (bench/CHOICES.md).
  const commands = (text: string) =>
    text.includes(PROGRAM_NAME) ? printCommands(text, getInvocation()) : text;
  const config = options.config ?? new ConfigStore(resolveConfigDir(env));
  const setting = (name: string) => {
    const data = config.read();
    const stored = isProfileSetting(name)
      ? data.profiles[resolveProfileName(data, env, { profile: globals.profile })]?.settings?.[name]
      : data.settings[name];
    return stored ?? (DEFAULT_SETTINGS as Record<string, string | number>)[name];
  };
  const colorFlag = globals.color === false;
  const color = shouldUseColor({ isTTY: io.stdoutIsTTY, env, noColorFlag: colorFlag });
  const errorColors = createColors(shouldUseColor({ isTTY: io.stderrIsTTY, env, noColorFlag: colorFlag }));
  let signal: AbortSignal | undefined;
  let clientPromise: Promise<Client> | undefined;

  const context: Context = {
    io,
    env,
    globals,
    output: outputFormat(globals, setting),
    color,
    colors: createColors(color),
    errorColors,
    // stdout first: src/main.ts opens stdin only when it is used (in a pipe or from cron: never).
    canPrompt: io.stdoutIsTTY && io.stdinIsTTY && globals.input !== false && !env.CI,
    prompter: options.prompter ?? lazyPrompter(io),
    config,
    setting,
    profile: () => {
      profileCache ??= resolveProfile(config.read(), env, {
        profile: globals.profile,
        baseUrl: globals.baseUrl,
      });
      return profileCache;
    },
    client: () => {
      clientPromise ??= import('./api/redact.js').then((module) => {
        redactSecrets = module.redactSecrets;
        return createClient(context);
      });
      return clientPromise;
    },
    clock: options.clock ?? { now: () => Date.now() },
    sleep: options.sleep ?? defaultSleep,
    runCommandLine: (argv, runOptions) => {
      if (!options.runCommandLine) throw new Error('this context cannot run a command line');
      return options.runCommandLine(argv, runOptions);
    },
    wholeProgram: () => {
      if (!options.wholeProgram) throw new Error('this context has no program to describe');
      return options.wholeProgram();
    },
    // On demand: loading AbortController is start-up time a command that never waits does not need.
    get signal() {
      signal ??= options.signal ?? new AbortController().signal;
      return signal;
    },
    log: stderrLogger(io, globals, errorColors, commands, () => invocation?.program),
    get invocation() {
      return getInvocation();
    },
    printCommands: commands,
    // Every printed command was made through the invocation (commands, context.invocation).
    get printedProgram() {
      return invocation?.program;
    },
    close: async () => {
      if (clientPromise) (await clientPromise.catch(() => undefined))?.close();
    },
    ...(options.privateSandbox ? { privateSandbox: options.privateSandbox } : {}),
  };
  return context;
}

/** --excel, --json, -o, then the output setting; a table when none says. */
function outputFormat(globals: GlobalOptions, setting: Context['setting']): OutputFormat {
  if (globals.excel) return 'csv';
  if (globals.json) return 'json';
  return globals.output ?? (setting('output') as OutputFormat | undefined) ?? 'table';
}

/** The inquirer prompter, made on the first question: it opens stdin, which costs start-up time. */
function lazyPrompter(io: IO): Prompter {
  let prompter: Prompter | undefined;
  const get = () => {
    prompter ??= createInquirerPrompter(io);
    return prompter;
  };
  return {
    input: (options) => get().input(options),
    password: (options) => get().password(options),
    confirm: (options) => get().confirm(options),
    select: (options) => get().select(options),
  };
}

/**
 * The client options every command shares: timeout, the retry limits (the `retry.*` settings),
 * --debug, the context's clock.
 */
export function clientOptions(context: Context) {
  const { globals } = context;
  const timeoutMs = parseWaitDuration(globals.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT, '--request-timeout');
  if (timeoutMs <= 0)
    throw new UsageError(sayContext('requestTimeoutAboveZero'), { field: '--request-timeout' });
  return {
    timeoutMs,
    ...retrySettings((name) => context.setting(name)),
    debug: globals.debug ? (line: string) => context.log.debug(line) : undefined,
    signal: context.signal,
    sleep: context.sleep,
    now: () => context.clock.now(),
    env: context.env,
  };
}

async function createClient(context: Context) {
  const profile = context.profile();
  if (!profile.baseUrl) {
    const profiles = Object.keys(context.config.read().profiles);
    if (!profiles.includes(profile.name)) throw missingProfile(profile.name, profiles, context);
    throw new NotConfiguredError(
      sayContext('noGatewayUrl', { profile: profile.name }),
      sayContext('loginOrBaseUrl', { login: '`paygate login`' }),
    );
  }
  const options = clientOptions(context);
  const secretKey = usableKey(
    profile.secretKey,
    profile.sources.secretKey,
    'PAYGATE_SECRET_KEY',
    profile.name,
  );
  const publicKey = usableKey(
    profile.publicKey,
    profile.sources.publicKey,
    'PAYGATE_PUBLIC_KEY',
    profile.name,
  );
  const { Client } = await import('./api/client.js');
  return new Client({
    ...options,
    baseUrl: profile.baseUrl,
    apiPrefix: profile.apiPrefix,
    secretKey,
    publicKey,
  });
}

/**
 * A profile that is not in the config file: said so, with where its name came from, the profiles
 * there are and the login that creates it (a typo in --profile is not a missing URL).
 */
function missingProfile(name: string, profiles: readonly string[], context: Context): NotConfiguredError {
  const { globals, env } = context;
  if (profiles.length === 0 && globals.profile === undefined && !env.PAYGATE_PROFILE) {
    return new NotConfiguredError(
      sayContext('notLoggedIn'),
      sayContext('loginOrBaseUrl', { login: '`paygate login`' }),
    );
  }
  const namedBy =
    globals.profile !== undefined
      ? 'profileMissing'
      : env.PAYGATE_PROFILE
        ? 'profileMissingNamedByVariable'
        : context.config.read().current_profile === name
          ? 'profileMissingCurrent'
          : 'profileMissing';
  const there =
    profiles.length === 0
      ? sayContext('noProfilesYet')
      : sayContext('profilesAre', { profiles: profiles.join(', ') });
  // A printed `paygate …` repeats this run's --profile: only a name from elsewhere is spelled out.
  const login =
    globals.profile !== undefined ? 'paygate login' : `paygate login --profile ${shellQuote(name)}`;
  return new NotConfiguredError(
    sayContext(namedBy, { profile: JSON.stringify(name), there }),
    sayContext('createProfile', { login: `\`${login}\`` }),
  );
}

/**
 * A key as it can go in a header: surrounding whitespace (a CRLF file, a pasted newline) dropped;
 * any other character outside visible ASCII is a configuration error naming where the key came
 * from (exit 2, nothing sent), never a network failure, and the key is never printed.
 */
function usableKey(
  key: string | undefined,
  source: string,
  variable: string,
  profileName: string,
): string | undefined {
  if (key === undefined) return undefined;
  const trimmed = key.trim();
  if (/^[\x21-\x7e]+$/.test(trimmed)) return trimmed;
  const where = source === 'environment' ? variable : sayContext('storedKey', { profile: profileName });
  throw new UsageError(sayContext('keyNotOneLine', { where }), {
    field: variable,
    hint: sayContext('setKeyAgain', { variable, login: '`paygate login`' }),
  });
}
