// A journal key is scoped to one account on one gateway (docs/architecture.md, the journal): the same
// `--key` from two crontab lines (two gateways, two sellers) in one config dir pays on each, once,
// and never prints another account's payout; entries of older, unscoped versions are honoured for
// the account that wrote them and never silently ignored.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payoutCreate } from '../../../src/commands/payout/create.js';
import { FileJournal } from '../../../src/config/journal.js';
import { tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { createPayoutDirectly, fund, payoutPosts, payouts } from './support.js';

// `payout create` runs at the run layer: its handler's parse and run, a fake context whose
// environment points at one sandbox or the other.

let first: TestSandbox;
let second: TestSandbox;
beforeAll(async () => {
  [first, second] = await Promise.all([startTestSandbox(), startTestSandbox()]);
  await Promise.all([fund(first, 1_000_000), fund(second, 1_000_000)]);
});
afterAll(async () => Promise.all([first.close(), second.close()]));

/** `paygate payout create --amount 5.00 --key KEY --yes --json` run as the account `env` names. */
const pay = (key: string, env: Record<string, string>) =>
  runHandler(payoutCreate, ['payout', 'create', '--amount', '5.00', '--key', key, '--yes'], {
    env,
    globals: { json: true },
  });

describe('payout journal scope', () => {
  test('the same --key on two gateways in one config dir pays on each, once each', async () => {
    const configDir = tempConfigDir();
    const onFirst = { ...first.env, PAYGATE_CONFIG_DIR: configDir };
    const onSecond = { ...second.env, PAYGATE_CONFIG_DIR: configDir };
    const before = [payoutPosts(first), payoutPosts(second)];

    const a = await pay('shared-1', onFirst);
    const b = await pay('shared-1', onSecond);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(b.stderr).not.toContain('Already made');
    expect(JSON.parse(b.stdout).id).not.toBe(JSON.parse(a.stdout).id);
    // Reruns on each print that account's own payout and send nothing.
    const again = await pay('shared-1', onSecond);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Already made');
    expect(JSON.parse(again.stdout).id).toBe(JSON.parse(b.stdout).id);
    expect([payoutPosts(first), payoutPosts(second)]).toEqual([before[0]! + 1, before[1]! + 1]);
  });

  test('a first run on a fresh machine: the config dir does not exist yet', async () => {
    const configDir = join(tempConfigDir(), 'not-yet', 'paygate');
    const result = await pay('fresh-1', { ...first.env, PAYGATE_CONFIG_DIR: configDir });
    expect(result.code, result.failure).toBe(0);
    expect(JSON.parse(result.stdout).id).toMatch(/^co_/);
  });

  test('two sellers of one gateway are two accounts', async () => {
    const configDir = tempConfigDir();
    const partner = first.sandbox.sellers[1]!;
    await first.control(`/_sandbox/sellers/${partner.seller_id}`, { available: 100_000 }).catch(() => {});
    const main = await pay('per-seller', { ...first.env, PAYGATE_CONFIG_DIR: configDir });
    expect(main.code).toBe(0);
    const other = await pay('per-seller', {
      ...first.env,
      PAYGATE_SECRET_KEY: partner.secret_key,
      PAYGATE_CONFIG_DIR: configDir,
    });
    // Whatever the partner's own answer (it may not be allowed to pay out), it is never told
    // that the main seller's payout is its own.
    expect(other.stderr).not.toContain('Already made');
    expect(other.failure).not.toContain('Already made');
  });

  test('an older unscoped entry: this account’s payout is honoured; another account’s is said and not taken', async () => {
    const configDir = tempConfigDir();
    const env = { ...first.env, PAYGATE_CONFIG_DIR: configDir };
    const ours = await createPayoutDirectly(first, 321, 'payout old-ours');
    const legacy = new FileJournal(configDir);
    const runner = await legacy.acquire('old-ours');
    await runner.begin({
      amount: 321,
      description: 'payout old-ours',
      balanceSeen: 1,
      at: new Date().toISOString(),
    });
    await runner.markSent(new Date().toISOString(), 60_000);
    await runner.markDone({ id: ours.id, status: 'pending' });
    await runner.release();
    const posts = payoutPosts(first);
    const honoured = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '3.21', '--key', 'old-ours', '--yes'],
      {
        env,
        globals: { json: true },
      },
    );
    expect(honoured.code).toBe(0);
    expect(honoured.stderr).toContain('Already made');
    expect(JSON.parse(honoured.stdout).id).toBe(ours.id);
    expect(payoutPosts(first)).toBe(posts);

    // The same old entry seen from the second gateway: not its payout, so it pays, and says why.
    const elsewhere = await runHandler(
      payoutCreate,
      ['payout', 'create', '--amount', '3.21', '--key', 'old-ours', '--yes'],
      {
        env: { ...second.env, PAYGATE_CONFIG_DIR: configDir },
      },
    );
    expect(elsewhere.code).toBe(0);
    expect(elsewhere.stderr).toContain('another account');
    expect((await payouts(second)).filter((payout) => payout.description === 'payout old-ours')).toHaveLength(
      1,
    );
  });

  test('an older unscoped entry with an unknown outcome is refused (exit 9), nothing sent', async () => {
    const configDir = tempConfigDir();
    const keyDir = join(configDir, 'payout-journal', 'old-unknown');
    mkdirSync(keyDir, { recursive: true });
    const legacy = new FileJournal(configDir);
    const runner = await legacy.acquire('old-unknown');
    await runner.begin({ amount: 500, description: null, balanceSeen: 1, at: new Date().toISOString() });
    await runner.markSent(new Date().toISOString(), 60_000);
    await runner.release();
    writeFileSync(join(keyDir, 'note'), 'left by an older paygate');
    const posts = payoutPosts(first);
    const refused = await pay('old-unknown', { ...first.env, PAYGATE_CONFIG_DIR: configDir });
    expect(refused.code).toBe(9);
    expect(refused.failure).toContain('older paygate');
    expect(payoutPosts(first)).toBe(posts);
  });
});
