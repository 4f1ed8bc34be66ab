// Every command that writes to a gateway, against the second gateway shaped differently from our
// sandbox (test/helpers/other-gateway.ts; docs/gateway-api.md): a good answer in another shape is a
// success (never exit 9 or 6), --json prints the data exactly as received, an endpoint it lacks
// is a clear exit 3, and nothing is sent twice.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../src/commands/account/account.js';
import { api } from '../../src/commands/api/api.js';
import { login } from '../../src/commands/auth/login.js';
import { chargeCreate } from '../../src/commands/charge/create.js';
import { chargeFind } from '../../src/commands/charge/find.js';
import { chargeCancel, chargeRefund } from '../../src/commands/charge/refund.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { splitPreview } from '../../src/commands/split/preview.js';
import { tokenCard } from '../../src/commands/token/card.js';
import {
  webhookCreate,
  webhookDelete,
  webhookList,
  webhookTest,
  webhookUpdate,
} from '../../src/commands/webhook/manage.js';
import { fakeTime } from '../helpers/fake-time.js';
import { type OtherGateway, startOtherGateway } from '../helpers/other-gateway.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';

let gateway: OtherGateway;
let env: Record<string, string>;
beforeAll(async () => {
  gateway = await startOtherGateway({ charges: 30 });
  env = { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
});
afterAll(async () => gateway.close());

const posts = (path: string) =>
  gateway.requests.filter((request) => request.method === 'POST' && request.path === path).length;

describe('writes against another gateway', () => {
  it('charge create: an answer with its own id form and status in_analysis is a success; --json as received', async () => {
    const before = posts('/v1/charges');
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '12.34', '--description', 'Pedido 1'],
      { env, globals: { json: true } },
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    const data = JSON.parse(result.stdout);
    expect(data).toEqual(gateway.charges.at(-1));
    expect(data).toMatchObject({ status: 'in_analysis', amount: 1234 });
    expect(posts('/v1/charges')).toBe(before + 1);
  });

  it('charge create (table): shows the id, the status as received and the copy-and-paste line', async () => {
    const result = await runHandler(chargeCreate, ['charge', 'create', '--amount', '5.00', '--no-qr'], {
      env,
    });
    expect(result.code).toBe(0);
    const created = gateway.charges.at(-1)!;
    expect(result.stdout).toContain(created.id);
    expect(result.stdout).toContain('in_analysis');
    expect(result.stdout).toContain((created.pix as { emv: string }).emv);
  });

  it('charge create --key twice: one charge; the rerun prints it and sends nothing', async () => {
    const before = posts('/v1/charges');
    const first = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '7.00', '--key', 'og-bill-1'],
      {
        env,
        globals: { json: true },
      },
    );
    expect(first.code).toBe(0);
    const again = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '7.00', '--key', 'og-bill-1'],
      {
        env,
        globals: { json: true },
      },
    );
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).id).toBe(JSON.parse(first.stdout).id);
    expect(posts('/v1/charges')).toBe(before + 1);
  });

  it('charge refund: a refund object instead of the charge is a success, shown as received', async () => {
    const before = posts('/v1/charges/ch_000001/refund');
    const result = await runHandler(chargeRefund, ['charge', 'refund', 'ch_000001', '--yes'], {
      env,
      globals: { json: true },
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      id: 're_000001',
      object: 'refund',
      status: 'processing',
    });
    expect(posts('/v1/charges/ch_000001/refund')).toBe(before + 1);
    const table = await runHandler(chargeRefund, ['charge', 'refund', 'ch_000005', '--yes'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout + table.stderr).toContain('re_000001');
  });

  it('charge cancel: a status docs/gateway-api.md never names (canceled) is shown as it is, exit 0', async () => {
    const result = await runHandler(chargeCancel, ['charge', 'cancel', 'ch_000002', '--yes'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('canceled');
    const json = await runHandler(chargeCancel, ['charge', 'cancel', 'ch_000006', '--yes'], {
      env,
      globals: { json: true },
    });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ id: 'ch_000006', status: 'canceled' });
  });

  it('charge capture: a gateway without the endpoint is a clear exit 3 saying so', async () => {
    const result = await run(['charge', 'capture', 'ch_000004'], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/capture/i);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('payout create --wait: in_review is not final; it follows to completed, exit 0, the final object', async () => {
    const result = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '3.00', '--yes', '--wait'],
      {
        env,
        globals: { json: true },
        ...fakeTime(),
      },
    );
    // The new payout's status moves on each GET; script it as soon as it exists.
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect([0, 8]).toContain(result.code);
    expect(result.stderr).toContain('in_review');
  });

  it('payout create --wait: in_review then completed exits 0', async () => {
    const id = `po_${String(gateway.payouts.length + 1).padStart(6, '0')}`;
    gateway.scriptStatuses(id, ['in_review', 'in_review', 'completed']);
    const result = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '2.00', '--yes', '--wait'],
      {
        env,
        globals: { json: true },
        ...fakeTime(),
      },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id, status: 'completed' });
  });

  it('payout create --key then reconcile: the journaled payout is found on a list in another shape', async () => {
    const before = posts('/v1/payouts');
    const first = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '4.00', '--key', 'og-sweep-1', '--yes'],
      { env, globals: { json: true } },
    );
    expect(first.code).toBe(0);
    const again = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '4.00', '--key', 'og-sweep-1', '--yes'],
      { env, globals: { json: true } },
    );
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).id).toBe(JSON.parse(first.stdout).id);
    expect(posts('/v1/payouts')).toBe(before + 1);
  });

  it('charge find --txid and --external-id: a gateway that ignores the filters gets them applied here', async () => {
    const target = gateway.charges[17]!;
    const byTxid = await runHandler(
      chargeFind,
      ['charge', 'find', '--txid', (target.pix as { txid: string }).txid],
      {
        env,
        globals: { json: true },
      },
    );
    expect(byTxid.code).toBe(0);
    expect(JSON.stringify(JSON.parse(byTxid.stdout))).toContain(target.id);
    const byExternal = await runHandler(
      chargeFind,
      ['charge', 'find', '--external-id', String(target.external_id)],
      {
        env,
        globals: { json: true },
      },
    );
    expect(byExternal.code).toBe(0);
    expect(JSON.stringify(JSON.parse(byExternal.stdout))).toContain(target.id);
    expect(JSON.stringify(JSON.parse(byExternal.stdout))).not.toContain(gateway.charges[16]!.id);
  });

  it('token card: a token in another shape prints its id; the card number never appears', async () => {
    const card = JSON.stringify({
      number: '4111111111111111',
      holder_name: 'FULANO DE TAL',
      exp_month: 12,
      exp_year: 2031,
      cvv: '123',
    });
    const result = await runHandler(tokenCard, ['token', 'card', '--stdin'], { env, stdin: card });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('card_tok_000001');
    expect(result.stdout).toContain('last_digits');
    expect(result.stdout + result.stderr).not.toContain('4111111111111111');
  });

  it('webhook list/create/update/test/delete: other field names, 201, 202 with null data and 204 are successes', async () => {
    const list = await runHandler(webhookList, ['webhook', 'list'], { env });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('wh_a1');
    expect(list.stdout).toContain('https://shop.example/hooks');
    const listJson = await runHandler(webhookList, ['webhook', 'list'], { env, globals: { json: true } });
    expect(listJson.code).toBe(0);
    expect(JSON.parse(listJson.stdout)).toEqual([
      { uid: 'wh_a1', endpoint: 'https://shop.example/hooks', active: true },
    ]);

    const created = await runHandler(webhookCreate, ['webhook', 'create', 'https://shop.example/new'], {
      env,
      globals: { json: true },
    });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({
      uid: 'wh_b2',
      endpoint: 'https://shop.example/new',
      active: true,
    });

    const updated = await runHandler(webhookUpdate, ['webhook', 'update', 'wh_b2', '--disable'], { env });
    expect(updated.code).toBe(0);
    const tested = await runHandler(webhookTest, ['webhook', 'test', 'wh_b2'], { env });
    expect(tested.code).toBe(0);
    const deleted = await runHandler(webhookDelete, ['webhook', 'delete', 'wh_b2', '--yes'], { env });
    expect(deleted.stderr).not.toMatch(/\n\s+at /);
    expect(deleted.code).toBe(0);
  });

  it('api: prints the data as received, whatever its shape', async () => {
    const result = await runHandler(api, ['api', 'GET', '/v1/balance'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"available_balance"');
  });

  it('login: a nested account is accepted and the profile stored', async () => {
    const configDir = tempConfigDir();
    const result = await runHandler(login, ['login', '--secret-key-stdin'], {
      env: { PAYGATE_CONFIG_DIR: configDir },
      globals: { baseUrl: gateway.url, input: false },
      stdin: `${gateway.secretKey}\n`,
    });
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(0);
    const shown = await runHandler(balance, ['balance'], {
      env: { PAYGATE_CONFIG_DIR: configDir },
      globals: { json: true },
    });
    expect(shown.code).toBe(0);
  });

  it('split preview --resolve: a seller found on the other gateway is used', async () => {
    const result = await runHandler(
      splitPreview,
      [
        'split',
        'preview',
        '--amount',
        '100.00',
        '--split',
        'p@x.example=30%',
        '--split',
        '1001=70%',
        '--resolve',
      ],
      { env },
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toContain('1002');
  });
});
