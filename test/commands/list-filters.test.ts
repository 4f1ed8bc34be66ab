// The list filters people asked for: several statuses at once, an external id, and payouts by
// time; each applied here as well as sent, for a gateway may ignore a filter (docs/gateway-api.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeCreate } from '../../src/commands/charge/create.js';
import { chargeList } from '../../src/commands/charge/list.js';
import { chargeRefund } from '../../src/commands/charge/refund.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { payoutGet } from '../../src/commands/payout/get.js';
import { payoutList } from '../../src/commands/payout/list.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let ts: TestSandbox;
const ids: Record<string, string> = {};
beforeAll(async () => {
  ts = await startTestSandbox();
  for (const [name, amount] of [
    ['paid', 1000],
    ['refunded', 2000],
    ['pending', 3000],
  ] as const) {
    const created = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--amount',
        String(amount),
        '--external-id',
        `order-${name}`,
        '--description',
        `Pedido ${name}`,
      ],
      { env: ts.env, globals: { json: true } },
    );
    ids[name] = JSON.parse(created.stdout).id;
  }
  await ts.control(`/_sandbox/charges/${ids.paid}/pay`);
  await ts.control(`/_sandbox/charges/${ids.refunded}/pay`);
  await runHandler(chargeRefund, ['charge', 'refund', ids.refunded!, '--yes'], { env: ts.env });
  await runHandler(payoutCreate, ['payout', 'create', '--amount', '5.00', '--yes'], { env: ts.env });
});
afterAll(async () => ts.close());
const env = () => ({ ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() });
const idsOf = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line).id)
    .sort();

describe('charge list filters', () => {
  it('--status paid,refunded and --status paid --status refunded: both statuses, nothing else', async () => {
    const comma = await runHandler(chargeList, ['charge', 'list', '--status', 'paid,refunded'], {
      env: env(),
      globals: { output: 'ndjson' },
    });
    expect(comma.code, comma.stderr).toBe(0);
    expect(idsOf(comma.stdout)).toEqual([ids.paid, ids.refunded].sort());
    const repeated = await runHandler(
      chargeList,
      ['charge', 'list', '--status', 'paid', '--status', 'refunded'],
      {
        env: env(),
        globals: { output: 'ndjson' },
      },
    );
    expect(idsOf(repeated.stdout)).toEqual([ids.paid, ids.refunded].sort());
    const wrong = await run(['charge', 'list', '--status', 'paid,payed'], { env: env() });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--status: "payed" is not one of: pending, ');
  });

  it('--external-id finds the charges of one order; the table shows the description', async () => {
    const result = await runHandler(chargeList, ['charge', 'list', '--external-id', 'order-pending'], {
      env: env(),
      globals: { output: 'ndjson' },
    });
    expect(idsOf(result.stdout)).toEqual([ids.pending]);
    const table = await runHandler(chargeList, ['charge', 'list'], { env: env() });
    expect(table.stdout).toContain('Pedido pending');
  });
});

describe('payout list filters and views', () => {
  it('--since/--until bound payouts by creation time; the view shows when it completed', async () => {
    const recent = await runHandler(payoutList, ['payout', 'list', '--since', '1h'], {
      env: env(),
      globals: { output: 'ndjson' },
    });
    expect(recent.code, recent.stderr).toBe(0);
    expect(idsOf(recent.stdout)).toHaveLength(1);
    const old = await runHandler(payoutList, ['payout', 'list', '--until', '1h'], { env: env() });
    expect(old.code).toBe(0);
    expect(old.stderr).toContain('No payouts match.');
    const id = idsOf(recent.stdout)[0]!;
    await ts.control(`/_sandbox/payouts/${id}/complete`);
    const shown = await runHandler(payoutGet, ['payout', 'get', id], { env: env() });
    expect(shown.stdout).toMatch(/Completed\s+\d{4}-\d{2}-\d{2}/);
  });
});
