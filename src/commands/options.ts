import { argumentName, fieldWord, ruleBroken, UsageError } from '../errors.js';
import { choiceInAnyCase, readFlagSyntax } from '../flag-syntax.js';
import { sayProgram } from '../text/en/program.js';
import { sayShared } from '../text/en/shared.js';
import type { ArgumentSpec, ArgumentValues, CommandInput, FlagSpec, FlagValues } from './types.js';

/** Reads a required value: from the flag, else a prompt when allowed, else a usage error naming it. */
export async function requireValue(
  value: string | undefined,
  flag: string,
  ask: (() => Promise<string>) | undefined,
): Promise<string> {
  if (value !== undefined && value !== '') return value;
  if (ask) return ask();
  throw new UsageError(sayShared('flagRequiredNoPrompt', { flag }), { field: flag });
}

/**
 * The flags of `values` as command-line words (`--amount 25,00 --split a --split b --no-qr`),
 * in the order of `specs`; defaults and unset flags are left out. Used to print a command that
 * does again what a run was told (the answers of an interrupted prompt).
 */
export function flagArguments(specs: readonly FlagSpec[], values: Record<string, unknown>): string[] {
  const words: string[] = [];
  for (const spec of specs) {
    const option = readFlagSyntax(spec.flags);
    const value = values[option.attribute];
    if (value === undefined || value === spec.default || value === '') continue;
    const long = option.long!;
    if (option.negate) {
      if (value === false) words.push(long);
    } else if (value === true) {
      words.push(long);
    } else if (Array.isArray(value)) {
      for (const item of value) words.push(long, String(item));
    } else if (value !== false) {
      words.push(long, String(value));
    }
  }
  return words;
}

/**
 * A handler's options, read from its spec's flags (the one declaration of each): typed by
 * FlagValues, and checked to be what commander gives for such a flag (text, on/off, a list).
 */
export function readFlags<const Specs extends readonly FlagSpec[]>(
  specs: Specs,
  input: CommandInput,
): FlagValues<Specs> {
  const values: Record<string, unknown> = {};
  for (const spec of specs) {
    const option = readFlagSyntax(spec.flags);
    const name = option.attribute;
    // Commander fills defaults in; an input made by hand (a test, a CSV row) gets them here.
    const value = input.flags[name] ?? spec.default ?? (option.negate ? true : undefined);
    if (value === undefined) continue;
    const expected = spec.repeatable ? 'list' : option.required || option.optional ? 'text' : 'switch';
    const fits =
      expected === 'list'
        ? Array.isArray(value) && value.every((item) => typeof item === 'string')
        : expected === 'text'
          ? typeof value === 'string' || (option.optional && value === true)
          : typeof value === 'boolean';
    if (!fits)
      throw new UsageError(`${option.long}: expected ${expected === 'switch' ? 'no value' : expected}`, {
        field: option.long!,
      });
    if (spec.choices && typeof value === 'string' && !spec.choices.includes(value)) {
      throw new UsageError(
        ruleBroken('mustBeOneOf', { field: option.long!, value, values: spec.choices.join(', ') }),
        { field: option.long! },
      );
    }
    const flag = option.long!;
    values[name] = !spec.parse
      ? value
      : Array.isArray(value)
        ? value.map((item: string) => spec.parse!(item, flag))
        : spec.parse(value as string, flag);
  }
  return values as FlagValues<Specs>;
}

/** The one positional argument a command takes; a usage error saying what to give otherwise. */
export function oneArgument(input: CommandInput, what: string): string {
  if (input.args.length !== 1) throw new UsageError(`argument: ${what}`, { field: 'argument' });
  return input.args[0]!;
}

/**
 * A handler's positional arguments by name, read from its spec's declaration (the one list that
 * commander's usage line is made from). Commander has refused a missing or extra argument and a
 * value outside `choices` already; an input made by hand gets the same refusals here.
 */
export function readArguments<const Specs extends readonly ArgumentSpec[]>(
  specs: Specs,
  input: CommandInput,
): ArgumentValues<Specs> {
  const values: Record<string, string | string[] | undefined> = {};
  let index = 0;
  for (const spec of specs) {
    if (spec.variadic) {
      values[spec.name] = input.args.slice(index);
      index = input.args.length;
      if (spec.required && values[spec.name]!.length === 0) throw missingArgument(spec);
      continue;
    }
    let value = input.args[index++];
    if (value === undefined && spec.required) throw missingArgument(spec);
    if (value !== undefined && spec.anyCase) {
      const given = value;
      value = (spec.choices && choiceInAnyCase(spec.choices, given)) ?? given;
    }
    if (value !== undefined && spec.choices && !spec.choices.includes(value)) {
      throw new UsageError(
        ruleBroken('mustBeOneOf', {
          field: argumentName(spec.name),
          value,
          values: spec.choices.join(', '),
        }),
        { field: spec.name },
      );
    }
    values[spec.name] = value;
  }
  if (input.args.length > index) {
    throw new UsageError(
      `too many arguments: ${specs.length === 0 ? 'this command takes none' : `expected ${specs.map((spec) => spec.name).join(', ')}`}`,
      {
        field: 'argument',
      },
    );
  }
  return values as ArgumentValues<Specs>;
}

function missingArgument(spec: ArgumentSpec): UsageError {
  return new UsageError(sayProgram('missingArgument', { argument: fieldWord(argumentName(spec.name)) }), {
    field: spec.name,
  });
}

/** The arguments of a command that takes none: `readArguments(NO_ARGUMENTS, input)`. */
export const NO_ARGUMENTS = [] as const satisfies readonly ArgumentSpec[];
