import { describe, expect, it } from 'vitest';
import { withFinalStatuses } from '../../src/commands/help/final-statuses.js';
import { helpTopics } from '../../src/commands/help/topics.js';
import { loadAllSpecs } from '../../src/commands/registry.js';
import type { CommandSpec } from '../../src/commands/types.js';
import { parseOnly, run } from '../helpers/run-cli.js';
import { ENVIRONMENT_VARIABLES, EXIT_CODES } from './contract.js';
import { paygateCommand } from './shell-words.js';

const { commands: commandSpecs, groups: groupSpecs } = await loadAllSpecs();

/** Help text with commander's line wrapping undone: one space between words. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What commander prints after an option's description for its default. */
const defaultText = (value: string | boolean | number) => `(default: ${JSON.stringify(value)})`;

const words = (spec: CommandSpec) => spec.path.split(' ');

describe('the registry', () => {
  it.each(commandSpecs.map((spec) => [spec.path, spec] as const))(
    '%s has an example of itself',
    (path, spec) => {
      expect(
        spec.examples.length,
        `"${path}" has no example: add one to its spec (examples: [...])`,
      ).toBeGreaterThan(0);
      for (const example of spec.examples) {
        expect(example, `an example of "${path}" does not run "paygate ${path}"`).toContain(
          `paygate ${path}`,
        );
      }
    },
  );

  it('has a summary for every group of commands', () => {
    const groups = new Set(
      commandSpecs.flatMap((spec) =>
        words(spec)
          .slice(0, -1)
          .map((_, i) =>
            words(spec)
              .slice(0, i + 1)
              .join(' '),
          ),
      ),
    );
    for (const group of groups) {
      const spec = groupSpecs.find((candidate) => candidate.path === group);
      expect(spec?.summary, `group "${group}" has no GroupSpec with a summary`).toBeTruthy();
    }
  });
});

describe.each(commandSpecs.map((spec) => [spec.path, spec] as const))('paygate %s --help', (path, spec) => {
  it('exits 0 and shows usage, summary, description, arguments, flags with defaults and choices', async () => {
    const result = await run([...words(spec), '--help']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const help = flat(result.stdout);
    expect(help).toContain(`Usage: paygate ${path}`);
    expect(help).toContain(flat(withFinalStatuses(spec.summary)));
    if (spec.description) expect(help).toContain(flat(withFinalStatuses(spec.description)));
    for (const argument of spec.arguments ?? []) {
      const name = argument.variadic ? `${argument.name}...` : argument.name;
      const shown = argument.required ? `<${name}>` : `[${name}]`;
      // A hidden argument (accepted only to be refused precisely) is offered nowhere.
      if (argument.hidden) expect(help).not.toContain(shown);
      else expect(help).toContain(shown);
    }
    for (const flag of spec.flags ?? []) {
      expect(help, `flag ${flag.flags}`).toContain(flag.flags);
      // A text may name the final statuses by placeholder (src/commands/help/final-statuses.ts).
      expect(help, `flag ${flag.flags}`).toContain(flat(withFinalStatuses(flag.description)));
      if (flag.default !== undefined)
        expect(help, `default of ${flag.flags}`).toContain(defaultText(flag.default));
      if (flag.choices)
        expect(help, `choices of ${flag.flags}`).toContain(
          `(choices: ${flag.choices.map((c) => JSON.stringify(c)).join(', ')})`,
        );
    }
  });

  it('has an Examples: section with every example as a `$ paygate …` line', async () => {
    const { stdout } = await run([...words(spec), '--help']);
    // A long example is broken as a shell reads it (` \`, then an indent): joined back here.
    const section = stdout.split('\nExamples:\n')[1]?.replace(/ \\\n {6}/g, ' ');
    expect(section, 'no "Examples:" section').toBeDefined();
    expect(section).toMatch(/^ {2}\$ paygate /m);
    for (const example of spec.examples) expect(section).toContain(`  $ ${example}\n`);
  });

  it('equals `paygate help <command>`', async () => {
    const viaFlag = await run([...words(spec), '--help']);
    const viaHelp = await run(['help', ...words(spec)]);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
  });

  it('has examples that parse: known flags, valid choices, the right command', async () => {
    for (const example of spec.examples) {
      const command = paygateCommand(example, { '$(date +%F)': '2026-11-22' });
      expect(command, example).toBeDefined();
      const { ran, error } = await parseOnly(command!.args);
      expect(error, example).toBeUndefined();
      expect(ran, example).toBe(path);
    }
  });
});

describe('paygate help', () => {
  it.each(Object.entries(helpTopics))('help %s prints the topic', async (name, topic) => {
    const result = await run(['help', name]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(topic.text);
  });

  it('help exit-codes lists every exit code of the contract', async () => {
    const { stdout } = await run(['help', 'exit-codes']);
    for (const code of EXIT_CODES) expect(stdout).toMatch(new RegExp(`^ {2}${code} +\\S`, 'm'));
  });

  it('help environment lists every variable paygate reads', async () => {
    const { stdout } = await run(['help', 'environment']);
    for (const name of ENVIRONMENT_VARIABLES) expect(stdout).toContain(name);
  });

  it('help charge create is charge create --help', async () => {
    const viaHelp = await run(['help', 'charge', 'create']);
    const viaFlag = await run(['charge', 'create', '--help']);
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toContain('Examples:');
  });

  it('help of something unknown is a usage error (exit 2)', async () => {
    const result = await run(['help', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('paygate help');
  });

  it('paygate --help lists every top-level command, the help topics and examples', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    const topLevel = new Set(commandSpecs.map((spec) => words(spec)[0]!));
    for (const name of topLevel) expect(result.stdout).toMatch(new RegExp(`^ {2}${name}\\b`, 'm'));
    for (const name of Object.keys(helpTopics)) expect(result.stdout).toContain(`paygate help ${name}`);
    expect(result.stdout).toMatch(/^Examples:\n {2}\$ paygate /m);
  });

  it.each(groupSpecs.map((group) => [group.path, group] as const))(
    'paygate %s --help lists its commands',
    async (path, group) => {
      const result = await run([...path.split(' '), '--help']);
      expect(result.code).toBe(0);
      expect(flat(result.stdout)).toContain(flat(group.summary));
      const depth = path.split(' ').length;
      for (const spec of commandSpecs.filter((candidate) => candidate.path.startsWith(`${path} `))) {
        expect(result.stdout).toMatch(new RegExp(`^ {2}${words(spec)[depth]}\\b`, 'm'));
      }
    },
  );
});

describe('no command, or a wrong one', () => {
  it('paygate with no arguments prints the help on stdout and exits 0', async () => {
    const result = await run([]);
    const help = await run(['--help']);
    expect(result.stdout).toBe(help.stdout);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('a group with no subcommand (paygate charge) prints its help on stdout and exits 0', async () => {
    const result = await run(['charge']);
    const help = await run(['charge', '--help']);
    expect(result.stdout).toBe(help.stdout);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('an unknown command exits 2 and suggests the nearest one', async () => {
    const result = await run(['chrge']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("unknown command 'chrge'");
    expect(result.stderr).toContain('Did you mean charge?');
  });

  it('an unknown subcommand exits 2 and suggests the nearest one', async () => {
    const result = await run(['charge', 'craete']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Did you mean create?');
  });

  it('an unknown flag exits 2 and suggests the nearest one', async () => {
    const result = await run(['charge', 'list', '--stauts', 'paid']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--stauts'");
    expect(result.stderr).toContain('Did you mean --status?');
  });

  it("a value outside a flag's choices exits 2 naming the allowed ones", async () => {
    const result = await run(['charge', 'list', '--status', 'payed']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('pending, paid, expired, failed, refunded'.split(', ')[1]!);
  });
});
