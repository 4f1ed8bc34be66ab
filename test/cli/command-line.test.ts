// src/command-line.ts reads a plain command line without commander: whatever it reads must be what
// commander hands the action (program.ts), for every command; whatever commander refuses or
// answers with help it must leave to commander. Checked on every example of the specs and on
// thousands of lines made from each command's own words, flags and values (a fixed seed).
import { Writable } from 'node:stream';
import { Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { specsFor } from '../../src/cli.js';
import { readPlainCommandLine } from '../../src/command-line.js';
import { loadAllSpecs } from '../../src/commands/registry.js';
import type { CommandSpec } from '../../src/commands/types.js';
import { readFlagSyntax } from '../../src/flag-syntax.js';
import { GLOBAL_OPTIONS } from '../../src/global-options.js';
import { createProgram } from '../../src/program.js';

/** What the action gets, as comparable data (flags and globals in their order), or a refusal. */
type Reading = { path: string; args: string[]; flags: [string, unknown][]; globals: [string, unknown][] };

async function commanderReading(argv: readonly string[]): Promise<Reading | 'commander answers'> {
  const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  let reading: Reading | undefined;
  const program = createProgram(
    { stdout: sink, stderr: sink },
    async (spec, args, flags, globals) => {
      reading = { path: spec.path, args, flags: Object.entries(flags), globals: Object.entries(globals) };
      return 0;
    },
    await specsFor(argv),
  );
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch {
    return 'commander answers';
  }
  return reading ?? 'commander answers';
}

async function plainReading(argv: readonly string[]): Promise<Reading | 'commander answers'> {
  const plain = readPlainCommandLine(argv, await specsFor(argv));
  if (!plain) return 'commander answers';
  return {
    path: plain.spec.path,
    args: plain.args,
    flags: Object.entries(plain.flags),
    globals: Object.entries(plain.globals),
  };
}

/**
 * `cut -f1 ids.txt | paygate charge get - > out.txt` → the argv of its paygate, up to a pipe or
 * a redirection.
 */
function exampleArgv(example: string): string[] {
  let words: string[] = [];
  for (const match of example.matchAll(/"([^"]*)"|'([^']*)'|(\S*\$\([^)]*\)\S*|\S+)/g)) {
    const word = match[1] ?? match[2] ?? match[3]!;
    if (match[3] && /^(\||&&|;)$/.test(word)) {
      if (words[0] === 'paygate') break;
      words = [];
      continue;
    }
    if (match[3] && /^\d?[<>]/.test(word)) break;
    words.push(word);
  }
  expect(words[0], example).toBe('paygate');
  return words.slice(1);
}

/** A seeded generator: the same lines on every run. */
function seeded(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % below;
  };
}

const GLOBAL_WORDS = [
  ['--json'],
  ['-o', 'json'],
  ['-o', 'csv'],
  ['-o', 'bogus'],
  ['--output=table'],
  ['-ojson'],
  ['-q'],
  ['-qo', 'json'],
  ['-q', '--json'],
  ['--no-color'],
  ['--no-input'],
  ['--debug'],
  ['--excel'],
  ['--profile', 'work'],
  ['--profile'],
  ['--request-timeout', '5s'],
  ['--request-timeout=1m'],
  ['--base-url', 'http://127.0.0.1:1'],
];
const ODD_WORDS = [
  ['-h'],
  ['--help'],
  ['-v'],
  ['--version'],
  ['--'],
  ['--bogus'],
  ['-x'],
  ['extra'],
  ['help'],
  ['-'],
  ['-5'],
  ['-.5'],
  [''],
  ['--json=true'],
];
const VALUES = ['25.00', '1,50', 'bogus', '', '-', '-5', 'a=b', '--json', '-q', 'ci_a1b2c3'];

/** A line for `spec`: its words (mostly first), then flags, values and arguments in any order. */
function lineFor(spec: CommandSpec, pick: (below: number) => number): string[] {
  const one = <T>(items: readonly T[]): T => items[pick(items.length)]!;
  const parts: string[][] = [];
  for (let count = pick(6); count > 0; count -= 1) {
    const kind = pick(10);
    const flag = spec.flags?.length ? one(spec.flags) : undefined;
    if (kind < 4 && flag) {
      const syntax = readFlagSyntax(flag.flags);
      const name = pick(4) === 0 && syntax.short ? syntax.short : syntax.long!;
      const value = flag.choices && pick(2) === 0 ? one(flag.choices) : one(VALUES);
      if (!syntax.required && !syntax.optional) parts.push([name]);
      else if (pick(5) === 0) parts.push([`${name}=${value}`]);
      else if (pick(6) === 0 && syntax.short) parts.push([`${syntax.short}${value}`]);
      else if (pick(8) === 0) parts.push([name]);
      else parts.push([name, value]);
    } else if (kind < 6) {
      parts.push(one(GLOBAL_WORDS));
    } else if (kind < 8 && spec.arguments?.length) {
      const argument = one(spec.arguments);
      const choice = argument.choices ? one(argument.choices) : one(VALUES);
      parts.push([pick(3) === 0 ? choice.toUpperCase() : choice]);
    } else if (kind < 9) {
      parts.push(one(ODD_WORDS));
    } else {
      parts.push([one(VALUES)]);
    }
  }
  const words = spec.path.split(' ');
  // The command's words first, or with a flag among them, or one left out.
  const at = pick(8);
  const before = at === 0 && parts.length > 0 ? parts.shift()! : [];
  const path = at === 1 ? words.slice(0, -1) : words;
  return [...before, ...path, ...parts.flat()];
}

describe('a command line read without commander', () => {
  it('reads each flag declaration as commander does', async () => {
    const { commands } = await loadAllSpecs();
    const declarations = [
      ...GLOBAL_OPTIONS.map((option) => option.flags as string),
      ...commands.flatMap((spec) => (spec.flags ?? []).map((flag) => flag.flags)),
      '-v, --version',
      '--ws, --workspace <name>',
      '-l <n>',
      '--tags <names...>',
      '--files [paths...]',
      '-t|--tag <name>',
      '--trailing, ',
    ];
    for (const flags of declarations) {
      const option = new Option(flags);
      expect(readFlagSyntax(flags), flags).toEqual({
        short: option.short,
        long: option.long,
        required: option.required,
        optional: option.optional,
        variadic: option.variadic,
        negate: option.negate,
        attribute: option.attributeName(),
        name: option.name(),
      });
    }
    for (const refused of ['-ab', '<value>', ' --leading', '-a, -b']) {
      expect(() => new Option(refused), refused).toThrow();
      expect(() => readFlagSyntax(refused), refused).toThrow(/not understood/);
    }
  });

  it('reads every example of every command, as commander does', async () => {
    const { commands } = await loadAllSpecs();
    let examples = 0;
    for (const spec of commands) {
      for (const example of spec.examples) {
        const argv = exampleArgv(example);
        const commander = await commanderReading(argv);
        // An example is a line that runs its command: commander reads it, and so does the plain reading.
        expect(commander, example).not.toBe('commander answers');
        expect(await plainReading(argv), example).toEqual(commander);
        examples += 1;
      }
    }
    // Every command has one at least.
    expect(examples).toBeGreaterThanOrEqual(commands.length);
  });

  it('reads a line as commander does, or leaves it to commander: 80 lines of each command', async () => {
    const { commands } = await loadAllSpecs();
    const pick = seeded(20261127);
    let read = 0;
    let left = 0;
    for (const spec of commands) {
      for (let line = 0; line < 80; line += 1) {
        const argv = lineFor(spec, pick);
        const plain = await plainReading(argv);
        const commander = await commanderReading(argv);
        if (plain === 'commander answers') left += 1;
        else {
          read += 1;
          expect(plain, argv.join(' ')).toEqual(commander);
        }
      }
    }
    // Both kinds of line were made: most run their command, many are help or refused.
    expect(read).toBeGreaterThan(commands.length * 16);
    expect(left).toBeGreaterThan(commands.length * 16);
  });

  it('reads flags anywhere, values that look like flags, runs of short flags and negative numbers as commander does', async () => {
    const lines = [
      ['--json', 'balance'],
      ['balance', '--json', '-q'],
      ['charge', '--json', 'list', '--status', 'paid', '-l', '5'],
      ['charge', 'create', '--description', '--bogus', '--amount', '1.00'],
      ['charge', 'create', '-d', '-x', '-a25.00', '-qw'],
      ['charge', 'get', '-', '--qr'],
      ['charge', 'list', '--status=paid', '-ocsv', '--excel'],
      ['split', 'preview', '--amount', '-5', '--split', '1002=100%', '--split', '1003=1%'],
      ['login', '--sandbox'],
      ['login', '--sandbox', 'http://127.0.0.1:1'],
      ['login', '--sandbox', '--json'],
      ['api', 'get', '/v1/balance'],
      ['api', 'GET', '/v1/balance'],
      ['charge', 'get', '-5'],
    ];
    for (const argv of lines) {
      const plain = await plainReading(argv);
      expect(plain, argv.join(' ')).not.toBe('commander answers');
      expect(plain, argv.join(' ')).toEqual(await commanderReading(argv));
    }
    // `-qw`: -q is the program's, -w the command's; -x, unknown to the program, is a value here.
    expect(await plainReading(['charge', 'create', '-d', '-x', '-a25.00', '-qw'])).toMatchObject({
      flags: [
        ['keyColumn', 'key'],
        ['qr', true],
        ['description', '-x'],
        ['amount', '25.00'],
        ['watch', true],
      ],
      globals: [
        ['color', true],
        ['input', true],
        ['quiet', true],
        ['requestTimeout', '30s'],
      ],
    });
  });

  it('leaves help, --version, `--`, unknown words and flags, refused values and conflicts to commander', async () => {
    const lines = [
      [],
      ['balance', '--help'],
      ['balance', '-h'],
      ['help', 'balance'],
      ['charge'],
      ['charge', 'help'],
      ['charge', 'bogus'],
      ['bogus'],
      ['balance', '--bogus'],
      ['balance', 'extra'],
      ['balance', '-o', 'bogus'],
      ['balance', '--version'],
      ['balance', '--', '--json'],
      ['charge', 'get'],
      ['charge', 'list', '--status'],
      ['charge', 'create', '--from-csv', 'rows.csv', '--from-file', 'body.json'],
      ['webhook', 'update', 'wh_1', '--enable', '--disable'],
    ];
    for (const argv of lines) {
      expect(await commanderReading(argv), argv.join(' ')).toBe('commander answers');
      expect(await plainReading(argv), argv.join(' ')).toBe('commander answers');
    }
  });
});
