// `charge create --from-csv FILE --key-column C`: one charge per row, with the
// guarantee of `charge create --key` for each (keyed.ts): a rerun of the same file skips the rows
// already created and never makes a second charge for a key.
// - Every row is drafted and checked by the very rules of `charge create` (draft.ts), the flags
//   of the command line acting as defaults for every row; any bad row stops the run before the
//   first request (exit 2, each problem named by row and column).
// - Rows are then created in file order, paced by the client's rate limiting; one result line per
//   row on stdout (ndjson, or -o csv): row, key, status, id, emv, error.
// - The rows the journal has never seen are looked for on the gateway first, in one look-up.
// - A refused row (4xx) does not stop the others (exit 3 at the end). An unknown outcome stops the
//   run (exit 9: `charge reconcile --key K`), as does any other failure (its own exit code).

import { ApiError } from '../../api/errors.js';
import { checkJournalKey } from '../../config/journal.js';
import type { Context } from '../../context.js';
import { parseCsv } from '../../domain/csv.js';
import { markKeyedCharge } from '../../domain/key-mark.js';
import { findPixCode, idOf } from '../../domain/resource-fields.js';
import { toSplitRequest } from '../../domain/split-entries.js';
import { ExitCode, PaygateError, sayFact, UsageError } from '../../errors.js';
import { csvRecord, writeWithBackpressure } from '../../output/csv.js';
import { formatJson } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge, ChargeCreateRequest } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { inEnglish } from '../../text/in-english.js';
import { warnIfAmountDiffers } from '../shared/amount-echo.js';
import { chargeMatches, findMarkedCharges, type MarkSearch } from '../shared/gateway-mark.js';
import { readInput } from '../shared/read-input.js';
import { CSV_COLUMNS } from './body-flags.js';
import { plan } from './draft.js';
import type { ChargeCreateFlagValues } from './flags.js';
import { chargeJournal, createOnce } from './keyed.js';
import { resolveSplitSellers } from './split-sellers.js';

const MAX_LISTED_PROBLEMS = 20;

export const RESULT_COLUMNS = ['row', 'key', 'status', 'id', 'emv', 'error'] as const;
export type RowStatus = 'created' | 'already_created' | 'refused' | 'unknown' | 'failed';
type RowResult = {
  row: number;
  key: string;
  status: RowStatus;
  id: string | null;
  emv: string | null;
  error: string | null;
};

/** `Customer-Name`, `--customer-name`, `customer_name` → `customer_name`. */
function columnName(header: string): string {
  return header.trim().toLowerCase().replace(/^-+/, '').replaceAll('-', '_');
}

interface CsvRow {
  line: number;
  key: string;
  options: ChargeCreateFlagValues;
}

/** Reads the file and turns every row into the options of one `charge create`, or exit 2 listing every problem. */
async function readRows(options: ChargeCreateFlagValues, context: Context): Promise<CsvRow[]> {
  const table = await readTable(options.fromCsv!, context);
  const keyColumn = columnName(options.keyColumn ?? 'key');
  const names = table.header.map(columnName);
  const keyIndex = checkColumns(table.header, names, keyColumn);
  if (table.rows.length === 0) throw new UsageError(sayCharge('csvNoRows'), { field: '--from-csv' });

  const seen = new Map<string, number>();
  const externalIds = new Map<string, number>();
  const problems: string[] = [];
  const rows: CsvRow[] = [];
  for (const { line, cells } of table.rows) {
    const key = (cells[keyIndex] ?? '').trim();
    try {
      checkJournalKey(key, sayCharge('rowColumn', { line, column: keyColumn }));
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    const first = seen.get(key.toLowerCase());
    if (first !== undefined) {
      problems.push(sayCharge('csvKeyReused', { line, column: keyColumn, key: JSON.stringify(key), first }));
      continue;
    }
    seen.set(key.toLowerCase(), line);
    const row = { line, key, options: rowOptions(options, names, cells, keyIndex) };
    // A keyed charge is found again on the gateway by its external_id: one per row.
    const externalId = row.options.externalId ?? key;
    const sharing = externalIds.get(externalId);
    if (sharing !== undefined) {
      problems.push(
        sayCharge('csvExternalIdShared', { line, externalId: JSON.stringify(externalId), sharing }),
      );
      continue;
    }
    externalIds.set(externalId, line);
    rows.push(row);
  }
  problems.push(...(await planProblems(rows, context)));
  if (problems.length > 0) {
    const shown = problems
      .slice(0, MAX_LISTED_PROBLEMS)
      .map((problem) => `  - ${sanitizeForTerminal(problem)}`);
    if (problems.length > MAX_LISTED_PROBLEMS)
      shown.push(sayCharge('csvMoreProblems', { count: problems.length - MAX_LISTED_PROBLEMS }));
    throw new UsageError(sayCharge('csvProblems', { count: problems.length, problems: shown.join('\n') }), {
      field: '--from-csv',
    });
  }
  return rows;
}

/** The file (or stdin for `-`) parsed as CSV. */
async function readTable(path: string, context: Context): Promise<ReturnType<typeof parseCsv>> {
  const text = await readInput(path, context, '--from-csv');
  try {
    return parseCsv(text);
  } catch (error) {
    throw new UsageError(sayCharge('csvUnreadable', { message: (error as Error).message }), {
      field: '--from-csv',
    });
  }
}

/** The key column's index; every other column must be one charge create reads. */
function checkColumns(header: string[], names: string[], keyColumn: string): number {
  const keyIndex = names.indexOf(keyColumn);
  if (keyIndex < 0) {
    throw new UsageError(
      sayCharge('csvNoKeyColumn', {
        column: JSON.stringify(keyColumn),
        columns: header.join(', ') || sayCharge('csvNoColumns'),
      }),
      { field: '--key-column' },
    );
  }
  const unknown = names.filter(
    (name, index) => index !== keyIndex && !CSV_COLUMNS.has(name) && !name.startsWith('metadata.'),
  );
  if (unknown.length > 0) {
    throw new UsageError(
      sayCharge('csvUnknownColumn', {
        unknown: unknown.map((name) => JSON.stringify(name)).join(', '),
        columns: [...CSV_COLUMNS.keys()].join(', '),
      }),
      { field: '--from-csv' },
    );
  }
  return keyIndex;
}

/** One row's options: the command's own, each non-empty cell as its flag, metadata.NAME added. */
function rowOptions(
  options: ChargeCreateFlagValues,
  names: string[],
  cells: string[],
  keyIndex: number,
): ChargeCreateFlagValues {
  const row: Record<string, unknown> = { ...options, fromCsv: undefined, key: undefined };
  const metadata: string[] = [...(options.metadata ?? [])];
  names.forEach((name, index) => {
    const value = (cells[index] ?? '').trim();
    if (index === keyIndex || value === '') return;
    if (name.startsWith('metadata.')) {
      metadata.push(`${name.slice('metadata.'.length)}=${value}`);
      return;
    }
    const column = CSV_COLUMNS.get(name)!;
    row[column.option] = column.list ? value.split('|').map((part) => part.trim()) : value;
  });
  if (metadata.length > 0) row.metadata = metadata;
  return row as ChargeCreateFlagValues;
}

/** Every row planned as `charge create` would (nothing sent): its problems, its warnings logged. */
async function planProblems(rows: CsvRow[], context: Context): Promise<string[]> {
  const problems: string[] = [];
  const quiet = withoutPrompts(context);
  for (const row of rows) {
    try {
      const planned = await plan(row.options, quiet);
      for (const warning of planned.warnings)
        context.log.warn(sayCharge('csvRow', { line: row.line, text: sanitizeForTerminal(warning) }));
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      problems.push(...rowProblems(error.message, row.line));
    }
  }
  return problems;
}

/** The lines of a `plan` refusal, each prefixed with its row; flags of the row read as its columns. */
function rowProblems(message: string, line: number): string[] {
  const lines = message.includes('\n')
    ? message
        .split('\n')
        .slice(1)
        .map((text) => text.replace(/^\s+-\s+/, ''))
    : [withoutNothingSent(message)];
  return lines.map((text) =>
    sayCharge('csvRow', {
      line,
      text: text.replace(/--([a-z]+(?:-[a-z]+)*)/g, (_m, flag: string) => flag.replaceAll('-', '_')),
    }),
  );
}

/** A problem without the ` (nothing was sent)` a single one ends with (request-rules.ts), in either language. */
function withoutNothingSent(message: string): string {
  const suffix = sayCharge('problemNothingSent', { problem: '' });
  return message.endsWith(suffix) ? message.slice(0, -suffix.length) : message;
}

/** The same context, but one that never prompts (a file run is never interactive). */
function withoutPrompts(context: Context): Context {
  return Object.create(context, { canPrompt: { value: false } }) as Context;
}

/** Writes one result line in the chosen format. */
async function writeResult(context: Context, result: RowResult, first: boolean): Promise<void> {
  const out = context.io.stdout;
  if (context.output === 'csv') {
    const dialect = context.globals.excel ? 'excel' : 'rfc4180';
    if (first)
      await writeWithBackpressure(
        out,
        `${dialect === 'excel' ? '\ufeff' : ''}${csvRecord([...RESULT_COLUMNS], dialect)}`,
      );
    await writeWithBackpressure(
      out,
      csvRecord(
        RESULT_COLUMNS.map((column) => result[column]),
        dialect,
      ),
    );
    return;
  }
  await writeWithBackpressure(out, formatJson(result, 'ndjson'));
}

/** What a failed row says, and whether the run may go on. */
/**
 * The `error` column, read by scripts: an error made of a fact is said in English whatever the
 * run's language (docs/language.md); any other is its message (a gateway's words, as written).
 */
function errorForScripts(error: unknown): string {
  if (error instanceof PaygateError && error.fact !== undefined) {
    const fact = error.fact;
    return inEnglish(() => sayFact(fact));
  }
  return error instanceof Error ? error.message : String(error);
}

function failedRow(error: unknown): { status: RowStatus; goOn: boolean } {
  if (error instanceof PaygateError && error.exitCode === ExitCode.OutcomeUnknown)
    return { status: 'unknown', goOn: false };
  if (error instanceof ApiError && error.exitCode === ExitCode.ApiRefused)
    return { status: 'refused', goOn: true };
  return { status: 'failed', goOn: false };
}

/**
 * The rows whose key the journal has never seen are looked for on the gateway once, all together
 * (one read of the look-up window, not one per row): each row is then matched against it. None
 * such: no look-up. A look-up that cannot be completed stops the run before any row is sent.
 */
async function lookUpRows(context: Context, rows: CsvRow[]): Promise<MarkSearch<Charge> | undefined> {
  const journal = await chargeJournal(context);
  const unseen: string[] = [];
  for (const row of rows) {
    if ((await journal.read(row.key)) === undefined) unseen.push(row.options.externalId ?? row.key);
  }
  if (unseen.length === 0) return undefined;
  const wanted = unseen.map(chargeMatches);
  return findMarkedCharges(context, (charge) => wanted.some((matches) => matches(charge)));
}

export async function createChargesFromCsv(
  options: ChargeCreateFlagValues,
  context: Context,
): Promise<number> {
  const rows = await readRows(options, context);
  if (options.dryRun) {
    for (const row of rows) {
      const planned = await plan(row.options, withoutPrompts(context));
      markKeyedCharge(planned.body, row.key);
      await writeWithBackpressure(
        context.io.stdout,
        formatJson({ row: row.line, key: row.key, body: planned.body }, 'ndjson'),
      );
    }
    context.log.info(sayCharge('csvDryRun', { count: rows.length }));
    return 0;
  }
  const client = await context.client();
  const counts: Record<RowStatus, number> = {
    created: 0,
    already_created: 0,
    refused: 0,
    unknown: 0,
    failed: 0,
  };
  const lookedUp = await lookUpRows(context, rows);
  let stop: unknown;
  for (const [index, row] of rows.entries()) {
    const result: RowResult = {
      row: row.line,
      key: row.key,
      status: 'created',
      id: null,
      emv: null,
      error: null,
    };
    try {
      const planned = await plan(row.options, withoutPrompts(context));
      const body = planned.body as ChargeCreateRequest;
      markKeyedCharge(body, row.key);
      if (planned.split)
        body.split = toSplitRequest(await resolveSplitSellers(client, planned.split, context));
      const made = await createOnce(
        context,
        row.key,
        body,
        (request) => client.charges.create(body, { signal: context.signal, ...request }),
        lookedUp,
      );
      if (!made.already) warnIfAmountDiffers(context, 'charge', body.amount, made.charge);
      result.status = made.already ? 'already_created' : 'created';
      result.id = idOf(made.charge);
      result.emv = findPixCode(made.charge) ?? null;
      if (made.unrecorded) throw made.unrecorded;
    } catch (error) {
      const failure = failedRow(error);
      if (result.id === null || failure.status === 'unknown') result.status = failure.status;
      result.error = errorForScripts(error);
      if (!failure.goOn) stop = error;
    }
    counts[result.status]++;
    await writeResult(context, result, index === 0);
    if (stop !== undefined) break;
  }
  const done = Object.values(counts).reduce((sum, count) => sum + count, 0);
  context.log.info(
    sayCharge('csvSummary', {
      created: counts.created,
      already: counts.already_created,
      refused: counts.refused,
      more:
        (counts.unknown ? sayCharge('csvSummaryUnknown', { count: counts.unknown }) : '') +
        (counts.failed ? sayCharge('csvSummaryFailed', { count: counts.failed }) : ''),
      stopped:
        done < rows.length
          ? sayCharge('csvSummaryStopped', { line: `${rows[done - 1]?.line}`, count: rows.length - done })
          : '',
    }),
  );
  if (stop !== undefined) throw stop;
  if (counts.refused > 0) {
    throw new PaygateError(sayCharge('csvRowsRefused', { count: counts.refused }), ExitCode.ApiRefused, {
      type: 'rows_refused',
      hint: sayCharge('csvRowsRefusedHint'),
    });
  }
  return 0;
}
