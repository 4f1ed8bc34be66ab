// Reading CSV (RFC 4180) as people's tools write it: `,` or `;` (a pt-BR spreadsheet's export)
// chosen by the header line, a UTF-8 BOM dropped, CRLF or LF, quoted fields with `""` and line
// breaks inside. Writing is src/output/csv.ts.
import { ruleBroken, sentenceOf } from '../errors.js';

export interface CsvTable {
  separator: ',' | ';';
  header: string[];
  /** Each data row with its line number in the file (1 is the header), blank lines left out. */
  rows: Array<{ line: number; cells: string[] }>;
}

/** The separator of the header line: the one of `,` and `;` that appears more outside quotes. */
function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character === ',') commas++;
    else if (!quoted && character === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Parses CSV text; a quote left open is an error naming its line. */
export function parseCsv(input: string): CsvTable {
  const text = input.startsWith('\ufeff') ? input.slice(1) : input;
  const separator = separatorOf(text);
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else {
        if (character === '\n') line++;
        cell += character;
      }
    } else if (character === '"' && cell === '') quoted = true;
    else if (character === separator) {
      cells.push(cell);
      cell = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index++;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line++;
      recordLine = line;
    } else cell += character;
  }
  if (quoted) throw new SyntaxError(sentenceOf(ruleBroken('csvQuoteNotClosed', { line: recordLine })));
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  const nonBlank = records.filter((record) => record.cells.some((value) => value.trim() !== ''));
  const [header, ...rows] = nonBlank;
  return { separator, header: header?.cells.map((name) => name.trim()) ?? [], rows };
}
