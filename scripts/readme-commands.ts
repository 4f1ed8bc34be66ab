// The README's command list (between <!-- commands:start --> and <!-- commands:end -->), rendered
// from the command specs (src/commands/registry.ts). Used by scripts/generate-readme-commands.mjs
// (which writes it) and by test/help/readme.test.ts (which fails when the README is stale).
import type { CommandSpec, ProgramSpecs } from '../src/commands/types.js';

export { loadAllSpecs } from '../src/commands/registry.js';

export const START_MARKER = '<!-- commands:start -->';
export const END_MARKER = '<!-- commands:end -->';

/** A code span inside a GFM table cell: `|` must be escaped even there. */
function code(text: string): string {
  const escaped = text.replace(/\|/g, '\\|');
  return escaped.includes('`') ? `\`\` ${escaped} \`\`` : `\`${escaped}\``;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function usage(spec: CommandSpec): string {
  const args = (spec.arguments ?? [])
    .filter((argument) => !argument.hidden)
    .map((argument) => {
      const name = argument.variadic ? `${argument.name}...` : argument.name;
      return argument.required ? `<${name}>` : `[${name}]`;
    });
  return [spec.path, ...args].join(' ');
}

/** The generated block, markers included. */
export function renderCommandList({ commands: specs, groups }: ProgramSpecs): string {
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
        rows.push(`| **${path}** | ${cell(group.summary)} | |`);
      }
    }
    const example = spec.examples[0] ?? '';
    rows.push(`| ${code(usage(spec))} | ${cell(spec.summary)} | ${example ? code(example) : ''} |`);
  }
  return [
    START_MARKER,
    '<!-- Generated from the command specs (src/commands/registry.ts) by `node scripts/generate-readme-commands.mjs`: do not edit by hand. -->',
    '',
    '| Command | What it does | Example |',
    '|---|---|---|',
    ...rows,
    '',
    END_MARKER,
  ].join('\n');
}

/** README text with the block between the markers replaced; throws when the markers are missing. */
export function replaceCommandList(readme: string, block: string): string {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START_MARKER} … ${END_MARKER} block`);
  return readme.slice(0, start) + block + readme.slice(end + END_MARKER.length);
}
