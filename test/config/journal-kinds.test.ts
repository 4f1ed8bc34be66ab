// One journal key used by a charge and by a payout: two entries, each create made once; and the
// entries of older versions (payouts and charges in one `payout-journal/@scope/<key>/`) read as
// what they were, on the file journal and on the PostgreSQL one.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FileJournal } from '../../src/config/journal.js';
import { fund, payoutPosts, payouts } from '../commands/payout/support.js';
import { journalUrlFor, usePostgres } from '../helpers/postgres.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let ts: TestSandbox;
const postgres = usePostgres();
beforeAll(async () => {
  ts = await startTestSandbox();
  await fund(ts, 1_000_000);
});
afterAll(async () => ts.close());

const chargePosts = () =>
  ts.sandbox.requests.filter((request) => request.method === 'POST' && /\/v1\/charges$/.test(request.path))
    .length;
const charge = (key: string) => ['charge', 'create', '--amount', '700', '--key', key, '--no-qr', '--json'];
const payout = (key: string) => ['payout', 'create', '--amount', '700', '--key', key, '--yes', '--json'];

async function envFor(journal: 'file' | 'postgres', label: string) {
  const url = journal === 'postgres' ? await journalUrlFor(postgres.url!, label) : undefined;
  return { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir(), ...(url ? { PAYGATE_JOURNAL_URL: url } : {}) };
}

describe.each(['file', 'postgres'] as const)('%s journal', (journal) => {
  test('charge create --key K, then payout create --key K: a charge and a payout, each once', async (context) => {
    if (journal === 'postgres' && !postgres.url) return context.skip(postgres.skipReason);
    const env = await envFor(journal, 'both');
    const key = `both-${journal}`;
    const [charges, posts] = [chargePosts(), payoutPosts(ts)];
    const made = await run(charge(key), { env });
    expect(made.code, made.stderr).toBe(0);
    const paid = await run(payout(key), { env });
    expect(paid.code, paid.stderr).toBe(0);
    expect(paid.stderr).not.toContain('Already made');
    expect(JSON.parse(paid.stdout).id).toMatch(/^co_/);
    // Each rerun prints its own, and sends nothing.
    const chargeAgain = await run(charge(key), { env });
    expect(JSON.parse(chargeAgain.stdout).id).toBe(JSON.parse(made.stdout).id);
    const payoutAgain = await run(payout(key), { env });
    expect(payoutAgain.stderr).toContain(`Already made with --key ${key}`);
    expect(JSON.parse(payoutAgain.stdout).id).toBe(JSON.parse(paid.stdout).id);
    expect([chargePosts(), payoutPosts(ts)]).toEqual([charges + 1, posts + 1]);
  });

  test('an older shared directory: its charge entry is the charge’s, its payout entry the payout’s', async (context) => {
    if (journal === 'postgres' && !postgres.url) return context.skip(postgres.skipReason);
    const env = await envFor(journal, 'older');
    const [k, c] = [`old-k-${journal}`, `old-c-${journal}`];
    // Made by hand on the gateway, as an older paygate would have, then journaled in its layout.
    const before = await run(
      ['payout', 'create', '--amount', '700', '--description', `payout ${k}`, '--yes', '--json'],
      {
        env,
      },
    );
    const oldPayout = JSON.parse(before.stdout);
    const oldCharge = JSON.parse(
      (await run(['charge', 'create', '--amount', '700', '--no-qr', '--json'], { env })).stdout,
    );
    const older = olderScopeDirectory(env.PAYGATE_CONFIG_DIR, ts.url);
    await writeOlderEntry(older, k, { amount: 700, description: `payout ${k}`, balanceSeen: 1 }, oldPayout);
    await writeOlderEntry(older, c, { amount: 700, description: c, balanceSeen: null }, oldCharge);
    const [charges, posts] = [chargePosts(), payoutPosts(ts)];

    const payoutRerun = await run(payout(k), { env });
    expect(payoutRerun.code, payoutRerun.stderr).toBe(0);
    expect(payoutRerun.stderr, payoutRerun.stdout).toContain(`Already made with --key ${k}`);
    expect(JSON.parse(payoutRerun.stdout).id).toBe(oldPayout.id);
    const chargeRerun = await run(charge(c), { env });
    expect(chargeRerun.code, chargeRerun.stderr).toBe(0);
    expect(JSON.parse(chargeRerun.stdout).id).toBe(oldCharge.id);
    expect([chargePosts(), payoutPosts(ts)]).toEqual([charges, posts]);
    // The other kind of each key is not taken for it: a payout with the charge's key pays.
    const payoutOfChargeKey = await run(payout(c), { env });
    expect(payoutOfChargeKey.code, payoutOfChargeKey.stderr).toBe(0);
    expect(payoutOfChargeKey.stderr).not.toContain('Already made');
    expect(payoutPosts(ts)).toBe(posts + 1);
    expect((await payouts(ts)).filter((one) => one.description === `payout ${c}`)).toHaveLength(1);
  });
});

/** `payout-journal/@<hash>/` with the scope.json an older version wrote (gateway as spelled then). */
function olderScopeDirectory(configDir: string, baseUrl: string): string {
  const gateway = `${baseUrl.replace('127.0.0.1', 'localhost')}/v1`;
  const id = createHash('sha256').update(`${gateway}\n${ts.main.seller_id}`).digest('hex').slice(0, 16);
  const dir = join(configDir, 'payout-journal', `@${id}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'scope.json'), JSON.stringify({ gateway, seller: String(ts.main.seller_id) }));
  return dir;
}

/** An entry as an older version wrote it: no `kind`, what it made under `payout`. */
async function writeOlderEntry(
  directory: string,
  key: string,
  intent: { amount: number; description: string; balanceSeen: number | null },
  made: { id: string; status?: string },
) {
  const journal = new FileJournal('/nonexistent', { directory });
  const runner = await journal.acquire(key);
  const at = new Date().toISOString();
  await runner.begin({ ...intent, at });
  await runner.markSent(at, 600_000);
  await runner.markDone(made);
  await runner.release();
  // Older records said no kind: take it out, as they were.
  for (const record of await journal.history(key)) {
    const { kind: _kind, ...older } = record;
    writeFileSync(
      join(journal.keyDir(key), `${String(record.seq).padStart(6, '0')}.json`),
      JSON.stringify(older),
    );
  }
}
