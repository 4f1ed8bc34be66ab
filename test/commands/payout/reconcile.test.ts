import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payoutCreate } from '../../../src/commands/payout/create.js';
import { payoutReconcile } from '../../../src/commands/payout/reconcile.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { accountJournalOf } from '../../helpers/journal.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { createPayoutDirectly, fakeTime, fund, payoutPosts, payouts } from './support.js';

// Most tests run `payout reconcile` (and the `payout create` reruns) at the run layer: the
// handlers' parse and run with a fake context against the test sandbox. Whole-CLI runs stay for
// how a failure is printed: the `error: …` line, and the --json list of candidates with its error.

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
  await fund(ts, 1_000_000);
});
afterAll(async () => ts.close());

englishAfterEachTest();

const env = () => ({ ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() });

/** `paygate payout reconcile ARGV` at the run layer; global flags go in `options.globals`. */
const reconcile = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(payoutReconcile, ['payout', 'reconcile', ...argv], options);

const create = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(payoutCreate, ['payout', 'create', ...argv], options);

/** A journal entry left in `sent` by a run that died after (maybe) sending. */
async function sentEntry(
  configDir: string | Record<string, string | undefined>,
  key: string,
  amount: number,
  description: string | null,
  at = Date.now(),
) {
  const e = typeof configDir === 'string' ? { ...ts.env, PAYGATE_CONFIG_DIR: configDir } : configDir;
  const journal = await accountJournalOf(e, { pid: 2 ** 22 + 99, isAlive: () => false });
  const runner = await journal.acquire(key);
  await runner.begin({ amount, description, balanceSeen: 999_999, at: new Date(at - 1000).toISOString() });
  await runner.markSent(new Date(at - 900).toISOString(), 10 * 60_000);
  // The process died: its lock stays behind with a dead pid.
}

describe('payout reconcile', () => {
  test('--key is required (exit 2); an unknown key is exit 3', async () => {
    const missing = await run(['payout', 'reconcile'], { env: env() });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--key is required');
    const unknown = await run(['payout', 'reconcile', '--key', 'nope'], { env: env() });
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('no payout journal entry for --key nope');
  });

  test('one matching payout settles the entry as done; a rerun then prints it and pays nothing', async () => {
    const e = env();
    await sentEntry(e.PAYGATE_CONFIG_DIR, 'one', 777, 'payout one');
    const made = await createPayoutDirectly(ts, 777, 'payout one');
    // Same amount but another description, and one recorded by another key: never matched.
    await createPayoutDirectly(ts, 777, 'something else');
    const result = await reconcile(['--key', 'one'], { env: e });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`settled: the run did create payout ${made.id}`);
    expect(result.stdout).toContain(made.id);
    const posts = payoutPosts(ts);
    const rerun = await create(['--amount', '777', '--key', 'one', '--yes'], { env: e });
    expect(rerun.code).toBe(0);
    expect(rerun.stderr).toContain('Already made');
    expect(payoutPosts(ts)).toBe(posts);
    const again = await reconcile(['--key', 'one'], { env: e });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('already settled');
  });

  test('one matching payout, in Portuguese: the line names its status in Portuguese', async () => {
    const e = env();
    await sentEntry(e.PAYGATE_CONFIG_DIR, 'uma', 779, 'payout uma');
    const made = await createPayoutDirectly(ts, 779, 'payout uma');
    await speakPortuguese();
    const result = await reconcile(['--key', 'uma'], { env: e });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      new RegExp(
        `--key uma resolvida: a execução criou, sim, a transferência ${made.id} \\(R\\$ 7,79, (pendente|concluído)\\)\\.`,
      ),
    );
  });

  test('several candidates: exit 3 listing them; --payout-id picks one; payouts of other keys are excluded', async () => {
    const e = env();
    await sentEntry(e.PAYGATE_CONFIG_DIR, 'twin', 888, 'payout twin');
    const a = await createPayoutDirectly(ts, 888, 'payout twin');
    const b = await createPayoutDirectly(ts, 888, 'payout twin');
    const ambiguous = await run(['payout', 'reconcile', '--key', 'twin', '--json'], { env: e });
    expect(ambiguous.code).toBe(3);
    expect(
      JSON.parse(ambiguous.stdout)
        .map((payout: { id: string }) => payout.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(ambiguous.stderr).toContain('--payout-id');

    const wrong = await reconcile(
      ['--key', 'twin', '--payout-id', (await createPayoutDirectly(ts, 889)).id],
      {
        env: e,
      },
    );
    expect(wrong.code).toBe(3);
    expect(wrong.error?.message).toContain('amount 889 instead of 888');

    const picked = await reconcile(['--key', 'twin', '--payout-id', b.id], {
      env: e,
      globals: { json: true },
    });
    expect(picked.code).toBe(0);
    expect(JSON.parse(picked.stdout)).toMatchObject({ state: 'done', payout: { id: b.id } });

    // Another key that lost its answer for the same amount and description now has one candidate left.
    const journalOfOther = e.PAYGATE_CONFIG_DIR;
    await sentEntry(journalOfOther, 'twin-2', 888, 'payout twin');
    const other = await reconcile(['--key', 'twin-2'], { env: e, globals: { json: true } });
    expect(other.code).toBe(0);
    expect(JSON.parse(other.stdout).payout.id).toBe(a.id);
  });

  test('no match: exit 9 within the outcome window; after it, not_sent, and a rerun pays exactly once', async () => {
    const e = env();
    await sentEntry(e.PAYGATE_CONFIG_DIR, 'ghost', 999, 'payout ghost');
    const early = await reconcile(['--key', 'ghost'], { env: e });
    expect(early.code).toBe(9);
    expect(early.error?.message).toContain('may still show one');
    const time = fakeTime();
    time.advance(11 * 60_000);
    const late = await reconcile(['--key', 'ghost'], { env: e, globals: { json: true }, clock: time.clock });
    expect(late.code).toBe(0);
    expect(JSON.parse(late.stdout).state).toBe('not_sent');
    expect(late.stderr).toContain('WILL pay');
    const posts = payoutPosts(ts);
    const rerun = await create(['--amount', '999', '--key', 'ghost', '--yes'], { env: e });
    expect(rerun.code).toBe(0);
    const twice = await create(['--amount', '999', '--key', 'ghost', '--yes'], { env: e });
    expect(twice.code).toBe(0);
    expect(payoutPosts(ts)).toBe(posts + 1);
    expect((await payouts(ts)).filter((payout) => payout.description === 'payout ghost')).toHaveLength(1);
  });

  test('a payout that another unsettled key could have made is never guessed (exit 3)', async () => {
    const e = env();
    await sentEntry(e.PAYGATE_CONFIG_DIR, 'left', 1212, 'same text');
    await sentEntry(e.PAYGATE_CONFIG_DIR, 'right', 1212, 'same text');
    const made = await createPayoutDirectly(ts, 1212, 'same text');
    const result = await reconcile(['--key', 'left'], { env: e });
    expect(result.code).toBe(3);
    expect(result.error?.message).toContain('also --key right');
    const picked = await reconcile(['--key', 'right', '--payout-id', made.id], { env: e });
    expect(picked.code).toBe(0);
  });

  test('an entry that never sent needs no reconcile', async () => {
    const e = env();
    const journal = await accountJournalOf(e, { pid: 2 ** 22 + 98, isAlive: () => false });
    const runner = await journal.acquire('quiet');
    await runner.begin({ amount: 5, description: null, balanceSeen: 5, at: new Date().toISOString() });
    const result = await reconcile(['--key', 'quiet'], { env: e });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('nothing to reconcile');
  });
});
