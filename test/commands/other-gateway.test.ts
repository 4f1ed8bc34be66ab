// Every command that reads from a gateway, against a second gateway shaped differently from our
// sandbox where docs/gateway-api.md says "not shown" (test/helpers/other-gateway.ts; docs/gateway-api.md): no false
// failure, no silent wrong result, --json exactly as received, money never guessed, unknown
// statuses never final.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, balance } from '../../src/commands/account/account.js';
import { chargeList } from '../../src/commands/charge/list.js';
import { chargeWatch } from '../../src/commands/charge/watch.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { payoutGet } from '../../src/commands/payout/get.js';
import { payoutList } from '../../src/commands/payout/list.js';
import { payoutWatch } from '../../src/commands/payout/watch.js';
import { sellerFind } from '../../src/commands/seller/find.js';
import { fakeTime } from '../helpers/fake-time.js';
import { type OtherGateway, startOtherGateway } from '../helpers/other-gateway.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';

let gateway: OtherGateway;
let env: Record<string, string>;
beforeAll(async () => {
  gateway = await startOtherGateway();
  env = { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
});
afterAll(async () => gateway.close());

describe('against another gateway', () => {
  it('account: a nested account is shown field by field, never a table of blanks; --json as received', async () => {
    const table = await runHandler(account, ['account'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Outra Loja SA');
    expect(table.stdout).toContain('77');
    const json = await runHandler(account, ['account'], { env, globals: { json: true } });
    expect(JSON.parse(json.stdout)).toEqual({
      account: {
        id: 'acc_9',
        seller_id: 77,
        legal_name: 'Outra Loja SA',
        email: 'fin@outra.example',
        kyc: 'ok',
      },
    });
  });

  it('balance: --json prints the data exactly; the table shows decimal strings as received, flagged', async () => {
    const json = await runHandler(balance, ['balance'], { env, globals: { json: true } });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      available_balance: '1234.56',
      pending_balance: '0.00',
      currency: 'BRL',
    });
    const table = await runHandler(balance, ['balance'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('1234.56');
    expect(table.stdout).not.toContain('R$ 1.234,56');
    expect(table.stderr).toMatch(/not.*centavos|as received/i);
  });

  it('payout get: a provider object and odd fields are a success', async () => {
    const result = await runHandler(payoutGet, ['payout', 'get', 'po_000001'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('po_000001');
    expect(result.stdout).toContain('completed');
  });

  it('payout watch: in_review is not final; it keeps waiting and exits 0 at completed', async () => {
    gateway.scriptStatuses('po_000003', ['in_review', 'in_review', 'completed']);
    const result = await runHandler(payoutWatch, ['payout', 'watch', 'po_000003'], { env, ...fakeTime() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('completed');
  });

  it('charge watch: in_analysis is not final; at the timeout it is exit 8, never 7', async () => {
    gateway.scriptStatuses('ch_000003', ['in_analysis']);
    const result = await runHandler(chargeWatch, ['charge', 'watch', 'ch_000003', '--timeout', '10s'], {
      env,
      ...fakeTime(),
    });
    expect(result.code).toBe(8);
    expect(result.stderr + result.failure).toContain('in_analysis');
  });

  it('charge list --since 7d: a gateway that ignores the filter and sorts oldest first gets both applied here', async () => {
    const weekAgo = Date.now() / 1000 - 7 * 86400;
    const expected = gateway.charges.filter((charge) => charge.created_at >= weekAgo);
    expect(expected.length).toBeGreaterThan(20);
    const newest = await runHandler(chargeList, ['charge', 'list', '--since', '7d'], {
      env,
      globals: { output: 'ndjson' },
    });
    expect(newest.code).toBe(0);
    const shown = newest.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    // A range without --limit is the whole range, newest first.
    expect(shown).toEqual(expected.map((charge) => charge.id).reverse());
    expect(newest.stderr).toContain('does not list charges newest first');

    const all = await runHandler(chargeList, ['charge', 'list', '--since', '7d', '--all'], {
      env,
      globals: { output: 'ndjson' },
    });
    expect(all.code).toBe(0);
    const streamed = all.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(streamed).toEqual(expected.map((charge) => charge.id));
    expect(all.stderr).toContain('rows follow its order');
  });

  it('charge list --all -o ndjson: every charge of a cursor-paged list, each once', async () => {
    const result = await runHandler(chargeList, ['charge', 'list', '--all'], {
      env,
      globals: { output: 'ndjson' },
    });
    expect(result.code).toBe(0);
    const ids = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(new Set(ids).size).toBe(gateway.charges.length);
  });

  it('payout list --status completed: a gateway that ignores the filter gets it applied here', async () => {
    const result = await runHandler(payoutList, ['payout', 'list', '--status', 'completed'], {
      env,
      globals: { output: 'ndjson' },
    });
    expect(result.code).toBe(0);
    const ids = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    const completed = gateway.payouts.filter((payout) => payout.status === 'completed');
    expect(completed.length).toBeLessThan(gateway.payouts.length);
    expect(ids.sort()).toEqual(completed.map((payout) => payout.id).sort());
  });

  it('charge get of an unknown id: its own error type maps by status (exit 3), one clear line', async () => {
    const result = await run(['charge', 'get', 'ch_999999'], { env });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('No such charge');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('seller find: a list answer with other statuses is read', async () => {
    const result = await runHandler(sellerFind, ['seller', 'find', 'p@x.example'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1002');
  });

  it('payout create --all: a balance it cannot read as centavos is refused (exit 3), nothing sent', async () => {
    const posts = () => gateway.requests.filter((request) => request.method === 'POST').length;
    const before = posts();
    const result = await runHandler(payoutCreate, ['payout', 'create', '--all', '--yes'], { env });
    expect(result.code).toBe(3);
    expect(result.failure).toMatch(/balance/i);
    expect(posts()).toBe(before);
  });

  it('payout create --amount: warns the balance could not be checked, the gateway decides; in_review is a success', async () => {
    const result = await runHandler(payoutCreate, ['payout', 'create', '--amount', '5.00', '--yes'], {
      env,
      globals: { json: true },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'in_review', amount: 500 });
    expect(result.stderr).toMatch(/could not (be )?check/i);
  });
});
