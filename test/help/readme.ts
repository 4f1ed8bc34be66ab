// The README as data for tests: its fenced code blocks, and the lines of the quick tour.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/spawn-cli.js';

export const README_PATH = join(repoRoot, 'README.md');

export function readReadme(): string {
  return readFileSync(README_PATH, 'utf8');
}

export interface CodeBlock {
  /** The info string: `sh`, `sh tour`, `crontab`. */
  info: string;
  lines: string[];
  /** 1-based line of the opening fence. */
  line: number;
}

export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let current: CodeBlock | undefined;
  markdown.split('\n').forEach((text, index) => {
    const fence = /^```(.*)$/.exec(text);
    if (fence && !current) {
      current = { info: fence[1]!.trim(), lines: [], line: index + 1 };
    } else if (fence && current) {
      blocks.push(current);
      current = undefined;
    } else if (current) {
      current.lines.push(text);
    }
  });
  return blocks;
}

/** Lines that are commands: not blank, not only a comment; `\` continuations joined. */
export function commandLines(block: CodeBlock): string[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of block.lines) {
    const text = pending + raw;
    if (text.endsWith('\\')) {
      pending = `${text.slice(0, -1)} `;
      continue;
    }
    pending = '';
    if (text.trim() === '' || text.trim().startsWith('#')) continue;
    lines.push(text.trim());
  }
  return lines;
}

/** The quick tour: every line of the ```sh tour blocks, in README order. */
export function tourLines(markdown: string = readReadme()): string[] {
  return codeBlocks(markdown)
    .filter((block) => block.info === 'sh tour')
    .flatMap(commandLines);
}

/** `$(date +%F)` as sh would expand it (local date), also in its crontab form `\%`. */
export function dateSubstitutions(now = new Date()): Record<string, string> {
  const pad = (value: number) => String(value).padStart(2, '0');
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return { '$(date +%F)': today, '$(date +\\%F)': today };
}
