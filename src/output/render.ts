// Output formats: tables for people; json/ndjson/csv/plain for scripts.
// - json/ndjson print the raw objects exactly as received (unknown fields, key order), streamed;
// - csv/plain print each column's raw `value` (centavos stay integers), sanitised;
// - table needs every row to size its columns, so it holds them: use ndjson or csv for big exports.
import { receivedData, unwrapResource } from '../domain/resource-fields.js';
import { OutputLostError } from '../errors.js';
import type { IO, OutputStream } from '../io.js';
import { stringifyJson } from '../json.js';
import { sayOutput } from '../text/en/output.js';
import type { Colors } from './colors.js';
import { fitColumns, layoutColumns } from './columns.js';
import type { OutputFormat } from './formats.js';
import { sanitizeDeep, sanitizeForTerminal, sanitizeMultiline } from './sanitize.js';
import { csvRecord, plainField, rawText } from './script-fields.js';
import { fitToStderr, wrapWidth } from './wrap.js';

export interface Column<T> {
  key: string;
  /** The header: in the run's language for a table, in English for csv (sayFor, docs/language.md). */
  header: string;
  /** The raw value, for csv and plain (and tables when `display` is absent). */
  value: (row: T) => unknown;
  /** The text for tables; it receives the row already sanitised and may add colours. */
  display?: (row: T, colors: Colors) => string;
  align?: 'left' | 'right';
  /**
   * `only`: a table's column, never in csv/plain (their columns stay the same for scripts);
   * `never`: left out of a table (too wide for what people read there), kept in csv/plain.
   */
  table?: 'only' | 'never';
  /**
   * A free text (a description; plain, no colour): at a terminal too narrow for the table it is
   * cut to the room left, ending in `…`, before any column is left out.
   */
  cutToFit?: boolean;
}

export interface Field<T> {
  /** The label: in the run's language for a table, in English for csv and plain (sayFor). */
  label: string;
  value: (object: T) => unknown;
  /**
   * What csv and plain print, when not `value`: an amount in centavos, or nothing when its unit is
   * unknown (`value` still says whether the object has the field, for the table).
   */
  script?: (object: T) => unknown;
  /** The top-level field of the answer it shows, so otherFields() leaves it out. */
  key?: string;
  /** The text for the table view; it receives the object already sanitised. */
  display?: (object: T, colors: Colors) => string;
}

export interface RenderOptions {
  colors: Colors;
  /** Table format only: shown instead of an empty table. */
  emptyMessage?: string;
  /** Where `emptyMessage` goes (stderr in the CLI: stdout carries data only). Default: `out`. */
  messages?: OutputStream;
  /**
   * Table format only: the terminal's width. A free text is cut to fit (Column.cutToFit); columns
   * that still do not fit are left out from the right (the first two, an id and a status, always
   * stay) and named on `messages`: a row never wraps.
   */
  width?: number;
}

/**
 * A table fitted to the terminal stdout is (its columns that do not fit named on stderr); a pipe
 * or a file gets every column.
 */
export function terminalFit(
  io: Pick<IO, 'stderr' | 'stderrIsTTY' | 'stdoutIsTTY' | 'terminalSize'>,
): Pick<RenderOptions, 'messages' | 'width'> {
  // A line of its own ("Not shown at this width: …") is broken between words at a terminal too.
  const messages = {
    write: (text: string) =>
      io.stderr.write(
        text.endsWith('\n') ? `${fitToStderr(io, text.slice(0, -1))}\n` : fitToStderr(io, text),
      ),
  };
  return { messages, width: wrapWidth(io, io.stdoutIsTTY) };
}

/** True for the errors a write gets when the reader went away (`paygate charge list | head`). */
export function isBrokenPipe(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/**
 * Writes chunks with back-pressure (waits for 'drain' when a real stream's buffer is full) and
 * turns an asynchronous 'error' of the stream (EPIPE) into a rejected write, so that a list stops
 * pulling pages as soon as its reader is gone.
 */
class Sink {
  private failure: unknown;
  private readonly onError = (error: unknown): void => {
    this.failure ??= isBrokenPipe(error) ? error : new OutputLostError(error);
  };

  constructor(private readonly out: OutputStream) {
    out.on?.('error', this.onError);
  }

  async write(chunk: string): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    const accepted = this.out.write(chunk);
    if (accepted === false && this.out.once && this.failure === undefined) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.out.off?.('drain', done);
          this.out.off?.('error', done);
          this.out.off?.('close', done);
          resolve();
        };
        this.out.once?.('drain', done);
        this.out.once?.('error', done);
        this.out.once?.('close', done);
      });
    }
    if (this.failure !== undefined) throw this.failure;
  }

  /** Whether the stream itself failed (EPIPE, a full disk): nothing more goes to it. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  close(): void {
    this.out.off?.('error', this.onError);
  }
}

function indent(json: string): string {
  return json.replace(/\n/g, '\n  ');
}

/** A value as the JSON the CLI prints: pretty (json) or one line (ndjson). */
export function formatJson(value: unknown, format: 'json' | 'ndjson' = 'json'): string {
  // A resource read inside its wrapper (`{charge: {...}}`) is printed as the answer held it.
  const data = receivedData(value);
  return escapeInvisible(format === 'json' ? stringifyJson(data, 2) : stringifyJson(data)) + '\n';
}

/**
 * JSON.stringify escapes C0 controls but writes C1 controls (U+0080–U+009F: U+009B is a CSI a
 * terminal obeys) and bidi overrides (U+202A–U+202E, U+2066–U+2069) raw. Written as `\\u009b`
 * escapes they are the same JSON data, so `--json` stays exactly what was received, and a
 * terminal shows them as text.
 */
export function escapeInvisible(json: string): string {
  return json.replace(
    /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function tableText<T>(
  value: (row: T) => unknown,
  display: ((row: T, colors: Colors) => string) | undefined,
  safeRow: T,
  colors: Colors,
): string {
  if (display) return display(safeRow, colors);
  // The row is sanitised, but a value function may compute text from it: sanitise again.
  return sanitizeForTerminal(rawText(value(safeRow)));
}

/**
 * A row sanitised for a table, still read inside the wrapper it came in (a Woovi payment's time
 * is its wrapper's `transaction.time`): the wrapper is sanitised and the row taken out again.
 */
function sanitizedRow<T>(row: T): T {
  const data = receivedData(row);
  return (data === row ? sanitizeDeep(row) : unwrapResource(sanitizeDeep(data))) as T;
}

function renderTable<T>(
  rows: T[],
  columns: Column<T>[],
  colors: Colors,
  fit?: { width: number; left: (headers: string[]) => void },
): string {
  const cells = rows.map((row) => {
    const safe = sanitizedRow(row);
    return columns.map((column) => tableText(column.value, column.display, safe, colors));
  });
  // A column no row fills is left out: never a column of blanks.
  let kept = columns.map((_, index) => index).filter((index) => cells.some((row) => row[index] !== ''));
  if (kept.length === 0) kept = columns.map((_, index) => index);
  if (fit !== undefined) {
    const cut = kept.find((index) => columns[index]!.cutToFit === true);
    const dropped = fitColumns(
      columns.map((column) => column.header),
      cells,
      kept,
      fit.width,
      cut,
    );
    if (dropped.length > 0) fit.left(dropped.map((index) => columns[index]!.header));
  }
  return layoutColumns(
    kept.map((index) => colors.bold(sanitizeForTerminal(columns[index]!.header))),
    cells.map((row) => kept.map((index) => row[index]!)),
    kept.map((index) => columns[index]!.align ?? 'left'),
  );
}

/**
 * Writes a list in `format` and resolves to the number of rows. json, ndjson, csv and plain
 * stream: each row is written as it arrives from `rows` (an async iterable of pages is never
 * held in memory); json output is byte for byte `JSON.stringify(array, null, 2)`. A table waits
 * for every row. If the stream breaks (EPIPE), the returned promise rejects with that error
 * (see isBrokenPipe) and `rows` is not pulled any further.
 */
export async function writeList<T>(
  out: OutputStream,
  format: OutputFormat,
  rows: AsyncIterable<T> | Iterable<T>,
  columns: Column<T>[],
  options: RenderOptions,
): Promise<number> {
  columns = columns.filter((column) => column.table !== (format === 'table' ? 'never' : 'only'));
  if (format === 'table') {
    const all: T[] = [];
    for await (const row of rows) all.push(row);
    if (all.length === 0) {
      if (options.emptyMessage !== undefined) {
        (options.messages ?? out).write(sanitizeMultiline(options.emptyMessage) + '\n');
      }
      return 0;
    }
    const sink = new Sink(out);
    let leftOut: string[] = [];
    const fit =
      options.width !== undefined && Number.isFinite(options.width)
        ? {
            width: options.width,
            left: (headers: string[]) => {
              leftOut = headers;
            },
          }
        : undefined;
    try {
      await sink.write(renderTable(all, columns, options.colors, fit));
      if (leftOut.length > 0) {
        (options.messages ?? out).write(
          `${sayOutput('notShownAtThisWidth', { columns: leftOut.join(', ') })}\n`,
        );
      }
    } finally {
      sink.close();
    }
    return all.length;
  }

  const sink = new Sink(out);
  let count = 0;
  try {
    if (format === 'csv') await sink.write(csvRecord(columns.map((column) => column.header)));
    for await (const row of rows) {
      switch (format) {
        case 'json':
          // `[` waits for the first row, so an error before any row leaves stdout empty.
          await sink.write(
            (count === 0 ? '[\n  ' : ',\n  ') + indent(escapeInvisible(stringifyJson(receivedData(row), 2))),
          );
          break;
        case 'ndjson':
          await sink.write(formatJson(row, 'ndjson'));
          break;
        case 'csv':
          await sink.write(csvRecord(columns.map((column) => column.value(row))));
          break;
        case 'plain':
          await sink.write(columns.map((column) => plainField(column.value(row))).join('\t') + '\n');
          break;
      }
      count++;
    }
    if (format === 'json') await sink.write(count === 0 ? '[]\n' : '\n]\n');
  } catch (error) {
    // A page that failed after rows were written (a 500, an interrupt): the array is closed, so
    // that stdout stays JSON (`> file`, `| jq`) and holds the rows read; the exit code says the
    // list is not whole. Not when stdout itself failed: nothing more can be written there.
    if (format === 'json' && count > 0 && !sink.failed) await sink.write('\n]\n').catch(() => {});
    throw error;
  } finally {
    sink.close();
  }
  return count;
}

/**
 * Writes one object (a detail view): table → `Label   value` lines, labels aligned;
 * json → the raw object, pretty; ndjson → the raw object on one line; csv → a header of the
 * labels and one row of raw values; plain → `label<TAB>value` lines.
 */
export function writeObject<T>(
  out: OutputStream,
  format: OutputFormat,
  object: T,
  fields: Field<T>[],
  options: RenderOptions,
): void {
  switch (format) {
    case 'json':
    case 'ndjson':
      out.write(formatJson(object, format));
      return;
    case 'csv':
      out.write(
        csvRecord(fields.map((field) => field.label)) +
          csvRecord(fields.map((field) => (field.script ?? field.value)(object))),
      );
      return;
    case 'plain':
      out.write(
        fields
          .map(
            (field) => `${plainField(field.label)}\t${plainField((field.script ?? field.value)(object))}\n`,
          )
          .join(''),
      );
      return;
    case 'table': {
      // Rows with nothing to show are left out: never a table of blanks.
      const safe = sanitizedRow(object);
      const rows = fields
        .map((field) => [
          sanitizeForTerminal(field.label),
          tableText(field.value, field.display, safe, options.colors),
        ])
        .filter(([, text]) => text !== '');
      const width = Math.max(0, ...rows.map(([label]) => label!.length));
      // A display text of several lines (the split, one seller a line) keeps its column.
      const indent = `\n${' '.repeat(width + 2)}`;
      const lines = rows.map(
        ([label, text]) =>
          `${options.colors.bold(label!.padEnd(width))}  ${text!.split('\n').join(indent)}`.trimEnd() + '\n',
      );
      out.write(lines.join(''));
      return;
    }
  }
}

/**
 * The fields of an answer that `known` does not show (nor `alsoKnown`: fields a view recognises
 * and leaves out on purpose), each as `name: value` (objects as one line of JSON): a gateway's
 * other names and extra fields are listed, never dropped.
 */
export function otherFields<T>(
  object: unknown,
  known: readonly Field<T>[],
  alsoKnown: readonly string[] = [],
): Field<T>[] {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return [];
  const shown = new Set([
    ...known.map((field) => field.key).filter((key) => key !== undefined),
    ...alsoKnown,
  ]);
  return Object.entries(object as Record<string, unknown>)
    .filter(([name, value]) => !shown.has(name) && value !== null && value !== undefined)
    .map(([name, value]) => ({
      label: name,
      key: name,
      value: () => (typeof value === 'object' ? rawText(value) : value),
    }));
}

/**
 * The columns of a table of `rows` from a gateway: the `known` columns that some row fills, then
 * one column for each other top-level field the rows have (objects as one line of JSON). A
 * gateway that names its fields otherwise gets them shown, never a table of blank columns
 * (docs/gateway-api.md).
 */
export function columnsFor<T>(rows: readonly unknown[], known: readonly Column<T>[]): Column<T>[] {
  const records = rows.filter(
    (row): row is Record<string, unknown> => typeof row === 'object' && row !== null && !Array.isArray(row),
  );
  const filled = (name: string) => records.some((row) => row[name] !== undefined && row[name] !== null);
  const columns = known.filter((column) => filled(column.key));
  const shown = new Set(known.map((column) => column.key));
  const others = [...new Set(records.flatMap((row) => Object.keys(row)))].filter(
    (name) => !shown.has(name) && filled(name),
  );
  for (const name of others) {
    columns.push({
      key: name,
      header: name.toUpperCase(),
      value: (row) => {
        const value = (row as Record<string, unknown>)[name];
        return typeof value === 'object' && value !== null ? rawText(value) : value;
      },
    });
  }
  return columns.length > 0 ? columns : [...known];
}
