// Every command, against the published shapes of five real Brazilian gateways (Asaas, Pagar.me,
// Woovi, Mercado Pago, Efí; test/fixtures/gateways, served by test/helpers/real-gateways.ts
// inside the API's envelope): money shown as the gateway wrote it and flagged, never guessed; lists
// read to the end by the gateway's own paging or said to be incomplete (exit 10), never exit 0
// with part of one; a refusal in the gateway's dialect is exit 3 with its message and the key
// stays free; a wrapped resource is read inside its wrapper; no type crashes anything; a status
// word outside the known list is never final.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, balance } from '../../src/commands/account/account.js';
import { chargeCreate } from '../../src/commands/charge/create.js';
import { chargeFind } from '../../src/commands/charge/find.js';
import { chargeGet } from '../../src/commands/charge/get.js';
import { chargeList } from '../../src/commands/charge/list.js';
import { chargeRefund } from '../../src/commands/charge/refund.js';
import { chargeWatch } from '../../src/commands/charge/watch.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { payoutGet } from '../../src/commands/payout/get.js';
import { payoutList } from '../../src/commands/payout/list.js';
import { payoutWatch } from '../../src/commands/payout/watch.js';
import { sellerFind } from '../../src/commands/seller/find.js';
import { fakeTime } from '../helpers/fake-time.js';
import {
  compactJsonText,
  GATEWAY_NAMES,
  type GatewayName,
  plainRaw,
  type RealGateway,
  startRealGateway,
  stringifyRaw,
} from '../helpers/real-gateways.js';
import { run, tempConfigDir, tempConfigDirDeclaring } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';

type Json = Record<string, unknown>;

/** How each gateway keys a charge or payout, read from the item as paygate prints it. */
const ITEM_ID: Record<GatewayName, (item: Json) => unknown> = {
  asaas: (item) => item.id,
  pagarme: (item) => item.id,
  woovi: (item) => item.correlationID ?? (item.payment as Json | undefined)?.correlationID,
  mercadopago: (item) => (item.id === undefined ? undefined : String(item.id)),
  efi: (item) => item.txid ?? item.idEnvio,
};

/** The status as the gateway writes it on an item (Woovi payments: payment.status). */
const ITEM_STATUS = (item: Json): unknown => item.status ?? (item.payment as Json | undefined)?.status;

/** The gateway's money forms: a decimal (reais) written in the balance, or integer centavos. */
const DECIMAL_MONEY: Record<GatewayName, boolean> = {
  asaas: true,
  pagarme: false,
  woovi: false,
  mercadopago: true,
  efi: true,
};

/** The gateway's word for a paid charge: only Pagar.me uses one of the API's (`paid`). */
const PAID_WORD: Record<GatewayName, string> = {
  asaas: 'RECEIVED',
  pagarme: 'paid',
  woovi: 'COMPLETED',
  mercadopago: 'approved',
  efi: 'CONCLUIDA',
};

/** The charge methods besides PIX each gateway publishes (Woovi and Efí are PIX only). */
const PUBLISHED_METHODS: Record<GatewayName, readonly ('boleto' | 'card')[]> = {
  asaas: ['boleto', 'card'],
  pagarme: ['boleto', 'card'],
  woovi: [],
  mercadopago: ['boleto', 'card'],
  efi: [],
};

/**
 * What each gateway answers a refund with: the charge itself, in its new status (Asaas, Pagar.me),
 * or a refund object with a status of its own (the charge is then read again).
 */
const REFUND_ANSWER: Record<GatewayName, { charge?: string; refund?: string }> = {
  asaas: { charge: 'REFUND_REQUESTED' },
  pagarme: { charge: 'canceled' },
  woovi: { refund: 'IN_PROCESSING' },
  mercadopago: { refund: 'approved' },
  efi: { refund: 'EM_PROCESSAMENTO' },
};

/** The texts a person could recognise an error body by, wherever the dialect puts them. */
function messagesOf(body: unknown): string[] {
  const texts: string[] = [];
  const visit = (value: unknown, key?: string) => {
    if (typeof value === 'string') {
      if (
        key &&
        [
          'message',
          'description',
          'error',
          'mensagem',
          'nome',
          'error_description',
          'detail',
          'title',
        ].includes(key)
      )
        texts.push(value);
    } else if (Array.isArray(value)) {
      // Pagar.me lists a field's messages under its name (`errors.amount: ["…"]`).
      for (const member of value) visit(member, key === 'amount' ? 'message' : key);
    } else if (value && typeof value === 'object')
      for (const [name, member] of Object.entries(value)) visit(member, name);
  };
  visit(body);
  return texts;
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
const noStack = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at /);

/** A minimal CSV reader (quoted fields with commas, doubled quotes). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of lines(text.replace(/^\uFEFF/, ''))) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let index = 0; index < line.length; index++) {
      const char = line[index]!;
      if (quoted) {
        if (char === '"' && line[index + 1] === '"') {
          cell += '"';
          index++;
        } else if (char === '"') quoted = false;
        else cell += char;
      } else if (char === '"') quoted = true;
      else if (char === ',' || char === ';') {
        cells.push(cell);
        cell = '';
      } else cell += char;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

describe.each(GATEWAY_NAMES)('against %s', (name) => {
  let gateway: RealGateway;
  /** The same gateway, its resources wrapped in one member and its account status an object. */
  let wrapped: RealGateway;
  /** The same gateway refusing every payout, and echoing a created charge's amount as reais. */
  let refusing: RealGateway;
  let env: Record<string, string>;
  beforeAll(async () => {
    gateway = await startRealGateway(name);
    wrapped = await startRealGateway(name, { wrap: true, accountStatusObject: true });
    refusing = await startRealGateway(name, { refusePayouts: true, echoAmountAsDecimal: true });
    env = gateway.env;
  });
  afterAll(async () => {
    await gateway.close();
    await wrapped.close();
    await refusing.close();
  });

  /** Charges and payouts in the order the gateway lists them. */
  const listed = (items: RealGateway['charges']) =>
    gateway.profile.oldestFirst ? items : [...items].reverse();
  const posts = (server: RealGateway, path: string) =>
    server.requests.filter((request) => request.method === 'POST' && request.path === path).length;

  it('(the test server) writes money exactly as the gateway does', async () => {
    const response = await fetch(`${gateway.url}/v1/balance`, {
      headers: { authorization: `Bearer ${gateway.secretKey}` },
    });
    const text = await response.text();
    expect(text).toBe(`{"success":true,"data":${stringifyRaw(gateway.fixture.balance)}}`);
    expect(text).toContain(DECIMAL_MONEY[name] ? '1500.00' : '150000');
  });

  it('balance --json: the data exactly as received, money as written', async () => {
    const result = await runHandler(balance, ['balance'], { env, globals: { json: true } });
    expect(result.code).toBe(0);
    expect(compactJsonText(result.stdout)).toBe(stringifyRaw(gateway.fixture.balance));
  });

  it('balance: a decimal or a name the API does not give centavos is shown as received and flagged, never read as centavos', async () => {
    const result = await runHandler(balance, ['balance'], { env });
    noStack(result.stderr);
    expect(result.code).toBe(0);
    if (DECIMAL_MONEY[name]) {
      expect(result.stdout).toContain('1500.00');
      expect(result.stdout).not.toMatch(/R\$\s?15,00/);
      expect(result.stderr).toMatch(/as received|not.*centavos|decimal/i);
    } else if (name === 'pagarme') {
      // `available_amount` is not a name the API gives centavos: its unit is unknown until declared.
      expect(result.stdout).toMatch(/Available\s+150000 \(unit unknown: available_amount\)/);
      expect(result.stdout).not.toContain('R$');
      const declared = await runHandler(balance, ['balance'], {
        env: { ...env, PAYGATE_CONFIG_DIR: tempConfigDirDeclaring('centavos') },
      });
      expect(declared.stdout).toMatch(/Available\s+R\$ 1\.500,00/);
    } else {
      // 150000 centavos is R$ 1.500,00, found wherever the gateway nests it; never reais.
      expect(result.stdout).toMatch(/Available\s+R\$ 1\.500,00/);
      expect(result.stdout).not.toMatch(/R\$\s?150\.000,00/);
    }
  });

  it('account: shown, whatever its shape, never [object Object]', async () => {
    const result = await runHandler(account, ['account'], { env });
    noStack(result.stderr);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('[object Object]');
    expect(result.stdout.trim()).not.toBe('');
  });

  it('account: a status that is an object never crashes (shown as JSON)', async () => {
    const result = await runHandler(account, ['account'], { env: wrapped.env });
    noStack(result.stderr);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('[object Object]');
    expect(result.stdout).toContain('APPROVED');
  });

  it('charge list --all -o ndjson: all 250, each once, or exit 10 saying how many were read', async () => {
    const result = await runHandler(chargeList, ['charge', 'list', '--all'], {
      env,
      globals: { output: 'ndjson' },
    });
    noStack(result.stderr);
    const ids = lines(result.stdout).map((line) => ITEM_ID[name](JSON.parse(line) as Json));
    if (result.code === 10) {
      expect(result.stderr).toContain(String(ids.length));
      return;
    }
    expect(result.code).toBe(0);
    expect(new Set(ids).size).toBe(gateway.charges.length);
    expect([...ids].sort()).toEqual(gateway.charges.map((charge) => charge.id).sort());
  });

  it('charge list -o ndjson: each line is the item the gateway sent, money as written', async () => {
    const result = await runHandler(chargeList, ['charge', 'list'], { env, globals: { output: 'ndjson' } });
    noStack(result.stderr);
    expect([0, 10]).toContain(result.code);
    const texts = new Set(gateway.charges.map((charge) => stringifyRaw(charge.item)));
    const shown = lines(result.stdout);
    expect(shown.length).toBeGreaterThan(0);
    for (const line of shown) expect(texts.has(compactJsonText(line))).toBe(true);
  });

  it('charge list (table): no [object Object], no blank table', async () => {
    const result = await runHandler(chargeList, ['charge', 'list'], { env });
    noStack(result.stderr);
    expect([0, 10]).toContain(result.code);
    expect(result.stdout).not.toContain('[object Object]');
    expect(gateway.charges.some((charge) => result.stdout.includes(charge.id))).toBe(true);
  });

  it('charge get ID --json: the data exactly as received', async () => {
    const charge = gateway.charges[5]!;
    const result = await runHandler(chargeGet, ['charge', 'get', charge.id], {
      env,
      globals: { json: true },
    });
    noStack(result.stderr);
    expect(result.code).toBe(0);
    expect(compactJsonText(result.stdout)).toBe(gateway.lastData());
  });

  it('charge get ID --json through a wrapper: read inside it, printed as received', async () => {
    const charge = wrapped.charges[5]!;
    const result = await runHandler(chargeGet, ['charge', 'get', charge.id], {
      env: wrapped.env,
      globals: { json: true },
    });
    noStack(result.stderr);
    expect(result.code).toBe(0);
    expect(compactJsonText(result.stdout)).toBe(wrapped.lastData());
    const table = await runHandler(chargeGet, ['charge', 'get', charge.id], { env: wrapped.env });
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(charge.status);
  });

  it('charge get of an unknown id: exit 3 with the gateway message, one line', async () => {
    const result = await runHandler(chargeGet, ['charge', 'get', 'nao_existe_123'], { env });
    expect(result.code).toBe(3);
    noStack(result.stderr);
    const expected = messagesOf(plainRaw(gateway.fixture.errors.notFound.body));
    expect(expected.some((text) => result.failure.includes(text))).toBe(true);
  });

  it('charge find: a charge on the last page is found, or exit 10; never "not found" (3)', async () => {
    const last = listed(gateway.charges).at(-1)!;
    const args =
      name === 'efi'
        ? ['charge', 'find', '--txid', last.reference]
        : ['charge', 'find', '--external-id', last.reference];
    const result = await runHandler(chargeFind, args, { env, globals: { json: true } });
    noStack(result.stderr);
    expect(result.code).not.toBe(3);
    if (result.code === 10) return;
    expect(result.code).toBe(0);
    expect(ITEM_ID[name](JSON.parse(result.stdout) as Json) ?? '').toBe(last.id);
  });

  it('charge watch: the gateway own "paid" word is final only when it is a word of the API; else never 0 or 7', async () => {
    const charge = gateway.charges.find((item) => item.status === PAID_WORD[name])!;
    const result = await runHandler(chargeWatch, ['charge', 'watch', charge.id, '--timeout', '10s'], {
      env,
      ...fakeTime(),
    });
    noStack(result.stderr);
    expect(result.stdout + result.stderr + result.failure).toContain(PAID_WORD[name]);
    if (PAID_WORD[name] === 'paid') expect(result.code).toBe(0);
    else expect(result.code).toBe(8);
  });

  it('charge refund --json: the refund answer printed as received', async () => {
    const charge = gateway.charges[10]!;
    const result = await runHandler(chargeRefund, ['charge', 'refund', charge.id, '--yes'], {
      env,
      globals: { json: true },
    });
    noStack(result.stderr);
    expect(result.code).toBe(0);
    expect(compactJsonText(result.stdout)).toBe(gateway.lastData());
  });

  it('charge refund (table): the charge status stated; a refund object own status said apart', async () => {
    const charge = gateway.charges[12]!;
    const result = await runHandler(chargeRefund, ['charge', 'refund', charge.id, '--yes'], { env });
    noStack(result.stderr);
    expect(result.code, result.failure).toBe(0);
    const answered = REFUND_ANSWER[name];
    const chargeStatus = answered.charge ?? charge.status;
    expect(result.stderr).toContain(`the charge is now ${chargeStatus}.`);
    if (answered.refund) expect(result.stderr).toMatch(new RegExp(`\\(refund [^)]*: ${answered.refund}\\)`));
    else expect(result.stderr).not.toContain('(refund');
    expect(result.stderr).not.toMatch(/\(now /);
    expect(result.stdout).toContain(chargeStatus);
  });

  it('charge create --amount 150.00: 15000 sent; a good answer is never "outcome unknown"', async () => {
    const before = posts(gateway, '/v1/charges');
    const result = await runHandler(chargeCreate, ['charge', 'create', '--amount', '150.00', '--no-qr'], {
      env,
      globals: { json: true },
    });
    noStack(result.stderr);
    expect(posts(gateway, '/v1/charges')).toBe(before + 1);
    const sent = gateway.requests.filter((request) => request.method === 'POST').at(-1)!;
    expect(JSON.parse(sent.body).amount).toBe(15000);
    expect(result.code).not.toBe(9);
    expect(result.code).not.toBe(1);
    if (result.code === 0) expect(compactJsonText(result.stdout)).toBe(gateway.lastData());
  });

  it('charge create: the PIX copy-and-paste code is shown from wherever the gateway puts it', async () => {
    const result = await runHandler(chargeCreate, ['charge', 'create', '--amount', '150.00', '--no-qr'], {
      env,
    });
    noStack(result.stderr);
    const code = /"(000201[^"]+)"/.exec(gateway.lastData() ?? '')?.[1];
    if (code === undefined) {
      expect(result.stderr + result.failure).toContain('no PIX code');
    } else {
      expect(result.stdout).toContain(`PIX copy and paste:\n${code}`);
      expect(result.stderr).not.toContain('no PIX code');
    }
  });

  it('charge create --amount 150.00 against a gateway that echoes "amount": 150.00: warns with both figures', async () => {
    const result = await runHandler(chargeCreate, ['charge', 'create', '--amount', '150.00', '--no-qr'], {
      env: refusing.env,
    });
    noStack(result.stderr);
    expect(result.code).not.toBe(9);
    expect(result.code).not.toBe(1);
    expect(result.stderr + result.failure).toMatch(/150\.00/);
    expect(result.stderr + result.failure).toMatch(/15000|R\$\s?150,00/);
  });

  for (const method of PUBLISHED_METHODS[name])
    it(`charge create --method ${method}, published by this gateway: never "outcome unknown" on its answer`, async () => {
      const template = method === 'boleto' ? gateway.fixture.chargeBoleto : gateway.fixture.chargeCard;
      if (!template) return; // Woovi and Efí publish PIX only.
      const args =
        method === 'boleto'
          ? ['--due-date', '+3d']
          : ['--card-token', 'tok_0123456789abcdef', '--installments', '1'];
      const result = await runHandler(
        chargeCreate,
        [
          'charge',
          'create',
          '--method',
          method,
          '--amount',
          '150.00',
          '--customer-name',
          'Tony Stark',
          '--customer-document',
          '03154435026',
          '--customer-email',
          'tony@avengers.example',
          '--customer-address',
          'Rua A,1,Sao Paulo,SP,01001000',
          ...args,
        ],
        { env, globals: { json: true } },
      );
      noStack(result.stderr);
      expect(result.code, result.stderr + result.failure).not.toBe(2);
      const sent = gateway.requests.filter((request) => request.method === 'POST').at(-1)!;
      expect(JSON.parse(sent.body)).toMatchObject({ amount: 15000, payment_method: method });
      expect(result.code).not.toBe(9);
      expect(result.code).not.toBe(1);
      if (result.code === 0) expect(compactJsonText(result.stdout)).toBe(gateway.lastData());
    });

  it('payout watch: only words of the API are final (failed, completed, any case); the gateway own others wait (8)', async () => {
    // Each gateway's word for a finished payout, then for a failed one (DONE/FAILED, transferred/
    // failed, CONFIRMED/FAILED, approved/rejected, REALIZADO/NAO_REALIZADO).
    const [done, , failed] = gateway.profile.payoutStatuses;
    for (const status of [done!, failed!]) {
      const payout = gateway.payouts.find((item) => item.status === status)!;
      const result = await runHandler(payoutWatch, ['payout', 'watch', payout.id, '--timeout', '10s'], {
        env,
        ...fakeTime(),
      });
      noStack(result.stderr);
      // The status was read and shown as it is, not waited on for a reason of paygate's own.
      expect(result.stdout + result.stderr + result.failure).toContain(status);
      const word = status.toLowerCase();
      expect(result.code, `${status}: ${result.stderr}${result.failure}`).toBe(
        word === 'failed' ? 7 : word === 'completed' ? 0 : 8,
      );
    }
  });

  it('payout list --since 7d: the recent payouts, never "No payouts match" when some match', async () => {
    const weekAgo = Date.now() - 7 * 86400_000;
    const recent = gateway.payouts.filter((payout) => payout.createdAt >= weekAgo);
    expect(recent.length).toBeGreaterThan(20);
    const table = await runHandler(payoutList, ['payout', 'list', '--since', '7d'], { env });
    noStack(table.stderr);
    expect(table.stdout + table.stderr + table.failure).not.toContain('No payouts match');
    const result = await runHandler(payoutList, ['payout', 'list', '--since', '7d'], {
      env,
      globals: { output: 'ndjson' },
    });
    expect([0, 10]).toContain(result.code);
    const ids = lines(result.stdout).map((line) => ITEM_ID[name](JSON.parse(line) as Json));
    const recentIds = new Set(recent.map((payout) => payout.id));
    // A payout dated by its day alone (Asaas) on the day --since falls in is kept and said to be
    // (list-filter.ts): which side of the cut it is on is not known. Anything else is in range.
    const outside = ids.map(String).filter((id) => !recentIds.has(id));
    for (const id of outside) {
      const payout = gateway.payouts.find((item) => item.id === id)!;
      expect(payout.createdAt, id).toBeGreaterThan(weekAgo - 2 * 86400_000);
      expect(JSON.stringify(payout.item)).toMatch(/"\d{4}-\d{2}-\d{2}"/);
    }
    if (outside.length > 0) expect(result.stderr).toMatch(/carr(y|ies) only a date/);
    // A range without --limit: every payout of the range, not the newest 20 (a gateway that dates
    // a payout by its day only may leave out the first day's).
    const wellInside = recent.filter((payout) => payout.createdAt >= weekAgo + 86400_000);
    expect(wellInside.length).toBeGreaterThan(20);
    if (result.code === 0)
      expect(ids.map(String)).toEqual(expect.arrayContaining(wellInside.map((p) => p.id)));
  });

  it('payout list --status failed: the gateway failed rows, in any letter case, and only those', async () => {
    const failed = gateway.payouts.filter((payout) => payout.status.toLowerCase() === 'failed');
    const result = await runHandler(payoutList, ['payout', 'list', '--status', 'failed'], {
      env,
      globals: { output: 'ndjson' },
    });
    noStack(result.stderr);
    expect([0, 10]).toContain(result.code);
    const shown = lines(result.stdout).map((line) => JSON.parse(line) as Json);
    for (const item of shown) expect(String(ITEM_STATUS(item)).toLowerCase()).toBe('failed');
    if (result.code === 0) expect(shown.length).toBe(Math.min(20, failed.length));
    if (failed.length > 0)
      expect(result.stdout + result.stderr + result.failure).not.toContain('No payouts match');
  });

  it('payout list (table): no column that no row fills, no [object Object]', async () => {
    const table = await runHandler(payoutList, ['payout', 'list'], { env });
    noStack(table.stderr);
    expect([0, 10]).toContain(table.code);
    expect(table.stdout).not.toContain('[object Object]');
    const [header, ...rows] = lines(table.stdout);
    expect(rows.length).toBeGreaterThan(0);
    // Every one of these gateways dates its payouts (Woovi in the wrapper: transaction.time).
    expect(header).toContain('CREATED');
    // A cell is under its header's span whether it is aligned left (starts there) or right (ends there).
    for (const match of header!.matchAll(/\S+/g)) {
      const [start, end] = [match.index, match.index + match[0].length];
      const filled = rows.some((row) => row.slice(start, end).trim() !== '');
      expect(filled, `column ${match[0]} is blank in every row`).toBe(true);
    }
  });

  // The CSV export's columns are a contract for finance scripts, the same for `payout get` and
  // `payout list` whatever the gateway fills: a blank column stays (an amount that is not integer
  // centavos has no amount_brl, by design). What must hold: each row's id and amount are read.
  it('payout list -o csv: the export columns, each row with its id and amount (centavos, or as received), no [object Object]', async () => {
    const csv = await runHandler(payoutList, ['payout', 'list'], { env, globals: { output: 'csv' } });
    noStack(csv.stderr);
    expect([0, 10]).toContain(csv.code);
    expect(csv.stdout).not.toContain('[object Object]');
    const [header, ...rows] = readCsv(csv.stdout);
    expect(rows.length).toBeGreaterThan(0);
    const one = await runHandler(payoutGet, ['payout', 'get', gateway.payouts.at(-1)!.id], {
      env,
      globals: { output: 'csv' },
    });
    expect(one.code).toBe(0);
    expect(header).toEqual(readCsv(one.stdout)[0]);
    const ids = new Set(gateway.payouts.map((payout) => payout.id));
    for (const row of rows) {
      expect(row).toHaveLength(header!.length);
      expect(ids.has(row[header!.indexOf('id')]!)).toBe(true);
      // Centavos where the unit is known, else the value as the gateway wrote it, beside.
      expect(row[header!.indexOf('amount')] || row[header!.indexOf('amount_as_received')]).not.toBe('');
    }
  });

  it('payout get: shown, exit 0', async () => {
    const payout = gateway.payouts.at(-3)!;
    const result = await runHandler(payoutGet, ['payout', 'get', payout.id], { env });
    noStack(result.stderr);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(payout.status);
  });

  it('payout create --amount 10.00: 1000 sent, a good answer is never "outcome unknown"', async () => {
    const before = posts(gateway, '/v1/payouts');
    const result = await runHandler(payoutCreate, ['payout', 'create', '--amount', '10.00', '--yes'], {
      env,
      globals: { json: true },
    });
    noStack(result.stderr);
    expect(posts(gateway, '/v1/payouts')).toBe(before + 1);
    const sent = gateway.requests.filter((request) => request.method === 'POST').at(-1)!;
    expect(JSON.parse(sent.body).amount).toBe(1000);
    expect(result.code).not.toBe(9);
    expect(result.code).not.toBe(1);
    if (result.code === 0) expect(compactJsonText(result.stdout)).toBe(gateway.lastData());
  });

  it('payout create refused in the gateway dialect (400): exit 3 with its message; the key stays free', async () => {
    const expected = messagesOf(plainRaw(refusing.fixture.errors.payoutRefused.body));
    const key = `sweep-${name}`;
    const before = posts(refusing, '/v1/payouts');
    const first = await run(['payout', 'create', '--amount', '10.00', '--yes', '--key', key], {
      env: refusing.env,
    });
    noStack(first.stderr);
    expect(first.code).toBe(3);
    expect(expected.some((text) => first.stderr.includes(text))).toBe(true);
    expect(first.stderr).not.toMatch(/not from the gateway/i);
    expect(posts(refusing, '/v1/payouts')).toBe(before + 1);
    const again = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '10.00', '--yes', '--key', key],
      {
        env: refusing.env,
      },
    );
    expect(again.code).toBe(3);
    expect(posts(refusing, '/v1/payouts')).toBe(before + 2);
  });

  it('a wrong key: exit 4 with the gateway message, one line', async () => {
    const result = await runHandler(balance, ['balance'], {
      env: { ...env, PAYGATE_SECRET_KEY: 'sk_wrong_0123456789abcdef', PAYGATE_CONFIG_DIR: tempConfigDir() },
    });
    expect(result.code).toBe(4);
    noStack(result.stderr);
    const expected = messagesOf(plainRaw(gateway.fixture.errors.unauthorized.body));
    expect(expected.some((text) => result.failure.includes(text))).toBe(true);
  });

  it('seller find: an answer in the gateway own shape, or its 404, never a crash', async () => {
    const result = await runHandler(sellerFind, ['seller', 'find', 'financeiro@lojadomarcelo.example'], {
      env,
    });
    noStack(result.stderr);
    expect(result.code).not.toBe(1);
    expect(result.stdout).not.toContain('[object Object]');
  });
});
