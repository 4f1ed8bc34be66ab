import { Command, CommanderError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { helpTopics } from './commands/help/topics.js';
import { loadAllSpecs, specsByWord } from './commands/registry.js';
import type { CommandSpec, GroupSpec, ProgramSpecs } from './commands/types.js';
import { type Context, type ContextOptions, createContext, type GlobalOptions, type IO } from './context.js';
import { ExitCode, PaygateError, UsageError } from './errors.js';
import { sanitizeForTerminal, sanitizeMultiline } from './output/sanitize.js';

export const OUTPUT_CHOICES = ['table', 'json', 'ndjson', 'csv', 'plain'] as const;

/** What a run needs from outside: the real process in bin/, fakes in tests. */
export type CliDependencies = ContextOptions;

export const GLOBAL_OPTION_KEYS = [
  'profile',
  'baseUrl',
  'output',
  'json',
  'color',
  'input',
  'quiet',
  'debug',
  'requestTimeout',
  'excel',
] as const;

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function addGlobalOptions(program: Command): void {
  program
    .option('--profile <name>', 'profile to use (default: the current profile)')
    .option('--base-url <url>', 'gateway URL (overrides the profile)')
    .addOption(new Option('-o, --output <format>', 'output format').choices(OUTPUT_CHOICES))
    .option('--json', 'JSON output (same as -o json)')
    .option(
      '--excel',
      'CSV a pt-BR spreadsheet opens as columns (;, BOM, 1,50, DD/MM/AAAA HH:MM in TZ or Sao Paulo)',
    )
    .option('--no-color', 'no colour')
    .option('--no-input', 'never prompt; a missing value is an error')
    .option('-q, --quiet', 'only data and errors')
    .option('--debug', 'print HTTP requests and responses (secrets redacted) to stderr')
    .option('--request-timeout <duration>', 'timeout of each HTTP request', '30s');
}

function addFlags(command: Command, spec: CommandSpec): void {
  for (const flag of spec.flags ?? []) {
    const option = new Option(flag.flags, flag.description);
    if (flag.choices) option.choices(flag.choices);
    if (flag.repeatable) option.argParser(collect);
    if (flag.default !== undefined) option.default(flag.default);
    command.addOption(option);
  }
  for (const argument of spec.arguments ?? []) {
    const name = argument.variadic ? `${argument.name}...` : argument.name;
    command.argument(argument.required ? `<${name}>` : `[${name}]`, argument.description);
    if (argument.choices) {
      const registered = command.registeredArguments.at(-1)!;
      registered.choices(argument.choices);
    }
  }
  const examples = spec.examples.map((line) => `  $ ${line}`).join('\n');
  command.addHelpText('after', `\nExamples:\n${examples}\n`);
  if (spec.description) command.description(`${spec.summary}\n\n${spec.description}`);
}

/** Finds or creates the command at `words` (groups are created on the way). */
function commandAt(root: Command, words: string[], groupSpecs: readonly GroupSpec[]): Command {
  let current = root;
  for (const word of words) {
    let next = current.commands.find((command) => command.name() === word);
    if (!next) {
      next = current.command(word);
      const group = groupSpecs.find((candidate) => candidate.path === [...pathOf(current), word].join(' '));
      if (group) next.summary(group.summary).description(group.summary);
    }
    current = next;
  }
  return current;
}

function pathOf(command: Command): string[] {
  const words: string[] = [];
  for (let current: Command | null = command; current?.parent; current = current.parent)
    words.unshift(current.name());
  return words;
}

export type RunCommand = (
  spec: CommandSpec,
  args: string[],
  flags: Record<string, unknown>,
  globals: GlobalOptions,
) => Promise<number>;

/** Global options that take a value (skipped when looking for the command word). */
const GLOBAL_VALUE_OPTIONS = new Set(['--profile', '--base-url', '-o', '--output', '--request-timeout']);

/**
 * The branch of the tree `argv` needs (start-up time, DESIGN.md §9): the top-level command it
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

/**
 * The commander tree of `specs`: all of them (loadAllSpecs: completions, program help) or the
 * branch a command line runs (specsFor). Actions call `runCommand`.
 */
export function createProgram(
  io: Pick<IO, 'stdout' | 'stderr'>,
  runCommand: RunCommand,
  specs: ProgramSpecs,
): Command {
  const program = new Command('paygate');
  program
    .description(
      'PIX charges, payouts and split for a Brazilian payment gateway, from a terminal and from cron.',
    )
    .version(packageJson.version, '-v, --version', 'print the version')
    .helpCommand(false)
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      // Commander writes here only the help it shows for `paygate` or a group (`paygate charge`)
      // run without a subcommand (errors go through reportError): help asked for, so stdout.
      writeErr: (text) => io.stdout.write(text),
      // Errors are printed by reportError, once, in the right format.
      outputError: () => {},
    });
  addGlobalOptions(program);
  program.addHelpText(
    'after',
    '\nExamples:\n  $ paygate demo\n  $ paygate charge create --amount 25.00 --watch\n  $ paygate help exit-codes\n',
  );

  for (const spec of specs.commands) {
    const words = spec.path.split(' ');
    const parent = commandAt(program, words.slice(0, -1), specs.groups);
    const command = parent.command(words.at(-1)!).summary(spec.summary).description(spec.summary);
    addFlags(command, spec);
    command.action(async (...actionArgs: unknown[]) => {
      const self = actionArgs.at(-1) as Command;
      const args = self.processedArgs.flatMap((value) => (value === undefined ? [] : value)) as string[];
      const all = self.optsWithGlobals() as Record<string, unknown>;
      const flags = self.opts() as Record<string, unknown>;
      const globals: GlobalOptions = {};
      for (const key of GLOBAL_OPTION_KEYS) {
        if (all[key] !== undefined) (globals as Record<string, unknown>)[key] = all[key];
      }
      self.setOptionValue('__exitCode', await runCommand(spec, args, flags, globals));
    });
  }

  program
    .command('help')
    .summary('Help on a command or a topic (exit-codes, environment)')
    .argument('[words...]', 'a command (charge create) or a topic')
    .action((words: string[]) => {
      const topic = helpTopics[words.join(' ')];
      if (topic) {
        io.stdout.write(topic.text);
        return;
      }
      let target: Command = program;
      for (const word of words) {
        const next = target.commands.find((command) => command.name() === word);
        if (!next)
          throw new UsageError(
            `no help for "${words.join(' ')}": see \`paygate help\` for commands and topics`,
          );
        target = next;
      }
      target.outputHelp();
    });
  program.addHelpText(
    'afterAll',
    `\nHelp topics: ${Object.keys(helpTopics)
      .map((name) => `paygate help ${name}`)
      .join(', ')}\n`,
  );
  program.exitOverride();
  // Subcommand help lists the global options too (--profile, --json...).
  for (const command of allCommands(program))
    command.exitOverride().configureHelp({ showGlobalOptions: true });
  return program;
}

export function allCommands(root: Command): Command[] {
  return root.commands.flatMap((command) => [command, ...allCommands(command)]);
}

function commanderExitCode(error: CommanderError): number {
  // commander.help: `paygate` or a group without a subcommand printed its help.
  if (['commander.helpDisplayed', 'commander.help', 'commander.version'].includes(error.code))
    return ExitCode.Success;
  if (error.code === 'commander.executeSubCommandAsync') return error.exitCode;
  return ExitCode.Usage;
}

/** Prints a failure once: a line for people, or `{"error":{…}}` with --json; exit code by type. */
export function reportError(
  error: unknown,
  io: Pick<IO, 'stderr'>,
  options: { json: boolean; debug: boolean; printCommands?: (text: string) => string },
): number {
  if (error instanceof PaygateError) {
    // The commands a message or hint names, as this run would type them (commands/shared/hint.ts).
    const commands = options.printCommands ?? ((text: string) => text);
    if (options.json) {
      const json = error.toJSON();
      json.message = commands(error.message);
      if (typeof json.hint === 'string') json.hint = commands(json.hint);
      io.stderr.write(`${JSON.stringify({ error: json })}\n`);
    } else {
      // Messages can quote the server or a file: no terminal escapes get through.
      io.stderr.write(`error: ${commands(sanitizeMultiline(error.message))}\n`);
      if (error.details.hint) io.stderr.write(`hint: ${commands(sanitizeForTerminal(error.details.hint))}\n`);
    }
    if (options.debug && error.stack) io.stderr.write(`${error.stack}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (options.json) {
    io.stderr.write(`${JSON.stringify({ error: { type: 'internal_error', message, exit_code: 1 } })}\n`);
  } else {
    io.stderr.write(`error: internal error: ${sanitizeForTerminal(message)}\n`);
    io.stderr.write(
      options.debug && error instanceof Error
        ? `${error.stack}\n`
        : 'hint: run again with --debug for details\n',
    );
  }
  return ExitCode.Internal;
}

/** Parses argv and runs one command; returns the exit code. Never throws. */
export async function runCli(argv: string[], dependencies: CliDependencies): Promise<number> {
  const { io } = dependencies;
  let context: Context | undefined;
  const wantsJson =
    argv.includes('--json') ||
    argv.some((arg, index) => (arg === '-o' || arg === '--output') && argv[index + 1] === 'json') ||
    argv.includes('--output=json');
  const wantsDebug = argv.includes('--debug');
  const runCommand: RunCommand = async (spec, args, flags, globals) => {
    context = createContext(dependencies, globals, flags);
    const handler = await spec.load();
    try {
      return (await handler({ args, flags }, context)) ?? ExitCode.Success;
    } finally {
      await context.close();
    }
  };
  try {
    const program = createProgram(io, runCommand, await specsFor(argv));
    await program.parseAsync(argv, { from: 'user' });
    const leaf = findExecuted(program);
    return (leaf?.getOptionValue('__exitCode') as number | undefined) ?? ExitCode.Success;
  } catch (error) {
    if (error instanceof CommanderError) {
      const code = commanderExitCode(error);
      if (code !== ExitCode.Success) {
        const message = error.message.replace(/^error: /, '');
        return reportError(new UsageError(message), io, { json: wantsJson, debug: wantsDebug });
      }
      return code;
    }
    return reportError(error, io, {
      json: wantsJson || context?.output === 'json',
      debug: wantsDebug,
      printCommands: context?.printCommands,
    });
  }
}

function findExecuted(program: Command): Command | undefined {
  return allCommands(program).find((command) => command.getOptionValue('__exitCode') !== undefined);
}
