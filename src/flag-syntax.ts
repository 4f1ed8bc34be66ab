// What a flag's declaration says (`-a, --amount <money>`, `--no-qr`, `--sandbox [url]`), read as
// commander reads it (its Option: splitOptionFlags, name, attributeName), without loading
// commander, and the two readings of a value the program gives commander (src/program.ts): the
// command line of a run (src/command-line.ts) and the handlers' flags (commands/options.ts) are
// read with the same ones. test/cli/command-line.test.ts holds them to commander's.

export interface FlagSyntax {
  /** `-a`, or the first of two long flags. */
  short: string | undefined;
  /** `--amount`. */
  long: string | undefined;
  /** Takes a value that must be given: `<money>`. */
  required: boolean;
  /** Takes a value that may be left out: `[url]`. */
  optional: boolean;
  /** `<values...>`: takes every value that follows. */
  variadic: boolean;
  /** `--no-qr`: turns `qr` off. */
  negate: boolean;
  /** The option's attribute, as handlers read it: `--expires-in` → `expiresIn`, `--no-qr` → `qr`. */
  attribute: string;
  /** The name commander gives its events: `amount`, `no-qr`. */
  name: string;
}

const SHORT_FLAG = /^-[^-]$/;
const LONG_FLAG = /^--[^-]/;

/** Reads a flag's declaration; throws on one commander would refuse. */
export function readFlagSyntax(flags: string): FlagSyntax {
  const parts = flags.split(/[ |,]+/);
  let next = 0;
  let short: string | undefined;
  let long: string | undefined;
  if (SHORT_FLAG.test(parts[next] ?? '')) short = parts[next++];
  if (LONG_FLAG.test(parts[next] ?? '')) long = parts[next++];
  if (!short && SHORT_FLAG.test(parts[next] ?? '')) short = parts[next++];
  // Two long flags, like `--ws, --workspace`: the first stands for the short one.
  if (!short && LONG_FLAG.test(parts[next] ?? '')) {
    short = long;
    long = parts[next++];
  }
  if ((parts[next] ?? '').startsWith('-') || (short === undefined && long === undefined))
    throw new Error(`flag declaration not understood: '${flags}'`);
  const name = long ? long.slice(2) : short!.slice(1);
  const negate = long?.startsWith('--no-') ?? false;
  return {
    short,
    long,
    required: flags.includes('<'),
    optional: flags.includes('['),
    variadic: /\w\.\.\.[>\]]$/.test(flags),
    negate,
    attribute: camelCase(negate ? name.slice(3) : name),
    name,
  };
}

/** A repeatable flag's values: each one given added to those before it. */
export function collectValue(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** The choice `value` is in any letter case (`get` is `GET`); undefined when it is none of them. */
export function choiceInAnyCase(choices: readonly string[], value: string): string | undefined {
  return choices.find((choice) => choice.toLowerCase() === value.toLowerCase());
}

/** `expires-in` → `expiresIn`. */
function camelCase(text: string): string {
  return text.split('-').reduce((head, word) => head + word[0]!.toUpperCase() + word.slice(1));
}
