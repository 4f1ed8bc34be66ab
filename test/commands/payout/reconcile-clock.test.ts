// payout reconcile places a journal entry's times by its writer's clock (docs/architecture.md, the
// journal): a keyed create records its skew from the gateway's Date header, so a reconcile on a
// host whose clock is right finds the payout of a writer minutes ahead; an entry of another host
// that recorded no skew excludes no payout for its time and is never concluded "not sent".
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { payoutCreate } from '../../../src/commands/payout/create.js';
import { payoutReconcile } from '../../../src/commands/payout/reconcile.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { clockOff } from '../../helpers/fake-time.js';
import { accountJournalOf } from '../../helpers/journal.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { createPayoutDirectly, fund, payoutPosts, payouts } from './support.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());
beforeEach(async () => {
  ts.sandbox.reset();
  await fund(ts, 1_000_000);
});

englishAfterEachTest();

const MINUTE = 60_000;
const env = () => ({ ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() });
/** A host other than this one (the records of this test's own runs carry os.hostname()). */
const OTHER_HOST = 'cron-box-7';

const reconcile = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(payoutReconcile, ['payout', 'reconcile', ...argv], options);
const create = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(payoutCreate, ['payout', 'create', ...argv], options);

/**
 * A journal entry left in `sent` at local time `at` by a run of `host` that recorded no skew (an
 * older version), which died after (maybe) sending.
 */
async function sentEntry(
  e: Record<string, string | undefined>,
  key: string,
  amount: number,
  at: number,
  host?: string,
) {
  const journal = await accountJournalOf(e, {
    pid: 2 ** 22 + 97,
    isAlive: () => false,
    ...(host ? { host } : {}),
  });
  const runner = await journal.acquire(key);
  await runner.begin({
    amount,
    description: `payout ${key}`,
    balanceSeen: null,
    at: new Date(at).toISOString(),
  });
  await runner.markSent(new Date(at + 100).toISOString(), 10 * MINUTE);
  // A lock of another host cannot be proven dead here: that run let it go.
  if (host) await runner.release();
}

const stateOf = async (e: Record<string, string | undefined>, key: string) =>
  (await (await accountJournalOf(e)).read(key))?.state;

describe('payout reconcile of an entry written by another clock', () => {
  test('a writer 5 minutes ahead records its skew: reconcile on a right clock, after the window, finds its payout', async () => {
    const e = env();
    const ahead = clockOff(5 * MINUTE);
    await ts.control('/_sandbox/faults', { route: 'POST /v1/payouts', kind: 'drop', when: 'after' });
    const lost = await create(['--amount', '7.10', '--key', 'ahead-1', '--yes'], { env: e, clock: ahead });
    expect(lost.code).toBe(9);
    const [made] = await payouts(ts);
    // 16 minutes on, on the gateway and on the reconciling host: the outcome window is over.
    ts.sandbox.advanceClock(16 * MINUTE);
    const settled = await reconcile(['--key', 'ahead-1'], { env: e, clock: clockOff(16 * MINUTE) });
    expect(settled.code, settled.stderr + settled.failure).toBe(0);
    expect(settled.stderr).toContain(`the run did create payout ${made!.id}`);
    expect(await stateOf(e, 'ahead-1')).toBe('done');
    const rerun = await create(['--amount', '7.10', '--key', 'ahead-1', '--yes'], {
      env: e,
      clock: clockOff(21 * MINUTE),
    });
    expect(rerun.code, rerun.stderr + rerun.failure).toBe(0);
    expect(payoutPosts(ts)).toBe(1);
    // What the writer recorded (the gateway's Date has whole seconds: known to about one).
    const history = await (await accountJournalOf(e)).history('ahead-1');
    const sent = history.find((record) => record.state === 'sent');
    expect(Math.abs((sent?.clock_skew_ms ?? 0) + 5 * MINUTE)).toBeLessThan(2_000);
  });

  test("an entry of another host without a skew: its payout, created minutes before the entry's time, is found", async () => {
    const e = env();
    const made = await createPayoutDirectly(ts, 711, 'payout other-1');
    // The writer's clock ran 5 minutes ahead: its records say 5 minutes after the payout.
    await sentEntry(e, 'other-1', 711, Date.now() + 5 * MINUTE, OTHER_HOST);
    ts.sandbox.advanceClock(16 * MINUTE);
    const settled = await reconcile(['--key', 'other-1'], { env: e, clock: clockOff(16 * MINUTE) });
    expect(settled.code, settled.stderr + settled.failure).toBe(0);
    expect(settled.stderr).toContain(`the run did create payout ${made.id}`);
    expect(await stateOf(e, 'other-1')).toBe('done');
  });

  test('an entry of another host without a skew and no payout: exit 9 naming the host, never not_sent; --same-clock concludes', async () => {
    const e = env();
    await sentEntry(e, 'other-2', 712, Date.now(), OTHER_HOST);
    ts.sandbox.advanceClock(16 * MINUTE);
    const later = clockOff(16 * MINUTE);
    const unknown = await reconcile(['--key', 'other-2'], { env: e, clock: later, globals: { json: true } });
    expect(unknown.code).toBe(9);
    expect(unknown.failure).toContain(`its entry was written on host ${OTHER_HOST}`);
    expect(unknown.failure).toContain("cannot be placed against the gateway's");
    expect(unknown.failure).toContain(`run \`paygate payout reconcile --key other-2\` on ${OTHER_HOST}`);
    expect(unknown.failure).toContain('--payout-id ID');
    expect(unknown.failure).toContain('add --same-clock');
    expect(unknown.stdout).toBe('');
    expect(await stateOf(e, 'other-2')).toBe('sent');

    const declared = await reconcile(['--key', 'other-2', '--same-clock'], { env: e, clock: later });
    expect(declared.code, declared.stderr + declared.failure).toBe(0);
    expect(declared.stderr).toContain('Marked not sent');
    expect(await stateOf(e, 'other-2')).toBe('not_sent');
  });

  test('the same refusal in Portuguese names the host and --same-clock', async () => {
    const e = env();
    await sentEntry(e, 'outro-3', 713, Date.now(), OTHER_HOST);
    ts.sandbox.advanceClock(16 * MINUTE);
    await speakPortuguese();
    const unknown = await reconcile(['--key', 'outro-3'], { env: e, clock: clockOff(16 * MINUTE) });
    expect(unknown.code).toBe(9);
    expect(unknown.failure).toContain(`a entrada dela foi escrita no host ${OTHER_HOST}`);
    expect(unknown.failure).toContain('acrescente --same-clock');
    expect(await stateOf(e, 'outro-3')).toBe('sent');
  });

  test('an old entry of this host without a skew: as before, no payout after the window is not_sent', async () => {
    const e = env();
    await sentEntry(e, 'here-4', 714, Date.now());
    ts.sandbox.advanceClock(16 * MINUTE);
    const settled = await reconcile(['--key', 'here-4'], { env: e, clock: clockOff(16 * MINUTE) });
    expect(settled.code, settled.stderr + settled.failure).toBe(0);
    expect(settled.stderr).toContain('Marked not sent');
    expect(await stateOf(e, 'here-4')).toBe('not_sent');
  });
});
