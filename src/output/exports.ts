// The CSV exports of charges, payouts and the balance (also its `-o plain`): the columns a
// reconciliation needs, headers in the API's snake_case, the same columns for `get` and `list`;
// and the `--excel` spreadsheets of a seller, the account and the webhooks (their plain `-o csv`
// is render.ts's, kept as it is for scripts).
// - money: integer centavos, plus `amount_brl`, `fee_brl`, `net_brl` in reais with two decimals;
//   an amount whose unit is unknown (src/domain/money-reading.ts: `value: 50`, `valor: "100.00"`
//   without gateway.money_unit) leaves `amount` and `amount_brl` empty and is written as received
//   in `amount_as_received` (empty when the amount is known); so is a fee or net whose unit is
//   unknown (not an integer, or of a record in another currency), in `fee_as_received` and
//   `net_as_received` (never guessed);
// - times: ISO 8601 UTC without milliseconds; a date-only value (`2026-11-26`, Asaas's
//   `dateCreated`) stays that date, never a UTC midnight; a time without a zone, or one that does
//   not parse, is written as received;
// - --excel (dialect 'excel'): `;`, BOM, decimal comma, and times as local `DD/MM/AAAA HH:MM` in
//   the TZ environment variable's zone, else America/Sao_Paulo (the sellers' time: a cron job on
//   a UTC server would otherwise shift every sale by three hours); a date-only value as `DD/MM/AAAA`;
//   the headers are for the person who opens the spreadsheet, in the run's language
//   (docs/language.md), where plain CSV keeps the API's names in every language.
import {
  declaredMoneyUnit,
  type MoneyReading,
  type MoneyUnit,
  readMoney,
  receivedWithCurrency,
} from '../domain/money-reading.js';
import { findCreatedAt, readAmount, resourceId } from '../domain/resource-fields.js';
import { DEFAULT_TIME_ZONE } from '../domain/time-zone.js';
import type { Env, OutputStream } from '../io.js';
import { stringifyJson, WrittenNumber } from '../json.js';
import { sayOutput } from '../text/en/output.js';
import { CSV_BOM, type CsvDialect, csvRecord, writeWithBackpressure } from './csv.js';
import { plainField } from './script-fields.js';
import { SPREADSHEET_HEADERS, type SpreadsheetHeader } from './spreadsheet-headers.js';

type Row = Record<string, unknown>;
type Cell = string | number | null;

export interface ExportColumn {
  header: string;
  value(row: Row, format: ExportFormat): Cell;
  /** Its header in a spreadsheet, when not the one of its API name (a webhook's `created_at`). */
  spreadsheet?: SpreadsheetHeader;
}

export interface ExportFormat {
  dialect: CsvDialect;
  /** Excel: the time zone of local times. */
  timeZone: string;
  /** The unit the profile declares for money fields outside the API's names (gateway.money_unit). */
  moneyUnit?: MoneyUnit;
}

/** The export format of a command's run (the global --excel, TZ, the declared money unit). */
export function exportFormatOf(context: {
  globals: { excel?: boolean };
  env: Env;
  setting(name: string): unknown;
}): ExportFormat {
  const moneyUnit = declaredMoneyUnit(context);
  return {
    ...exportFormat(context.globals.excel === true, context.env),
    ...(moneyUnit ? { moneyUnit } : {}),
  };
}

/** The export format of a run: `--excel` or not, the time zone from TZ. */
export function exportFormat(excel: boolean, env: Env): ExportFormat {
  const zone = env.TZ?.trim().replace(/^:/, '');
  return {
    dialect: excel ? 'excel' : 'rfc4180',
    timeZone: zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE,
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const text = (value: unknown): Cell =>
  value === undefined || value === null
    ? null
    : typeof value === 'string' || typeof value === 'number'
      ? value
      : // A number kept as written (`150.00`) is written so, as text: never taken for centavos.
        value instanceof WrittenNumber
        ? value.text
        : stringifyJson(value);

/** Centavos as received (an integer stays a number; anything else is written as it came). */
function money(value: unknown): Cell {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : text(value);
}

/** Reais with two decimals from integer centavos, `,` as decimal mark in Excel; else empty. */
function moneyBrl(value: unknown, format: ExportFormat): Cell {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return null;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const reais = `${sign}${Math.trunc(abs / 100)}${format.dialect === 'excel' ? ',' : '.'}${String(abs % 100).padStart(2, '0')}`;
  return reais;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_LIKE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** ISO 8601 UTC without milliseconds, or in Excel local `DD/MM/AAAA HH:MM`; else as received. */
function time(value: unknown, format: ExportFormat): Cell {
  // A calendar date stays that date (never a UTC midnight): `2026-11-26`, `26/11/2026` in --excel.
  const day = DATE_ONLY.exec(typeof value === 'string' ? value : '');
  if (day) return format.dialect === 'excel' ? `${day[3]}/${day[2]}/${day[1]}` : day[0];
  if (typeof value !== 'string' || !ISO_LIKE.test(value)) return text(value);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (format.dialect !== 'excel') return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: format.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

const field = (name: string): ExportColumn => ({ header: name, value: (row) => text(row[name]) });
const timeField = (name: string): ExportColumn => ({
  header: name,
  value: (row, format) => time(row[name], format),
});
/** The id under any of its common names (`id`, `correlationID`, `txid`...), a number as its digits. */
const idField: ExportColumn = { header: 'id', value: (row) => text(resourceId(row)) };
/**
 * The three columns of one money reading: its centavos (`amount`) and its reais beside them
 * (`amount_brl`) when its unit is known, else empty; and as received (`amount_as_received`, with its
 * currency when not BRL: the export has no currency column) only when its unit is unknown.
 */
function readingColumns(
  header: string,
  read: (row: Row, format: ExportFormat) => MoneyReading | undefined,
): { centavos: ExportColumn; brl: ExportColumn; asReceived: ExportColumn } {
  return {
    centavos: {
      header,
      value: (row, format) => {
        const reading = read(row, format);
        return reading?.known ? reading.centavos : null;
      },
    },
    brl: {
      header: `${header}_brl`,
      value: (row, format) => {
        const reading = read(row, format);
        return reading?.known ? moneyBrl(reading.centavos, format) : null;
      },
    },
    asReceived: {
      header: `${header}_as_received`,
      value: (row, format) => {
        const reading = read(row, format);
        return reading && !reading.known ? receivedWithCurrency(reading) : null;
      },
    },
  };
}
/** The amount under any of its common names (`amount`, `value`, `valor`...), read in the declared unit. */
const amount = readingColumns('amount', (row, format) => readAmount(row, format.moneyUnit));
/** A charge's money field (`fee`, `net`) read as its amount is, in its record's currency. */
const moneyColumns = (name: string) =>
  readingColumns(name, (row, format) => {
    const value = row[name];
    return value === undefined || value === null
      ? undefined
      : readMoney(name, value, format.moneyUnit, { currency: row.currency });
  });
const fee = moneyColumns('fee');
const net = moneyColumns('net');
/** The creation time under any of its common names (`created_at`, `dateCreated`...). */
const createdAtField: ExportColumn = {
  header: 'created_at',
  value: (row, format) => time(findCreatedAt(row)?.value, format),
};

export const CHARGE_EXPORT: readonly ExportColumn[] = [
  idField,
  field('status'),
  field('payment_method'),
  amount.centavos,
  amount.brl,
  fee.centavos,
  fee.brl,
  net.centavos,
  net.brl,
  field('description'),
  field('external_id'),
  { header: 'txid', value: (row) => text((row.pix as Row | undefined)?.txid ?? row.txid) },
  createdAtField,
  timeField('paid_at'),
  timeField('refunded_at'),
  field('failure_reason'),
  amount.asReceived,
  fee.asReceived,
  net.asReceived,
];

export const PAYOUT_EXPORT: readonly ExportColumn[] = [
  idField,
  field('status'),
  amount.centavos,
  amount.brl,
  field('description'),
  createdAtField,
  timeField('completed_at'),
  field('failure_reason'),
  amount.asReceived,
];

export const SELLER_EXPORT: readonly ExportColumn[] = [
  field('seller_id'),
  field('name'),
  field('email'),
  field('status'),
  field('compliance_status'),
  field('pix_enabled'),
];

export const ACCOUNT_EXPORT: readonly ExportColumn[] = [
  field('seller_id'),
  field('name'),
  field('email'),
  field('document'),
  field('person_type'),
  field('status'),
  field('compliance_status'),
  { header: 'pix_key', value: (row) => text((row.pix_key as Row | undefined)?.value) },
  field('default_store_id'),
  field('pix_enabled'),
];

/** A balance figure as read (src/api/account.ts): `centavos` only when its unit is known. */
interface FigureReading {
  centavos?: number;
  reading: MoneyReading;
}

/**
 * A balance figure's columns, as the amount's of a charge: its centavos and its reais only when its
 * unit is known (an integer of unknown unit is never taken for centavos), else empty and the figure
 * as received in `…_as_received`, written after the currency.
 */
const figure = (row: Row, name: string) => row[name] as FigureReading | undefined;
const figureFields = (name: string): ExportColumn[] => [
  { header: name, value: (row) => money(figure(row, name)?.centavos) },
  { header: `${name}_brl`, value: (row, format) => moneyBrl(figure(row, name)?.centavos, format) },
];
const figureAsReceived = (name: string): ExportColumn => ({
  header: `${name}_as_received`,
  value: (row) => {
    const read = figure(row, name);
    return read && read.centavos === undefined ? receivedWithCurrency(read.reading) : null;
  },
});

/** Over a row of the balance's figures as read (`available`, `pending`, `reserved`) and its currency. */
export const BALANCE_EXPORT: readonly ExportColumn[] = [
  ...figureFields('available'),
  ...figureFields('pending'),
  ...figureFields('reserved'),
  field('currency'),
  figureAsReceived('available'),
  figureAsReceived('pending'),
  figureAsReceived('reserved'),
];

export const WEBHOOK_EXPORT: readonly ExportColumn[] = [
  field('id'),
  field('url'),
  field('enabled'),
  { ...timeField('created_at'), spreadsheet: 'spreadsheetWebhookCreatedAt' },
];

/**
 * `columns`, then one for each other top-level field of the rows, as received under its own
 * name: a gateway's other names and extra fields are exported, never dropped.
 */
export function withOtherFields(columns: readonly ExportColumn[], rows: readonly unknown[]): ExportColumn[] {
  const known = new Set(columns.map((column) => column.header));
  const others = new Set<string>();
  for (const row of rows) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) continue;
    for (const [name, value] of Object.entries(row)) {
      if (!known.has(name) && value !== null && value !== undefined) others.add(name);
    }
  }
  return [...columns, ...[...others].map(field)];
}

/** The header record: the API's names, or in a spreadsheet the run's words for people. */
function headerRecord(columns: readonly ExportColumn[], format: ExportFormat): string {
  const header = (column: ExportColumn): string => {
    // Own keys only: a gateway's field named `constructor` is no header of ours.
    const named = Object.hasOwn(SPREADSHEET_HEADERS, column.header)
      ? SPREADSHEET_HEADERS[column.header]
      : undefined;
    const key = format.dialect === 'excel' ? (column.spreadsheet ?? named) : undefined;
    return key === undefined ? column.header : sayOutput(key);
  };
  return csvRecord(columns.map(header), format.dialect);
}

/** A few rows (a detail view: `charge get -o csv`) as the whole CSV text. */
export function exportText(
  rows: readonly object[],
  columns: readonly ExportColumn[],
  format: ExportFormat,
): string {
  const bom = format.dialect === 'excel' ? CSV_BOM : '';
  return (
    bom +
    headerRecord(columns, format) +
    rows
      .map((row) =>
        csvRecord(
          columns.map((column) => column.value(row as Row, format)),
          format.dialect,
        ),
      )
      .join('')
  );
}

/**
 * One row (a detail view: `balance -o plain`) as tab-separated lines of the export's columns, its
 * header then its value: the same names and cells as its `-o csv`.
 */
export function exportPlainText(row: object, columns: readonly ExportColumn[], format: ExportFormat): string {
  return columns
    .map((column) => `${plainField(column.header)}\t${plainField(column.value(row as Row, format))}\n`)
    .join('');
}

/**
 * Writes `rows` as CSV with `columns`, streamed (each row as it arrives); resolves to the number
 * of rows. The header is written even when there are none.
 */
export async function writeExport<T extends object>(
  out: OutputStream,
  rows: AsyncIterable<T> | Iterable<T>,
  columns: readonly ExportColumn[],
  format: ExportFormat,
): Promise<number> {
  const bom = format.dialect === 'excel' ? CSV_BOM : '';
  await writeWithBackpressure(out, bom + headerRecord(columns, format));
  let count = 0;
  for await (const row of rows) {
    const values = columns.map((column) => column.value(row as Row, format));
    await writeWithBackpressure(out, csvRecord(values, format.dialect));
    count++;
  }
  return count;
}
