// The commander tree reduced to what a shell needs to complete a command line: the input of the
// generators in generate.ts. Read through commander's public Help API (visible commands and
// options, with the implicit --help and --version), so completions match what the parser accepts.
import type { Command, Option } from 'commander';
import { sayProgram } from '../../text/en/program.js';

export interface CompletionOption {
  /** `-a`, when there is a short form. */
  short?: string;
  /** `--amount`, when there is a long form. */
  long?: string;
  description: string;
  /** `none` for a switch, `required` for `<value>`, `optional` for `[value]`. */
  value: 'none' | 'required' | 'optional';
  /** The name between the brackets: `money`, `file`, `name:qty:unit_price`. */
  valueName?: string;
  choices?: readonly string[];
  /** May be given several times. */
  repeatable: boolean;
}

export interface CompletionArgument {
  name: string;
  description: string;
  required: boolean;
  variadic: boolean;
  choices?: readonly string[];
  /** One line on each choice, for the shells that show it (zsh, fish). */
  choiceDescriptions?: Readonly<Record<string, string>>;
}

export interface CompletionCommand {
  name: string;
  /** Words after the program name; empty for the program itself. */
  path: string[];
  summary: string;
  /** This command's own options (for the program: the global options, --version and --help). */
  options: CompletionOption[];
  arguments: CompletionArgument[];
  commands: CompletionCommand[];
}

export interface CompletionTree {
  program: string;
  /** Options accepted after any command (the program's options, except --version). */
  globalOptions: CompletionOption[];
  root: CompletionCommand;
}

export interface TreeOptions {
  /** `charge create` → long flags that may repeat (commander cannot tell: they use an argParser). */
  repeatable?: (path: string, long: string) => boolean;
  /** Topics of `help <topic>` (name → summary), offered with the commands as its first word. */
  helpTopics?: Readonly<Record<string, string>>;
}

function optionValueName(option: Option): string | undefined {
  const match = /[<[]([^>\]]+)[>\]]/.exec(option.flags);
  return match?.[1]?.replace(/\.\.\.$/, '');
}

function toOption(option: Option, path: string, options: TreeOptions): CompletionOption {
  const value = option.required ? 'required' : option.optional ? 'optional' : 'none';
  return {
    ...(option.short ? { short: option.short } : {}),
    ...(option.long ? { long: option.long } : {}),
    description: option.description,
    value,
    ...(value !== 'none' ? { valueName: optionValueName(option) ?? 'value' } : {}),
    ...(option.argChoices ? { choices: [...option.argChoices] } : {}),
    repeatable: option.variadic || Boolean(option.long && options.repeatable?.(path, option.long)),
  };
}

function summaryOf(command: Command): string {
  return (command.summary() || command.description()).split('\n')[0] ?? '';
}

function toCommand(command: Command, path: string[], options: TreeOptions): CompletionCommand {
  const help = command.createHelp();
  const key = path.join(' ');
  return {
    name: command.name(),
    path,
    summary: summaryOf(command),
    options: help.visibleOptions(command).map((option) => toOption(option, key, options)),
    // A hidden argument (ArgumentSpec.hidden) is registered without a description: not offered.
    arguments: command.registeredArguments
      .filter((argument) => argument.description !== '')
      .map((argument) => ({
        name: argument.name(),
        description: argument.description,
        required: argument.required,
        variadic: argument.variadic,
        ...(argument.argChoices ? { choices: [...argument.argChoices] } : {}),
      })),
    // Not commander's implicit `help` subcommand of groups (`charge help`): only real commands.
    commands: help
      .visibleCommands(command)
      .filter((child) => command.commands.includes(child))
      .map((child) => toCommand(child, [...path, child.name()], options)),
  };
}

/** Reads the program built by createProgram into plain data. */
export function completionTree(program: Command, options: TreeOptions = {}): CompletionTree {
  const root = toCommand(program, [], options);
  const helpCommand = root.commands.find((command) => command.name === 'help');
  if (helpCommand) {
    // `help [words...]`: offer the commands and topics as the first word only.
    const described: Record<string, string> = {};
    for (const command of root.commands)
      if (command !== helpCommand) described[command.name] = command.summary;
    Object.assign(described, options.helpTopics ?? {});
    helpCommand.arguments = [
      {
        name: 'command',
        description: sayProgram('commandOrTopic'),
        required: false,
        variadic: false,
        choices: Object.keys(described),
        choiceDescriptions: described,
      },
    ];
  }
  const globalOptions = root.options.filter((option) => option.long !== '--version');
  // Every command lists its own --help already: keep the globals free of it.
  return {
    program: program.name(),
    globalOptions: globalOptions.filter((option) => option.long !== '--help'),
    root,
  };
}

/** Every command of the tree, depth first, the program first. */
export function walk(command: CompletionCommand): CompletionCommand[] {
  return [command, ...command.commands.flatMap(walk)];
}
