// The README's table of `charge create --from-csv` columns (between <!-- csv-columns:start -->
// and <!-- csv-columns:end -->), rendered from the table of request fields
// (src/schemas/charge-request-fields.ts, each row's `column`), in English for README.md and in
// Portuguese for README.pt-BR.md: a new column is a row there, and `npm run readme` writes it here.
import { CHARGE_REQUEST_FIELDS, type ChargeRequestField } from '../src/schemas/charge-request-fields.js';
import { flagHelpText, longFlagOf } from '../src/text/help-keys.js';
import { inLanguage } from '../src/text/in-english.js';
import type { Language } from '../src/text/language.js';
// The Portuguese help texts (a column's words are its flag's), registered when imported.
import '../src/text/pt-BR/index.js';
import { codeCell, textCell } from './readme-cells.js';

export const CSV_COLUMNS_START = '<!-- csv-columns:start -->';
export const CSV_COLUMNS_END = '<!-- csv-columns:end -->';

/** What each README says around the generated rows; a row's words are its flag's help. */
const FRAME: Record<
  Language,
  { readonly generated: string; readonly header: string; readonly several: string }
> = {
  en: {
    generated:
      '<!-- Generated from the request table (src/schemas/charge-request-fields.ts) by `node scripts/generate-readme-commands.mjs`: do not edit by hand. -->',
    header: '| Column | Flag | What it sets |',
    several: 'several in one cell, separated by `|`',
  },
  'pt-BR': {
    generated:
      '<!-- Gerado a partir da tabela de campos da requisição (src/schemas/charge-request-fields.ts) por `node scripts/generate-readme-commands.mjs`: não edite à mão. -->',
    header: '| Coluna | Flag | O que define |',
    several: 'várias numa célula, separadas por `|`',
  },
};

/** The generated block, markers included, in `language`; `fields` is the request table (a test may add a row). */
export function renderCsvColumns(
  language: Language = 'en',
  fields: readonly ChargeRequestField[] = CHARGE_REQUEST_FIELDS,
): string {
  return inLanguage(language, () => {
    const frame = FRAME[language];
    const rows = fields.flatMap((field) => {
      if (field.column === undefined || field.flag === undefined) return [];
      const help = flagHelpText('charge create', field.flag, field.help ?? '');
      const words = field.repeatable ? `${help}; ${frame.several}` : help;
      return [`| ${codeCell(field.column)} | ${codeCell(longFlagOf(field.flag))} | ${textCell(words)} |`];
    });
    return [
      CSV_COLUMNS_START,
      frame.generated,
      '',
      frame.header,
      '|---|---|---|',
      ...rows,
      '',
      CSV_COLUMNS_END,
    ].join('\n');
  });
}
