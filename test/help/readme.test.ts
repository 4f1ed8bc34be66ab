import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { renderCommandList, replaceCommandList } from '../../scripts/readme-commands.js';
import { loadAllSpecs } from '../../src/commands/registry.js';
import { SETTING_NAMES } from '../../src/config/settings.js';
import { addPortugueseHelp, currentLanguage, helpText, useLanguage } from '../../src/text/catalog.js';
import { parseOnly } from '../helpers/run-cli.js';
import { ENVIRONMENT_VARIABLES, EXIT_CODES } from './contract.js';
import { codeBlocks, commandLines, dateSubstitutions, readPortugueseReadme, readReadme } from './readme.js';
import { paygateCommand } from './shell-words.js';

const allSpecs = await loadAllSpecs();
const commandSpecs = allSpecs.commands;

const readme = readReadme();

/** The packages (not node: modules, not our files) that the files of src/ import. */
function bundledPackages(): string[] {
  const srcDir = fileURLToPath(new URL('../../src', import.meta.url));
  const names = new Set<string>();
  for (const file of readdirSync(srcDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const text = readFileSync(join(srcDir, file), 'utf8');
    for (const match of text.matchAll(/(?:\bfrom |\bimport\()'([^'.][^']*)'/g)) {
      const specifier = match[1] as string;
      if (specifier.startsWith('node:')) continue;
      const parts = specifier.split('/');
      names.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
    }
  }
  return [...names].sort();
}

describe('README.md', () => {
  it("keeps the lead's opening lines and its two opening commands", () => {
    // The line under the title links to the manual in Portuguese (readme-pt-BR.test.ts).
    expect(
      readme.startsWith(
        '# paygate\n\nEm português: [README.pt-BR.md](README.pt-BR.md)\n\nPIX charges, payouts and payment split',
      ),
    ).toBe(true);
    const first = codeBlocks(readme)[0]!;
    expect(first.info).toBe('sh');
    expect(first.lines).toContain('npm install && npm install -g . && paygate demo');
    expect(first.lines).toContain('npm ci && npm test');
  });

  it('has the command list generated from the registry', () => {
    expect(
      replaceCommandList(readme, renderCommandList(allSpecs)) === readme,
      'the command list of README.md is stale: run `npm run readme` (node scripts/generate-readme-commands.mjs)',
    ).toBe(true);
    for (const spec of commandSpecs) expect(readme).toContain(`\`${spec.path}`);
  });

  it('has, in README.pt-BR.md, the command list generated from the registry with the Portuguese help', () => {
    const portuguese = readPortugueseReadme();
    const list = renderCommandList(allSpecs, 'pt-BR');
    expect(
      replaceCommandList(portuguese, list) === portuguese,
      'the command list of README.pt-BR.md is stale: run `npm run readme` (node scripts/generate-readme-commands.mjs)',
    ).toBe(true);
    // The same commands and examples as README.md's, under the Portuguese header.
    expect(list).toContain('| Comando | O que faz | Exemplo |');
    // The command and example columns (the first and last cells of a row); a summary may quote code.
    const codeCells = (block: string) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) => {
          const cells = line.split(' | ');
          return [cells[0], cells.at(-1)];
        });
    expect(codeCells(list)).toEqual(codeCells(renderCommandList(allSpecs)));
  });

  it('renders the Portuguese command list with the help in Portuguese, whatever the language of the process', () => {
    const english = commandSpecs.find((spec) => spec.path === 'charge create')!.summary;
    useLanguage('pt-BR');
    const registered = helpText('charge create', english);
    useLanguage('en');
    addPortugueseHelp({ 'charge create': 'Cria uma cobrança (texto de teste)' });
    try {
      expect(renderCommandList(allSpecs, 'pt-BR')).toContain(
        '| `charge create` | Cria uma cobrança (texto de teste) |',
      );
      expect(renderCommandList(allSpecs)).toContain(`| \`charge create\` | ${english} |`);
      expect(currentLanguage()).toBe('en');
    } finally {
      addPortugueseHelp({ 'charge create': registered });
    }
  });

  it('has paygate command lines that parse: known commands and flags, valid choices', async () => {
    const lines = codeBlocks(readme)
      .filter((block) => ['sh', 'sh tour', 'crontab'].includes(block.info))
      .flatMap(commandLines)
      .flatMap((line) => {
        const command = paygateCommand(line, dateSubstitutions());
        // `npm install && npm install -g . && paygate demo`: paygate's arguments count too.
        return command ? [{ line, args: command.args }] : [];
      });
    expect(lines.length).toBeGreaterThan(30);
    for (const { line, args } of lines) {
      const { ran, error } = await parseOnly(args);
      const version = error instanceof CommanderError && error.code === 'commander.version';
      const outcome =
        error === undefined ? (ran ? 'ran' : 'ran no command') : version ? 'ran' : `failed: ${error}`;
      expect(outcome, line).toBe('ran');
    }
  });

  it('documents every exit code, environment variable, setting, sandbox flag and dependency', () => {
    for (const code of EXIT_CODES) expect(readme).toMatch(new RegExp(`^\\| ${code} \\|`, 'm'));
    // `CI` in code: the bare letters are everywhere in the README.
    for (const name of ENVIRONMENT_VARIABLES) expect(readme).toContain(name === 'CI' ? '`CI`' : name);
    for (const name of SETTING_NAMES) expect(readme).toContain(`| \`${name}\` |`);
    const start = commandSpecs.find((spec) => spec.path === 'sandbox start')!;
    for (const flag of start.flags ?? [])
      expect(readme, `sandbox start ${flag.flags}`).toContain(`\`${flag.flags}\``);
    // Every package src/ imports is bundled into dist/ (the package has no runtime dependencies):
    // the README's table says why each was chosen.
    const bundled = bundledPackages();
    expect(bundled).toContain('pg');
    for (const name of bundled) {
      expect(readme, `bundled package ${name}`).toContain(`| \`${name}\``);
      expect(Object.keys(packageJson.devDependencies), `bundled package ${name}`).toContain(name);
    }
    for (const option of [
      '--profile',
      '--base-url',
      '-o, --output',
      '--json',
      '--no-color',
      '--no-input',
      '-q',
      '--debug',
      '--request-timeout',
    ]) {
      expect(readme).toContain(option);
    }
  });

  it('has the configuration file mode and location', () => {
    expect(readme).toContain('0600');
    expect(readme).toContain('PAYGATE_CONFIG_DIR');
    expect(readme).toContain('--secret-key-stdin');
  });

  it('has a Performance section to fill, reproduced with npm run bench', () => {
    const section = readme.split('\n## Performance\n')[1]?.split('\n## ')[0] ?? '';
    expect(section).toContain('npm run bench');
    expect(section).toMatch(/^\| measure \| target \| measured \|$/m);
  });
});
