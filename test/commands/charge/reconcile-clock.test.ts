// charge reconcile places a journal entry's times by its writer's clock (docs/architecture.md, the
// journal): a keyed create records its skew from the gateway's Date header; an entry of another
// host that recorded none excludes no charge for its time and is never concluded "not created".
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { chargeCreate } from '../../../src/commands/charge/create.js';
import { chargeReconcile } from '../../../src/commands/charge/reconcile.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { clockOff } from '../../helpers/fake-time.js';
import { accountJournalOf } from '../../helpers/journal.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());
beforeEach(() => {
  ts.sandbox.reset();
});

englishAfterEachTest();

const MINUTE = 60_000;
const env = () => ({ ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() });
/** A host other than this one (the records of this test's own runs carry os.hostname()). */
const OTHER_HOST = 'cron-box-8';

const reconcile = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(chargeReconcile, ['charge', 'reconcile', ...argv], options);
const create = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(chargeCreate, ['charge', 'create', ...argv], options);

const chargePosts = () =>
  ts.sandbox.requests.filter((request) => request.method === 'POST' && /\/v1\/charges$/.test(request.path))
    .length;

/** A charge entry left in `sent` at local time `at` by a run of another host that recorded no skew. */
async function sentEntryOfOtherHost(
  e: Record<string, string | undefined>,
  key: string,
  amount: number,
  at: number,
) {
  const journal = await accountJournalOf(e, { kind: 'charge', pid: 2 ** 22 + 96, host: OTHER_HOST });
  const runner = await journal.acquire(key);
  await runner.begin({ amount, description: key, balanceSeen: null, at: new Date(at).toISOString() });
  await runner.markSent(new Date(at + 100).toISOString(), 10 * MINUTE);
  await runner.release();
}

const stateOf = async (e: Record<string, string | undefined>, key: string) =>
  (await (await accountJournalOf(e, { kind: 'charge' })).read(key))?.state;

describe('charge reconcile of an entry written by another clock', () => {
  test('a writer 5 minutes ahead records its skew: reconcile on a right clock, after the window, finds its charge', async () => {
    const e = env();
    await ts.control('/_sandbox/faults', { route: 'POST /v1/charges', kind: 'drop', when: 'after' });
    const lost = await create(['--amount', '18', '--key', 'cahead-1', '--no-qr'], {
      env: e,
      clock: clockOff(5 * MINUTE),
    });
    expect(lost.code).toBe(9);
    // 16 minutes on, on the gateway and on the reconciling host: the outcome window is over.
    ts.sandbox.advanceClock(16 * MINUTE);
    const settled = await reconcile(['--key', 'cahead-1'], { env: e, clock: clockOff(16 * MINUTE) });
    expect(settled.code, settled.stderr + settled.failure).toBe(0);
    expect(settled.stderr).toContain('--key cahead-1: settled, the charge was created');
    expect(await stateOf(e, 'cahead-1')).toBe('done');
    const rerun = await create(['--amount', '18', '--key', 'cahead-1', '--no-qr'], {
      env: e,
      clock: clockOff(21 * MINUTE),
    });
    expect(rerun.code, rerun.stderr + rerun.failure).toBe(0);
    expect(chargePosts()).toBe(1);
  });

  test('an entry of another host without a skew and no charge: exit 9 naming the host, never not_sent; --same-clock concludes', async () => {
    const e = env();
    await sentEntryOfOtherHost(e, 'cother-2', 1900, Date.now());
    ts.sandbox.advanceClock(16 * MINUTE);
    const later = clockOff(16 * MINUTE);
    const unknown = await reconcile(['--key', 'cother-2'], { env: e, clock: later });
    expect(unknown.code).toBe(9);
    expect(unknown.failure).toContain(`its entry was written on host ${OTHER_HOST}`);
    expect(unknown.failure).toContain(`run \`paygate charge reconcile --key cother-2\` on ${OTHER_HOST}`);
    expect(unknown.failure).toContain('add --same-clock');
    expect(await stateOf(e, 'cother-2')).toBe('sent');

    await speakPortuguese();
    const portuguese = await reconcile(['--key', 'cother-2'], { env: e, clock: later });
    expect(portuguese.code).toBe(9);
    expect(portuguese.failure).toContain(`a entrada dela foi escrita no host ${OTHER_HOST}`);
    expect(portuguese.failure).toContain('acrescente --same-clock');

    const declared = await reconcile(['--key', 'cother-2', '--same-clock'], { env: e, clock: later });
    expect(declared.code, declared.stderr + declared.failure).toBe(0);
    expect(await stateOf(e, 'cother-2')).toBe('not_sent');
  });

  test("an entry of another host without a skew: its charge, created minutes before the entry's time, is found", async () => {
    const e = env();
    const response = await fetch(`${ts.url}/v1/charges`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ts.main.secret_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 2000, payment_method: 'pix', external_id: 'cother-3' }),
    });
    const made = ((await response.json()) as { data: { id: string } }).data;
    // The writer's clock ran 5 minutes ahead: its records say 5 minutes after the charge.
    await sentEntryOfOtherHost(e, 'cother-3', 2000, Date.now() + 5 * MINUTE);
    ts.sandbox.advanceClock(16 * MINUTE);
    const settled = await reconcile(['--key', 'cother-3'], { env: e, clock: clockOff(16 * MINUTE) });
    expect(settled.code, settled.stderr + settled.failure).toBe(0);
    expect(settled.stderr).toContain(`settled, the charge was created: ${made.id}`);
  });
});
