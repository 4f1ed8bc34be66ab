import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { account, balance } from '../../../src/commands/account/account.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { fund } from '../payout/support.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
  await fund(ts, 123_456);
});
afterAll(async () => ts.close());

describe('balance and account', () => {
  test('balance: R$ amounts for people, the API data exactly with --json, raw centavos in csv', async () => {
    const table = await runHandler(balance, ['balance'], { env: ts.env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/Available\s+R\$ 1\.185,30/);
    expect(table.stdout).toMatch(/Pending\s+R\$ 0,00/);
    expect(table.stdout).toMatch(/Reserved\s+R\$ 0,00/);
    const json = await runHandler(balance, ['balance'], { env: ts.env, globals: { json: true } });
    expect(JSON.parse(json.stdout)).toEqual({ available: 118_530, pending: 0, reserved: 0, currency: 'BRL' });
    const csv = await runHandler(balance, ['balance'], { env: ts.env, globals: { output: 'csv' } });
    expect(csv.stdout).toBe(
      'available,available_brl,pending,pending_brl,reserved,reserved_brl,currency,' +
        'available_as_received,pending_as_received,reserved_as_received\r\n' +
        '118530,1185.30,0,0.00,0,0.00,BRL,,,\r\n',
    );
  });

  test('account: a table of the seller; --json the data exactly', async () => {
    const table = await runHandler(account, ['account'], { env: ts.env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/Seller ID\s+1001/);
    expect(table.stdout).toMatch(new RegExp(`Name\\s+${ts.main.name}`));
    // Documents as people read them, and no raw field names (pix_enabled true).
    expect(table.stdout).toMatch(/Document\s+\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}\n/);
    expect(table.stdout).toMatch(/PIX key\s+\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2} \(cnpj\)/);
    expect(table.stdout).toMatch(/PIX\s+enabled\n/);
    expect(table.stdout).not.toContain('pix_enabled');
    const json = await runHandler(account, ['account'], { env: ts.env, globals: { json: true } });
    const data = JSON.parse(json.stdout);
    expect(data).toMatchObject({ seller_id: 1001, email: ts.main.email, person_type: 'PJ' });
    expect(Object.keys(data)[0]).toBe('seller_id');
  });

  test('no key: exit 4; a wrong key: exit 4; no arguments allowed', async () => {
    const noKey = await runHandler(balance, ['balance'], { env: { ...ts.env, PAYGATE_SECRET_KEY: '' } });
    expect(noKey.code).toBe(4);
    const wrong = await runHandler(account, ['account'], {
      env: { ...ts.env, PAYGATE_SECRET_KEY: 'sk_test_wrong' },
    });
    expect(wrong.code).toBe(4);
    // An argument is commander's own refusal: the whole CLI.
    const extra = await run(['balance', 'now'], { env: ts.env });
    expect(extra.code).toBe(2);
  });
});
