// What counts as a key's mark on the gateway (docs/gateway-api.md, "The gateway's record of a
// key"): a payout's mark wherever the gateway keeps the description (Pagar.me's
// `metadata.description`, Woovi's `comment`, Efí's `infoPagador`), in any letter case; a mark cut
// short is neither taken nor passed over (exit 9); reconcile never says "not sent" while a marked
// payout's time cannot exclude it; a charge that only shares the person's external_id is not the
// key's.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { chargeCreate } from '../../src/commands/charge/create.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { payoutReconcile } from '../../src/commands/payout/reconcile.js';
import { valueAt } from '../../src/domain/resource-fields.js';
import { accountJournalOf, journalStoreOf } from '../helpers/journal.js';
import { journalUrlFor, usePostgres } from '../helpers/postgres.js';
import type { GatewayName } from '../helpers/real-gateways/profiles.js';
import {
  plainRaw,
  type RealGateway,
  type RealGatewayOptions,
  startRealGateway,
} from '../helpers/real-gateways.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { createPayoutDirectly, fund } from './payout/support.js';

const MINUTE = 60_000;
const KEY = 'sweep-2026-11-26';
const json = { json: true };

let gateway: RealGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

async function start(name: GatewayName, options: RealGatewayOptions = {}): Promise<RealGateway> {
  gateway = await startRealGateway(name, { charges: 5, payouts: 5, ...options });
  return gateway;
}

/** The environment of a fresh container: the gateway's account, a config dir of its own. */
const fresh = (on: RealGateway) => ({ ...on.env, PAYGATE_CONFIG_DIR: tempConfigDir() });
const postsTo = (on: RealGateway, path: string) =>
  on.requests.filter((request) => request.method === 'POST' && request.path === path).length;
const payout = (key: string, amount = '10.00', ...more: string[]) => [
  'payout',
  'create',
  '--amount',
  amount,
  '--key',
  key,
  '--yes',
  ...more,
];
/** The newest payout the gateway made, as it lists it. */
const newest = (on: RealGateway) => plainRaw(on.payouts.at(-1)!.item) as Record<string, unknown>;

describe("a payout's mark, wherever the gateway keeps the description", () => {
  test.each([
    ['pagarme', 'metadata.description'],
    ['woovi', 'payment.comment'],
    ['efi', 'infoPagador'],
  ] as const)(
    '%s keeps it in %s: a rerun from a fresh config dir sends no POST, prints the payout, exit 0',
    async (name, path) => {
      const on = await start(name, { keepDescription: (description) => description });
      const first = await runHandler(payoutCreate, payout(KEY), { env: fresh(on), globals: json });
      expect(first.code, first.stderr).toBe(0);
      expect(valueAt(newest(on), path)).toBe(`payout ${KEY}`);
      const made = on.payouts.at(-1)!.id;

      const second = await runHandler(payoutCreate, payout(KEY), { env: fresh(on), globals: json });
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toContain(`Already made with --key ${KEY}, found on the gateway: payout ${made}`);
      expect(second.stderr).not.toContain('could carry');
      expect(postsTo(on, '/v1/payouts')).toBe(1);
      expect(second.stdout).toContain(made);
    },
  );

  test("the person's description with ` [KEY]`, upper-cased by the gateway, is the mark", async () => {
    const on = await start('pagarme', { keepDescription: (description) => description.toUpperCase() });
    const argv = payout(KEY, '10.00', '--description', 'Repasse semanal');
    const first = await runHandler(payoutCreate, argv, { env: fresh(on) });
    expect(first.code, first.stderr).toBe(0);
    expect(valueAt(newest(on), 'metadata.description')).toBe(`REPASSE SEMANAL [${KEY.toUpperCase()}]`);
    const second = await runHandler(payoutCreate, argv, { env: fresh(on) });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('found on the gateway');
    expect(postsTo(on, '/v1/payouts')).toBe(1);
  });

  test('a mark cut short, same amount: exit 9 naming the payout, nothing sent; another amount pays', async () => {
    const on = await start('pagarme', { keepDescription: (description) => description.slice(0, 16) });
    const first = await runHandler(payoutCreate, payout(KEY), { env: fresh(on) });
    expect(first.code, first.stderr).toBe(0);
    const made = on.payouts.at(-1)!.id;
    expect(valueAt(newest(on), 'metadata.description')).toBe('payout sweep-202');

    const again = await runHandler(payoutCreate, payout(KEY), { env: fresh(on) });
    expect(again.code).toBe(9);
    expect(again.failure).toContain(`payout ${made}`);
    expect(again.failure).toContain(
      '"payout sweep-202", which may be the mark of --key sweep-2026-11-26 cut short',
    );
    expect(again.failure).toContain(`paygate payout get ${made}`);
    expect(postsTo(on, '/v1/payouts')).toBe(1);
    const plan = await runHandler(payoutCreate, payout(KEY, '10.00', '--dry-run'), {
      env: fresh(on),
      globals: json,
    });
    expect(JSON.parse(plan.stdout).journal).toContain(
      `cut short (${made}): a real run would refuse (exit 9)`,
    );

    const other = await runHandler(payoutCreate, payout(KEY, '20.00'), { env: fresh(on) });
    expect(other.code, other.stderr).toBe(0);
    expect(postsTo(on, '/v1/payouts')).toBe(2);
  });
});

/** A journal entry left in `sent` at `at` by a run that died after (maybe) sending 1000 centavos. */
async function sentEntry(env: Record<string, string>, key: string, description: string, at: number) {
  const journal = await accountJournalOf(env, { kind: 'payout', pid: 2 ** 22 + 97, isAlive: () => false });
  const runner = await journal.acquire(key);
  await runner.begin({ amount: 1000, description, balanceSeen: null, at: new Date(at).toISOString() });
  await runner.markSent(new Date(at + 100).toISOString(), 10 * MINUTE);
  await runner.release();
}

/** A payout the gateway made for a POST whose answer the run never read. */
async function payoutMadeOn(on: RealGateway, description: string): Promise<void> {
  const response = await fetch(`${on.url}/v1/payouts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${on.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1000, description }),
  });
  expect(response.status).toBe(200);
}

describe('payout reconcile never says "not sent" while the mark may be there', () => {
  /** Past the outcome window, when "no match" would mean "not sent". */
  const afterWindow = { now: () => Date.now() + 11 * MINUTE };

  test.each([
    ['a bare date', (ms: number) => new Date(ms).toISOString().slice(0, 10)],
    [
      'a local time without a zone (3 hours behind UTC)',
      (ms: number) => new Date(ms - 180 * MINUTE).toISOString().slice(0, 19),
    ],
  ])(
    "created_at as %s: the marked payout is the key's (done), and a rerun pays nothing",
    async (_, stamp) => {
      const on = await start('pagarme', {
        keepDescription: (description) => description,
        madePayout: (item) => {
          item.created_at = stamp(Date.now());
        },
      });
      const env = fresh(on);
      await sentEntry(env, KEY, `payout ${KEY}`, Date.now() - 1000);
      await payoutMadeOn(on, `payout ${KEY}`);
      const made = on.payouts.at(-1)!.id;

      const settled = await runHandler(payoutReconcile, ['payout', 'reconcile', '--key', KEY], {
        env,
        globals: json,
        clock: afterWindow,
      });
      expect(settled.code, settled.stderr).toBe(0);
      expect(JSON.parse(settled.stdout)).toMatchObject({ state: 'done', payout: { id: made } });
      const rerun = await runHandler(payoutCreate, payout(KEY), { env });
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(postsTo(on, '/v1/payouts')).toBe(1);
    },
  );

  test('a mark cut short with the same amount: unknown (exit 9, naming the payout), the entry stays unsettled', async () => {
    const on = await start('pagarme', { keepDescription: (description) => description.slice(0, 16) });
    const env = fresh(on);
    await sentEntry(env, KEY, `payout ${KEY}`, Date.now() - 1000);
    await payoutMadeOn(on, `payout ${KEY}`);
    const made = on.payouts.at(-1)!.id;

    const result = await runHandler(payoutReconcile, ['payout', 'reconcile', '--key', KEY], {
      env,
      clock: afterWindow,
    });
    expect(result.code).toBe(9);
    expect(result.failure).toContain(`payout ${made} may be its`);
    expect(result.failure).toContain("may be this key's mark cut short");
    expect(result.failure).toContain(`--payout-id ID`);
    const state = (await (await accountJournalOf(env, { kind: 'payout' })).read(KEY))?.state;
    expect(['sent', 'unknown']).toContain(state);
    // The person says which: settled.
    const picked = await runHandler(
      payoutReconcile,
      ['payout', 'reconcile', '--key', KEY, '--payout-id', made],
      { env, clock: afterWindow },
    );
    expect(picked.code, picked.stderr).toBe(0);
    expect(picked.stderr).toContain(`settled: payout ${made}`);
  });
});

describe("a charge's mark is the key's own, not the person's external_id", () => {
  test('--external-id X with an older charge of external_id X on a gateway that drops metadata: exit 9 naming it, nothing sent', async () => {
    // Woovi's charges show no metadata; its correlationID is the charge's own reference.
    const on = await start('woovi');
    const older = on.charges.at(-2)!;
    const result = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--amount',
        '10.00',
        '--key',
        'inv-1',
        '--external-id',
        older.reference,
        '--no-qr',
      ],
      { env: fresh(on) },
    );
    expect(result.code).toBe(9);
    expect(result.failure).toContain(`charge ${older.id} on the gateway has external_id ${older.reference}`);
    expect(result.failure).toContain('shows no metadata');
    expect(result.failure).toContain(`paygate charge get ${older.id}`);
    expect(postsTo(on, '/v1/charges')).toBe(0);
  });
});

describe('on the sandbox', () => {
  let ts: TestSandbox;
  beforeAll(async () => {
    ts = await startTestSandbox();
  });
  afterAll(async () => ts.close());
  beforeEach(async () => {
    ts.sandbox.reset();
    await fund(ts, 1_000_000);
  });
  const freshSandbox = (): Record<string, string> => ({ ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() });
  const chargeBodies = () =>
    ts.sandbox.requests
      .filter((request) => request.method === 'POST' && request.path === '/v1/charges')
      .map((request) => request.body);

  async function olderCharge(body: Record<string, unknown>): Promise<string> {
    const response = await fetch(`${ts.url}/v1/charges`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ts.main.secret_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1000, payment_method: 'pix', ...body }),
    });
    return ((await response.json()) as { data: { id: string } }).data.id;
  }

  test("a keyed charge carries its key in metadata.paygate_key, beside the person's own entries", async () => {
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '10.00', '--key', 'inv-2', '--metadata', 'pedido=7', '--no-qr'],
      { env: freshSandbox(), globals: json },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(chargeBodies().at(-1)).toMatchObject({
      external_id: 'inv-2',
      metadata: { pedido: '7', paygate_key: 'inv-2' },
    });
  });

  test.each<[string, Record<string, unknown>]>([
    ['unkeyed', {}],
    ["another key's", { metadata: { paygate_key: 'inv-other' } }],
  ])(
    '--external-id X with an older %s charge of external_id X: the new charge is made (one POST)',
    async (_, more) => {
      const older = await olderCharge({ external_id: 'order-55', ...more });
      const before = chargeBodies().length;
      const result = await runHandler(
        chargeCreate,
        ['charge', 'create', '--amount', '10.00', '--key', 'inv-3', '--external-id', 'order-55', '--no-qr'],
        { env: freshSandbox(), globals: json },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toContain('found on the gateway');
      expect(chargeBodies().length).toBe(before + 1);
      expect(JSON.parse(result.stdout).id).not.toBe(older);
      // Made with the key's mark: a fresh rerun finds it, not the older one.
      const rerun = await runHandler(
        chargeCreate,
        ['charge', 'create', '--amount', '10.00', '--key', 'inv-3', '--external-id', 'order-55', '--no-qr'],
        { env: freshSandbox(), globals: json },
      );
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(rerun.stderr).toContain('found on the gateway');
      expect(JSON.parse(rerun.stdout).id).toBe(JSON.parse(result.stdout).id);
      expect(chargeBodies().length).toBe(before + 1);
    },
  );

  test('charge reconcile: a charge with the key\'s mark but another amount leaves the key unknown (exit 9), never "not created"', async () => {
    const env = freshSandbox();
    const journal = await journalStoreOf(env, 'charge');
    const runner = await journal.acquire('inv-4');
    const at = Date.now() - 1000;
    await runner.begin({
      amount: 1000,
      description: 'inv-4',
      balanceSeen: null,
      at: new Date(at).toISOString(),
    });
    await runner.markSent(new Date(at + 100).toISOString(), 10 * MINUTE);
    await runner.release();
    const other = await olderCharge({
      amount: 2000,
      external_id: 'inv-4',
      metadata: { paygate_key: 'inv-4' },
    });
    const result = await run(['charge', 'reconcile', '--key', 'inv-4'], {
      env,
      clock: { now: () => Date.now() + 11 * MINUTE },
    });
    expect(result.code).toBe(9);
    expect(result.stderr).toContain(
      `charge ${other} (external_id inv-4) may be its, but it shows amount 2000`,
    );
    expect((await journal.read('inv-4'))?.state).toBe('sent');
  });

  describe.each(['file', 'postgres'] as const)('%s journal', (journalName) => {
    const postgres = usePostgres();
    const environment = async (label: string) => {
      const env = freshSandbox();
      if (journalName === 'postgres') env.PAYGATE_JOURNAL_URL = await journalUrlFor(postgres.url!, label);
      return env;
    };
    /** Past the outcome window, when "no match" means "not sent". */
    const afterWindow = { now: () => Date.now() + 11 * MINUTE };

    test.for([
      ['payout', 'payout K'],
      ['charge', 'K'],
    ] as const)(
      '%s: after reconcile said "not sent", a rerun looks at the gateway again before sending',
      async ([kind, mark], context) => {
        if (journalName === 'postgres' && !postgres.url) return context.skip(postgres.skipReason);
        const key = `late-${kind}`;
        const env = await environment(`late_${kind}`);
        const journal = await journalStoreOf(env, kind);
        const runner = await journal.acquire(key);
        const at = Date.now() - 1000;
        const description = mark.replace('K', key);
        await runner.begin({ amount: 1000, description, balanceSeen: null, at: new Date(at).toISOString() });
        await runner.markSent(new Date(at + 100).toISOString(), 10 * MINUTE);
        await runner.release();
        const settled = await run([kind, 'reconcile', '--key', key], { env, clock: afterWindow });
        expect(settled.code, settled.stderr).toBe(0);
        expect((await journal.read(key))?.state).toBe('not_sent');

        // The gateway shows it late, after all.
        const late =
          kind === 'payout'
            ? (await createPayoutDirectly(ts, 1000, description)).id
            : await olderCharge({ external_id: key, metadata: { paygate_key: key } });
        const posts = ts.sandbox.requests.filter((request) => request.method === 'POST').length;
        const argv =
          kind === 'payout'
            ? ['payout', 'create', '--amount', '10.00', '--key', key, '--yes']
            : ['charge', 'create', '--amount', '10.00', '--key', key, '--no-qr'];
        const rerun = await run([...argv, '--json'], { env });
        expect(rerun.code, rerun.stderr).toBe(0);
        expect(rerun.stderr).toContain(`Already made with --key ${key}, found on the gateway`);
        expect(JSON.parse(rerun.stdout).id).toBe(late);
        expect(ts.sandbox.requests.filter((request) => request.method === 'POST').length).toBe(posts);
      },
    );
  });
});
