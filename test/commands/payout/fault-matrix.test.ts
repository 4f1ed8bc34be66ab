// The fault matrix: every fault the sandbox can inject on POST /v1/payouts, before and
// after it makes the payout, against `payout create --key`, followed by what the README tells a
// cron job to do (rerun; on exit 9, reconcile, then rerun). Counted at the gateway: exactly one
// payout per key in the end, never two, none lost.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fakeTime } from '../../helpers/fake-time.js';
import { accountJournalOf } from '../../helpers/journal.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { fund, payouts } from './support.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
  await fund(ts, 1_000_000);
});
afterAll(async () => ts.close());

const FAULTS = ['500', '503', '429', 'drop', 'delay'] as const;
const DELAY_MS = 1_500;
/** Past reconcile's outcome window (10 min), so that "no payout matched" may conclude "not sent". */
const AFTER_WINDOW = { now: () => Date.now() + 11 * 60_000 };

describe('payout create --key under every fault: one payout per key', () => {
  test.each(FAULTS.flatMap((kind) => (['before', 'after'] as const).map((when) => [kind, when] as const)))(
    '%s %s',
    async (kind, when) => {
      const key = `matrix-${kind}-${when}`;
      const description = `payout ${key}`;
      const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
      const create = [
        'payout',
        'create',
        '--amount',
        '100',
        '--key',
        key,
        '--yes',
        '--request-timeout',
        '1s',
      ];
      const fault = await ts.injectFault({ route: 'POST /v1/payouts', kind, when, delayMs: DELAY_MS });

      // A 429's Retry-After is waited for on a clock that does not wait.
      const first = await run(create, { env, sleep: fakeTime().sleep });
      // Success, a refusal that proves nothing was made, or "outcome unknown": never a false 0/6.
      expect([0, 9]).toContain(first.code);
      if (kind === 'delay') await fault.finished(); // the sandbox finishes what it was doing

      if (first.code === 9) {
        expect(first.stderr).toContain(`payout reconcile --key ${key}`);
        const refused = await run(create, { env });
        expect(refused.code).toBe(9);
        // The window passes on the gateway too: the run recorded its clock against the gateway's.
        ts.sandbox.advanceClock(11 * 60_000);
        const settled = await run(['payout', 'reconcile', '--key', key], { env, clock: AFTER_WINDOW });
        expect(settled.code).toBe(0);
      }
      const rerun = await run(create, { env });
      expect(rerun.code).toBe(0);
      expect((await (await accountJournalOf(env)).read(key))?.state).toBe('done');
      const made = (await payouts(ts)).filter((payout) => payout.description === description);
      expect(made).toHaveLength(1);
    },
  );
});
