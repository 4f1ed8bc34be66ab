// CSV exports (src/output/exports.ts), read back in both dialects, from
// the commands a finance user runs: by a strict RFC 4180 reader of ours, and by csv-parse (a
// widely used CSV parser), which must read the same rows.
import { parse as parseWithCsvParse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CHARGE_EXPORT, exportFormat, exportText, PAYOUT_EXPORT } from '../../src/output/exports.js';
import { run } from '../helpers/run-cli.js';
import { useTestSandbox } from '../helpers/sandbox.js';

/** A strict RFC 4180 reader: CRLF records, quoted fields with `""`; returns rows of fields. */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"' && field === '') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
      if (i < text.length && text[i] !== separator && text.slice(i, i + 2) !== '\r\n') {
        throw new Error(`text after a closing quote at ${i}`);
      }
      continue;
    }
    if (char === separator) {
      row.push(field);
      field = '';
      i++;
    } else if (text.startsWith('\r\n', i)) {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (char === '\n' || char === '\r') {
      throw new Error(`bare line break at ${i}`);
    } else {
      field += char;
      i++;
    }
  }
  if (field !== '' || row.length > 0) throw new Error('last record without CRLF');
  return rows;
}

/** Rows as objects keyed by the header; checks every row has the header's width. */
function records(text: string, separator: string): Array<Record<string, string>> {
  // The --excel dialect starts with a BOM: a spreadsheet reads it as the encoding, not as text.
  const strict = parseCsv(text.replace(/^\uFEFF/, ''), separator);
  const parsed = parseWithCsvParse(text, { delimiter: separator, bom: true, record_delimiter: '\r\n' });
  expect(parsed).toEqual(strict);
  const [header, ...rows] = strict;
  for (const row of rows) expect(row).toHaveLength(header!.length);
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}

const CHARGE_HEADER =
  'id,status,payment_method,amount,amount_brl,fee,fee_brl,net,net_brl,description,external_id,txid,created_at,paid_at,refunded_at,failure_reason,amount_as_received,fee_as_received,net_as_received';

describe('charge exports', () => {
  const t = useTestSandbox();

  async function paidCharge(): Promise<string> {
    const created = await run(
      [
        'charge',
        'create',
        '--amount',
        '1234.56',
        '--description',
        'Pedido 42; "azul", ação',
        '--external-id',
        '=ext-1',
        '--json',
      ],
      { env: t.env },
    );
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    await t.control(`/_sandbox/charges/${id}/pay`);
    return id;
  }

  it('charge list -o csv and charge get -o csv: the same columns, RFC 4180, centavos and reais, UTC', async () => {
    const id = await paidCharge();
    const list = await run(['charge', 'list', '-o', 'csv'], { env: t.env });
    const get = await run(['charge', 'get', id, '-o', 'csv'], { env: t.env });
    expect(list.code, list.stderr).toBe(0);
    expect(get.code, get.stderr).toBe(0);
    expect(list.stdout.split('\r\n')[0]).toBe(CHARGE_HEADER);
    expect(get.stdout.split('\r\n')[0]).toBe(CHARGE_HEADER);
    const [row] = records(get.stdout, ',');
    expect(records(list.stdout, ',').find((charge) => charge.id === id)).toEqual(row);
    expect(row).toMatchObject({
      status: 'paid',
      amount: '123456',
      amount_brl: '1234.56',
      fee: '4926',
      fee_brl: '49.26',
      net: '118530',
      net_brl: '1185.30',
      description: 'Pedido 42; "azul", ação',
      // Plain CSV is the data exactly, as a script reads it back; --excel guards formulas.
      external_id: '=ext-1',
      refunded_at: '',
    });
    expect(row!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(row!.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(row!.txid).not.toBe('');
  });

  it('--excel: BOM, `;`, decimal comma, DD/MM/AAAA HH:MM in TZ (Sao Paulo by default)', async () => {
    const id = await paidCharge();
    const json = JSON.parse((await run(['charge', 'get', id, '--json'], { env: t.env })).stdout);
    const excel = await run(['charge', 'get', id, '--excel'], { env: t.env });
    expect(excel.code, excel.stderr).toBe(0);
    expect(
      excel.stdout.startsWith('\ufeffid;status;payment_method;amount;amount_brl;fee;fee_brl;net;net_brl;'),
    ).toBe(true);
    const [row] = records(excel.stdout, ';');
    // Fee and net in reais too, the way a pt-BR spreadsheet reads them.
    expect(row!.fee_brl).toBe(
      `${Math.trunc(Number(row!.fee) / 100)},${String(Number(row!.fee) % 100).padStart(2, '0')}`,
    );
    expect(row!.net_brl).toBe(
      `${Math.trunc(Number(row!.net) / 100)},${String(Number(row!.net) % 100).padStart(2, '0')}`,
    );
    expect(row).toMatchObject({
      payment_method: 'pix',
      external_id: "'=ext-1",
      amount: '123456',
      amount_brl: '1234,56',
      description: 'Pedido 42; "azul", ação',
    });
    const created = new Date(json.created_at);
    const saoPaulo = new Date(created.getTime() - 3 * 3600_000); // UTC-3, no DST since 2019
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(row!.created_at).toBe(
      `${pad(saoPaulo.getUTCDate())}/${pad(saoPaulo.getUTCMonth() + 1)}/${saoPaulo.getUTCFullYear()} ${pad(saoPaulo.getUTCHours())}:${pad(saoPaulo.getUTCMinutes())}`,
    );
    const utc = await run(['charge', 'list', '--excel'], { env: { ...t.env, TZ: 'UTC' } });
    const inUtc = records(utc.stdout, ';').find((charge) => charge.id === id)!;
    expect(inUtc.created_at).toBe(
      `${pad(created.getUTCDate())}/${pad(created.getUTCMonth() + 1)}/${created.getUTCFullYear()} ${pad(created.getUTCHours())}:${pad(created.getUTCMinutes())}`,
    );
  });

  it('payout list and payout get -o csv: the payout columns', async () => {
    await paidCharge();
    const created = await run(['payout', 'create', '--amount', '10.00', '--yes', '--json'], { env: t.env });
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    const header =
      'id,status,amount,amount_brl,description,created_at,completed_at,failure_reason,amount_as_received';
    const get = await run(['payout', 'get', id, '-o', 'csv'], { env: t.env });
    const list = await run(['payout', 'list', '-o', 'csv'], { env: t.env });
    expect(get.stdout.split('\r\n')[0]).toBe(header);
    expect(list.stdout.split('\r\n')[0]).toBe(header);
    const [row] = records(get.stdout, ',');
    expect(row).toMatchObject({ id, amount: '1000', amount_brl: '10.00' });
    expect(records(list.stdout, ',').find((payout) => payout.id === id)).toEqual(row);
  });
});

describe('exportText', () => {
  it('writes money that is not integer centavos as received, and never guesses reais', () => {
    const rows = [
      { id: 'ci_1', status: 'paid', amount: 15.5, fee: '60', created_at: 'yesterday' },
      { id: 'ci_2', status: 'paid', amount: -250, created_at: '2026-11-22T13:04:05.678Z' },
    ];
    const [first, second] = records(exportText(rows, CHARGE_EXPORT, exportFormat(false, {})), ',');
    // An amount whose unit is unknown is never in the centavos columns: it is kept as received.
    expect(first).toMatchObject({
      amount: '',
      amount_brl: '',
      amount_as_received: '15.5',
      // So is a fee that is not an integer literal: a script reading `fee` finds centavos or nothing.
      fee: '',
      fee_brl: '',
      fee_as_received: '60',
      created_at: 'yesterday',
    });
    expect(second).toMatchObject({ amount: '-250', amount_brl: '-2.50', created_at: '2026-11-22T13:04:05Z' });
    const excel = records(
      exportText(rows, CHARGE_EXPORT, exportFormat(true, { TZ: 'Europe/Lisbon' })).slice(1),
      ';',
    );
    expect(excel[1]).toMatchObject({ amount_brl: '-2,50', created_at: '22/11/2026 13:04' });
  });

  it('has the payout columns, in their order', () => {
    expect(PAYOUT_EXPORT.map((column) => column.header).join(',')).toBe(
      'id,status,amount,amount_brl,description,created_at,completed_at,failure_reason,amount_as_received',
    );
  });
});
