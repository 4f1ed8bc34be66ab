import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCompletion } from '../../src/commands/completion/generate.js';
import type { CompletionTree } from '../../src/commands/completion/tree.js';
import { loadAllSpecs } from '../../src/commands/registry.js';
import { SETTING_NAMES } from '../../src/config/settings.js';
import { CHARGE_STATUSES, PAYOUT_STATUSES } from '../../src/domain/status.js';
import { run } from '../helpers/run-cli.js';
import { repoRoot, spawnPaygate } from '../helpers/spawn-cli.js';
import { checkSyntax, complete, completeMany, type ShellName, shellAvailable } from './shells.js';

const { commands: commandSpecs } = await loadAllSpecs();

const FILES: Record<ShellName, string> = { bash: 'paygate.bash', zsh: '_paygate', fish: 'paygate.fish' };
const SHELLS = Object.keys(FILES) as ShellName[];
const REGENERATE = 'npm run completions (node scripts/generate-completions.mjs)';
/** A shell run is bounded by shells.ts (25 s). */
const SHELL_TEST_TIMEOUT_MS = 30_000;

async function fresh(shell: ShellName): Promise<string> {
  const result = await run(['completion', shell]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

/** The words after `paygate` of the commands one level below `path`. */
function subcommandsOf(path: string): string[] {
  const depth = path.split(' ').length;
  const names = commandSpecs
    .filter((spec) => spec.path.startsWith(`${path} `))
    .map((spec) => spec.path.split(' ')[depth]!);
  return [...new Set(names)];
}

describe('paygate completion', () => {
  it.each(SHELLS)(
    'the checked-in completions/%s script is what `paygate completion` prints',
    async (shell) => {
      const file = FILES[shell];
      const checkedIn = readFileSync(join(repoRoot, 'completions', file), 'utf8');
      expect(checkedIn, `completions/${file} is stale: run ${REGENERATE}`).toBe(await fresh(shell));
    },
  );

  it('the built binary prints the same scripts (what scripts/generate-completions.mjs writes)', async () => {
    for (const shell of SHELLS) {
      const built = await spawnPaygate(['completion', shell]);
      expect(built.stderr).toBe('');
      expect(built.code).toBe(0);
      expect(built.stdout, `bin/paygate.js completion ${shell}`).toBe(await fresh(shell));
    }
  });

  it.each(SHELLS)(
    '%s: the script’s comments stay English in pt-BR (docs/language.md); zsh and fish describe in Portuguese',
    async (shell) => {
      const english = await fresh(shell);
      const result = await run(['completion', shell], { env: { PAYGATE_LANG: 'pt-BR' } });
      expect(result.code).toBe(0);
      const comments = (script: string) =>
        script.split('\n').filter((line) => line.trimStart().startsWith('#'));
      expect(comments(english).length).toBeGreaterThan(2);
      expect(comments(result.stdout)).toEqual(comments(english));
      expect(result.stdout.startsWith(english.split('\n').slice(0, 2).join('\n'))).toBe(true);
      if (shell !== 'bash') {
        expect(result.stdout).toContain('perfil a usar (padrão: o perfil atual)');
        expect(english).toContain('profile to use');
      }
    },
  );

  it('rejects a missing or unknown shell with a usage error', async () => {
    const missing = await run(['completion']);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    const unknown = await run(['completion', 'tcsh']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/bash.*zsh.*fish/);
  });

  it('lists every command of the registry in every script', async () => {
    for (const shell of SHELLS) {
      const script = await fresh(shell);
      for (const spec of commandSpecs) {
        for (const word of spec.path.split(' ')) expect(script, `${shell}: ${spec.path}`).toContain(word);
        for (const flag of spec.flags ?? []) {
          const long = /--[\w-]+/.exec(flag.flags)?.[0];
          if (long)
            expect(script, `${shell}: ${spec.path} ${long}`).toContain(
              shell === 'fish' ? `-l ${long.slice(2)}` : long,
            );
        }
      }
    }
  });
});

// Each case: a line typed at the prompt, and what TAB must offer there.
interface Case {
  line: string;
  /** Exactly these candidates (order aside). */
  equals?: readonly string[];
  /** At least these. */
  contains?: readonly string[];
  /** None of these. */
  excludes?: readonly string[];
}

const CASES: Case[] = [
  { line: 'paygate ch', contains: ['charge'], excludes: ['payout', 'completion'] },
  { line: 'paygate charge ', equals: subcommandsOf('charge') },
  { line: 'paygate charge list --status ', equals: CHARGE_STATUSES },
  { line: 'paygate charge list --status p', equals: ['paid', 'pending'] },
  { line: 'paygate payout list --status ', equals: PAYOUT_STATUSES },
  { line: 'paygate --json charge li', equals: ['list'] },
  { line: 'paygate charge list -o ', equals: ['table', 'json', 'ndjson', 'csv', 'plain'] },
  { line: 'paygate --output ', equals: ['table', 'json', 'ndjson', 'csv', 'plain'] },
  { line: 'paygate completion ', equals: ['bash', 'zsh', 'fish'] },
  { line: 'paygate config get ', equals: SETTING_NAMES },
  { line: 'paygate api ', equals: ['GET', 'POST', 'PUT', 'DELETE'] },
  { line: 'paygate charge create --am', equals: ['--amount'] },
  { line: 'paygate sandbox payout ', equals: subcommandsOf('sandbox payout') },
  { line: 'paygate help ', contains: ['charge', 'payout', 'exit-codes', 'environment'] },
];

for (const shell of SHELLS) {
  // CI machines may lack zsh or fish: their cases are skipped (and reported as skipped), not failed.
  describe.skipIf(!shellAvailable(shell))(`completion in a real ${shell}`, () => {
    let dir = '';
    let script = '';
    const offers = new Map<string, string[]>();

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), `paygate-completion-${shell}-`));
      // The file name users install it under (zsh autoloads `_paygate` from $fpath).
      script = join(dir, FILES[shell]);
      writeFileSync(script, await fresh(shell));
      const lines = CASES.map((entry) => entry.line);
      const answers = await completeMany(shell, script, lines);
      for (const [index, line] of lines.entries()) offers.set(line, answers[index]!);
    }, SHELL_TEST_TIMEOUT_MS);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('parses', async () => {
      await checkSyntax(shell, script);
    });

    it.each(CASES)('$line', ({ line, equals, contains, excludes }) => {
      const offered = offers.get(line)!;
      if (equals) expect([...offered].sort(), `TAB after "${line}"`).toEqual([...equals].sort());
      for (const word of contains ?? []) expect(offered, `TAB after "${line}"`).toContain(word);
      for (const word of excludes ?? []) expect(offered, `TAB after "${line}"`).not.toContain(word);
    });

    it('offers the subcommands the issue names for `paygate charge `', () => {
      expect(offers.get('paygate charge ')).toEqual(
        expect.arrayContaining(['create', 'get', 'find', 'list', 'watch', 'refund', 'cancel', 'qr']),
      );
    });
  });
}

describe.skipIf(!shellAvailable('bash'))('bash specifics', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paygate-completion-bash-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('completes a value after "=" (--output=js → json), which bash splits into its own word', async () => {
    const script = join(dir, 'paygate.bash');
    writeFileSync(script, await fresh('bash'));
    expect(await complete('bash', script, 'paygate --output=js')).toEqual(['json']);
    expect(await complete('bash', script, 'paygate charge list --status=ref')).toEqual(['refunded']);
  });

  it('offers file names for a flag that takes a file', async () => {
    const script = join(dir, 'paygate.bash');
    writeFileSync(script, await fresh('bash'));
    writeFileSync(join(dir, 'body.json'), '{}');
    expect(await complete('bash', script, `paygate charge create --from-file ${dir}/bo`)).toEqual([
      `${dir}/body.json`,
    ]);
  });
});

describe.skipIf(!shellAvailable('zsh'))('zsh specifics', () => {
  it('works sourced as well as autoloaded from $fpath', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paygate-completion-zsh-'));
    try {
      const script = join(dir, 'paygate.zsh');
      writeFileSync(script, await fresh('zsh'));
      expect((await complete('zsh', script, 'paygate charge ')).sort()).toEqual(
        subcommandsOf('charge').sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('generators quote what they embed', () => {
  // Descriptions come from people: quotes, brackets and colons must not break any script.
  const tricky = `it's "quoted" [x]: $HOME \`id\` (a|b); c\\d`;
  const tree: CompletionTree = {
    program: 'paygate',
    globalOptions: [],
    root: {
      name: 'paygate',
      path: [],
      summary: tricky,
      options: [{ long: '--help', short: '-h', description: tricky, value: 'none', repeatable: false }],
      arguments: [],
      commands: [
        {
          name: 'thing',
          path: ['thing'],
          summary: tricky,
          options: [
            {
              long: '--mode',
              description: tricky,
              value: 'required',
              valueName: 'a:b',
              choices: ['x', 'y'],
              repeatable: false,
            },
          ],
          arguments: [
            {
              name: 'kind',
              description: tricky,
              required: true,
              variadic: false,
              choices: ['k1', 'k2'],
              choiceDescriptions: { k1: tricky, k2: tricky },
            },
          ],
          commands: [],
        },
      ],
    },
  };

  for (const shell of SHELLS) {
    it.skipIf(!shellAvailable(shell))(`${shell}: still parses and completes`, async () => {
      const dir = mkdtempSync(join(tmpdir(), `paygate-completion-quote-${shell}-`));
      try {
        const script = join(dir, FILES[shell]);
        writeFileSync(script, generateCompletion(shell, tree));
        await checkSyntax(shell, script);
        expect(await complete(shell, script, 'paygate thing --mode ')).toEqual(['x', 'y']);
        expect((await complete(shell, script, 'paygate thing ')).sort()).toEqual(['k1', 'k2']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
