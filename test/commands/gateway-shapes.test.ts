// What the real Brazilian gateways' shapes add (docs/gateway-api.md): money as it was written, resources in
// wrappers, fields under other names, statuses of any type and case. A small canned gateway
// answers each test's text exactly as written (`150.00` stays `150.00` on the wire).
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { account, balance } from '../../src/commands/account/account.js';
import { chargeCreate } from '../../src/commands/charge/create.js';
import { chargeGet } from '../../src/commands/charge/get.js';
import { chargeList } from '../../src/commands/charge/list.js';
import { chargeReconcile } from '../../src/commands/charge/reconcile.js';
import { chargeRefund } from '../../src/commands/charge/refund.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { payoutGet } from '../../src/commands/payout/get.js';
import { payoutList } from '../../src/commands/payout/list.js';
import { payoutWatch } from '../../src/commands/payout/watch.js';
import { splitPreview } from '../../src/commands/split/preview.js';
import { fakeTime } from '../helpers/fake-time.js';
import { accountJournalOf } from '../helpers/journal.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';
import { createScriptedPrompter } from '../helpers/prompter.js';
import { run, tempConfigDir, tempConfigDirDeclaring } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';

/** `pages`: the data of each page in turn (page 1 first), past the last one an empty list. */
type Answer = { status?: number; data: string; pages?: string[]; headers?: Record<string, string> };
englishAfterEachTest();
let routes: Record<string, Answer> = {};
let requests: Array<{ method: string; path: string; body: string }> = [];
let server: Server;
let env: Record<string, string>;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?', 1)[0]!;
      requests.push({ method: req.method ?? '', path, body });
      const answer = routes[`${req.method} ${path}`];
      // A list is the whole of it on page 1: later pages are empty, which is how a gateway that
      // says nothing of paging confirms that its short page was the last (docs/gateway-api.md).
      const page = Number(new URL(req.url ?? '', 'http://fake').searchParams.get('page') ?? '1');
      const data = answer?.pages
        ? (answer.pages[page - 1] ?? '[]')
        : answer && page > 1 && answer.data.trimStart().startsWith('[')
          ? '[]'
          : answer?.data;
      res.writeHead(answer ? (answer.status ?? 200) : 404, {
        'content-type': 'application/json',
        ...answer?.headers,
      });
      res.end(
        answer
          ? `{"success":true,"data":${data}}`
          : '{"success":false,"error":{"type":"not_found","code":"not_found","message":"no route"}}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  env = {
    PAYGATE_BASE_URL: `http://127.0.0.1:${port}`,
    PAYGATE_SECRET_KEY: 'sk_test_0123456789abcdef',
    PAYGATE_CONFIG_DIR: tempConfigDir(),
  };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  routes = {};
  requests = [];
});

const posts = (path: string) => requests.filter((r) => r.method === 'POST' && r.path === path);

describe('a create checked against what it sent', () => {
  it('charge create: an echo of 10000 under `valor` is not taken as the 10000 centavos sent', async () => {
    routes['POST /v1/charges'] = { data: '{"id":"ci_abcdefabcdef","status":"pending","valor":10000}' };
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '100.00', '--no-qr', '--yes'],
      {
        env,
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      "WARNING: the charge's amount could not be checked against what paygate sent (its unit is unknown: gateway.money_unit declares it): sent amount 10000 (centavos, R$ 100,00); the gateway's answer says valor 10000.",
    );
  });

  it('payout create: a different echo says nothing of what was kept or left', async () => {
    routes['GET /v1/balance'] = { data: '{"available": 50000, "pending": 0, "reserved": 0}' };
    routes['POST /v1/payouts'] = { data: '{"id":"co_abcdefabcdef","status":"pending","amount":1000}' };
    const amount = await runHandler(payoutCreate, ['payout', 'create', '--amount', '100.00', '--yes'], {
      env,
    });
    expect(amount.stderr).toContain("WARNING: the payout's amount differs from what paygate sent");
    expect(amount.stderr).toContain('Payout co_abcdefabcdef, pending: paid out R$ 10,00.\n');
    expect(amount.stderr).not.toContain('left available');
    const sweep = await runHandler(payoutCreate, ['payout', 'create', '--all', '--keep', '100.00', '--yes'], {
      env,
    });
    expect(sweep.stderr).toContain('Payout co_abcdefabcdef, pending: paid out R$ 10,00.\n');
    expect(sweep.stderr).not.toContain('kept');
  });

  it('payout create: the echo of the amount sent lets the line say what is left', async () => {
    routes['GET /v1/balance'] = { data: '{"available": 50000, "pending": 0, "reserved": 0}' };
    routes['POST /v1/payouts'] = { data: '{"id":"co_abcdefabcdef","status":"pending","amount":10000}' };
    const result = await runHandler(payoutCreate, ['payout', 'create', '--amount', '100.00', '--yes'], {
      env,
    });
    expect(result.stderr).toContain(
      'Payout co_abcdefabcdef, pending: paid out R$ 100,00; R$ 400,00 left available.',
    );
  });
});

describe('-o plain: an amount of unknown unit is never where centavos go', () => {
  // `valor: 10000` may be R$ 100,00 or R$ 10.000,00: a script reading the Amount as centavos would
  // take one for the other. Left blank, as csv's `amount` is (csv's amount_as_received and --json
  // keep it as received); an amount in centavos is printed as before.
  it('charge get, charge list, payout get and payout list', async () => {
    const charge =
      '{"id":"ci_abcdefabcdef","status":"pending","valor":10000,"created_at":"2026-11-27T10:00:00Z"}';
    const payout =
      '{"id":"co_abcdefabcdef","status":"pending","value":500,"created_at":"2026-11-27T10:00:00Z"}';
    routes['GET /v1/charges/ci_abcdefabcdef'] = { data: charge };
    routes['GET /v1/charges'] = {
      data: `[${charge},{"id":"ci_bbbbbbbbbbbb","status":"paid","amount":2500}]`,
    };
    routes['GET /v1/payouts/co_abcdefabcdef'] = { data: payout };
    routes['GET /v1/payouts'] = { data: `[${payout}]` };
    const plain = { env, globals: { output: 'plain' as const } };
    const chargeDetail = await runHandler(chargeGet, ['charge', 'get', 'ci_abcdefabcdef'], plain);
    expect(chargeDetail.stdout).toMatch(/^Amount\t$/m);
    const chargeRows = await runHandler(chargeList, ['charge', 'list'], plain);
    expect(chargeRows.stdout.split('\n')[0]!.split('\t').slice(0, 3)).toEqual([
      'ci_abcdefabcdef',
      'pending',
      '',
    ]);
    expect(chargeRows.stdout.split('\n')[1]!.split('\t').slice(0, 3)).toEqual([
      'ci_bbbbbbbbbbbb',
      'paid',
      '2500',
    ]);
    const payoutDetail = await runHandler(payoutGet, ['payout', 'get', 'co_abcdefabcdef'], plain);
    expect(payoutDetail.stdout).toMatch(/^Amount\t$/m);
    const payoutRows = await runHandler(payoutList, ['payout', 'list'], plain);
    expect(payoutRows.stdout.split('\t').slice(0, 3)).toEqual(['co_abcdefabcdef', 'pending', '']);
    // A table still shows it, as received and flagged.
    const table = await runHandler(chargeGet, ['charge', 'get', 'ci_abcdefabcdef'], { env });
    expect(table.stdout).toMatch(/Amount\s+10000 \(unit unknown: valor\)/);
  });
});

describe('a keyed payout the gateway had made already', () => {
  // Two runs with one key at once (two pods, each its own journal): the later one's look-up
  // found nothing yet, and its POST got the earlier one's payout again: it says so, not "paid out".
  it('an answer marked Idempotent-Replayed is said as already made, never as a new payment', async () => {
    routes['GET /v1/balance'] = { data: '{"available": 100000, "pending": 0, "reserved": 0}' };
    routes['GET /v1/payouts'] = { data: '[]' };
    routes['POST /v1/payouts'] = {
      data: '{"id":"co_HzyJXBtZ67wG","status":"pending","amount":10000,"description":"payout sweep-1"}',
      headers: { 'Idempotent-Replayed': 'true' },
    };
    const result = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '100.00', '--key', 'sweep-1', '--yes'],
      { env: { ...env, PAYGATE_CONFIG_DIR: tempConfigDir() } },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'Already made with --key sweep-1 by an earlier run: the gateway answered with its payout co_HzyJXBtZ67wG (R$ 100,00), pending, and made nothing new.',
    );
    expect(result.stderr).not.toContain('paid out');
  });
});

describe('paging in no words', () => {
  // 120 payouts, at most 50 a page whatever was asked, no paging field: the keyed payout's
  // look-up reads past the short pages and finds its earlier payout (the 80th), never paying again.
  it('a keyed payout finds its earlier payout on page 2 of a gateway that caps its pages', async () => {
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    const payout = (n: number) => ({
      id: `co_${String(n).padStart(12, '0')}`,
      status: 'completed',
      amount: 10000,
      description: n === 80 ? 'payout k9' : `x${n}`,
      created_at: minutesAgo(n),
    });
    const page = (first: number, last: number) =>
      JSON.stringify(Array.from({ length: last - first + 1 }, (_, index) => payout(first + index)));
    routes['GET /v1/balance'] = { data: '{"available": 1000000, "pending": 0, "reserved": 0}' };
    routes['GET /v1/payouts'] = { data: '[]', pages: [page(1, 50), page(51, 100), page(101, 120)] };
    routes['POST /v1/payouts'] = { data: '{"id":"co_NEWNEWNEWNEW","status":"pending","amount":10000}' };
    const result = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '100.00', '--key', 'k9', '--yes'],
      { env: { ...env, PAYGATE_CONFIG_DIR: tempConfigDir() }, globals: { json: true } },
    );
    expect(posts('/v1/payouts')).toHaveLength(0);
    expect(result.stderr).toContain(
      'Already made with --key k9, found on the gateway: payout co_000000000080',
    );
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'co_000000000080' });
  });
});

describe('money as it was written', () => {
  it('balance: 1500.00 (reais on the wire) is shown as received and flagged, never R$ 15,00', async () => {
    routes['GET /v1/balance'] = { data: '{"available": 1500.00, "pending": 0}' };
    const result = await runHandler(balance, ['balance'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Available\s+1500\.00 \(unit unknown: available\)/);
    expect(result.stdout).not.toContain('R$ 15,00');
    expect(result.stderr).toContain('available is 1500.00, not integer centavos');
  });

  it('balance --json and -o ndjson print the data member with its number literals as written', async () => {
    routes['GET /v1/balance'] = { data: '{"available": 1486.00, "pending": 1e3, "reserved": 12}' };
    const json = await runHandler(balance, ['balance'], { env, globals: { json: true } });
    expect(json.code).toBe(0);
    expect(json.stdout).toBe('{\n  "available": 1486.00,\n  "pending": 1e3,\n  "reserved": 12\n}\n');
    const ndjson = await runHandler(balance, ['balance'], { env, globals: { output: 'ndjson' } });
    expect(ndjson.stdout).toBe('{"available":1486.00,"pending":1e3,"reserved":12}\n');
  });

  it('payout create --all refuses (exit 3) when the balance is not integer centavos, and sends nothing', async () => {
    routes['GET /v1/balance'] = { data: '{"available": 1500.00}' };
    const result = await run(['payout', 'create', '--all', '--keep', '1.00', '--yes'], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'cannot pay out the whole balance: available is 1500.00, not integer centavos',
    );
    expect(posts('/v1/payouts')).toHaveLength(0);
  });

  it('payout create --amount warns that the balance could not be checked and lets the gateway decide', async () => {
    routes['GET /v1/balance'] = { data: '{"available": 1500.00}' };
    routes['POST /v1/payouts'] = { data: '{"id":"po_1","status":"pending","amount":500}' };
    const result = await runHandler(payoutCreate, ['payout', 'create', '--amount', '500', '--yes'], { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'the balance could not be checked (available is 1500.00, not integer centavos)',
    );
    expect(posts('/v1/payouts').map((r) => JSON.parse(r.body).amount)).toEqual([500]);
  });

  it('charge create: an echoed 150.00 for 15000 sent is said loudly with both figures, and never shown as R$ 1,50', async () => {
    routes['POST /v1/charges'] = { data: '{"id":"ch_1","status":"pending","amount":150.00}' };
    const result = await runHandler(chargeCreate, ['charge', 'create', '--amount', '150.00', '--no-qr'], {
      env,
    });
    expect(result.code).toBe(0);
    expect(posts('/v1/charges').map((r) => JSON.parse(r.body).amount)).toEqual([15000]);
    expect(result.stderr).toMatch(/WARNING: the charge's amount differs from what paygate sent/);
    expect(result.stderr).toContain('sent amount 15000 (centavos, R$ 150,00)');
    expect(result.stderr).toContain("the gateway's answer says amount 150.00");
    expect(result.stdout).toMatch(/Amount\s+150\.00 \(unit unknown: amount\)/);
    expect(result.stdout).not.toContain('R$ 1,50');
  });

  it('charge create --from-csv: each row whose echoed amount differs is said with both figures', async () => {
    routes['POST /v1/charges'] = { data: '{"id":"ch_1","status":"pending","amount":150.00}' };
    const dir = tempConfigDir();
    const file = join(dir, 'rows.csv');
    writeFileSync(file, 'invoice,amount\ninv-1,150.00\n');
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--from-csv', file, '--key-column', 'invoice'],
      {
        env: { ...env, PAYGATE_CONFIG_DIR: dir },
      },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('sent amount 15000 (centavos, R$ 150,00)');
    expect(result.stderr).toContain("the gateway's answer says amount 150.00");
  });

  it('charge create: an echo that matches says nothing', async () => {
    routes['POST /v1/charges'] = { data: '{"id":"ch_1","status":"pending","amount":15000}' };
    const result = await runHandler(chargeCreate, ['charge', 'create', '--amount', '150.00', '--no-qr'], {
      env,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('WARNING');
  });

  it('charge list: CSV writes 150.00 as received with amount_brl empty; --json keeps the literal', async () => {
    routes['GET /v1/charges'] = {
      data: '[{"id":"ch_1","status":"paid","amount":150.00,"created_at":"2026-11-01T10:00:00Z"},{"id":"ch_2","status":"paid","amount":1500,"created_at":"2026-11-01T09:00:00Z"}]',
    };
    const csv = await runHandler(chargeList, ['charge', 'list'], { env, globals: { output: 'csv' } });
    expect(csv.code).toBe(0);
    const lines = csv.stdout.split('\r\n');
    // The amount of unknown unit leaves amount and amount_brl empty, and is kept in amount_as_received.
    expect(lines[1]).toMatch(/^ch_1,paid,,,,/);
    expect(lines[1]).toMatch(/,150\.00,,$/);
    expect(lines[2]).toMatch(/^ch_2,paid,,1500,15\.00,.*,$/);
    const json = await runHandler(chargeList, ['charge', 'list'], { env, globals: { json: true } });
    expect(json.stdout).toContain('"amount": 150.00');
    const ndjson = await runHandler(chargeList, ['charge', 'list'], { env, globals: { output: 'ndjson' } });
    expect(ndjson.stdout.split('\n')[0]).toContain('"amount":150.00');
  });
});

describe('money in a currency other than BRL is not centavos of reais', () => {
  const USD_BALANCE = '{"available": 10000, "pending": 0, "reserved": 0, "currency": "USD"}';

  it('balance: shown as received with its currency, never with R$; csv keeps it out of the centavos; --json as received', async () => {
    routes['GET /v1/balance'] = { data: USD_BALANCE };
    const table = await runHandler(balance, ['balance'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^Available\s+10000 USD \(not reais: available\)$/m);
    expect(table.stdout).toMatch(/^Currency\s+USD$/m);
    expect(table.stdout).not.toContain('R$');
    expect(table.stderr).toContain('available is 10000 in USD, not centavos of reais');
    const csv = await runHandler(balance, ['balance'], { env, globals: { output: 'csv' } });
    expect(csv.stdout.split('\r\n')[1]).toBe(',,,,,,USD,10000 USD,0 USD,0 USD');
    const json = await runHandler(balance, ['balance'], { env, globals: { json: true } });
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(USD_BALANCE));
    await speakPortuguese();
    const portuguese = await runHandler(balance, ['balance'], { env });
    expect(portuguese.stdout).toMatch(/10000 USD \(não é em reais: available\)/);
    expect(portuguese.stderr).toContain('available é 10000 em USD, não centavos de real');
  });

  it('balance: BRL in any letter case, or no currency at all, is centavos of reais', async () => {
    routes['GET /v1/balance'] = { data: '{"available": 10000, "currency": "brl"}' };
    expect((await runHandler(balance, ['balance'], { env })).stdout).toMatch(/^Available\s+R\$ 100,00$/m);
    routes['GET /v1/balance'] = { data: '{"available": 10000}' };
    expect((await runHandler(balance, ['balance'], { env })).stdout).toMatch(/^Available\s+R\$ 100,00$/m);
  });

  it('payout create --all refuses a USD balance (exit 3) and sends nothing, in both languages', async () => {
    routes['GET /v1/balance'] = { data: USD_BALANCE };
    routes['POST /v1/payouts'] = { data: '{"id":"po_1","status":"pending","amount":10000}' };
    const result = await run(['payout', 'create', '--all', '--yes', '--key', 'k1'], {
      env: { ...env, PAYGATE_CONFIG_DIR: tempConfigDir() },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'cannot pay out the whole balance: available is 10000 in USD, not centavos of reais',
    );
    const portuguese = await run(['payout', 'create', '--all', '--yes', '--key', 'k1'], {
      env: { ...env, PAYGATE_CONFIG_DIR: tempConfigDir(), PAYGATE_LANG: 'pt-BR' },
    });
    expect(portuguese.code).toBe(3);
    expect(portuguese.stderr).toContain('available é 10000 em USD, não centavos de real');
    expect(posts('/v1/payouts')).toHaveLength(0);
  });

  it('payout create --amount against a USD balance warns that it could not be checked', async () => {
    routes['GET /v1/balance'] = { data: USD_BALANCE };
    routes['POST /v1/payouts'] = { data: '{"id":"po_1","status":"pending","amount":50000}' };
    const result = await runHandler(payoutCreate, ['payout', 'create', '--amount', '500.00', '--yes'], {
      env,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'the balance could not be checked (available is 10000 in USD, not centavos of reais)',
    );
    expect(posts('/v1/payouts').map((r) => JSON.parse(r.body).amount)).toEqual([50000]);
  });

  it('charge and payout: a USD amount is never R$ in tables, and never amount/amount_brl in csv', async () => {
    const charge =
      '{"id":"ch_1","status":"paid","amount":2000,"currency":"USD","created_at":"2026-11-01T10:00:00Z"}';
    const payout =
      '{"id":"po_1","status":"completed","amount":2000,"currency":"usd","created_at":"2026-11-01T10:00:00Z"}';
    routes['GET /v1/charges/ch_1'] = { data: charge };
    routes['GET /v1/charges'] = { data: `[${charge}]` };
    routes['GET /v1/payouts/po_1'] = { data: payout };
    routes['GET /v1/payouts'] = { data: `[${payout}]` };
    const chargeTable = await runHandler(chargeGet, ['charge', 'get', 'ch_1'], { env });
    expect(chargeTable.stdout).toMatch(/Amount\s+2000 USD \(not reais: amount\)/);
    expect(chargeTable.stdout).not.toContain('R$');
    const chargeRows = await runHandler(chargeList, ['charge', 'list'], { env });
    expect(chargeRows.stdout).toContain('2000 USD (not reais: amount)');
    expect(chargeRows.stdout).not.toContain('R$ 20,00');
    const chargeCsv = await runHandler(chargeList, ['charge', 'list'], { env, globals: { output: 'csv' } });
    expect(chargeCsv.stdout.split('\r\n')[1]).toMatch(/^ch_1,paid,,,,.*,2000 USD,,$/);
    const payoutTable = await runHandler(payoutGet, ['payout', 'get', 'po_1'], { env });
    expect(payoutTable.stdout).toMatch(/Amount\s+2000 usd \(not reais: amount\)/);
    expect(payoutTable.stdout).not.toContain('R$');
    const payoutCsv = await runHandler(payoutList, ['payout', 'list'], { env, globals: { output: 'csv' } });
    expect(payoutCsv.stdout.split('\r\n')[1]).toMatch(/^po_1,completed,,,.*,2000 usd$/);
    const json = await runHandler(chargeGet, ['charge', 'get', 'ch_1'], { env, globals: { json: true } });
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(charge));
    await speakPortuguese();
    const portuguese = await runHandler(chargeGet, ['charge', 'get', 'ch_1'], { env });
    expect(portuguese.stdout).toContain('2000 USD (não é em reais: amount)');
  });
});

describe('every figure of a record in another currency is shown as received', () => {
  const USD_CHARGE =
    '{"id":"ch_1","status":"paid","amount":2000,"fee":60,"net":1940,"currency":"USD","split":[{"seller_id":1002,"amount":600}],"created_at":"2026-11-01T10:00:00Z"}';

  it("charge get: a USD charge's fee, net and split are never R$; csv keeps them out of fee/net and _brl", async () => {
    routes['GET /v1/charges/ch_1'] = { data: USD_CHARGE };
    const table = await runHandler(chargeGet, ['charge', 'get', 'ch_1'], { env });
    expect(table.stdout).toMatch(/Fee\s+60 USD \(not reais: fee\)/);
    expect(table.stdout).toMatch(/Net\s+1940 USD \(not reais: net\)/);
    expect(table.stdout).toContain('600 USD (not reais: split.amount)');
    expect(table.stdout).not.toContain('R$');
    const csv = (
      await runHandler(chargeGet, ['charge', 'get', 'ch_1'], { env, globals: { output: 'csv' } })
    ).stdout.split('\r\n');
    expect(csv[0]).toBe(
      'id,status,payment_method,amount,amount_brl,fee,fee_brl,net,net_brl,description,external_id,txid,created_at,paid_at,refunded_at,failure_reason,amount_as_received,fee_as_received,net_as_received',
    );
    expect(csv[1]).toBe('ch_1,paid,,,,,,,,,,,2026-11-01T10:00:00Z,,,,2000 USD,60 USD,1940 USD');
    await speakPortuguese();
    const portuguese = await runHandler(chargeGet, ['charge', 'get', 'ch_1'], { env });
    expect(portuguese.stdout).toContain('60 USD (não é em reais: fee)');
  });

  it("charge get: a BRL charge's fee and net stay R$ and centavos", async () => {
    routes['GET /v1/charges/ch_1'] = { data: USD_CHARGE.replace('"USD"', '"brl"') };
    const table = await runHandler(chargeGet, ['charge', 'get', 'ch_1'], { env });
    expect(table.stdout).toMatch(/Fee\s+R\$ 0,60/);
    expect(table.stdout).toContain('R$ 6,00');
    const csv = await runHandler(chargeGet, ['charge', 'get', 'ch_1'], { env, globals: { output: 'csv' } });
    expect(csv.stdout.split('\r\n')[1]).toBe(
      'ch_1,paid,,2000,20.00,60,0.60,1940,19.40,,,,2026-11-01T10:00:00Z,,,,,,',
    );
  });
});

describe('what a create says of a record in another currency', () => {
  it('charge create: an echo of 10000 in USD differs from the 10000 centavos sent, and is said with its currency', async () => {
    routes['POST /v1/charges'] = {
      data: '{"id":"ci_abcdefabcdef","status":"pending","amount":10000,"currency":"USD"}',
    };
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '100.00', '--no-qr', '--yes'],
      {
        env,
      },
    );
    expect(result.stderr).toContain(
      "WARNING: the charge's amount differs from what paygate sent: sent amount 10000 (centavos, R$ 100,00); the gateway's answer says amount 10000 USD.",
    );
  });

  it("charge create --key: a charge in USD with the key is not this key's 10000 centavos (exit 3, nothing sent)", async () => {
    const now = new Date().toISOString();
    routes['GET /v1/charges'] = {
      data: `[{"id":"ci_abcdefabcdef","status":"pending","amount":10000,"currency":"USD","external_id":"k-usd","metadata":{"paygate_key":"k-usd"},"created_at":"${now}"}]`,
    };
    routes['POST /v1/charges'] = { data: '{"id":"ci_NEWNEWNEWNEW","status":"pending","amount":10000}' };
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '100.00', '--key', 'k-usd', '--no-qr', '--yes'],
      { env: { ...env, PAYGATE_CONFIG_DIR: tempConfigDir() } },
    );
    expect(result.code).toBe(3);
    expect(result.failure).toContain(
      '--key k-usd already created a charge of 10000 USD (not reais: amount) (ci_abcdefabcdef); this run asks for R$ 100,00',
    );
    expect(posts('/v1/charges')).toHaveLength(0);
  });

  it('payout create --key run again: the payout it made, in USD, is never R$', async () => {
    const config = { ...env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const payout = '{"id":"co_abcdefabcdef","status":"pending","amount":10000,"currency":"USD"}';
    routes['GET /v1/balance'] = { data: '{"available": 50000, "pending": 0, "reserved": 0}' };
    routes['POST /v1/payouts'] = { data: payout };
    routes['GET /v1/payouts/co_abcdefabcdef'] = { data: payout };
    const args = ['payout', 'create', '--amount', '100.00', '--key', 'k-usd', '--yes'];
    await runHandler(payoutCreate, args, { env: config });
    const again = await runHandler(payoutCreate, args, { env: config });
    expect(again.stderr).toContain(
      'Already made with --key k-usd: payout co_abcdefabcdef (10000 USD (not reais: amount)), pending.',
    );
    expect(posts('/v1/payouts')).toHaveLength(1);
  });
});

describe('money typed at a terminal', () => {
  it('--amount 15 at a terminal is said back as 15 centavos before anything is sent', async () => {
    routes['POST /v1/charges'] = { data: '{"id":"ch_1","status":"pending","amount":15}' };
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '15', '--no-qr', '--description', 'x'],
      {
        env,
        tty: true,
        // Asked, once said: the person means 15 centavos.
        prompter: createScriptedPrompter([{ message: 'Create a charge of R$ 0,15?', answer: true }]),
      },
    );
    expect(result.stderr).toContain('--amount 15 is 15 centavos, R$ 0,15');
    expect(posts('/v1/charges').map((r) => JSON.parse(r.body).amount)).toEqual([15]);
  });

  it('a script (no terminal) is not told; R$ 1.500,00 is reais, 1.500 is refused naming the flag and the rule (exit 2)', async () => {
    routes['POST /v1/charges'] = { data: '{"id":"ch_1","status":"pending","amount":15}' };
    const quiet = await runHandler(chargeCreate, ['charge', 'create', '--amount', '15', '--no-qr'], { env });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toContain('centavos, R$ 0,15');
    routes['GET /v1/balance'] = { data: '{"available": 1000000}' };
    routes['POST /v1/payouts'] = { data: '{"id":"po_1","status":"pending","amount":150000}' };
    const grouped = await runHandler(payoutCreate, ['payout', 'create', '--amount', 'R$ 1.500,00', '--yes'], {
      env,
    });
    expect(grouped.code).toBe(0);
    expect(posts('/v1/payouts').map((r) => JSON.parse(r.body).amount)).toEqual([150000]);
    requests = [];
    const refused = await runHandler(payoutCreate, ['payout', 'create', '--amount', '1.500', '--yes'], {
      env,
    });
    expect(refused.code).toBe(2);
    expect(refused.failure).toContain('--amount: "1.500" is not a money value: use centavos (1500) or reais');
    expect(requests.filter((r) => r.path === '/v1/payouts')).toHaveLength(0);
  });
});

describe('wrappers: a resource in one member is read inside it', () => {
  const wrapped =
    '{"charge":{"id":"ch_w1","status":"ACTIVE","value":1500,"correlationID":"c-1"},"brCode":"000201"}';

  it('charge get --json exits 0 and prints the data as received', async () => {
    routes['GET /v1/charges/ch_w1'] = { data: wrapped };
    const result = await runHandler(chargeGet, ['charge', 'get', 'ch_w1'], { env, globals: { json: true } });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(wrapped));
    const table = await runHandler(chargeGet, ['charge', 'get', 'ch_w1'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/ID\s+ch_w1/);
    // `value` is not a name the API gives centavos: shown as received, flagged.
    expect(table.stdout).toMatch(/Amount\s+1500 \(unit unknown: value\)/);
    expect(table.stdout).toMatch(/correlationID\s+c-1/);
  });

  it('payout create: an answer holding the payout id inside {transfer} is a success (not exit 9)', async () => {
    routes['GET /v1/balance'] = { data: '{"available": 100000}' };
    routes['POST /v1/payouts'] = {
      data: '{"transfer":{"id":"tr_1","status":"CREATED","value":500,"dateCreated":"2026-11-01T10:00:00Z"}}',
    };
    const result = await runHandler(payoutCreate, ['payout', 'create', '--amount', '500', '--yes'], { env });
    expect(result.code).toBe(0);
    // `value: 500` may be centavos or reais: nothing is worked out from it (what is left available).
    expect(result.stderr).toContain(
      "WARNING: the payout's amount could not be checked against what paygate sent (its unit is unknown: gateway.money_unit declares it): sent amount 500 (centavos, R$ 5,00); the gateway's answer says value 500.",
    );
    expect(result.stderr).toContain(
      'Payout tr_1, CREATED: paid out 500 (unit unknown: value) (--amount 500 = 500 centavos).\n',
    );
    expect(result.stderr).not.toContain('left available');
    expect(result.stdout).toMatch(/ID\s+tr_1/);
    expect(posts('/v1/payouts')).toHaveLength(1);
  });

  it('charge refund --yes: the refund is a success when the charge comes back wrapped', async () => {
    routes['POST /v1/charges/ch_w1/refund'] = { data: '{"refund":{"id":"rf_1","status":"CONFIRMED"}}' };
    routes['GET /v1/charges/ch_w1'] = {
      data: '{"charge":{"id":"ch_w1","status":"REFUNDED","value":1500}}',
    };
    const result = await runHandler(chargeRefund, ['charge', 'refund', 'ch_w1', '--yes'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Status\s+REFUNDED/);
    expect(posts('/v1/charges/ch_w1/refund')).toHaveLength(1);
  });
});

describe('no type crashes anything', () => {
  it('account: a status that is an object is shown as JSON (not an internal error)', async () => {
    routes['GET /v1/account'] = { data: '{"id":123,"nickname":"LOJA","status":{"site_status":"active"}}' };
    const result = await runHandler(account, ['account'], { env });
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Status\s+\{"site_status":"active"\}/);
    expect(result.stdout).toMatch(/nickname\s+LOJA/);
  });

  it('a watch of a payout whose status is an object shows it as JSON, never [object Object]', async () => {
    routes['GET /v1/payouts/po_1'] = {
      data: '{"id":"po_1","status":{"code":"P1"},"amount":500,"split":[null]}',
    };
    const time = fakeTime();
    const result = await runHandler(payoutWatch, ['payout', 'watch', 'po_1', '--timeout', '5s'], {
      env,
      clock: time.clock,
      sleep: time.sleep,
    });
    expect(result.code).toBe(8);
    expect(result.failure).toContain('still {"code":"P1"} when the timeout ran out');
    expect(result.stderr + result.failure).not.toContain('[object Object]');
  });

  it('charge get: a split with a null entry and a status object is shown, not an internal error', async () => {
    routes['GET /v1/charges/ch_1'] = {
      data: '{"id":"ch_1","status":{"code":"P1"},"amount":500,"split":[null,{"seller_id":7,"amount":250,"percentage":50.5}]}',
    };
    const result = await runHandler(chargeGet, ['charge', 'get', 'ch_1'], { env });
    expect(result.stderr).not.toContain('internal error');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Status\s+\{"code":"P1"\}/);
    expect(result.stdout).toMatch(/Split\s+seller 7 R\$ 2,50 \(50\.5%\)/);
  });

  it("charge get: a boleto's due date written as a date-time, and a method in another case, are shown as written", async () => {
    routes['GET /v1/charges/ch_b'] = {
      data: '{"id":"ch_b","status":"pending","amount":500,"payment_method":"BOLETO","boleto":{"due_date":"2026-11-30T00:00:00Z"}}',
    };
    const result = await runHandler(chargeGet, ['charge', 'get', 'ch_b'], { env });
    expect(result.code).toBe(0);
    // Never moved through the time zone to the evening before (2026-11-29 21:00 in Brazil).
    expect(result.stdout).toMatch(/^Due date +2026-11-30T00:00:00Z$/m);
    expect(result.stdout).toMatch(/^Method +BOLETO$/m);
  });

  it('statuses in any letter case: FAILED is a failed payout (exit 7), an ACTIVE/APPROVED seller can receive a split', async () => {
    routes['GET /v1/payouts/po_1'] = { data: '{"id":"po_1","status":"FAILED","amount":500}' };
    const failed = await runHandler(payoutWatch, ['payout', 'watch', 'po_1', '--timeout', '5s'], { env });
    expect(failed.code).toBe(7);
    routes['GET /v1/sellers/search'] = {
      data: '{"seller_id":1002,"name":"Alfa","email":"alfa@example.com","status":"ACTIVE","compliance_status":"Approved"}',
    };
    const preview = await runHandler(
      splitPreview,
      ['split', 'preview', '--amount', '10000', '--split', 'alfa@example.com=100%', '--resolve'],
      { env },
    );
    expect(preview.stdout + preview.stderr + preview.failure).not.toContain('cannot receive a split');
    expect(preview.code).toBe(0);
  });

  it('charge create --split in Portuguese: a seller status outside the API list is shown as the gateway sent it', async () => {
    await speakPortuguese();
    routes['GET /v1/sellers/search'] = {
      data: '{"seller_id":1002,"name":"Alfa","email":"alfa@example.com","status":"blocked","compliance_status":"PENDING"}',
    };
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '10000', '--split', 'alfa@example.com=100%'],
      { env },
    );
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain(
      'situação blocked, não ativo; verificação pendente, não aprovada',
    );
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });
});

describe('watches read the amount under its other names', () => {
  it('payout watch: a Completed payout whose amount is named value ends on its amount, flagged', async () => {
    routes['GET /v1/payouts/po_1'] = { data: '{"id":"po_1","status":"Completed","value":500}' };
    const result = await runHandler(payoutWatch, ['payout', 'watch', 'po_1', '--timeout', '5s'], { env });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('✓ Completed: payout po_1 (500 (unit unknown: value))');
  });
});

describe("blank columns: amounts and times under the gateways' names", () => {
  const payouts =
    '[{"id":"po_1","status":"DONE","value":1234,"dateCreated":"2026-11-01T10:00:00Z"},{"id":"po_2","status":"DONE","valor":"12.34","horario":"2026-11-01T09:00:00Z"}]';

  it('payout list: the table and CSV fill AMOUNT and CREATED; a column no row fills is left out', async () => {
    routes['GET /v1/payouts'] = { data: payouts };
    const table = await runHandler(payoutList, ['payout', 'list'], { env });
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+AMOUNT\s+CREATED \([^)]+\)$/);
    expect(lines[1]).toMatch(/^po_1\s+DONE\s+1234 \(unit unknown: value\)\s+2026-11-01 \d\d:00$/);
    expect(lines[2]).toMatch(/^po_2\s+DONE\s+12\.34 \(unit unknown: valor\)\s+2026-11-01 \d\d:00$/);
    const csv = await runHandler(payoutList, ['payout', 'list'], { env, globals: { output: 'csv' } });
    const rows = csv.stdout.split('\r\n');
    expect(rows[1]).toBe('po_1,DONE,,,,2026-11-01T10:00:00Z,,,1234');
    expect(rows[2]).toBe('po_2,DONE,,,,2026-11-01T09:00:00Z,,,12.34');
  });

  it('payout get lists the fields it does not recognise (name: value), never drops them', async () => {
    routes['GET /v1/payouts/po_1'] = {
      data: '{"id":"po_1","status":"DONE","value":1234,"endToEndId":"E123","fee":{"value":1.5}}',
    };
    const result = await runHandler(payoutGet, ['payout', 'get', 'po_1'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Amount\s+1234 \(unit unknown: value\)/);
    expect(result.stdout).toMatch(/endToEndId\s+E123/);
    expect(result.stdout).toMatch(/fee\s+\{"value":1\.5\}/);
    expect(result.stdout).not.toMatch(/^value\s/m);
  });
});

describe('charge reconcile reads the amount under its other names, in the unit it was written in', () => {
  /** A charge journal with key k-value sent for 15000 centavos, in a fresh config dir (`unit` declared). */
  async function sentEntry(unit?: 'reais'): Promise<Record<string, string>> {
    routes['GET /v1/account'] = { data: '{"seller_id":"s_1"}' };
    const now = new Date().toISOString();
    routes['GET /v1/charges'] = {
      data: `[{"id":"ch_other","status":"pending","amount":999,"external_id":"k-value","created_at":"${now}"},{"id":"ch_value","status":"RECEIVED","value":150,"external_id":"k-value","created_at":"${now}"}]`,
    };
    const local = {
      ...env,
      PAYGATE_CONFIG_DIR: unit === undefined ? tempConfigDir() : tempConfigDirDeclaring(unit),
    };
    const journal = await accountJournalOf(local, { kind: 'charge' });
    const runner = await journal.acquire('k-value');
    const at = Date.now();
    await runner.begin({
      amount: 15000,
      description: 'k-value',
      balanceSeen: 0,
      at: new Date(at - 1000).toISOString(),
    });
    await runner.markSent(new Date(at - 900).toISOString(), 10 * 60_000);
    await runner.release();
    return local;
  }

  it('value 150 of unknown unit on a charge with the key as external_id: unknown (exit 9), never "not created"', async () => {
    const result = await runHandler(chargeReconcile, ['charge', 'reconcile', '--key', 'k-value'], {
      env: await sentEntry(),
    });
    expect(result.code, result.failure).toBe(9);
    expect(result.failure).toContain(
      'charge ch_value (external_id k-value) may be its, but it shows value 150',
    );
    expect(result.failure).toContain('nothing was changed');
  });

  it('with gateway.money_unit reais, value 150 is the 15000 centavos sent: settled; the one of 999 centavos is not it', async () => {
    const result = await runHandler(chargeReconcile, ['charge', 'reconcile', '--key', 'k-value'], {
      env: await sentEntry('reais'),
    });
    expect(result.code, result.failure).toBe(0);
    expect(result.stderr).toContain('--key k-value: settled, the charge was created: ch_value');
  });
});
