import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { payoutGet } from '../../../src/commands/payout/get.js';
import { payoutList } from '../../../src/commands/payout/list.js';
import { payoutWatch } from '../../../src/commands/payout/watch.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { createPayoutDirectly, fakeTime, fund, payouts } from './support.js';

// The handlers' parse and run with a fake context against the test sandbox; one whole-CLI run
// stays, for how a failure and its hint are printed (`resume with: …`).

let ts: TestSandbox;
let ids: string[];
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());
// Every test starts from the same gateway: a funded seller with three payouts (p100 completed,
// p200 and p300 pending), whatever payouts the tests before it created or ended.
beforeEach(async () => {
  ts.sandbox.reset();
  await fund(ts, 100_000);
  ids = [];
  for (const amount of [100, 200, 300]) ids.push((await createPayoutDirectly(ts, amount, `p${amount}`)).id);
  await ts.control(`/_sandbox/payouts/${ids[0]}/complete`);
});

const env = () => ({ ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() });

/** `paygate payout get|list|watch ARGV` at the run layer; global flags go in `options.globals`. */
const get = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(payoutGet, ['payout', 'get', ...argv], options);
const list = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(payoutList, ['payout', 'list', ...argv], options);
const watch = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(payoutWatch, ['payout', 'watch', ...argv], options);

describe('payout get', () => {
  test('shows a payout; --json is the API data exactly; an unknown id is exit 3', async () => {
    const human = await get([ids[1]!], { env: env() });
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/Amount\s+R\$ 2,00/);
    expect(human.stdout).toMatch(/Status\s+pending/);
    const json = await get([ids[1]!], { env: env(), globals: { json: true } });
    const listed = (await payouts(ts)).find((payout) => payout.id === ids[1]);
    expect(JSON.parse(json.stdout)).toEqual(listed);
    const missing = await get(['co_doesnotexist'], { env: env() });
    expect(missing.code).toBe(3);
  });
});

describe('payout list', () => {
  test('newest first, --limit, --status sent to the API', async () => {
    const table = await list([], { env: env() });
    expect(table.code).toBe(0);
    expect(table.stdout.indexOf(ids[2]!)).toBeLessThan(table.stdout.indexOf(ids[0]!));
    const limited = await list(['--limit', '1'], { env: env(), globals: { json: true } });
    expect(JSON.parse(limited.stdout).map((payout: { id: string }) => payout.id)).toEqual([ids[2]]);
    const completed = await list(['--status', 'completed'], { env: env(), globals: { json: true } });
    expect(JSON.parse(completed.stdout).map((payout: { id: string }) => payout.id)).toEqual([ids[0]]);
    expect(ts.sandbox.requests.at(-1)!.query).toMatchObject({ status: 'completed' });
    const bad = await list(['--limit', '0'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.error?.message).toContain('--limit');
  });

  test('--all streams every page as ndjson; -o csv keeps raw centavos', async () => {
    const ndjson = await list(['--all'], { env: env(), globals: { output: 'ndjson' } });
    const lines = ndjson.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((payout) => payout.id)).toEqual([...ids].reverse());
    const csv = await list([], { env: env(), globals: { output: 'csv' } });
    const rows = csv.stdout.trim().split('\r\n');
    expect(rows[0]).toBe(
      'id,status,amount,amount_brl,description,created_at,completed_at,failure_reason,amount_as_received',
    );
    expect(rows[1]).toContain(`${ids[2]},pending,300,`);
    const empty = await list(['--status', 'failed'], { env: env() });
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain('No failed payouts.');
  });
});

describe('payout watch', () => {
  test('exit 0 when completed, 7 when failed', async () => {
    const first = await createPayoutDirectly(ts, 400);
    const completing = fakeTime(() =>
      ts.control(`/_sandbox/payouts/${first.id}/complete`).then(() => undefined),
    );
    const done = await watch([first.id], { env: env(), globals: { json: true }, ...completing });
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({ id: first.id, status: 'completed' });

    const second = await createPayoutDirectly(ts, 401);
    const failing = fakeTime(() => ts.control(`/_sandbox/payouts/${second.id}/fail`).then(() => undefined));
    const failed = await watch([second.id], { env: env(), ...failing });
    expect(failed.code).toBe(7);
    expect(failed.error?.message).toContain(`payout ${second.id} failed`);
  });

  test('exit 8 at --timeout and 130 on Ctrl-C, both with the resume command', async () => {
    const payout = await createPayoutDirectly(ts, 402);
    const timeout = await run(['payout', 'watch', payout.id, '--timeout', '6s'], {
      env: env(),
      ...fakeTime(),
    });
    expect(timeout.code).toBe(8);
    expect(timeout.stderr).toContain(`resume with: paygate payout watch ${payout.id}`);

    const controller = new AbortController();
    const interrupted = await watch([payout.id], {
      env: env(),
      signal: controller.signal,
      clock: { now: () => Date.now() },
      sleep: async () => {
        controller.abort(new Error('interrupted'));
        throw new Error('interrupted');
      },
    });
    expect(interrupted.code).toBe(130);
    expect(interrupted.error?.details.hint).toContain(`paygate payout watch ${payout.id}`);
  });
});
