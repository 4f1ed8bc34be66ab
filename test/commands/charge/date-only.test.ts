// A gateway's date-only creation time (Asaas's `dateCreated: "2026-11-26"`) is a calendar date:
// `charge list`, `charge get` and CSV show 2026-11-26 (never "2026-11-25 21:00", the UTC
// midnight moved to São Paulo), `--since 2026-11-26` keeps it, and a bound with a time of day
// that cuts its day keeps it and says so. A time without a zone is shown as written.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeGet } from '../../../src/commands/charge/get.js';
import { chargeList } from '../../../src/commands/charge/list.js';
import { json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { loadFixture } from '../../helpers/real-gateways/profiles.js';
import { plainRaw } from '../../helpers/real-gateways.js';
import { tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';

/** An Asaas payment as its API writes it, with this id and creation date. */
function asaasCharge(id: string, dateCreated: string): Record<string, unknown> {
  const charge = plainRaw(loadFixture('asaas').charge) as Record<string, unknown>;
  return { ...charge, id, dateCreated, externalReference: id };
}

const CHARGES = [
  asaasCharge('pay_27', '2026-11-27'),
  asaasCharge('pay_26', '2026-11-26'),
  asaasCharge('pay_25', '2026-11-25'),
];

let server: TestServer;
const savedTz = process.env.TZ;
beforeAll(async () => {
  process.env.TZ = 'America/Sao_Paulo'; // UTC-3: a UTC midnight is 21:00 the day before
  server = await startServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    if (path === '/v1/charges') return json(res, 200, ok(CHARGES, { has_more: false }));
    const found = CHARGES.find((charge) => path === `/v1/charges/${charge.id}`);
    if (found) return json(res, 200, ok(found));
    if (path === '/v1/charges/pay_wall')
      return json(res, 200, ok(asaasCharge('pay_wall', '2024-07-13 10:12:44')));
    json(res, 404, { errors: [{ code: 'invalid_object', description: 'Cobrança não encontrada.' }] });
  });
});
afterAll(async () => {
  await server.close();
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

let env: Record<string, string>;
beforeEach(() => {
  env = {
    PAYGATE_BASE_URL: server.url,
    PAYGATE_SECRET_KEY: 'sk_test_date_only_0123456789',
    PAYGATE_CONFIG_DIR: tempConfigDir(),
  };
});

const rowOf = (stdout: string, id: string) => stdout.split('\n').find((line) => line.includes(id)) ?? '';

describe('a date-only dateCreated is the date it says', () => {
  it('charge list (table): 2026-11-26, never the evening before', async () => {
    const result = await runHandler(chargeList, ['charge', 'list'], { env });
    expect(result.code, result.failure).toBe(0);
    expect(rowOf(result.stdout, 'pay_26')).toContain('2026-11-26');
    expect(result.stdout).not.toMatch(/2026-11-2\d \d\d:\d\d/);
  });

  it('charge get: Created 2026-11-26', async () => {
    const result = await runHandler(chargeGet, ['charge', 'get', 'pay_26'], { env });
    expect(result.code, result.failure).toBe(0);
    expect(result.stdout).toMatch(/Created\s+2026-11-26\s*$/m);
    expect(result.stdout).not.toContain('21:00');
  });

  it('charge get: a time without a zone is shown as written', async () => {
    const result = await runHandler(chargeGet, ['charge', 'get', 'pay_wall'], { env });
    expect(result.code, result.failure).toBe(0);
    expect(result.stdout).toMatch(/Created\s+2024-07-13 10:12:44/);
  });

  it('charge list -o csv keeps the date; --excel writes it DD/MM/AAAA', async () => {
    const csv = await runHandler(chargeList, ['charge', 'list'], { env, globals: { output: 'csv' } });
    expect(csv.code, csv.failure).toBe(0);
    const [header, ...rows] = csv.stdout.trim().split('\n');
    const column = header!.split(',').indexOf('created_at');
    expect(column).toBeGreaterThanOrEqual(0);
    const row = rows.find((line) => line.startsWith('pay_26,'))!;
    expect(row.split(',')[column]).toBe('2026-11-26');

    const excel = await runHandler(chargeList, ['charge', 'list'], { env, globals: { excel: true } });
    expect(excel.code, excel.failure).toBe(0);
    expect(rowOf(excel.stdout, 'pay_26')).toContain(';26/11/2026;');
  });

  it('--since 2026-11-26 keeps that day; --until 2026-11-26 keeps that whole day and ends before the 27th', async () => {
    const since = await runHandler(chargeList, ['charge', 'list', '--since', '2026-11-26'], { env });
    expect(since.code, since.failure).toBe(0);
    expect(since.stdout).toContain('pay_26');
    expect(since.stdout).toContain('pay_27');
    expect(since.stdout).not.toContain('pay_25');

    const day = await runHandler(
      chargeList,
      ['charge', 'list', '--since', '2026-11-26', '--until', '2026-11-26'],
      { env },
    );
    expect(day.code, day.failure).toBe(0);
    expect(day.stdout).toContain('pay_26');
    expect(day.stdout).not.toContain('pay_27');
    expect(day.stdout).not.toContain('pay_25');
    expect(day.stderr).not.toContain('only a date');
  });

  it('a bound with a time of day that cuts the day keeps its date-only rows and says so', async () => {
    const result = await runHandler(chargeList, ['charge', 'list', '--since', '2026-11-26T12:00'], { env });
    expect(result.code, result.failure).toBe(0);
    expect(result.stdout).toContain('pay_26');
    expect(result.stdout).toContain('pay_27');
    expect(result.stdout).not.toContain('pay_25');
    expect(result.stderr).toContain('1 of the charges carries only a date, on the day --since/--until cut');
  });
});
