// Every command line paygate prints for a person to run (hints, "resume with:", the reconcile
// command, demo's "Next:", sandbox start's "Use it:") is built here, so that it runs as printed:
// - the program is named the way this run was invoked: `paygate` when that name on PATH is this
//   very program, `npx paygate` under npx, else `node /abs/path/bin/paygate.js` (the single
//   executable: its path alone);
// - the selection flags the run was given (--profile, --base-url) are repeated, so the command
//   looks at the same gateway; a watch command also repeats --interval when it was given.
// Texts made where no Context exists (config/, the words of an error's next step in
// error-text.ts) name `paygate …`: printCommands rewrites them when they are printed (the logger
// and the error report call it).
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { sandboxPortArguments } from '../domain/sandbox-port.js';
import { shellQuote } from './format.js';

type Env = Readonly<Record<string, string | undefined>>;

/** How this run was started and what it selected: what a printed command must repeat. */
export interface Invocation {
  /** The program as a person types it: `paygate`, `npx paygate`, `node /x/bin/paygate.js`. */
  readonly program: string;
  readonly profile?: string;
  readonly baseUrl?: string;
  /** --interval of this run (repeated on watch commands). */
  readonly interval?: string;
}

/** The name the package's bin gives the program. */
export const PROGRAM_NAME = 'paygate';

/**
 * The program as a person would type it again, from the script path node ran (process.argv[1])
 * and the environment. Reads the file system (PATH): called once, when a command is printed.
 * `executable`: scriptPath is the program itself (the single executable), run without `node`.
 */
export function programFor(scriptPath: string | undefined, env: Env, cwd = '/', executable = false): string {
  if (!scriptPath) return PROGRAM_NAME;
  // npm exec / npx set these for the command they run.
  if (env.npm_command === 'exec' || env.npm_lifecycle_event === 'npx') return `npx ${PROGRAM_NAME}`;
  const script = isAbsolute(scriptPath) ? scriptPath : resolve(cwd, scriptPath);
  const real = realPath(script);
  // The shell runs the first executable `paygate` on PATH: only when that one is this program
  // does typing `paygate` run it.
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '' || !isAbsolute(dir)) continue;
    const candidate = join(dir, PROGRAM_NAME);
    if (!isExecutableFile(candidate)) continue;
    if (real !== undefined && realPath(candidate) === real) return PROGRAM_NAME;
    break;
  }
  return executable ? shellQuote(script) : `node ${shellQuote(script)}`;
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const WATCH_COMMANDS = /^(?:charge|payout) watch\b/;
const SANDBOX_START = /^sandbox start\b/;

/**
 * `sandbox start` listens where --port says, not at --base-url: the sandbox this run looked for
 * at a loopback URL is started on that URL's port.
 */
function sandboxStartLine(invocation: Invocation, rest: string): string {
  const port = /(?:^|\s)--port\b/.test(rest) ? [] : sandboxPortArguments(invocation.baseUrl);
  return [invocation.program, rest, ...port].join(' ');
}

/**
 * The command line that runs `paygate ARGS` as this run did: the program, the selection flags,
 * then `args` (already shell-quoted text, or words to quote), then --interval on a watch.
 */
export function commandLine(invocation: Invocation, args: string | readonly string[]): string {
  const rest = typeof args === 'string' ? args.trim() : args.map(shellQuote).join(' ');
  if (SANDBOX_START.test(rest)) return sandboxStartLine(invocation, rest);
  const words = [invocation.program];
  if (invocation.profile !== undefined) words.push('--profile', shellQuote(invocation.profile));
  if (invocation.baseUrl !== undefined) words.push('--base-url', shellQuote(invocation.baseUrl));
  if (rest !== '') words.push(rest);
  if (invocation.interval !== undefined && WATCH_COMMANDS.test(rest) && !/(?:^|\s)--interval\b/.test(rest)) {
    words.push('--interval', shellQuote(invocation.interval));
  }
  return words.join(' ');
}

// `paygate …` in backticks, or after `: ` / a line start up to the end of the line.
const QUOTED_COMMAND = /`paygate(?= |`)(?! --profile | --base-url )([^`\n]*)`/g;
const TRAILING_COMMAND = /(^|: |\n)paygate (?!sandbox: |--profile |--base-url )([^\n`]*)$/gm;

/**
 * `text` with each `paygate …` command in it (in backticks, or ending a line after `: `) made
 * into the command this run would type (commandLine). Idempotent: a command it made (or
 * commandLine did) is left as it is.
 */
export function printCommands(text: string, invocation: Invocation): string {
  if (!text.includes(PROGRAM_NAME)) return text;
  return text
    .replace(QUOTED_COMMAND, (_match, rest: string) => `\`${commandLine(invocation, rest)}\``)
    .replace(
      TRAILING_COMMAND,
      (_match, lead: string, rest: string) => `${lead}${commandLine(invocation, rest)}`,
    );
}
