// The output layer in Portuguese (docs/language.md): statuses, dates and the words of tables for
// people follow the language; what scripts read (-o csv, --json, -o plain) is the same bytes in
// both, and only a --excel spreadsheet's headers are for people.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_STATUSES, parseStatusWords } from '../../src/domain/status.js';
import { createColors, statusColor } from '../../src/output/colors.js';
import {
  formatAmount,
  formatPercent,
  formatReading,
  formatRelative,
  formatTimestamp,
} from '../../src/output/format.js';
import { renderQrForTerminal } from '../../src/output/qr.js';
import { type Column, writeList } from '../../src/output/render.js';
import { statusText } from '../../src/output/status-text.js';
import { readYesOrNo } from '../../src/prompter.js';
import { englishLinesIn } from '../helpers/english.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';
import { run } from '../helpers/run-cli.js';
import { useTestSandbox } from '../helpers/sandbox.js';

const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Sao_Paulo'; // UTC-3, no daylight saving time since 2019
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});
englishAfterEachTest();

const plain = createColors(false);

function textStream() {
  const stream = {
    text: '',
    write(chunk: string) {
      stream.text += chunk;
      return true;
    },
  };
  return stream;
}

describe('statuses for people', () => {
  const words = parseStatusWords(
    'CONCLUIDA=completed,EM_ANALISE=processing',
    PAYOUT_STATUSES,
    'gateway.payout_status',
  );

  it('are the API statuses in Portuguese, a declared word with its reading, an unknown word as it came', async () => {
    await speakPortuguese();
    const said = [
      'pending',
      'authorized',
      'PAID',
      'expired',
      'failed',
      'refunded',
      'processing',
      'completed',
    ].map((status) => statusText(status));
    expect(said).toEqual([
      'pendente',
      'autorizado',
      'pago',
      'expirado',
      'falhou',
      'estornado',
      'em processamento',
      'concluído',
    ]);
    expect(statusText('CONCLUIDA', words)).toBe('CONCLUIDA (concluído)');
    expect(statusText('in_review')).toBe('in_review');
    expect(statusColor('paid', createColors(true))).toBe('\x1b[32mpago\x1b[39m');
    expect(statusColor('EM_ANALISE', plain, words)).toBe('EM_ANALISE (em processamento)');
  });

  it('stay the gateway’s words in English', () => {
    expect(statusText('PAID')).toBe('PAID');
    expect(statusText('CONCLUIDA', words)).toBe('CONCLUIDA (completed)');
    expect(statusColor('failed', plain)).toBe('failed');
  });
});

describe('dates, times and money for people', () => {
  const now = Date.parse('2026-11-26T17:05:00Z');

  it('are DD/MM/AAAA HH:MM with há … / em … in Portuguese', async () => {
    await speakPortuguese();
    expect(formatTimestamp('2026-11-26T17:05:00Z')).toBe('26/11/2026 14:05');
    expect(formatTimestamp('2026-11-26T17:00:00Z', now)).toBe('26/11/2026 14:00 (há 5 min)');
    expect(formatTimestamp('2026-11-26T17:17:00Z', now)).toBe('26/11/2026 14:17 (em 12 min)');
    expect(formatTimestamp('2026-11-26T17:05:02Z', now)).toBe('26/11/2026 14:05 (agora)');
    expect(formatTimestamp('2026-11-30')).toBe('30/11/2026');
    expect(formatRelative(now - 3 * 86_400_000, now)).toBe('há 3 dias');
    expect(formatRelative(now + 3 * 3_600_000, now)).toBe('em 3 h');
    expect(formatAmount('150.00')).toBe('150.00 (como recebido)');
    expect([formatPercent(3.99), formatPercent(30)]).toEqual(['3,99%', '30%']);
    expect(formatReading({ known: false, received: '1500', field: 'balance' } as never)).toBe(
      '1500 (unidade desconhecida: balance)',
    );
  });

  it('are unchanged in English', () => {
    expect(formatTimestamp('2026-11-26T17:00:00Z', now)).toBe('2026-11-26 14:00 (5m ago)');
    expect(formatTimestamp('2026-11-30')).toBe('2026-11-30');
    expect(formatAmount('150.00')).toBe('150.00 (as received)');
    expect(formatPercent(3.99)).toBe('3.99%');
  });
});

describe('a table in Portuguese', () => {
  interface Row {
    id: string;
    status: string;
    created_at: string;
    note: string;
  }
  const columns: Column<Row>[] = [
    { key: 'id', header: 'ID', value: (row) => row.id },
    {
      key: 'status',
      header: 'STATUS',
      value: (row) => row.status,
      display: (row, colors) => statusColor(row.status, colors),
    },
    {
      key: 'created_at',
      header: 'CREATED',
      value: (row) => row.created_at,
      display: (row) => formatTimestamp(row.created_at),
    },
    { key: 'note', header: 'NOTE', value: (row) => row.note },
  ];
  const rows: Row[] = [
    { id: 'ci_1', status: 'paid', created_at: '2026-11-26T17:05:00Z', note: 'Pedido 1042' },
    { id: 'ci_2', status: 'expired', created_at: '2026-11-25T12:30:00Z', note: 'Pedido 1043' },
  ];

  it('shows statuses and dates in Portuguese, and names the columns left out at its width', async () => {
    await speakPortuguese();
    const out = textStream();
    const messages = textStream();
    await writeList(out, 'table', rows, columns, { colors: plain, messages, width: 40 });
    expect(out.text).toBe(
      'ID    STATUS    CREATED\n' +
        'ci_1  pago      26/11/2026 14:05\n' +
        'ci_2  expirado  25/11/2026 09:30\n',
    );
    expect(messages.text).toBe('Ocultas nesta largura: NOTE (veja com janela maior, -o csv ou --json).\n');
  });

  it('writes csv and plain with the gateway’s words, the same bytes in both languages', async () => {
    const english = { csv: textStream(), plain: textStream() };
    await writeList(english.csv, 'csv', rows, columns, { colors: plain });
    await writeList(english.plain, 'plain', rows, columns, { colors: plain });
    await speakPortuguese();
    const portuguese = { csv: textStream(), plain: textStream() };
    await writeList(portuguese.csv, 'csv', rows, columns, { colors: plain });
    await writeList(portuguese.plain, 'plain', rows, columns, { colors: plain });
    expect(portuguese.csv.text).toBe(english.csv.text);
    expect(portuguese.plain.text).toBe(english.plain.text);
    expect(portuguese.csv.text).toContain('ci_1,paid,2026-11-26T17:05:00Z');
  });
});

describe('the QR code that does not fit, in Portuguese', () => {
  it('says how many rows it needs and how to show it again', async () => {
    await speakPortuguese();
    const qr = await renderQrForTerminal('0'.repeat(180), {
      mode: 'plain',
      rows: 10,
      columns: 80,
      showAgain: 'paygate charge get ci_1 --qr',
    });
    expect(qr.fits).toBe(false);
    expect(qr.advice).toMatch(
      /^o QR code precisa de \d+ linhas e o terminal tem 10: o topo fica oculto\.\n {2}Aumente a janela/,
    );
    expect(englishLinesIn(qr.advice!)).toEqual([]);
  });
});

describe('a confirmation answered in Portuguese', () => {
  it('takes s, sim, n, não (and y, yes, no), and nothing else', () => {
    expect(['s', 'Sim', ' y ', 'yes'].map(readYesOrNo)).toEqual([true, true, true, true]);
    expect(['n', 'Não', 'nao', 'NO'].map(readYesOrNo)).toEqual([false, false, false, false]);
    expect(['talvez', 'simples', ''].map(readYesOrNo)).toEqual([undefined, undefined, undefined]);
  });
});

describe('charges from the command line in Portuguese', () => {
  const t = useTestSandbox();

  async function paidCharge(): Promise<string> {
    const created = await run(
      ['charge', 'create', '--amount', '12.34', '--description', 'Pedido 7', '--json'],
      { env: t.env },
    );
    expect(created.code, created.stderr).toBe(0);
    const id = JSON.parse(created.stdout).id as string;
    await t.control(`/_sandbox/charges/${id}/pay`);
    return id;
  }

  it('a table shows pago and a Brazilian date', async () => {
    const id = await paidCharge();
    const list = await run(['charge', 'list'], { env: { ...t.env, PAYGATE_LANG: 'pt-BR' } });
    expect(list.code, list.stderr).toBe(0);
    const row = list.stdout.split('\n').find((line) => line.startsWith(id));
    expect(row).toMatch(new RegExp(`^${id}\\s+pago\\s+R\\$ 12,34\\s+\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\s`));
  });

  it('-o csv, -o plain, --json and -o ndjson are byte-identical in English and in Portuguese', async () => {
    const id = await paidCharge();
    for (const args of [
      ['charge', 'list', '-o', 'csv'],
      ['charge', 'list', '-o', 'plain'],
      ['charge', 'list', '--json'],
      ['charge', 'get', id, '-o', 'csv'],
      ['charge', 'get', id, '-o', 'ndjson'],
    ]) {
      const english = await run(args, { env: { ...t.env, PAYGATE_LANG: 'en' } });
      const inPortuguese = await run(args, { env: { ...t.env, PAYGATE_LANG: 'pt-BR' } });
      expect(english.code, english.stderr).toBe(0);
      expect({ args, stdout: inPortuguese.stdout, code: inPortuguese.code }).toEqual({
        args,
        stdout: english.stdout,
        code: 0,
      });
    }
  });

  it('--excel headers are Portuguese; the values and plain -o csv are not', async () => {
    const id = await paidCharge();
    const excel = await run(['charge', 'get', id, '--excel'], { env: { ...t.env, PAYGATE_LANG: 'pt-BR' } });
    expect(excel.code, excel.stderr).toBe(0);
    const [header, row] = excel.stdout.split('\r\n');
    expect(header).toBe(
      '\ufeffID;Situação;Forma de pagamento;Valor (centavos);Valor (R$);Taxa (centavos);Taxa (R$);' +
        'Líquido (centavos);Líquido (R$);Descrição;ID externo;TXID;Criada em;Paga em;Estornada em;' +
        'Motivo da falha;Valor como recebido;Taxa como recebida;Líquido como recebido',
    );
    expect(row).toMatch(new RegExp(`^${id};paid;pix;1234;12,34;`));
    const english = await run(['charge', 'get', id, '--excel'], { env: { ...t.env, PAYGATE_LANG: 'en' } });
    expect(english.stdout.split('\r\n')[0]).toBe(
      '\ufeffid;status;payment_method;amount;amount_brl;fee;fee_brl;net;net_brl;description;external_id;' +
        'txid;created_at;paid_at;refunded_at;failure_reason;amount_as_received;fee_as_received;net_as_received',
    );
    const payouts = await run(['payout', 'list', '--excel'], { env: { ...t.env, PAYGATE_LANG: 'pt-BR' } });
    expect(payouts.stdout.split('\r\n')[0]).toBe(
      '\ufeffID;Situação;Valor (centavos);Valor (R$);Descrição;Criada em;Concluída em;Motivo da falha;Valor como recebido',
    );
  });
});
