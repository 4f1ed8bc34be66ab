// The commander tree of the program, built from the command specs and the global options table:
// what parses a command line (cli.ts) and what completions are read from (commands/completion).
import { Writable } from 'node:stream';
import { Command, InvalidArgumentError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { helpTopics } from './commands/help/topics.js';
import type { ArgumentSpec, CommandSpec, GroupSpec, ProgramSpecs } from './commands/types.js';
import type { IO, WholeProgram } from './context.js';
import { UsageError } from './errors.js';
import {
  GLOBAL_OPTION_KEYS,
  GLOBAL_OPTIONS,
  type GlobalOptionSpec,
  type GlobalOptions,
} from './global-options.js';
import { examplesSection, wrapHelpText } from './output/help-text.js';

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function addGlobalOptions(program: Command): void {
  for (const spec of GLOBAL_OPTIONS as readonly GlobalOptionSpec[]) {
    const option = new Option(spec.flags, spec.description);
    if (spec.choices) option.choices(spec.choices);
    if (spec.default !== undefined) option.default(spec.default);
    program.addOption(option);
  }
}

function addFlags(command: Command, spec: CommandSpec): void {
  for (const flag of spec.flags ?? []) {
    const option = new Option(flag.flags, flag.description);
    if (flag.choices) option.choices(flag.choices);
    if (flag.repeatable) option.argParser(collect);
    if (flag.conflicts) option.conflicts([...flag.conflicts]);
    if (flag.default !== undefined) option.default(flag.default);
    command.addOption(option);
  }
  for (const argument of spec.arguments ?? []) {
    // A hidden argument has no description: commander lists only described arguments.
    command.argument(argumentUsage(argument), argument.hidden ? '' : argument.description);
    if (argument.choices) {
      const registered = command.registeredArguments.at(-1)!;
      registered.choices(argument.choices);
      if (argument.anyCase) {
        const choices = argument.choices;
        registered.argParser((value: string) => {
          const choice = choices.find((candidate) => candidate.toLowerCase() === value.toLowerCase());
          if (choice === undefined)
            throw new InvalidArgumentError(`Allowed choices are ${choices.join(', ')}.`);
          return choice;
        });
      }
    }
  }
  if (spec.arguments?.some((argument) => argument.hidden)) {
    const visible = spec.arguments.filter((argument) => !argument.hidden);
    command.usage(['[options]', ...visible.map(argumentUsage)].join(' '));
  }
  command.addHelpText('after', (context) => examplesSection(spec.examples, helpWidth(context.command)));
  if (spec.description) command.description(`${spec.summary}\n\n${spec.description}`);
}

/** `<id>`, `[value]`, `[ids...]`: an argument as a usage line shows it. */
function argumentUsage(argument: ArgumentSpec): string {
  const name = argument.variadic ? `${argument.name}...` : argument.name;
  return argument.required ? `<${name}>` : `[${name}]`;
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

/**
 * The tree of every command in `specs` (loadAllSpecs), with nothing parsed, run or written, and
 * which flags are repeatable: what `completion` reads, handed to it by the context.
 */
export function wholeProgram(allSpecs: ProgramSpecs): WholeProgram {
  const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const program = createProgram({ stdout: sink, stderr: sink }, async () => 0, allSpecs);
  const repeatable = new Set(
    allSpecs.commands.flatMap((spec) =>
      (spec.flags ?? [])
        .filter((flag) => flag.repeatable)
        .map((flag) => `${spec.path}|${/--[\w-]+/.exec(flag.flags)?.[0] ?? ''}`),
    ),
  );
  return { program, repeatable: (path, long) => repeatable.has(`${path}|${long}`) };
}

/**
 * The commander tree of `specs`: all of them (loadAllSpecs: completions, program help) or the
 * branch a command line runs (specsFor). Actions call `runCommand`.
 */
export function createProgram(
  io: Pick<IO, 'stdout' | 'stderr'> & Partial<Pick<IO, 'stdoutIsTTY' | 'terminalSize'>>,
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
      // Help is laid out for the terminal it is shown on, else for 80 columns.
      getOutHelpWidth: () => (io.stdoutIsTTY ? io.terminalSize?.()?.columns : undefined) ?? 80,
    });
  addGlobalOptions(program);
  program.addHelpText('after', (context) =>
    examplesSection(
      ['paygate demo', 'paygate charge create --amount 25.00 --watch', 'paygate help exit-codes'],
      helpWidth(context.command),
    ),
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
  program.exitOverride().configureHelp({ boxWrap: wrapHelpText });
  // Subcommand help lists the global options too (--profile, --json...).
  for (const command of allCommands(program))
    command.exitOverride().configureHelp({ showGlobalOptions: true, boxWrap: wrapHelpText });
  return program;
}

/** The columns commander lays help out in: the terminal's, else 80. */
function helpWidth(command: Command): number {
  return command.configureOutput().getOutHelpWidth?.() ?? 80;
}

export function allCommands(root: Command): Command[] {
  return root.commands.flatMap((command) => [command, ...allCommands(command)]);
}
