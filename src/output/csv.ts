// CSV for exports: RFC 4180 (CRLF, `"` doubled, fields quoted only when
// they must be), UTF-8. Two dialects:
// - 'rfc4180': `,` separator, no BOM: what scripts and most tools read;
// - 'excel' (`--excel`): `;` separator and a UTF-8 BOM, which is what a pt-BR spreadsheet
//   (Excel, LibreOffice) opens as columns with accents intact; the values themselves (decimal
//   comma, local dates) are the export columns' business (src/output/exports.ts).
// In the spreadsheet dialect, a text a spreadsheet would run as a formula gets a leading `'`;
// plain CSV is the data exactly, as scripts read it back (open exports in a spreadsheet with --excel).
import type { OutputStream } from '../io.js';
import { sanitizeMultiline } from './sanitize.js';

export type CsvDialect = 'rfc4180' | 'excel';

const SEPARATOR: Record<CsvDialect, string> = { rfc4180: ',', excel: ';' };
export const CSV_BOM = '\ufeff';
const EOL = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

/** One field: numbers as they are; text cleaned of escapes, formula-guarded in Excel, quoted if needed. */
export function csvCell(value: string | number | null | undefined, dialect: CsvDialect): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  let text = sanitizeMultiline(value);
  if (dialect === 'excel' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  const separator = SEPARATOR[dialect];
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRecord(
  values: ReadonlyArray<string | number | null | undefined>,
  dialect: CsvDialect,
): string {
  return values.map((value) => csvCell(value, dialect)).join(SEPARATOR[dialect]) + EOL;
}

/** Writes `chunk`, waiting for 'drain' when a real stream's buffer is full. */
export async function writeWithBackpressure(out: OutputStream, chunk: string): Promise<void> {
  if (out.write(chunk) !== false || !out.once) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off?.('drain', done);
      out.off?.('error', done);
      out.off?.('close', done);
      resolve();
    };
    out.once?.('drain', done);
    out.once?.('error', done);
    out.once?.('close', done);
  });
}
