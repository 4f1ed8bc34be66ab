// The README's table of --from-csv columns is generated from the request table
// (src/schemas/charge-request-fields.ts) by `npm run readme`: this fails when either README's
// block is stale, and shows that a row added to the request table is a row of the README's table.
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS_END, CSV_COLUMNS_START, renderCsvColumns } from '../../scripts/readme-csv-columns.js';
import { CSV_COLUMNS } from '../../src/commands/charge/body-flags.js';
import { CHARGE_REQUEST_FIELDS, type ChargeRequestField } from '../../src/schemas/charge-request-fields.js';
import { currentLanguage } from '../../src/text/catalog.js';
import { readPortugueseReadme, readReadme } from './readme.js';

/** The block between the markers, markers included, as the README holds it. */
function blockOf(readme: string): string {
  const start = readme.indexOf(CSV_COLUMNS_START);
  const end = readme.indexOf(CSV_COLUMNS_END);
  expect(start, 'the README has no csv-columns block').toBeGreaterThanOrEqual(0);
  return readme.slice(start, end + CSV_COLUMNS_END.length);
}

/** The first cell of each row of a block: the column names it lists. */
const columnsIn = (block: string) => [...block.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]);

describe("the README's --from-csv columns", () => {
  it.each([
    ['README.md', 'en', readReadme],
    ['README.pt-BR.md', 'pt-BR', readPortugueseReadme],
  ] as const)('%s lists the columns generated from the request table', (file, language, read) => {
    expect(blockOf(read()), `the --from-csv columns of ${file} are stale: run \`npm run readme\``).toBe(
      renderCsvColumns(language),
    );
    expect(currentLanguage()).toBe('en');
  });

  it("lists every column charge create --from-csv reads, and only those, in the table's order", () => {
    const listed = columnsIn(blockOf(readReadme()));
    expect(listed).toEqual([...CSV_COLUMNS.keys()]);
    expect(listed).toContain('amount');
    expect(listed).toContain('split');
    expect(columnsIn(blockOf(readPortugueseReadme()))).toEqual(listed);
  });

  it('says the Portuguese help of a column, and how a repeatable column takes several entries', () => {
    const portuguese = renderCsvColumns('pt-BR');
    expect(portuguese).toContain('| Coluna | Flag | O que define |');
    expect(portuguese).toContain('| `amount` | `--amount` | valor a cobrar |');
    expect(portuguese).toMatch(/^\| `item` \| `--item` \| .*várias numa célula, separadas por `\\\|` \|$/m);
    expect(renderCsvColumns('en')).toMatch(
      /^\| `split` \| `--split` \| .*several in one cell, separated by `\\\|` \|$/m,
    );
  });

  it('gets a row for a field added to the request table with a column, and none for a field without one', () => {
    const imaginary: ChargeRequestField = {
      path: 'pix.imaginary_field',
      flag: '--imaginary-field <text>',
      help: 'an imaginary field',
      methods: ['pix'],
      column: 'imaginary_column',
    };
    const withoutColumn: ChargeRequestField = {
      path: 'pix.imaginary_flag_only',
      flag: '--imaginary-flag-only <text>',
      help: 'set only by its flag',
    };
    const block = renderCsvColumns('en', [...CHARGE_REQUEST_FIELDS, imaginary, withoutColumn]);
    expect(block).toContain('| `imaginary_column` | `--imaginary-field` | an imaginary field |');
    expect(block).not.toContain('imaginary-flag-only');
    expect(columnsIn(block)).toEqual([...CSV_COLUMNS.keys(), 'imaginary_column']);
  });
});
