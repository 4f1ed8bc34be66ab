// A command line read as commander reads it (program.ts builds commander's tree from the same
// specs and global options), for a line that plainly runs a command: such a run builds no
// commander tree and loads no commander (start-up time, bench/CHOICES.md). A line this does not
// settle (help, --version, `--`, an unknown word or flag, a missing or refused value, conflicting
// flags) is left to commander, which prints its help or its error as it always has.
// test/cli/command-line.test.ts holds every line read here to what commander hands the action.
import type { ArgumentSpec, CommandSpec, ProgramSpecs } from './commands/types.js';
import { choiceInAnyCase, collectValue, type FlagSyntax, readFlagSyntax } from './flag-syntax.js';
import { GLOBAL_OPTION_KEYS, GLOBAL_OPTIONS, type GlobalOptions } from './global-options.js';

/** What the program's action gets for a command line (program.ts, createProgram). */
export interface PlainCommandLine {
  spec: CommandSpec;
  args: string[];
  flags: Record<string, unknown>;
  globals: GlobalOptions;
}

/** A value given to a flag or an argument, checked or collected as commander's parseArg does. */
type ReadValue = (value: string | undefined, previous: unknown) => unknown;

interface Flag extends FlagSyntax {
  read: ReadValue | undefined;
  conflicts: readonly string[];
  /** `--version`: commander prints the version and stops. */
  version?: true;
}

/** A command of the tree: the program, a group (`charge`) or one that runs (`charge get`). */
interface Level {
  parent: Level | undefined;
  flags: Flag[];
  /** Commander's option values: defaults first, then what the line gives, in that order. */
  values: Record<string, unknown>;
  /** The attributes the line gave (commander's value source 'cli'). */
  given: Set<string>;
  subcommands: Map<string, Level>;
  spec: CommandSpec | undefined;
}

/** Thrown to leave a line to commander. */
const LEFT_TO_COMMANDER = Symbol('left to commander');

function leave(): never {
  throw LEFT_TO_COMMANDER;
}

/** What commander would hand the action for `argv`, or undefined: commander decides. */
export function readPlainCommandLine(
  argv: readonly string[],
  specs: ProgramSpecs,
): PlainCommandLine | undefined {
  try {
    const { leaf, args } = readLevel(programLevel(specs), [], argv);
    // optsWithGlobals: the command's values, then each ancestor's over them.
    const all: Record<string, unknown> = {};
    for (let level: Level | undefined = leaf; level; level = level.parent) Object.assign(all, level.values);
    const globals: Record<string, unknown> = {};
    for (const key of GLOBAL_OPTION_KEYS) if (all[key] !== undefined) globals[key] = all[key];
    return { spec: leaf.spec!, args, flags: leaf.values, globals: globals as GlobalOptions };
  } catch (error) {
    if (error === LEFT_TO_COMMANDER) return undefined;
    throw error;
  }
}

function newLevel(parent: Level | undefined, spec?: CommandSpec): Level {
  return { parent, flags: [], values: {}, given: new Set(), subcommands: new Map(), spec };
}

/** The tree createProgram builds, as far as parsing goes. */
function programLevel(specs: ProgramSpecs): Level {
  const program = newLevel(undefined);
  addFlag(
    program,
    { ...readFlagSyntax('-v, --version'), read: undefined, conflicts: [], version: true },
    undefined,
  );
  for (const option of GLOBAL_OPTIONS) {
    const choices = 'choices' in option ? option.choices : undefined;
    addFlag(
      program,
      { ...readFlagSyntax(option.flags), read: choices && oneOf(choices), conflicts: [] },
      'default' in option ? option.default : undefined,
    );
  }
  for (const spec of specs.commands) {
    const words = spec.path.split(' ');
    let parent = program;
    for (const word of words.slice(0, -1)) parent = subcommand(parent, word, undefined, true);
    const leaf = subcommand(parent, words.at(-1)!, spec, false);
    for (const flag of spec.flags ?? []) {
      const syntax = readFlagSyntax(flag.flags);
      // commander's argParser set last wins: a repeatable flag's collects, unchecked.
      const read: ReadValue | undefined = flag.repeatable
        ? (value, previous) => collectValue(value as string, previous as string[] | undefined)
        : flag.choices && oneOf(flag.choices);
      addFlag(leaf, { ...syntax, read, conflicts: flag.conflicts ?? [] }, flag.default);
    }
  }
  // The program's `help` command: a line naming it is commander's.
  subcommand(program, 'help', undefined, false);
  return program;
}

/** The subcommand `word` of `parent`: found (a group met again) or added. */
function subcommand(parent: Level, word: string, spec: CommandSpec | undefined, reuse: boolean): Level {
  const existing = parent.subcommands.get(word);
  if (existing && reuse) return existing;
  // Commander refuses a second command of one name; leave it that refusal.
  if (existing) leave();
  const level = newLevel(parent, spec);
  parent.subcommands.set(word, level);
  return level;
}

/** Command.addOption: the flag, and its default (`--no-…` is on unless a `--…` came first). */
function addFlag(level: Level, flag: Flag, defaultValue: unknown): void {
  // A flag given twice, or one that takes a list (`<values...>`): not read here.
  if (
    (flag.short && findFlag(level, flag.short)) ||
    (flag.long && findFlag(level, flag.long)) ||
    flag.variadic
  )
    leave();
  if (flag.negate) {
    if (!findFlag(level, flag.long!.replace(/^--no-/, '--')))
      level.values[flag.attribute] = defaultValue === undefined ? true : defaultValue;
  } else if (defaultValue !== undefined) {
    level.values[flag.attribute] = defaultValue;
  }
  level.flags.push(flag);
}

function findFlag(level: Level, word: string): Flag | undefined {
  return level.flags.find((flag) => flag.short === word || flag.long === word);
}

/** A value that must be one of `choices` (commander's Option.choices). */
function oneOf(choices: readonly string[]): ReadValue {
  return (value) => (value !== undefined && choices.includes(value) ? value : leave());
}

/** Command._parseCommand: this level's flags, then the subcommand named, or the command run. */
function readLevel(
  level: Level,
  operands: readonly string[],
  unknown: readonly string[],
): { leaf: Level; args: string[] } {
  const parsed = readFlags(level, unknown);
  const allOperands = [...operands, ...parsed.operands];
  const next = allOperands.length > 0 ? level.subcommands.get(allOperands[0]!) : undefined;
  if (next) return readLevel(next, allOperands.slice(1), parsed.unknown);
  // A group without its word, an unknown word, the help command: commander's help or error.
  if (!level.spec || level.subcommands.size > 0) leave();
  // `-h`/`--help` (commander keeps the help flag apart from the others) or an unknown flag.
  if (parsed.unknown.length > 0) leave();
  for (let current: Level | undefined = level; current; current = current.parent) checkConflicts(current);
  return { leaf: level, args: readArguments(level.spec.arguments ?? [], allOperands) };
}

/** Command.parseOptions: takes this level's flags out of `args`, anywhere in them. */
function readFlags(level: Level, args: readonly string[]): { operands: string[]; unknown: string[] } {
  const operands: string[] = [];
  const unknown: string[] = [];
  let destination = operands;
  let group: string | undefined;
  let index = 0;
  while (index < args.length || group !== undefined) {
    const arg = group ?? args[index++]!;
    group = undefined;
    // Everything after `--` is an operand: commander reads that line.
    if (arg === '--') leave();
    if (mayBeFlag(arg)) {
      const flag = findFlag(level, arg);
      if (flag) {
        if (flag.required) {
          if (index >= args.length) leave();
          give(level, flag, args[index++]!);
        } else if (flag.optional) {
          let value: string | null = null;
          if (index < args.length && (!mayBeFlag(args[index]!) || negativeNumber(level, args[index]!)))
            value = args[index++]!;
          give(level, flag, value);
        } else {
          give(level, flag, undefined);
        }
        continue;
      }
    }
    // `-qo json`, `-a25`: short flags run together, the first one known here taken.
    if (arg.length > 2 && arg[0] === '-' && arg[1] !== '-') {
      const flag = findFlag(level, `-${arg[1]}`);
      if (flag) {
        if (flag.required || flag.optional) {
          give(level, flag, arg.slice(2));
        } else {
          give(level, flag, undefined);
          group = `-${arg.slice(2)}`;
        }
        continue;
      }
    }
    if (/^--[^=]+=/.test(arg)) {
      const equals = arg.indexOf('=');
      const flag = findFlag(level, arg.slice(0, equals));
      if (flag && (flag.required || flag.optional)) {
        give(level, flag, arg.slice(equals + 1));
        continue;
      }
    }
    // An unknown flag: it and all that follows are for a subcommand to read.
    if (
      destination === operands &&
      mayBeFlag(arg) &&
      !(level.subcommands.size === 0 && negativeNumber(level, arg))
    )
      destination = unknown;
    destination.push(arg);
  }
  return { operands, unknown };
}

function mayBeFlag(arg: string): boolean {
  return arg.length > 1 && arg[0] === '-';
}

/** `-5`, `-.5`: a number, unless a short flag of this command or an ancestor is a digit. */
function negativeNumber(level: Level, arg: string): boolean {
  if (!/^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/.test(arg)) return false;
  for (let current: Level | undefined = level; current; current = current.parent)
    if (current.flags.some((flag) => flag.short !== undefined && /^-\d$/.test(flag.short))) return false;
  return true;
}

/** A flag's value set (commander's handleOptionValue): null for an optional value not given. */
function give(level: Level, flag: Flag, value: string | null | undefined): void {
  if (flag.version) leave();
  let result: unknown = value;
  if (value !== null && flag.read) result = flag.read(value, level.values[flag.attribute]);
  if (result == null) {
    if (flag.negate) result = false;
    else if (flag.optional || !flag.required) result = true;
    else result = '';
  }
  level.values[flag.attribute] = result;
  level.given.add(flag.attribute);
}

/** Command._checkForConflictingLocalOptions: two flags given that refuse each other. */
function checkConflicts(level: Level): void {
  // A value the line gave is never undefined (give): those are commander's defined, non-default ones.
  const given = level.flags.filter((flag) => level.given.has(flag.attribute));
  for (const flag of given)
    if (flag.conflicts.length > 0 && given.some((other) => flag.conflicts.includes(other.attribute))) leave();
}

/** Command._processArguments, flattened as program.ts hands them on (a list's items in line). */
function readArguments(declared: readonly ArgumentSpec[], args: readonly string[]): string[] {
  for (const [index, argument] of declared.entries()) if (argument.required && index >= args.length) leave();
  if (!declared.at(-1)?.variadic && args.length > declared.length) leave();
  const values: string[] = [];
  for (const [index, argument] of declared.entries()) {
    const read = argumentReader(argument);
    if (argument.variadic) {
      if (index >= args.length) continue;
      const given = args.slice(index);
      if (!read) {
        values.push(...given);
        continue;
      }
      const value = given.reduce<unknown>((previous, item) => read(item, previous), undefined);
      values.push(...(Array.isArray(value) ? value : [value as string]));
    } else if (index < args.length) {
      values.push((read ? read(args[index], undefined) : args[index]) as string);
    }
  }
  return values;
}

/** The argParser program.ts gives an argument: its choices, in any letter case if it says so. */
function argumentReader(argument: ArgumentSpec): ReadValue | undefined {
  const choices = argument.choices;
  if (!choices) return undefined;
  if (argument.anyCase)
    return (value) => (value === undefined ? undefined : choiceInAnyCase(choices, value)) ?? leave();
  return (value, previous) => {
    if (value === undefined || !choices.includes(value)) leave();
    if (!argument.variadic) return value;
    // Argument._collectValue: a list begun at the first value.
    return Array.isArray(previous) ? [...previous, value] : [value];
  };
}
