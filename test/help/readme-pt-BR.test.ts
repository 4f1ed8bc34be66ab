// README.pt-BR.md, the manual in Portuguese, kept in step with README.md: the same sections in
// the same order, the same code blocks byte for byte, the same tables' shapes and code cells,
// and a link each way at the top (docs/language.md). Its generated command list is checked with
// README.md's in readme.test.ts.
import { describe, expect, it } from 'vitest';
import { END_MARKER, START_MARKER } from '../../scripts/readme-commands.js';
import { englishLinesIn } from '../helpers/english.js';
import {
  anchorLinks,
  codeBlocks,
  commandLines,
  headingAnchor,
  headings,
  readPortugueseReadme,
  readReadme,
  translationDifferences,
} from './readme.js';

const english = readReadme();
const portuguese = readPortugueseReadme();

const LINK_TO_PORTUGUESE = 'Em português: [README.pt-BR.md](README.pt-BR.md)';
const LINK_TO_ENGLISH = 'In English: [README.md](README.md)';

/** The prose of a README: code blocks, inline code and the generated command list taken out. */
function proseOf(markdown: string): string {
  const start = markdown.indexOf(START_MARKER);
  const end = markdown.indexOf(END_MARKER);
  const withoutList = markdown.slice(0, start) + markdown.slice(end + END_MARKER.length);
  return withoutList.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

describe('README.pt-BR.md', () => {
  it('has the sections, code blocks and tables of README.md, in the same order', () => {
    expect(translationDifferences(english, portuguese)).toEqual([]);
    // Not vacuous: both have the sections and blocks the comparison walks through.
    expect(headings(portuguese).length).toBeGreaterThan(15);
    expect(codeBlocks(portuguese).length).toBeGreaterThan(25);
  });

  it('links to README.md from its top, and README.md links to it from its top', () => {
    expect(portuguese.split('\n').slice(0, 3)).toEqual(['# paygate', '', LINK_TO_ENGLISH]);
    expect(english.split('\n').slice(0, 3)).toEqual(['# paygate', '', LINK_TO_PORTUGUESE]);
  });

  it("opens with README.md's first two commands", () => {
    const commands = commandLines(codeBlocks(portuguese)[0]!);
    expect(commands.slice(0, 2)).toEqual([
      'npm install && npm install -g . && paygate demo',
      'npm ci && npm test',
    ]);
    expect(commandLines(codeBlocks(english)[0]!).slice(0, 2)).toEqual(commands.slice(0, 2));
  });

  it('has translated headings, and each link to a section reaches a heading of its own file', () => {
    const englishHeadings = headings(english).map((heading) => heading.text);
    const translated = headings(portuguese).map((heading) => heading.text);
    // The title is the program's name; every other heading is said in Portuguese.
    expect(translated.slice(1).filter((text) => englishHeadings.includes(text))).toEqual([]);
    for (const [name, markdown] of [
      ['README.md', english],
      ['README.pt-BR.md', portuguese],
    ] as const) {
      const anchors = new Set(headings(markdown).map((heading) => headingAnchor(heading.text)));
      const broken = anchorLinks(markdown).filter((anchor) => !anchors.has(decodeURIComponent(anchor)));
      expect(broken, `${name}: links to sections it does not have`).toEqual([]);
    }
  });

  it('reads as Portuguese outside code', () => {
    expect(englishLinesIn(proseOf(portuguese), [LINK_TO_ENGLISH])).toEqual([]);
  });

  it('has a Language section (Idioma) that names how the language is chosen and what scripts keep', () => {
    const section = portuguese.split('\n## Idioma\n')[1]?.split('\n## ')[0] ?? '';
    for (const word of [
      'PAYGATE_LANG',
      '`lang`',
      'LC_ALL',
      'LC_MESSAGES',
      'LANG',
      '--json',
      '-o csv',
      'exit_code',
    ])
      expect(section, word).toContain(word);
    const englishSection = english.split('\n## Language\n')[1]?.split('\n## ')[0] ?? '';
    expect(englishSection).toContain('PAYGATE_LANG');
  });
});

describe('the comparison of README.md with its translation', () => {
  const differencesAfter = (change: (markdown: string) => string) =>
    translationDifferences(english, change(portuguese));

  it('fails on a section left out, or moved to another level', () => {
    expect(differencesAfter((markdown) => markdown.replace(/^## Idioma\n/m, ''))).not.toEqual([]);
    expect(differencesAfter((markdown) => markdown.replace(/^## Idioma$/m, '### Idioma'))).toEqual([
      expect.stringMatching(/^heading \d+: level 2 "Language" .* against level 3 "Idioma"/),
    ]);
  });

  it('fails on a code block changed by one byte, or left out', () => {
    expect(
      differencesAfter((markdown) =>
        markdown.replace('paygate charge list --status paid', 'paygate charge list --status pago'),
      ),
    ).toEqual([expect.stringMatching(/^code block \d+ \(line \d+\) differs/)]);
    expect(
      differencesAfter((markdown) => markdown.replace(/^```crontab\n[\s\S]*?^```\n/m, '')),
    ).toContainEqual(expect.stringMatching(/^code blocks: \d+ in English, \d+ translated$/));
  });

  it("fails on a table's shape changed, or a code cell translated", () => {
    expect(differencesAfter((markdown) => markdown.replace(/^\| 137 \|.*$/m, ''))).toContainEqual(
      expect.stringMatching(/^table \d+ \(line \d+\): \d+ rows/),
    );
    expect(
      differencesAfter((markdown) => markdown.replace('| `output` | `table` |', '| `saída` | `table` |')),
    ).toEqual([expect.stringMatching(/row \d+: `output` became `saída`$/)]);
  });
});
