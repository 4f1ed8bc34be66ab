// payout reconcile and charge reconcile go by the key's mark on the gateway and the gateway's clock
// (its Date header), never the local clock: a local clock minutes off neither hides the payout the
// run made nor lets an older one, or one another key holds, settle this key.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { chargeCreate } from '../../src/commands/charge/create.js';
import { chargeReconcile } from '../../src/commands/charge/reconcile.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { payoutReconcile } from '../../src/commands/payout/reconcile.js';
import { clockOff } from '../helpers/fake-time.js';
import { accountJournalOf } from '../helpers/journal.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { createPayoutDirectly, fund, payoutPosts, payouts } from './payout/support.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());
beforeEach(async () => {
  ts.sandbox.reset();
  await fund(ts, 1_000_000);
});

const MINUTE = 60_000;
const env = () => ({ ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() });

/** A journal entry left in `sent` at local time `at` by a run that died after (maybe) sending. */
async function sentEntry(
  e: Record<string, string>,
  kind: 'payout' | 'charge',
  key: string,
  amount: number,
  description: string,
  at: number,
) {
  const journal = await accountJournalOf(e, { kind, pid: 2 ** 22 + 98, isAlive: () => false });
  const runner = await journal.acquire(key);
  await runner.begin({ amount, description, balanceSeen: null, at: new Date(at).toISOString() });
  await runner.markSent(new Date(at + 100).toISOString(), 10 * MINUTE);
}

async function createCharge(amount: number, externalId: string): Promise<{ id: string }> {
  const response = await fetch(`${ts.url}/v1/charges`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ts.main.secret_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount, payment_method: 'pix', external_id: externalId }),
  });
  return ((await response.json()) as { data: { id: string } }).data;
}

describe('payout reconcile by the gateway clock', () => {
  test('a local clock 3 minutes ahead: the payout the run made is found, said, and a rerun pays nothing', async () => {
    const e = env();
    const ahead = clockOff(3 * MINUTE);
    await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind: 'drop', when: 'after' });
    const lost = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '700', '--key', 'skew-1', '--yes'],
      {
        env: e,
        clock: ahead,
      },
    );
    expect(lost.code).toBe(9);
    const [made] = await payouts(ts);
    const settled = await runHandler(payoutReconcile, ['payout', 'reconcile', '--key', 'skew-1'], {
      env: e,
      clock: ahead,
    });
    expect(settled.code, settled.stderr).toBe(0);
    expect(settled.stderr).toContain(`the run did create payout ${made!.id}`);
    // The gateway's Date has whole seconds: the skew is known to about one.
    expect(settled.stderr).toMatch(/local clock is (2m 5\ds|3m 0\ds) ahead of the gateway's/);
    const rerun = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '700', '--key', 'skew-1', '--yes'],
      {
        env: e,
        clock: ahead,
      },
    );
    expect(rerun.code).toBe(0);
    expect(payoutPosts(ts)).toBe(1);
  });

  test('still found once the outcome window has passed on the local clock (never "not sent")', async () => {
    const e = env();
    await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind: 'drop', when: 'after' });
    const lost = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '701', '--key', 'skew-2', '--yes'],
      {
        env: e,
        clock: clockOff(3 * MINUTE),
      },
    );
    expect(lost.code).toBe(9);
    const late = await runHandler(payoutReconcile, ['payout', 'reconcile', '--key', 'skew-2'], {
      env: e,
      globals: { json: true },
      clock: clockOff(14 * MINUTE),
    });
    expect(late.code, late.stderr).toBe(0);
    expect(JSON.parse(late.stdout).state).toBe('done');
    const rerun = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '701', '--key', 'skew-2', '--yes'],
      {
        env: e,
      },
    );
    expect(rerun.code).toBe(0);
    expect(await payouts(ts)).toHaveLength(1);
  });

  test('a payout with the same mark made before the intent, by the gateway clock, never settles the key', async () => {
    const e = env();
    const early = await createPayoutDirectly(ts, 702, 'payout skew-3');
    // Four minutes later on the gateway; the local clock runs 5 minutes behind it.
    ts.sandbox.advanceClock(4 * MINUTE);
    const behind = clockOff(-MINUTE);
    await sentEntry(e, 'payout', 'skew-3', 702, 'payout skew-3', behind.now());
    const result = await run(['payout', 'reconcile', '--key', 'skew-3'], { env: e, clock: behind });
    expect(result.code).toBe(9);
    expect(result.stderr).not.toContain(early.id);
    expect(result.stderr).toMatch(/local clock is (4m 5\ds|5m 0\ds) behind the gateway's/);
  });
});

describe('charge reconcile by the gateway clock and the keys that hold a charge', () => {
  test('an older charge with the same external_id and amount never settles a new key', async () => {
    const e = env();
    const older = await createCharge(1500, 'order-5');
    ts.sandbox.advanceClock(10 * MINUTE);
    const now = clockOff(10 * MINUTE);
    await sentEntry(e, 'charge', 'new-key', 1500, 'order-5', now.now());
    const early = await runHandler(chargeReconcile, ['charge', 'reconcile', '--key', 'new-key'], {
      env: e,
      clock: now,
    });
    expect(early.code).toBe(9);
    expect(early.stderr + early.failure).not.toContain(older.id);
    // Both clocks 11 minutes on: the outcome window has passed.
    ts.sandbox.advanceClock(11 * MINUTE);
    const late = await runHandler(chargeReconcile, ['charge', 'reconcile', '--key', 'new-key'], {
      env: e,
      clock: clockOff(21 * MINUTE),
    });
    expect(late.code, late.stderr).toBe(0);
    expect(late.stderr).toContain('no charge was created');
  });

  test('a charge another key of the journal holds never settles this key', async () => {
    const e = env();
    const made = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '16.00', '--key', 'holder', '--external-id', 'order-6', '--no-qr'],
      { env: e, globals: { json: true } },
    );
    expect(made.code, made.stderr).toBe(0);
    const held = JSON.parse(made.stdout).id;
    await sentEntry(e, 'charge', 'other', 1600, 'order-6', Date.now());
    const result = await runHandler(chargeReconcile, ['charge', 'reconcile', '--key', 'other'], { env: e });
    expect(result.code, result.stderr + result.failure).toBe(9);
    expect(result.stderr + result.failure).not.toContain(held);
  });

  test('with the local clock 3 minutes ahead, the charge the run made is found', async () => {
    const e = env();
    const ahead = clockOff(3 * MINUTE);
    await ts.control('/_sandbox/faults', { route: 'POST /v1/charges', kind: 'drop', when: 'after' });
    const lost = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '17', '--key', 'cskew', '--no-qr'],
      {
        env: e,
        clock: ahead,
      },
    );
    expect(lost.code).toBe(9);
    const settled = await runHandler(chargeReconcile, ['charge', 'reconcile', '--key', 'cskew'], {
      env: e,
      clock: clockOff(14 * MINUTE),
    });
    expect(settled.code, settled.stderr).toBe(0);
    expect(settled.stderr).toContain('the charge was created');
  });
});
