// Start-up builds only the branch of the tree a command line runs (src/commands/registry.ts).
import { describe, expect, it } from 'vitest';
import { branchFor, specsFor } from '../../src/cli.js';
import { loadAllSpecs, specsByWord } from '../../src/commands/registry.js';

const { commands: commandSpecs, groups: groupSpecs } = await loadAllSpecs();

const firstWord = (path: string) => path.split(' ')[0]!;

describe('specsByWord', () => {
  it('has exactly the top-level words of the specs', () => {
    const words = new Set([...commandSpecs, ...groupSpecs].map((spec) => firstWord(spec.path)));
    expect(Object.keys(specsByWord).sort()).toEqual([...words].sort());
  });

  it.each(Object.keys(specsByWord))(
    '%s: loads every command and group of that word, as the whole program has them',
    async (word) => {
      const specs = await specsFor([word]);
      expect(specs.commands).toEqual(commandSpecs.filter((spec) => firstWord(spec.path) === word));
      expect(specs.groups).toEqual(groupSpecs.filter((group) => firstWord(group.path) === word));
      expect(specs.commands.length).toBeGreaterThan(0);
    },
  );
});

describe('branchFor and specsFor', () => {
  it.each([
    [['--version'], null],
    [['-v'], null],
    [['--json', 'charge', 'list'], 'charge'],
    [['--profile', 'split', 'split', 'preview'], 'split'],
    [['-o', 'json', 'balance'], 'balance'],
    [['help', 'payout', 'create'], 'payout'],
    [['--version', '--help'], undefined],
    [[], undefined],
    [['help'], undefined],
    [['help', 'exit-codes'], undefined],
    [['chrage', 'list'], undefined],
    [['--', 'charge'], undefined],
    [['constructor'], undefined],
  ] as const)('%j → %s', (argv, branch) => {
    expect(branchFor(argv)).toBe(branch);
  });

  it('loads no command for --version and every one for an unknown word', async () => {
    expect(await specsFor(['--version'])).toEqual({ commands: [], groups: [] });
    const all = await specsFor(['chrage']);
    expect(all.commands).toEqual(commandSpecs);
    expect(all.groups).toEqual(groupSpecs);
  });

  it('gives login only its own command, not the other words of its spec file', async () => {
    const specs = await specsFor(['login', '--sandbox']);
    expect(specs.commands.map((spec) => spec.path)).toEqual(['login']);
  });
});
