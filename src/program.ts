// The commander tree of the program, built from the command specs and the global options table:
// what parses a command line (cli.ts) and what completions are read from (commands/completion).
import {
  type Argument,
  Command,
  CommanderError,
  Help,
  type HelpConfiguration,
  InvalidArgumentError,
  Option,
} from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { withFinalStatuses } from './commands/help/final-statuses.js';
import { helpTopics } from './commands/help/topics.js';
import type { ArgumentSpec, CommandSpec, GroupSpec, ProgramSpecs } from './commands/types.js';
import type { IO, WholeProgram } from './context.js';
import { UsageError } from './errors.js';
import { choiceInAnyCase, collectValue } from './flag-syntax.js';
import {
  GLOBAL_OPTION_KEYS,
  GLOBAL_OPTIONS,
  type GlobalOptionSpec,
  type GlobalOptions,
} from './global-options.js';
import { examplesSection, wrapHelpText } from './output/help-text.js';
import { helpText } from './text/catalog.js';
import { sayProgram } from './text/en/program.js';
import { sayTopics } from './text/en/topics.js';
import { argumentWord, flagHelpText, helpKey, takenWords } from './text/help-keys.js';

/** What a refusal of commander's is (src/cli.ts loads this module only when commander reads a line). */
export { CommanderError };

/**
 * Help texts are said only when help is shown (or the tree is read for completions): a command line
 * that runs a command reads no help area of the catalog (bench/CHOICES.md). Each command, option and
 * argument is defined without its words; what gives them is kept here, by the program, until then.
 */
const describeWhenShown = new WeakMap<Command, (() => void)[]>();

/** Keeps `describe` to run when the help of `program` is shown. */
function whenShown(program: Command, describe: () => void): void {
  const pending = describeWhenShown.get(program);
  if (pending) pending.push(describe);
  else describeWhenShown.set(program, [describe]);
}

/** Gives every command, option and argument of the tree of `command` its words, once. */
function describeTree(command: Command): void {
  let root = command;
  while (root.parent) root = root.parent;
  const pending = describeWhenShown.get(root);
  describeWhenShown.delete(root);
  for (const describe of pending ?? []) describe();
}

/** A spec's help text in the run's language, the final statuses it names filled in (final-statuses.ts). */
function specText(key: string, english: string): string {
  return withFinalStatuses(helpText(key, english));
}

function addGlobalOptions(program: Command): void {
  for (const spec of GLOBAL_OPTIONS as readonly GlobalOptionSpec[]) {
    const option = new Option(spec.flags);
    whenShown(program, () => {
      option.description = helpText(helpKey.anyFlag(spec.flags), spec.description);
    });
    if (spec.choices) option.choices(spec.choices);
    if (spec.default !== undefined) option.default(spec.default);
    program.addOption(option);
  }
}

function addFlags(program: Command, command: Command, spec: CommandSpec): void {
  for (const flag of spec.flags ?? []) {
    const option = new Option(flag.flags);
    whenShown(program, () => {
      option.description = withFinalStatuses(flagHelpText(spec.path, flag.flags, flag.description));
    });
    if (flag.choices) option.choices(flag.choices);
    if (flag.repeatable) option.argParser(collectValue);
    if (flag.conflicts) option.conflicts([...flag.conflicts]);
    if (flag.default !== undefined) option.default(flag.default);
    command.addOption(option);
  }
  for (const argument of spec.arguments ?? []) {
    command.argument(argumentUsage(argument));
    const registered = command.registeredArguments.at(-1)!;
    // A hidden argument has no description: commander lists only described arguments.
    if (!argument.hidden)
      whenShown(program, () => {
        registered.description = specText(helpKey.argument(spec.path, argument.name), argument.description);
      });
    if (argument.choices) {
      registered.choices(argument.choices);
      if (argument.anyCase) {
        const choices = argument.choices;
        registered.argParser((value: string) => {
          const choice = choiceInAnyCase(choices, value);
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
  whenShown(program, () => {
    const summary = specText(helpKey.summary(spec.path), spec.summary);
    command
      .summary(summary)
      .description(
        spec.description
          ? `${summary}\n\n${specText(helpKey.description(spec.path), spec.description)}`
          : summary,
      );
  });
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
      const described = next;
      if (group)
        whenShown(root, () => {
          const summary = specText(helpKey.summary(group.path), group.summary);
          described.summary(summary).description(summary);
        });
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
  // Writes nothing: a plain object, not a stream, so node:stream stays off every start-up path.
  const sink = { write: () => true };
  const program = createProgram({ stdout: sink, stderr: sink }, async () => 0, allSpecs);
  describeTree(program);
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
    .version(packageJson.version, '-v, --version')
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
  whenShown(program, () => {
    program.description(
      helpText(
        helpKey.summary('paygate'),
        'PIX charges, payouts and split for a Brazilian payment gateway, from a terminal and from cron.',
      ),
    );
    const version = program.options.find((option) => option.long === '--version');
    if (version) version.description = sayProgram('versionOption');
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
    const command = parent.command(words.at(-1)!);
    addFlags(program, command, spec);
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

  const helpCommand = program.command('help').argument('[words...]');
  whenShown(program, () => {
    helpCommand.summary(
      helpText(helpKey.summary('help'), 'Help on a command or a topic (exit-codes, environment)'),
    );
    helpCommand.registeredArguments[0]!.description = helpText(
      helpKey.argument('help', 'words'),
      'a command (charge create) or a topic',
    );
  });
  helpCommand.action((words: string[]) => {
    const topic = Object.hasOwn(helpTopics, words.join(' ')) ? helpTopics[words.join(' ')] : undefined;
    if (topic) {
      io.stdout.write(topic.text);
      return;
    }
    let target: Command = program;
    for (const word of words) {
      const next = target.commands.find((command) => command.name() === word);
      if (!next) throw new UsageError(sayTopics('noHelpFor', { words: words.join(' ') }));
      target = next;
    }
    target.outputHelp();
  });
  program.addHelpText(
    'afterAll',
    () =>
      `\n${sayProgram('helpTopics', {
        topics: Object.keys(helpTopics)
          .map((name) => `paygate help ${name}`)
          .join(', '),
      })}\n`,
  );
  const help = helpInRunLanguage();
  // Subcommand help lists the global options too (--profile, --json...).
  for (const command of [program, ...allCommands(program)]) {
    command.exitOverride().configureHelp(command === program ? help : { ...help, showGlobalOptions: true });
    whenShown(program, () => {
      command.helpOption('-h, --help', sayProgram('helpOption'));
      // A group (`paygate charge`) lists commander's own `help [command]`: its words too.
      if (command !== program && command.commands.length > 0)
        command.helpCommand('help [command]', sayProgram('helpCommand'));
    });
  }
  return program;
}

/**
 * How commander lays help out: descriptions wrapped as prose (output/help-text.ts), and its own
 * words (headings, the notes on choices and defaults) in the run's language.
 */
function helpInRunLanguage(): HelpConfiguration {
  // Said on the first title shown, not when the program is defined.
  let said: Readonly<Record<string, string>> | undefined;
  const titles = (): Readonly<Record<string, string>> =>
    (said ??= {
      'Usage:': sayProgram('usageTitle'),
      'Options:': sayProgram('optionsTitle'),
      'Global Options:': sayProgram('globalOptionsTitle'),
      'Commands:': sayProgram('commandsTitle'),
      'Arguments:': sayProgram('argumentsTitle'),
    });
  // The `[options]` and `[command]` commander writes in a usage line are words, not syntax typed;
  // so are the words flags and arguments take (`<money>`, `[name]`, `[words...]`).
  const usageWords = (usage: string) =>
    takenWords(
      usage
        .replace(/\[options\]/g, sayProgram('optionsInUsage'))
        .replace(/\[command\]/g, sayProgram('commandInUsage')),
    );
  return {
    formatHelp(command, helper) {
      describeTree(command);
      return Help.prototype.formatHelp.call(this, command, helper);
    },
    boxWrap: wrapHelpText,
    styleTitle: (title) => titles()[title] ?? title,
    commandUsage(command) {
      return usageWords(Help.prototype.commandUsage.call(this, command));
    },
    subcommandTerm(command) {
      return usageWords(Help.prototype.subcommandTerm.call(this, command));
    },
    optionTerm: (option) => takenWords(option.flags),
    // Commander lists an argument by its bare name (`email`), which takenWords does not see.
    argumentTerm: (argument) => argumentWord(argument.name()),
    optionDescription: (option) =>
      withNotes(
        option.description,
        option.argChoices,
        // As commander: the default of a flag that takes a value, or of an on/off one set to true/false.
        option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean')
          ? noteOfDefault(option.defaultValue, option.defaultValueDescription)
          : undefined,
      ),
    argumentDescription: (argument: Argument) =>
      withNotes(
        argument.description,
        argument.argChoices,
        noteOfDefault(argument.defaultValue, argument.defaultValueDescription),
      ),
  };
}

/** A default as commander shows it: its description, else the value as JSON. */
function noteOfDefault(value: unknown, description: string | undefined): string | undefined {
  return value === undefined ? undefined : description || JSON.stringify(value);
}

/** A description with its `(choices: …, default: …)` note, as commander writes it. */
function withNotes(
  description: string,
  choices: readonly string[] | undefined,
  defaultValue: string | undefined,
): string {
  const listed = choices?.map((choice) => JSON.stringify(choice)).join(', ');
  if (listed !== undefined && defaultValue !== undefined)
    return description
      ? sayProgram('withChoicesAndDefault', { description, choices: listed, value: defaultValue })
      : sayProgram('onlyChoicesAndDefault', { choices: listed, value: defaultValue });
  if (listed !== undefined)
    return description
      ? sayProgram('withChoices', { description, choices: listed })
      : sayProgram('onlyChoices', { choices: listed });
  if (defaultValue !== undefined)
    return description
      ? sayProgram('withDefault', { description, value: defaultValue })
      : sayProgram('onlyDefault', { value: defaultValue });
  return description;
}

/** The columns commander lays help out in: the terminal's, else 80. */
function helpWidth(command: Command): number {
  return command.configureOutput().getOutHelpWidth?.() ?? 80;
}

export function allCommands(root: Command): Command[] {
  return root.commands.flatMap((command) => [command, ...allCommands(command)]);
}
