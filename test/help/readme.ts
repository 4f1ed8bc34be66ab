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

export const PORTUGUESE_README_PATH = join(repoRoot, 'README.pt-BR.md');

export function readPortugueseReadme(): string {
  return readFileSync(PORTUGUESE_README_PATH, 'utf8');
}

/** The lines outside fenced code blocks, each with its 1-based line number. */
function proseLines(markdown: string): { text: string; line: number }[] {
  const lines: { text: string; line: number }[] = [];
  let inBlock = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^```/.test(text)) inBlock = !inBlock;
    else if (!inBlock) lines.push({ text, line: index + 1 });
  });
  return lines;
}

export interface Heading {
  level: number;
  text: string;
  line: number;
}

/** The ATX headings (`#` to `######`), code blocks aside. */
export function headings(markdown: string): Heading[] {
  return proseLines(markdown).flatMap(({ text, line }) => {
    const match = /^(#{1,6})\s+(.*)$/.exec(text);
    return match ? [{ level: match[1]!.length, text: match[2]!.trim(), line }] : [];
  });
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as `-`. */
export function headingAnchor(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The `(#anchor)` targets of the links in the prose. */
export function anchorLinks(markdown: string): string[] {
  return proseLines(markdown).flatMap(({ text }) =>
    [...text.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]!),
  );
}

export interface Table {
  line: number;
  /** Each row's cells, trimmed (the `|---|` row included). */
  rows: string[][];
}

/** The cells of a table row: split on `|` that is not escaped as `\|`. */
function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** The GFM tables (runs of lines that start with `|`), code blocks aside. */
export function tables(markdown: string): Table[] {
  const found: Table[] = [];
  let current: Table | undefined;
  let previousLine = -1;
  for (const { text, line } of proseLines(markdown)) {
    if (text.startsWith('|')) {
      if (!current || previousLine !== line - 1) {
        current = { line, rows: [] };
        found.push(current);
      }
      current.rows.push(cellsOf(text));
      previousLine = line;
    } else {
      current = undefined;
    }
  }
  return found;
}

/** A cell that is one code span and nothing else (`` `x` `` or ``` `` x `` ```): kept as typed. */
export function isCodeCell(cell: string): boolean {
  return /^`[^`]+`$/.test(cell) || /^`` (?:(?!``).)+ ``$/.test(cell);
}

/**
 * How a translation of the README differs from it in what must not differ: its headings' levels
 * and order, its code blocks (info string and every line, in order) and its tables' shapes and
 * code cells. Empty when the two are in step; each entry names the place in both files.
 */
export function translationDifferences(english: string, translation: string): string[] {
  const differences: string[] = [];
  const englishHeadings = headings(english);
  const translatedHeadings = headings(translation);
  if (englishHeadings.length !== translatedHeadings.length)
    differences.push(
      `headings: ${englishHeadings.length} in English, ${translatedHeadings.length} translated`,
    );
  englishHeadings.forEach((heading, index) => {
    const other = translatedHeadings[index];
    if (other && other.level !== heading.level)
      differences.push(
        `heading ${index + 1}: level ${heading.level} "${heading.text}" (line ${heading.line}) ` +
          `against level ${other.level} "${other.text}" (line ${other.line})`,
      );
  });

  const englishBlocks = codeBlocks(english);
  const translatedBlocks = codeBlocks(translation);
  if (englishBlocks.length !== translatedBlocks.length)
    differences.push(
      `code blocks: ${englishBlocks.length} in English, ${translatedBlocks.length} translated`,
    );
  englishBlocks.forEach((block, index) => {
    const other = translatedBlocks[index];
    if (other && (other.info !== block.info || other.lines.join('\n') !== block.lines.join('\n')))
      differences.push(
        `code block ${index + 1} (line ${block.line}) differs from its translation's (line ${other.line})`,
      );
  });

  const englishTables = tables(english);
  const translatedTables = tables(translation);
  if (englishTables.length !== translatedTables.length)
    differences.push(`tables: ${englishTables.length} in English, ${translatedTables.length} translated`);
  englishTables.forEach((table, index) => {
    const other = translatedTables[index];
    if (!other) return;
    const shape = (rows: string[][]) => rows.map((row) => row.length).join(',');
    if (shape(table.rows) !== shape(other.rows)) {
      differences.push(
        `table ${index + 1} (line ${table.line}): ${table.rows.length} rows of ${shape(table.rows)} cells, ` +
          `translated (line ${other.line}) ${other.rows.length} rows of ${shape(other.rows)}`,
      );
      return;
    }
    table.rows.forEach((row, rowIndex) => {
      row.forEach((cell, cellIndex) => {
        const translated = other.rows[rowIndex]![cellIndex]!;
        if (isCodeCell(cell) && translated !== cell)
          differences.push(
            `table ${index + 1} (line ${table.line}), row ${rowIndex + 1}: ${cell} became ${translated}`,
          );
      });
    });
  });
  return differences;
}
