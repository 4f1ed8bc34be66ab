// The README's command list (between <!-- commands:start --> and <!-- commands:end -->), rendered
// from the command specs (src/commands/registry.ts), in English for README.md and in Portuguese
// for README.pt-BR.md; with it, the table of --from-csv columns (readme-csv-columns.ts). Used by
// scripts/generate-readme-commands.mjs (which writes both) and by test/help/readme.test.ts (which
// fails when either is stale).
import { withFinalStatuses } from '../src/commands/help/final-statuses.js';
import type { CommandSpec, ProgramSpecs } from '../src/commands/types.js';
import { helpText } from '../src/text/catalog.js';
import { inLanguage } from '../src/text/in-english.js';
import type { Language } from '../src/text/language.js';
// The Portuguese help texts (summaries by command path), registered when imported.
import '../src/text/pt-BR/index.js';
import { textCell as cell, codeCell as code, replaceBetween } from './readme-cells.js';
import { CSV_COLUMNS_END, CSV_COLUMNS_START, renderCsvColumns } from './readme-csv-columns.js';

export { loadAllSpecs } from '../src/commands/registry.js';

export const START_MARKER = '<!-- commands:start -->';
export const END_MARKER = '<!-- commands:end -->';

function usage(spec: CommandSpec): string {
  const args = (spec.arguments ?? [])
    .filter((argument) => !argument.hidden)
    .map((argument) => {
      const name = argument.variadic ? `${argument.name}...` : argument.name;
      return argument.required ? `<${name}>` : `[${name}]`;
    });
  return [spec.path, ...args].join(' ');
}

/** What each README says around the generated rows; the rows' summaries come from the help. */
const FRAME: Record<Language, { readonly generated: string; readonly header: string }> = {
  en: {
    generated:
      '<!-- Generated from the command specs (src/commands/registry.ts) by `node scripts/generate-readme-commands.mjs`: do not edit by hand. -->',
    header: '| Command | What it does | Example |',
  },
  'pt-BR': {
    generated:
      '<!-- Gerado a partir das specs dos comandos (src/commands/registry.ts) por `node scripts/generate-readme-commands.mjs`: não edite à mão. -->',
    header: '| Comando | O que faz | Exemplo |',
  },
};

/** The README file of each language, from the repository's root. */
export const README_FILES: Record<Language, string> = { en: 'README.md', 'pt-BR': 'README.pt-BR.md' };

/**
 * The generated block, markers included, in `language`: the summaries are the help's
 * (helpText, by command path, the final statuses they name filled in), so a summary not yet
 * translated stays in English; usages and
 * examples are the same in every language.
 */
export function renderCommandList(specs: ProgramSpecs, language: Language = 'en'): string {
  return inLanguage(language, () => renderRows(specs, FRAME[language]));
}

function renderRows(
  { commands: specs, groups }: ProgramSpecs,
  frame: { readonly generated: string; readonly header: string },
): string {
  const rows: string[] = [];
  const seenGroups = new Set<string>();
  for (const spec of specs) {
    const words = spec.path.split(' ');
    // A group's row (`charge`, `sandbox payout`) comes before its first command.
    for (let length = 1; length < words.length; length++) {
      const path = words.slice(0, length).join(' ');
      const group = groups.find((candidate) => candidate.path === path);
      if (group && !seenGroups.has(path)) {
        seenGroups.add(path);
        rows.push(`| **${path}** | ${cell(withFinalStatuses(helpText(path, group.summary)))} | |`);
      }
    }
    const example = spec.examples[0] ?? '';
    rows.push(
      `| ${code(usage(spec))} | ${cell(withFinalStatuses(helpText(spec.path, spec.summary)))} | ${example ? code(example) : ''} |`,
    );
  }
  return [START_MARKER, frame.generated, '', frame.header, '|---|---|---|', ...rows, '', END_MARKER].join(
    '\n',
  );
}

/** README text with the block between the markers replaced; throws when the markers are missing. */
export function replaceCommandList(readme: string, block: string): string {
  return replaceBetween(readme, START_MARKER, END_MARKER, block);
}

/** README text in `language` with every generated block (the command list, the CSV columns) rendered anew. */
export function regenerateReadme(readme: string, specs: ProgramSpecs, language: Language): string {
  const withCommands = replaceCommandList(readme, renderCommandList(specs, language));
  return replaceBetween(withCommands, CSV_COLUMNS_START, CSV_COLUMNS_END, renderCsvColumns(language));
}
