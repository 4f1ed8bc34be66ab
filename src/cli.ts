// Runs one command line: reads argv as commander would (command-line.ts) or, for help, --version
// and what commander refuses, with the program's commander tree (program.ts); gives the handler
// its context, and reports a failure once with its exit code.
import type { Command, CommanderError } from 'commander';
import { readPlainCommandLine } from './command-line.js';
import { loadAllSpecs, specsByWord } from './commands/registry.js';
import type { ProgramSpecs } from './commands/types.js';
import { ConfigStore, resolveConfigDir } from './config/store.js';
import { type Context, type ContextOptions, createContext, type IO } from './context.js';
import { CancelledError, ExitCode, PaygateError, UsageError } from './errors.js';
import { GLOBAL_VALUE_OPTIONS } from './global-options.js';
import { sanitizeForTerminal, sanitizeMultiline } from './output/sanitize.js';
import { fitToStderr } from './output/wrap.js';
import type { RunCommand } from './program.js';
import { useLanguage } from './text/catalog.js';
import { sayCommon } from './text/en/common.js';
import { chooseLanguage, type Language } from './text/language.js';

/** What a run needs from outside: the real process in bin/, fakes in tests. */
export type CliDependencies = ContextOptions;

/**
 * The branch of the tree `argv` needs (start-up time, bench/CHOICES.md): the top-level command it
 * runs (`charge` for `--json charge list`, also for `help charge list`), `null` for none
 * (`--version`), `undefined` for the whole tree (program help, an unknown word, anything unusual).
 */
export function branchFor(argv: readonly string[]): string | null | undefined {
  const words: string[] = [];
  for (let index = 0; index < argv.length && words.length < 2; index += 1) {
    const arg = argv[index]!;
    if (arg === '--') return undefined;
    if (arg.startsWith('-')) {
      if (GLOBAL_VALUE_OPTIONS.has(arg)) index += 1;
      continue;
    }
    words.push(arg);
    if (arg !== 'help') break;
  }
  if (words.length === 0) {
    const version = argv.includes('--version') || argv.includes('-v');
    return version && !argv.includes('--help') && !argv.includes('-h') ? null : undefined;
  }
  const word = words[0] === 'help' ? words[1] : words[0];
  return word !== undefined && Object.hasOwn(specsByWord, word) ? word : undefined;
}

/** The specs `argv` needs (branchFor): one top-level word's, none, or all of them. */
export async function specsFor(argv: readonly string[]): Promise<ProgramSpecs> {
  const branch = branchFor(argv);
  if (branch === null) return { commands: [], groups: [] };
  if (branch === undefined) return loadAllSpecs();
  const { commands, groups } = await specsByWord[branch]!();
  const inBranch = (path: string) => path.split(' ')[0] === branch;
  return {
    commands: commands.filter((spec) => inBranch(spec.path)),
    groups: groups.filter((group) => inBranch(group.path)),
  };
}

function commanderExitCode(error: CommanderError): number {
  // commander.help: `paygate` or a group without a subcommand printed its help.
  if (['commander.helpDisplayed', 'commander.help', 'commander.version'].includes(error.code))
    return ExitCode.Success;
  if (error.code === 'commander.executeSubCommandAsync') return error.exitCode;
  return ExitCode.Usage;
}

/** Whether the line asks for JSON output: a failure is then said as `{"error":{…}}`, even before the line is read. */
export function asksForJson(argv: readonly string[]): boolean {
  return (
    argv.includes('--json') ||
    argv.some((arg, index) => (arg === '-o' || arg === '--output') && argv[index + 1] === 'json') ||
    argv.includes('--output=json')
  );
}

/** Prints a failure once: a line for people, or `{"error":{…}}` with --json; exit code by type. */
export async function reportError(
  error: unknown,
  io: Pick<IO, 'stderr'> & Partial<Pick<IO, 'stderrIsTTY' | 'terminalSize'>>,
  options: {
    json: boolean;
    debug: boolean;
    /** The run's context, which names its printed commands (output/printed-commands.ts). */
    commands?: Pick<Context, 'printCommands' | 'printedProgram'>;
  },
): Promise<number> {
  if (error instanceof PaygateError) {
    // Loaded on a failure only: the words of the next steps stay off every run's start-up path.
    const { errorHint, errorMessage } = await import('./output/error-text.js');
    // The commands a message or hint names, as this run would type them (output/printed-commands.ts).
    const commands = (text: string) => options.commands?.printCommands(text) ?? text;
    // The error's facts said in words: the next step it names (output/error-text.ts).
    const message = errorMessage(error);
    const hint = errorHint(error);
    if (options.json) {
      const json = error.toJSON();
      json.message = commands(message);
      if (hint) json.hint = commands(hint);
      io.stderr.write(`${JSON.stringify({ error: json })}\n`);
    } else {
      // Messages can quote the server or a file: no terminal escapes get through.
      // A person's own No or Ctrl-C at a question is no error: said as it is.
      const prefix = error instanceof CancelledError ? '' : sayCommon('errorPrefix');
      // Read after the commands are printed: a command in them is never broken (output/wrap.ts).
      const fitted = (text: string) => fitToStderr(io, text, options.commands?.printedProgram);
      io.stderr.write(`${fitted(`${prefix}${commands(sanitizeMultiline(message))}`)}\n`);
      if (hint)
        io.stderr.write(`${fitted(`${sayCommon('hintPrefix')}${commands(sanitizeForTerminal(hint))}`)}\n`);
    }
    if (options.debug && error.stack) io.stderr.write(`${error.stack}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (options.json) {
    io.stderr.write(`${JSON.stringify({ error: { type: 'internal_error', message, exit_code: 1 } })}\n`);
  } else {
    io.stderr.write(
      `${sayCommon('errorPrefix')}${sayCommon('internalError', { message: sanitizeForTerminal(message) })}\n`,
    );
    io.stderr.write(
      options.debug && error instanceof Error
        ? `${error.stack}\n`
        : `${sayCommon('hintPrefix')}${sayCommon('internalErrorHint')}\n`,
    );
  }
  return ExitCode.Internal;
}

/**
 * The language of this run (text/language.ts): `PAYGATE_LANG`, the setting `lang`, the locale.
 * The config file is read only when the variable does not decide, and a config that cannot be
 * read leaves the choice to the locale (the command reports the config's fault itself).
 */
function languageOfRun(env: CliDependencies['env'], config: ConfigStore): Language {
  if (env.PAYGATE_LANG?.trim()) return chooseLanguage(env, undefined);
  let setting: string | undefined;
  try {
    const value = config.read().settings.lang;
    setting = typeof value === 'string' ? value : undefined;
  } catch {
    setting = undefined;
  }
  return chooseLanguage(env, setting);
}

/**
 * Says every text of this run in its language: Portuguese areas are registered when chosen
 * (text/pt-BR/index.ts), each read on the first text of it said. `--version` prints no text and
 * chooses nothing (alone, it never gets here: src/entry.ts answers it).
 */
async function chooseLanguageOfRun(
  argv: readonly string[],
  env: CliDependencies['env'],
  config: ConfigStore,
): Promise<void> {
  const language = branchFor(argv) === null ? 'en' : languageOfRun(env, config);
  useLanguage(language);
  if (language === 'pt-BR') await import('./text/pt-BR/index.js');
}

/**
 * `dependencies` with `own` in place of its properties of the same names. Not a spread, which
 * calls getters: the run's signal is one, its AbortController made on first use (src/main.ts), and
 * a command that never waits does not load it (bench/CHOICES.md).
 */
function withOwn(dependencies: CliDependencies, own: Partial<CliDependencies>): CliDependencies {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(dependencies));
  return Object.defineProperties(copy, Object.getOwnPropertyDescriptors(own)) as CliDependencies;
}

/** Parses argv and runs one command; returns the exit code. Never throws. */
export async function runCli(argv: string[], dependencies: CliDependencies): Promise<number> {
  const { io } = dependencies;
  // One store for the run: the file read to choose the language is the one the command reads.
  const config = new ConfigStore(resolveConfigDir(dependencies.env));
  await chooseLanguageOfRun(argv, dependencies.env, config);
  let context: Context | undefined;
  const wantsJson = asksForJson(argv);
  const wantsDebug = argv.includes('--debug');
  const runCommand: RunCommand = async (spec, args, flags, globals) => {
    context = createContext(
      withOwn(dependencies, {
        config,
        runCommandLine: runCli,
        wholeProgram: async () => (await import('./program.js')).wholeProgram(await loadAllSpecs()),
      }),
      globals,
      flags,
    );
    const handler = await spec.load();
    const input = { args, flags };
    try {
      return (await handler.run(handler.parse(input, context), context)) ?? ExitCode.Success;
    } finally {
      await context.close();
    }
  };
  // Loaded only for a line commander reads (help, --version, a refusal): a plain one never needs it.
  let commander: typeof import('./program.js') | undefined;
  try {
    const specs = await specsFor(argv);
    const plain = readPlainCommandLine(argv, specs);
    if (plain) return await runCommand(plain.spec, plain.args, plain.flags, plain.globals);
    commander = await import('./program.js');
    const program = commander.createProgram(io, runCommand, specs);
    await program.parseAsync(argv, { from: 'user' });
    const leaf = findExecuted(program, commander.allCommands);
    return (leaf?.getOptionValue('__exitCode') as number | undefined) ?? ExitCode.Success;
  } catch (error) {
    if (commander && error instanceof commander.CommanderError) {
      const code = commanderExitCode(error);
      if (code !== ExitCode.Success) {
        // Loaded on a failure only, as reportError's words (output/commander-error-text.ts).
        const { commanderErrorMessage } = await import('./output/commander-error-text.js');
        return reportError(new UsageError(commanderErrorMessage(error)), io, {
          json: wantsJson,
          debug: wantsDebug,
        });
      }
      return code;
    }
    // The context's streams: its last redaction pass sees the error line too.
    return reportError(error, context?.io ?? io, {
      json: wantsJson || context?.output === 'json',
      debug: wantsDebug,
      commands: context,
    });
  }
}

function findExecuted(program: Command, allCommands: (root: Command) => Command[]): Command | undefined {
  return allCommands(program).find((command) => command.getOptionValue('__exitCode') !== undefined);
}
