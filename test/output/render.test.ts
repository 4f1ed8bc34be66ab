import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { OutputLostError } from '../../src/errors.js';
import type { OutputStream } from '../../src/io.js';
import { createColors } from '../../src/output/colors.js';
import { formatAmount } from '../../src/output/format.js';
import { isOutputFormat, OUTPUT_FORMATS } from '../../src/output/formats.js';
import { type Column, isBrokenPipe, writeList, writeObject } from '../../src/output/render.js';
import { csvField } from '../../src/output/script-fields.js';

interface Charge {
  id: string;
  amount: number;
  status: string;
  description?: string | null;
  customer?: { name?: string };
  [key: string]: unknown;
}

const plainColors = createColors(false);

function capture(): { write(chunk: string): boolean; chunks: string[]; text(): string } {
  const chunks: string[] = [];
  return {
    chunks,
    write(chunk: string) {
      chunks.push(chunk);
      return true;
    },
    text: () => chunks.join(''),
  };
}

const columns: Column<Charge>[] = [
  { key: 'id', header: 'ID', value: (c) => c.id },
  { key: 'status', header: 'STATUS', value: (c) => c.status },
  {
    key: 'amount',
    header: 'AMOUNT',
    value: (c) => c.amount,
    display: (c) => formatAmount(c.amount),
    align: 'right',
  },
  { key: 'description', header: 'DESCRIPTION', value: (c) => c.description },
  { key: 'customer', header: 'CUSTOMER', value: (c) => c.customer?.name },
];

const rows: Charge[] = [
  {
    status: 'paid',
    id: 'ci_aaaaaaaaaaaa',
    amount: 1500,
    description: 'Pedido 1, "urgente"',
    zz_unknown_field: { nested: [1, 'two', null] },
    customer: { name: 'Evil\x1b]0;pwned\x07Corp' },
  },
  {
    id: 'ci_bbbbbbbbbbbb',
    amount: 123456,
    status: 'pending',
    description: 'linha 1\nlinha 2\tfim',
    customer: { name: '=HYPERLINK("http://evil.example","clique")' },
  },
  { id: 'ci_cccccccccccc', amount: 5, status: 'weird_new_status', description: null },
];

/** Yields each row only when `release()` is called: proves that writing does not wait for the end. */
function gatedRows<T>(items: T[]): { rows: AsyncGenerator<T>; release(): void; finished: () => boolean } {
  let open: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let done = false;
  async function* generate(): AsyncGenerator<T> {
    for (const [index, item] of items.entries()) {
      if (index > 0) {
        await gate;
        gate = new Promise<void>((resolve) => {
          open = resolve;
        });
      }
      yield item;
    }
    done = true;
  }
  return { rows: generate(), release: () => open(), finished: () => done };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('OutputStream', () => {
  it('accepts the process streams (a compile-time check)', () => {
    const streams: OutputStream[] = [process.stdout, process.stderr];
    expect(streams).toHaveLength(2);
  });
});

describe('OUTPUT_FORMATS', () => {
  it('lists the five output formats', () => {
    expect(OUTPUT_FORMATS).toEqual(['table', 'json', 'ndjson', 'csv', 'plain']);
    expect(isOutputFormat('csv')).toBe(true);
    expect(isOutputFormat('yaml')).toBe(false);
  });
});

describe('writeList json', () => {
  it('prints the raw objects exactly: unknown fields, key order, escapes kept as JSON escapes', async () => {
    const out = capture();
    expect(await writeList(out, 'json', rows, columns, { colors: plainColors })).toBe(3);
    expect(out.text()).toBe(JSON.stringify(rows, null, 2) + '\n');
    expect(Object.keys(JSON.parse(out.text())[0])).toEqual(Object.keys(rows[0]!));
    expect(out.text()).toContain('Evil\\u001b]0;pwned\\u0007Corp');
  });

  it('prints [] for no rows', async () => {
    const out = capture();
    expect(await writeList(out, 'json', [], columns, { colors: plainColors })).toBe(0);
    expect(out.text()).toBe('[]\n');
  });

  it('streams: the first object is written before the source has finished', async () => {
    const out = capture();
    const source = gatedRows(rows);
    const done = writeList(out, 'json', source.rows, columns, { colors: plainColors });
    await tick();
    expect(out.text()).toBe('[\n  ' + JSON.stringify(rows[0], null, 2).replace(/\n/g, '\n  '));
    expect(source.finished()).toBe(false);
    source.release();
    await tick();
    source.release();
    expect(await done).toBe(3);
    expect(out.text()).toBe(JSON.stringify(rows, null, 2) + '\n');
  });

  it('writes nothing when the source fails before its first row', async () => {
    const out = capture();
    async function* failing(): AsyncGenerator<Charge> {
      yield* [];
      throw new Error('HTTP 500');
    }
    await expect(writeList(out, 'json', failing(), columns, { colors: plainColors })).rejects.toThrow(
      'HTTP 500',
    );
    expect(out.text()).toBe('');
  });

  it('closes the array when the source fails after rows: stdout stays JSON and holds them', async () => {
    const out = capture();
    async function* failingLater(): AsyncGenerator<Charge> {
      yield* rows.slice(0, 2);
      throw new Error('HTTP 500 on page 2');
    }
    await expect(writeList(out, 'json', failingLater(), columns, { colors: plainColors })).rejects.toThrow(
      'HTTP 500 on page 2',
    );
    expect(out.text()).toBe(JSON.stringify(rows.slice(0, 2), null, 2) + '\n');
  });
});

describe('writeList ndjson', () => {
  it('writes one raw object a line, each as soon as it arrives', async () => {
    const out = capture();
    const source = gatedRows(rows);
    const done = writeList(out, 'ndjson', source.rows, columns, { colors: plainColors });
    await tick();
    expect(out.chunks).toEqual([JSON.stringify(rows[0]) + '\n']);
    expect(source.finished()).toBe(false);
    source.release();
    await tick();
    expect(out.chunks).toHaveLength(2);
    source.release();
    expect(await done).toBe(3);
    expect(out.text()).toBe(rows.map((row) => JSON.stringify(row) + '\n').join(''));
  });
});

describe('writeList csv', () => {
  it('writes an RFC 4180 header and rows from the raw values', async () => {
    const out = capture();
    await writeList(out, 'csv', rows, columns, { colors: plainColors });
    expect(out.text()).toBe(
      [
        'ID,STATUS,AMOUNT,DESCRIPTION,CUSTOMER',
        'ci_aaaaaaaaaaaa,paid,1500,"Pedido 1, ""urgente""",EvilCorp',
        `ci_bbbbbbbbbbbb,pending,123456,"linha 1\nlinha 2\tfim","'=HYPERLINK(""http://evil.example"",""clique"")"`,
        'ci_cccccccccccc,weird_new_status,5,,',
        '',
      ].join('\r\n'),
    );
  });

  it('writes the header even with no rows', async () => {
    const out = capture();
    expect(await writeList(out, 'csv', [], columns, { colors: plainColors })).toBe(0);
    expect(out.text()).toBe('ID,STATUS,AMOUNT,DESCRIPTION,CUSTOMER\r\n');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+5511999990000', "'+5511999990000"],
    ['-cmd|calc', "'-cmd|calc"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['-15', '-15'],
    ['-15.50', '-15.50'],
    ['-1,5', '"-1,5"'],
    [-300, '-300'],
    [1500, '1500'],
    [0.5, '0.5'],
    [true, 'true'],
    [null, ''],
    [undefined, ''],
    [{ a: 1, b: 'x' }, '"{""a"":1,""b"":""x""}"'],
    ['a\r\nb', '"a\nb"'],
    ['\x1b[31mred\x1b[0m', 'red'],
    ['São Paulo', 'São Paulo'],
    [' padded ', ' padded '],
  ])('field %j → %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('writeList plain', () => {
  it('writes tab-separated raw values, no header, one line a row', async () => {
    const out = capture();
    await writeList(out, 'plain', rows, columns, { colors: plainColors });
    expect(out.text()).toBe(
      [
        'ci_aaaaaaaaaaaa\tpaid\t1500\tPedido 1, "urgente"\tEvilCorp',
        'ci_bbbbbbbbbbbb\tpending\t123456\tlinha 1 linha 2 fim\t=HYPERLINK("http://evil.example","clique")',
        'ci_cccccccccccc\tweird_new_status\t5\t\t',
        '',
      ].join('\n'),
    );
    for (const line of out.text().split('\n').slice(0, -1))
      expect(line.split('\t')).toHaveLength(columns.length);
  });
});

describe('writeList table', () => {
  it('draws a compact table with headers, sanitised cells and right-aligned money', async () => {
    const out = capture();
    expect(await writeList(out, 'table', rows, columns, { colors: plainColors })).toBe(3);
    const text = out.text();
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    const lines = text.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+AMOUNT\s+DESCRIPTION\s+CUSTOMER$/);
    expect(lines[1]).toContain('EvilCorp');
    expect(lines[2]).toContain('linha 1 linha 2 fim');
    expect(lines[3]).toContain('weird_new_status');
    // Money is right-aligned: every amount ends in the same column as the AMOUNT header.
    const end = lines[0]!.indexOf('AMOUNT') + 'AMOUNT'.length;
    const amountEnds = ['R$ 15,00', 'R$ 1.234,56', 'R$ 0,05'].map((amount, i) => {
      const line = lines[i + 1]!;
      return line.indexOf(amount) + amount.length;
    });
    expect(new Set(amountEnds)).toEqual(new Set([Math.max(end, ...amountEnds)]));
    // No borders, no trailing spaces.
    expect(text).not.toMatch(/[│┌─]/);
    for (const line of lines) expect(line).toBe(line.trimEnd());
  });

  it('keeps its own colours but never the server escapes', async () => {
    const out = capture();
    const colors = createColors(true);
    const painted: Column<Charge>[] = [
      ...columns,
      { key: 's', header: 'S', value: (c) => c.status, display: (c, paint) => paint.green(c.status) },
    ];
    await writeList(out, 'table', rows, painted, { colors });
    expect(out.text()).toContain('\x1b[1mID\x1b[22m');
    expect(out.text()).toContain('\x1b[32mpaid\x1b[39m');
    expect(out.text()).toContain('EvilCorp');
    expect(out.text()).not.toContain('\x1b]');
    expect(out.text()).not.toContain('\x07');
  });

  it('reads an async source and prints emptyMessage (to the messages stream) when there are no rows', async () => {
    const out = capture();
    const messages = capture();
    async function* none(): AsyncGenerator<Charge> {}
    const count = await writeList(out, 'table', none(), columns, {
      colors: plainColors,
      emptyMessage: 'No charges match.',
      messages,
    });
    expect(count).toBe(0);
    expect(out.text()).toBe('');
    expect(messages.text()).toBe('No charges match.\n');
  });
});

describe('writeObject', () => {
  const charge = rows[0]!;
  const fields = [
    { label: 'ID', value: (c: Charge) => c.id },
    { label: 'Amount', value: (c: Charge) => c.amount, display: (c: Charge) => formatAmount(c.amount) },
    { label: 'Customer', value: (c: Charge) => c.customer?.name },
    { label: 'Description', value: (c: Charge) => c.description },
  ];

  it('table: aligned label/value lines, sanitised', () => {
    const out = capture();
    writeObject(out, 'table', charge, fields, { colors: plainColors });
    expect(out.text()).toBe(
      [
        'ID           ci_aaaaaaaaaaaa',
        'Amount       R$ 15,00',
        'Customer     EvilCorp',
        'Description  Pedido 1, "urgente"',
        '',
      ].join('\n'),
    );
  });

  it('json and ndjson: the raw object', () => {
    const json = capture();
    writeObject(json, 'json', charge, fields, { colors: plainColors });
    expect(json.text()).toBe(JSON.stringify(charge, null, 2) + '\n');
    const ndjson = capture();
    writeObject(ndjson, 'ndjson', charge, fields, { colors: plainColors });
    expect(ndjson.text()).toBe(JSON.stringify(charge) + '\n');
  });

  it('csv: header and one row; plain: label<TAB>value lines', () => {
    const csv = capture();
    writeObject(csv, 'csv', charge, fields, { colors: plainColors });
    expect(csv.text()).toBe(
      'ID,Amount,Customer,Description\r\nci_aaaaaaaaaaaa,1500,EvilCorp,"Pedido 1, ""urgente"""\r\n',
    );
    const plain = capture();
    writeObject(plain, 'plain', charge, fields, { colors: plainColors });
    expect(plain.text()).toBe(
      'ID\tci_aaaaaaaaaaaa\nAmount\t1500\nCustomer\tEvilCorp\nDescription\tPedido 1, "urgente"\n',
    );
  });
});

describe('broken pipes', () => {
  it('isBrokenPipe recognises EPIPE and writes to a destroyed stream', () => {
    expect(isBrokenPipe(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe(true);
    expect(isBrokenPipe({ code: 'ERR_STREAM_DESTROYED' })).toBe(true);
    expect(isBrokenPipe(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isBrokenPipe(new Error('EPIPE'))).toBe(false);
    expect(isBrokenPipe(null)).toBe(false);
    expect(isBrokenPipe('EPIPE')).toBe(false);
  });

  it('writeList stops pulling rows and rejects with the EPIPE when the reader goes away', async () => {
    let accepted = 0;
    const out = new Writable({
      write(_chunk, _encoding, callback) {
        accepted++;
        if (accepted > 2) callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
        else callback();
      },
    });
    let pulled = 0;
    let cleanedUp = false;
    async function* endless(): AsyncGenerator<Charge> {
      try {
        for (;;) {
          await tick(); // like a page fetch
          pulled++;
          yield { id: `ci_${pulled}`, amount: pulled, status: 'paid' };
        }
      } finally {
        cleanedUp = true;
      }
    }
    const error = await writeList(out, 'ndjson', endless(), columns, { colors: plainColors }).catch((e) => e);
    expect(isBrokenPipe(error)).toBe(true);
    expect(cleanedUp).toBe(true);
    expect(pulled).toBeLessThan(10);
  });

  it('a stream that fails otherwise (a full disk) rejects with an output error, exit 1, not a bug', async () => {
    const out = new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
      },
    });
    const error = await writeList(out, 'json', rows, columns, { colors: plainColors }).catch((e) => e);
    expect(error).toBeInstanceOf(OutputLostError);
    expect(error.exitCode).toBe(1);
    expect(error.toJSON()).toMatchObject({ type: 'output_error', code: 'ENOSPC' });
    expect(error.message).toBe(
      'the output could not be written (ENOSPC: no space left on device, write): what the command did stands, its output is lost',
    );
  });

  it('writeList waits for drain: a slow reader never has more than a chunk or so buffered', async () => {
    const received: string[] = [];
    const out = new Writable({
      highWaterMark: 256,
      write(chunk, _encoding, callback) {
        received.push(String(chunk));
        setImmediate(callback);
      },
    });
    let maxBuffered = 0;
    function* many(): Generator<Charge> {
      for (let i = 0; i < 500; i++) {
        maxBuffered = Math.max(maxBuffered, out.writableLength);
        yield { id: `ci_${i}`, amount: i, status: 'paid' };
      }
    }
    expect(await writeList(out, 'ndjson', many(), columns, { colors: plainColors })).toBe(500);
    await new Promise<void>((resolve) => out.end(resolve));
    expect(received.join('').split('\n')).toHaveLength(501);
    expect(maxBuffered).toBeLessThan(256 + 100);
  });
});
