import type { Context, Settings } from '../context.js';

/** A flag as data: help, completions and the README are generated from it. */
export interface FlagSpec {
  /** Commander syntax: `-a, --amount <money>`, `--yes`, `--no-qr`. */
  flags: string;
  description: string;
  default?: string | boolean | number;
  /** Allowed values (checked by commander, completed by the shells). */
  choices?: readonly string[];
  /** Given several times, collected into an array. */
  repeatable?: boolean;
  /**
   * The flag's text as a typed value (a UsageError naming the flag when it cannot be read);
   * readFlags applies it, to each item of a repeatable flag. Default: the text.
   */
  parse?: (text: string, flag: string) => unknown;
  /** Flags (attribute names, `fromFile`) that cannot be given with this one: commander refuses both (exit 2). */
  conflicts?: readonly string[];
}

/** `expires-in` → `expiresIn` (commander's attribute names), at the type level. */
type CamelCase<Text extends string> = Text extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : Text;
/** The long name of a flag: `-a, --amount <money>` → `amount`, `--no-qr` → `no-qr`. */
type LongName<Flags extends string> = Flags extends `${string}--${infer Rest}`
  ? Rest extends `${infer Name} ${string}`
    ? Name
    : Rest
  : never;
/** The option a flag sets, as commander names it: `--no-qr` sets `qr`. */
type AttributeOf<Flags extends string> =
  LongName<Flags> extends `no-${infer Negated}` ? CamelCase<Negated> : CamelCase<LongName<Flags>>;
/** A flag's value: a list when repeatable, text when it takes a value, else on/off. */
type FlagValue<Spec extends FlagSpec> = Spec extends { parse: (text: string, flag: string) => infer Parsed }
  ? Spec extends { repeatable: true }
    ? Parsed[]
    : Parsed
  : Spec extends { repeatable: true }
    ? string[]
    : Spec extends { choices: readonly (infer Choice)[] }
      ? Choice
      : Spec['flags'] extends `${string}<${string}>${string}`
        ? string
        : Spec['flags'] extends `${string}[${string}]${string}`
          ? string | true
          : boolean;
/**
 * The options a list of flags gives a handler, typed from the flags themselves (declared
 * `as const`): one declaration of each flag, in its spec.
 */
export type FlagValues<Specs extends readonly FlagSpec[]> = {
  [Spec in Specs[number] as AlwaysSet<Spec> extends true
    ? never
    : AttributeOf<Spec['flags']>]?: FlagValue<Spec>;
} & {
  [Spec in Specs[number] as AlwaysSet<Spec> extends true
    ? AttributeOf<Spec['flags']>
    : never]: FlagValue<Spec>;
};
/** A flag with a default, or a `--no-…` switch (on unless given): its option always has a value. */
type AlwaysSet<Spec extends FlagSpec> = Spec extends { default: string | boolean | number }
  ? true
  : LongName<Spec['flags']> extends `no-${string}`
    ? true
    : false;

export interface ArgumentSpec {
  name: string;
  description: string;
  required?: boolean;
  variadic?: boolean;
  choices?: readonly string[];
  /** `choices` match in any letter case (`get` is `GET`); the value is read as its choice. */
  anyCase?: boolean;
  /**
   * Accepted but shown nowhere (usage, help, completion, README): it exists only so that a wrong
   * use gets a precise refusal (`charge find VALUE`), and a usage line must not offer it.
   */
  hidden?: boolean;
}

/** A positional argument's value: a list when variadic, text when required, else maybe absent. */
type ArgumentValue<Spec extends ArgumentSpec> = Spec extends { variadic: true }
  ? string[]
  : Spec extends { required: true }
    ? string
    : string | undefined;
/** The positional arguments a handler reads, by name, typed from their declaration (`as const`). */
export type ArgumentValues<Specs extends readonly ArgumentSpec[]> = {
  [Spec in Specs[number] as Spec['name']]: ArgumentValue<Spec>;
};

/** What commander hands a command: positional arguments and camel-cased flags (`--expires-in` → expiresIn). */
export interface CommandInput {
  args: string[];
  flags: Record<string, unknown>;
}

/**
 * A command in two layers. `parse` turns the input into typed options and checks them (a usage
 * error, exit 2, naming the flag or argument) reading nothing but the settings: no files, no
 * stdin, no network, so it is tested without a server. `run` does the work with those options and
 * the context; it never sees the input. `run` returns the exit code (0 when undefined); failures
 * throw a PaygateError.
 */
export interface CommandHandler<Options = unknown> {
  parse(input: CommandInput, settings: Settings): Options;
  run(options: Options, context: Context): Promise<number | undefined>;
}

export interface CommandSpec {
  /** Words after `paygate`: `charge create`. */
  path: string;
  summary: string;
  description?: string;
  arguments?: readonly ArgumentSpec[];
  flags?: readonly FlagSpec[];
  /** Shown under "Examples:" in --help; every command has at least one. */
  examples: string[];
  load: () => Promise<CommandHandler>;
}

/** A group of commands (`charge`) with its own summary, for help and completions. */
export interface GroupSpec {
  path: string;
  summary: string;
}

/** The commands and groups a program is built from: all of them, or one top-level word's. */
export interface ProgramSpecs {
  commands: readonly CommandSpec[];
  groups: readonly GroupSpec[];
}
