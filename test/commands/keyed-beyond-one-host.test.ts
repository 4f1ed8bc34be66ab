// Keyed creates where the config dir does not last or is not shared (a Kubernetes CronJob retried
// in a fresh container, two hosts): every keyed create sends the key's idempotency keys, the same
// for one account everywhere; and a run whose journal has no entry for its key looks for the
// key's mark on the gateway before sending, so that the second fresh run makes nothing.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { chargeCreate } from '../../src/commands/charge/create.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import type { RecordedRequest } from '../../src/sandbox/server.js';
import { fakeTime } from '../helpers/fake-time.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { fund, payoutPosts, payouts } from './payout/support.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());
beforeEach(async () => {
  ts.sandbox.reset();
  await fund(ts, 1_000_000);
});

/** The environment of a fresh container: the same account, a config dir of its own. */
const fresh = (secretKey = ts.main.secret_key) => ({
  ...ts.env,
  PAYGATE_SECRET_KEY: secretKey,
  PAYGATE_CONFIG_DIR: tempConfigDir(),
});

const posts = (path: string): RecordedRequest[] =>
  ts.sandbox.requests.filter((request) => request.method === 'POST' && request.path === path);

function idempotencyOf(request: RecordedRequest): { key: unknown; xKey: unknown } {
  return { key: request.headers['idempotency-key'], xKey: request.headers['x-idempotency-key'] };
}

const chargePosts = () => posts('/v1/charges').length;
const payout = (key: string, ...more: string[]) => [
  'payout',
  'create',
  '--amount',
  '500',
  '--key',
  key,
  '--yes',
  ...more,
];
/** A keyed charge create; run with `--json` (globals: json). */
const charge = (key: string) => ['charge', 'create', '--amount', '1000', '--key', key, '--no-qr'];
const json = { json: true };

describe('the idempotency keys of a keyed create', () => {
  test('payout create --key sends both headers, equal; its retry after a gateway 429 sends the same', async () => {
    const time = fakeTime();
    await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind: '429', when: 'before' });
    const result = await runHandler(payoutCreate, payout('hdr-1'), {
      env: fresh(),
      clock: time.clock,
      sleep: time.sleep,
    });
    expect(result.code, result.stderr).toBe(0);
    const sent = posts('/v1/payouts');
    expect(sent.map((request) => request.status)).toEqual([429, 201]);
    const [first, retry] = sent.map(idempotencyOf);
    expect(first!.key).toMatch(/^paygate-[0-9a-f]{64}$/);
    expect(first!.xKey).toBe(first!.key);
    expect(retry).toEqual(first);
  });

  test('the same for one account in every fresh config dir, another for another seller; never the secret', async () => {
    const valueIn = async (secretKey?: string) => {
      ts.sandbox.reset();
      const result = await runHandler(chargeCreate, charge('hdr-2'), {
        env: fresh(secretKey),
        globals: json,
      });
      expect(result.code, result.stderr).toBe(0);
      const [request] = posts('/v1/charges');
      const { key, xKey } = idempotencyOf(request!);
      expect(xKey).toBe(key);
      return key as string;
    };
    const here = await valueIn();
    const there = await valueIn();
    expect(there).toBe(here);
    const otherSeller = await valueIn(ts.sandbox.sellers[1]!.secret_key);
    expect(otherSeller).not.toBe(here);
    expect(here).not.toContain(ts.main.secret_key);
    expect(here).not.toContain(ts.main.secret_key.slice(-8));
    // Another key of the same account: another value.
    ts.sandbox.reset();
    await runHandler(chargeCreate, charge('hdr-3'), { env: fresh(), globals: json });
    expect(idempotencyOf(posts('/v1/charges')[0]!).key).not.toBe(here);
  });

  test('after the gateway refused the key (4xx, nothing made), the next attempt sends another value', async () => {
    // Seller 1002 may not pay out from here until its IP is whitelisted: 403, kept by the gateway.
    const other = ts.sandbox.sellers[1]!;
    const created = await fetch(`${ts.url}/v1/charges`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.secret_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100_000, payment_method: 'pix' }),
    });
    const { data } = (await created.json()) as { data: { id: string } };
    await ts.control(`/_sandbox/charges/${data.id}/pay`);
    const env = fresh(other.secret_key);
    const refused = await runHandler(payoutCreate, payout('rej-1'), { env });
    expect(refused.code).toBe(4);
    await ts.control(`/_sandbox/sellers/${other.seller_id}`, { whitelisted_ips: ['127.0.0.1', '::1'] });
    const paid = await runHandler(payoutCreate, payout('rej-1'), { env });
    expect(paid.code, paid.stderr).toBe(0);
    const [first, second] = posts('/v1/payouts').map(idempotencyOf);
    expect(second!.key).not.toBe(first!.key);
    expect(posts('/v1/payouts').map((request) => request.status)).toEqual([403, 201]);
  });

  test('every row of --from-csv sends its own key, both headers', async () => {
    const file = join(tempConfigDir(), 'rows.csv');
    writeFileSync(file, 'invoice,amount\nrow-a,10.00\nrow-b,20.00\n');
    const before = chargePosts();
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--from-csv', file, '--key-column', 'invoice'],
      {
        env: fresh(),
      },
    );
    expect(result.code, result.stderr).toBe(0);
    const values = posts('/v1/charges').slice(before).map(idempotencyOf);
    expect(values).toHaveLength(2);
    for (const value of values) expect(value.xKey).toBe(value.key);
    expect(values[0]!.key).not.toBe(values[1]!.key);
  });
});

describe('a fresh config dir finds what its key made, on the gateway', () => {
  test('payout create --key: the second fresh run prints the payout, sends nothing, exit 0', async () => {
    const first = await runHandler(payoutCreate, payout('k1'), { env: fresh(), globals: json });
    expect(first.code, first.stderr).toBe(0);
    const made = JSON.parse(first.stdout);
    expect(made.description).toBe('payout k1');
    const plan = await runHandler(payoutCreate, payout('k1', '--dry-run'), { env: fresh(), globals: json });
    expect(JSON.parse(plan.stdout).journal).toContain(`found on the gateway: ${made.id}`);
    const second = await runHandler(payoutCreate, payout('k1'), { env: fresh(), globals: json });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('Already made with --key k1, found on the gateway');
    expect(JSON.parse(second.stdout).id).toBe(made.id);
    expect(payoutPosts(ts)).toBe(1);
    expect(await payouts(ts)).toHaveLength(1);
  });

  test("the person's description carries the key as ` [KEY]`, and is found by it", async () => {
    const env = fresh();
    const first = await runHandler(payoutCreate, payout('k2', '--description', 'Weekly sweep'), {
      env,
      globals: json,
    });
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout).description).toBe('Weekly sweep [k2]');
    // --all in the fresh dir: the balance is lower now, the payout is still found by its mark.
    const second = await runHandler(payoutCreate, ['payout', 'create', '--all', '--key', 'k2', '--yes'], {
      env: fresh(),
    });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('found on the gateway');
    expect(payoutPosts(ts)).toBe(1);
    // The found payout is in the new dir's journal now: a third run there needs no search.
    const tooLong = await runHandler(payoutCreate, payout('k3', '--description', 'x'.repeat(252)), { env });
    expect(tooLong.code).toBe(2);
    expect(tooLong.failure).toContain('--description');
  });

  test.each([
    ['drop', 'after'],
    ['503', 'after'],
  ])(
    'the answer lost (%s %s) after the payout was made, retried in a fresh dir: no second payout',
    async (kind, when) => {
      await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind, when });
      const lost = await runHandler(payoutCreate, payout('lost-1'), { env: fresh() });
      expect(lost.code).toBe(9);
      const retried = await runHandler(payoutCreate, payout('lost-1'), { env: fresh() });
      expect(retried.code, retried.stderr).toBe(0);
      expect(retried.stderr).toContain('found on the gateway');
      expect(payoutPosts(ts)).toBe(1);
      expect(await payouts(ts)).toHaveLength(1);
    },
  );

  test('charge create --key: the second fresh run prints the charge, sends nothing, exit 0', async () => {
    const first = await runHandler(chargeCreate, charge('inv-9'), { env: fresh(), globals: json });
    expect(first.code, first.stderr).toBe(0);
    const before = chargePosts();
    const second = await runHandler(chargeCreate, charge('inv-9'), { env: fresh(), globals: json });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('Already made with --key inv-9, found on the gateway');
    // Said once: not also "Already created with --key" as if the journal had it.
    expect(second.stderr).not.toContain('Already created with --key');
    expect(JSON.parse(second.stdout).id).toBe(JSON.parse(first.stdout).id);
    expect(chargePosts()).toBe(before);
    // Another amount for a key the gateway shows made: refused, nothing sent.
    const other = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '20', '--key', 'inv-9', '--no-qr'],
      {
        env: fresh(),
      },
    );
    expect(other.code).toBe(3);
    expect(chargePosts()).toBe(before);
  });

  test("a charge another key of the journal holds is never taken for this key's", async () => {
    const env = fresh();
    const argv = (key: string) => [...charge(key), '--external-id', 'order-shared'];
    const first = await runHandler(chargeCreate, argv('key-a'), { env, globals: json });
    expect(first.code, first.stderr).toBe(0);
    const second = await runHandler(chargeCreate, argv('key-b'), { env, globals: json });
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).not.toContain('found on the gateway');
    expect(JSON.parse(second.stdout).id).not.toBe(JSON.parse(first.stdout).id);
  });

  test('--from-csv refuses two rows with one external_id (exit 2, nothing sent): it is how a row is found again', async () => {
    const file = join(tempConfigDir(), 'rows.csv');
    writeFileSync(file, 'invoice,amount,external_id\nr-1,10.00,order-1\nr-2,10.00,order-1\n');
    const before = chargePosts();
    const result = await run(['charge', 'create', '--from-csv', file, '--key-column', 'invoice'], {
      env: fresh(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('row 3, external_id: "order-1" is also the external_id of row 2');
    expect(chargePosts()).toBe(before);
  });

  test('charge create --from-csv: rerun in a fresh dir, every row already created, nothing sent', async () => {
    const file = join(tempConfigDir(), 'rows.csv');
    writeFileSync(file, 'invoice,amount,external_id\ncsv-a,10.00,\ncsv-b,20.00,order-77\n');
    const argv = ['charge', 'create', '--from-csv', file, '--key-column', 'invoice'];
    const first = await runHandler(chargeCreate, argv, { env: fresh() });
    expect(first.code, first.stderr).toBe(0);
    const before = chargePosts();
    const second = await runHandler(chargeCreate, argv, { env: fresh() });
    expect(second.code, second.stderr).toBe(0);
    const rows = second.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(rows.map((row) => row.status)).toEqual(['already_created', 'already_created']);
    expect(chargePosts()).toBe(before);
  });
});

describe('a keyed create the gateway answers 429 after making it', () => {
  test('payout create --key: its mark is looked for before the retry; found, no second POST, exit 0', async () => {
    const time = fakeTime();
    await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind: '429-processed' });
    const result = await runHandler(payoutCreate, payout('late-429'), {
      env: fresh(),
      clock: time.clock,
      sleep: time.sleep,
      globals: json,
    });
    expect(result.code, result.failure).toBe(0);
    expect(posts('/v1/payouts').map((request) => request.status)).toEqual([429]);
    const made = await payouts(ts);
    expect(made).toHaveLength(1);
    expect(JSON.parse(result.stdout).id).toBe(made[0]!.id);
    expect(result.stderr).toContain(
      `The gateway answered 429 to --key late-429, but had made payout ${made[0]!.id}`,
    );
  });

  test('charge create --key: the same', async () => {
    const time = fakeTime();
    await ts.control('/_sandbox/faults', { route: 'POST /v1/charges', kind: '429-processed' });
    const before = chargePosts();
    const result = await runHandler(chargeCreate, charge('late-429c'), {
      env: fresh(),
      clock: time.clock,
      sleep: time.sleep,
      globals: json,
    });
    expect(result.code, result.failure).toBe(0);
    expect(chargePosts() - before).toBe(1);
    expect(result.stderr).toContain('The gateway answered 429 to --key late-429c, but had made charge');
    expect(JSON.parse(result.stdout).external_id).toBe('late-429c');
  });
});

describe('--from-csv looks up its rows once', () => {
  // 120 rows, 100 made (the 400 and 360, scaled down: each row found on the gateway is
  // recorded in the fresh journal, and the file journal's claimed ids are read per row).
  test('120 rows rerun in a fresh dir after 100 were made: 20 new charges, one look-up of 2 pages', async () => {
    const dir = tempConfigDir();
    const rows = (count: number) =>
      `invoice,amount\n${Array.from({ length: count }, (_, index) => `bulk-${index},1.00\n`).join('')}`;
    const all = join(dir, 'all.csv');
    writeFileSync(all, rows(120));
    // The run killed at row 101 made the first 100 (each marked with its key as external_id).
    for (let index = 0; index < 100; index += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, offset) =>
          fetch(`${ts.url}/v1/charges`, {
            method: 'POST',
            headers: { authorization: `Bearer ${ts.main.secret_key}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              amount: 100,
              payment_method: 'pix',
              external_id: `bulk-${index + offset}`,
            }),
          }),
        ),
      );
    }
    const seen = ts.sandbox.requests.length;
    const rerun = await runHandler(
      chargeCreate,
      ['charge', 'create', '--from-csv', all, '--key-column', 'invoice'],
      { env: fresh() },
    );
    expect(rerun.code, rerun.failure).toBe(0);
    const results = rerun.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { status: string });
    expect(results.filter((row) => row.status === 'already_created')).toHaveLength(100);
    expect(results.filter((row) => row.status === 'created')).toHaveLength(20);
    const made = ts.sandbox.requests.slice(seen);
    const lists = made.filter(
      (request) => request.method === 'GET' && request.path.startsWith('/v1/charges'),
    );
    expect(made.filter((request) => request.method === 'POST')).toHaveLength(20);
    // 101 charges in the window (the funding one too), 100 a page: 2 pages, not one look-up per row.
    expect(lists).toHaveLength(2);
    expect(made.length).toBeLessThan(30);
    // Each row's journal entry is fsynced: seconds for 120 rows on a loaded machine.
  }, 60_000);
});

/** A gateway whose payouts show no description nor any other text field (and that ignores idempotency keys). */
async function gatewayWithoutDescriptions() {
  const made: Array<{ id: string; status: string; amount: number; created_at: string }> = [];
  let posts = 0;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const answer = (status: number, data: unknown, extra: Record<string, unknown> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, data, ...extra }));
      };
      const path = (req.url ?? '').split('?')[0];
      if (path === '/v1/account') return answer(200, { seller_id: 'seller-nd' });
      if (path === '/v1/balance') return answer(200, { available: 1_000_000, pending: 0, reserved: 0 });
      if (path === '/v1/payouts' && req.method === 'POST') {
        posts++;
        const { amount } = JSON.parse(text) as { amount: number };
        const payout = { id: `po_${posts}`, status: 'pending', amount, created_at: new Date().toISOString() };
        made.unshift(payout);
        return answer(201, payout);
      }
      if (path === '/v1/payouts') {
        return answer(200, made, {
          pagination: { page: 1, limit: 100, total: made.length, has_more: false },
        });
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ success: false, error: { type: 'not_found_error', code: 'nope', message: 'no' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    env: () => ({
      PAYGATE_BASE_URL: url,
      PAYGATE_SECRET_KEY: 'sk_nd_0123456789',
      PAYGATE_CONFIG_DIR: tempConfigDir(),
    }),
    posts: () => posts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a gateway whose payouts show no text field (description, comment, metadata)', () => {
  test('says so once on stderr and relies on the journal alone', async () => {
    const gateway = await gatewayWithoutDescriptions();
    try {
      const first = await runHandler(payoutCreate, payout('nd-1'), { env: gateway.env() });
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).not.toContain("could carry a key's mark");
      // A fresh dir: nothing to find the payout by; the same dir: the journal prints it.
      const env = gateway.env();
      const fresh = await runHandler(payoutCreate, payout('nd-1'), { env });
      expect(fresh.code, fresh.stderr).toBe(0);
      expect(fresh.stderr.match(/show no field that could carry a key's mark/g)).toHaveLength(1);
      expect(fresh.stderr).toContain('relying on the local journal');
      expect(gateway.posts()).toBe(2);
      const again = await runHandler(payoutCreate, payout('nd-1'), { env });
      expect(again.code).toBe(0);
      expect(again.stderr).toContain('Already made with --key nd-1');
      expect(gateway.posts()).toBe(2);
    } finally {
      await gateway.close();
    }
  });
});
