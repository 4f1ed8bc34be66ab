// --help at 80 columns (not a terminal; a terminal's own width otherwise): no line past the last
// column, no line a stray fragment of a sentence but the last of a text, and, at 80 and 120
// columns in both languages, no line that ends early (the next line's first word would have fit).
import { describe, expect, it } from 'vitest';
import { helpTopics } from '../../src/commands/help/topics.js';
import { loadAllSpecs } from '../../src/commands/registry.js';
import { run } from '../helpers/run-cli.js';

const { commands, groups } = await loadAllSpecs();
const pages = ['', ...groups.map((group) => group.path), ...commands.map((spec) => spec.path)];

const width = (line: string) => [...line].length;
// Options:, Global Options:, Examples: and their Portuguese (Opções:, Opções globais:, Exemplos:).
const HEADING = /^\p{Lu}[\p{L} ]*:$/u;
const EXAMPLES = new Set(['Examples:', 'Exemplos:']);

/**
 * Each piece of wrapped prose on a help page, as its lines and the columns it had: the command's
 * description paragraphs (the page's width), and each item's description (Options:, Commands:…:
 * the room right of the terms).
 */
function wrappedTexts(help: string, columns: number): Array<{ lines: string[]; room: number }> {
  const lines = help.split('\n');
  const texts: Array<{ lines: string[]; room: number }> = [];
  const headings = lines.flatMap((line, index) => (HEADING.test(line) ? [index] : []));
  // The description: from after "Usage:" and its blank line up to the first heading.
  let paragraph: string[] = [];
  for (const line of lines.slice(2, headings[0])) {
    if (line.trim() === '') {
      if (paragraph.length > 0) texts.push({ lines: paragraph, room: columns });
      paragraph = [];
    } else paragraph.push(line);
  }
  if (paragraph.length > 0) texts.push({ lines: paragraph, room: columns });
  for (const [position, start] of headings.entries()) {
    if (EXAMPLES.has(lines[start]!)) continue;
    const section = lines.slice(start + 1, headings[position + 1] ?? lines.length);
    for (let index = 0; index < section.length; index += 1) {
      const next = section[index + 1];
      const indent = next === undefined ? 0 : /^ */.exec(next)![0].length;
      // An item whose description goes on under it: its continuation lines start at that column.
      if (!/^ {2}\S/.test(section[index]!) || indent <= 2) continue;
      const item = [section[index]!.slice(indent)];
      while (section[index + 1]?.startsWith(' '.repeat(indent)) && section[index + 1]!.trim() !== '') {
        index += 1;
        item.push(section[index]!.slice(indent));
      }
      texts.push({ lines: item, room: columns - indent });
    }
  }
  return texts;
}

describe.each(pages.map((page) => [page || '(program)', page] as const))(
  'paygate %s --help',
  (_name, page) => {
    const args = [...(page ? page.split(' ') : []), '--help'];

    it('has no line past 80 columns and no fragment of a sentence on a line of its own', async () => {
      const { stdout, code } = await run(args);
      expect(code).toBe(0);
      for (const line of stdout.split('\n')) expect(width(line), line).toBeLessThanOrEqual(80);
      for (const text of wrappedTexts(stdout, 80)) {
        if (text.lines.length < 2) continue;
        // A line of a wrapped text shorter than a quarter of its room is a stranded fragment
        // ("field).", "JSON", "paid"): 20 characters for a paragraph of the page. The last line
        // holds what is left once every line above took all the words that fit.
        for (const line of text.lines.slice(0, -1)) {
          expect(width(line.trim()), `"${line.trim()}" in:\n${text.lines.join('\n')}`).toBeGreaterThanOrEqual(
            text.room / 4,
          );
        }
      }
    });
  },
);

/**
 * The first word of a line as the help wraps it: a `command` in backticks (with what touches it,
 * as "(`webhook listen --log`)") and an amount (`R$ 100,00`) are one word.
 */
function firstWord(line: string): string {
  const text = line.trim();
  return /^R\$ \d\S*|^(?:`[^`]*`|[^\s`])+/.exec(text)![0];
}

/** Lines of the wrapped texts of a page that end early: the next line's first word fits after them. */
function linesEndingEarly(help: string, columns: number): string[] {
  return wrappedTexts(help, columns).flatMap((text) =>
    text.lines.slice(0, -1).flatMap((line, index) => {
      const next = firstWord(text.lines[index + 1]!);
      return width(line.trimEnd()) + 1 + width(next) <= text.room ? [`"${line.trim()}" + "${next}"`] : [];
    }),
  );
}

const SIZES = [
  { name: '80 columns, not a terminal', options: {} },
  { name: 'a terminal of 120 columns', options: { tty: true, terminalSize: { rows: 40, columns: 120 } } },
] as const;
const LANGUAGES = [
  { language: 'English', env: {} },
  { language: 'Portuguese', env: { PAYGATE_LANG: 'pt-BR' } },
] as const;

describe.each(LANGUAGES)('--help in $language', ({ env }) => {
  it.each(SIZES)('ends no line early at $name, on any page', async ({ options }) => {
    const columns = 'terminalSize' in options ? options.terminalSize.columns : 80;
    const early: string[] = [];
    for (const page of pages) {
      const { stdout, code } = await run([...(page ? page.split(' ') : []), '--help'], { ...options, env });
      expect(code).toBe(0);
      for (const line of stdout.split('\n')) expect(width(line), line).toBeLessThanOrEqual(columns);
      early.push(...linesEndingEarly(stdout, columns).map((line) => `${page || '(program)'}: ${line}`));
    }
    expect(early).toEqual([]);
  });
});

describe('a line that ends early', () => {
  it('is found: the --currency help as it was wrapped before, with room for "and" on its first line', () => {
    const help =
      'Usage: paygate charge create [options]\n\nCreate a charge\n\nOptions:\n' +
      '  --currency <code>               currency code (default BRL; PIX\n' +
      '                                  and boleto: BRL only)\n';
    expect(linesEndingEarly(help, 80)).toEqual(['"currency code (default BRL; PIX" + "and"']);
    const filled =
      'Usage: paygate charge create [options]\n\nCreate a charge\n\nOptions:\n' +
      '  --currency <code>               currency code (default BRL; PIX and boleto:\n' +
      '                                  BRL only)\n';
    expect(linesEndingEarly(filled, 80)).toEqual([]);
  });
});

describe('a long example', () => {
  it('is broken as a shell reads it: ` \\` at the end, the rest indented, a quoted word whole', async () => {
    const { stdout } = await run(['charge', 'create', '--help']);
    const section = stdout.split('\nExamples:\n')[1]!;
    expect(section).toContain(
      '  $ paygate charge create --method card --card-token - --amount 300.00 \\\n' +
        '      --installments 3 --customer-name "Ana Lima" \\\n' +
        '      --customer-address "Rua A,10,Recife,PE,50000000"\n',
    );
  });

  it('is one line on a terminal wide enough', async () => {
    const { stdout } = await run(['charge', 'create', '--help'], {
      tty: true,
      terminalSize: { rows: 40, columns: 200 },
    });
    expect(stdout).toContain(
      '  $ paygate charge create --method card --card-token - --amount 300.00 --installments 3 --customer-name "Ana Lima" --customer-address "Rua A,10,Recife,PE,50000000"\n',
    );
  });
});

describe.each(Object.keys(helpTopics))('paygate help %s', (topic) => {
  it('has no line past 80 columns', async () => {
    const { stdout } = await run(['help', topic]);
    for (const line of stdout.split('\n')) expect(width(line), line).toBeLessThanOrEqual(80);
  });
});
