// The writer's clock skew in the PostgreSQL journal (docs/architecture.md, the journal): an
// optional field of the jsonb record, no migration; an entry a host of the shared journal wrote
// without one is never concluded "not sent" by a reconcile elsewhere.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '../../src/api/client.js';
import { payoutReconcile } from '../../src/commands/payout/reconcile.js';
import type { JournalScope } from '../../src/config/journal-account.js';
import { PostgresJournal } from '../../src/config/journal-postgres.js';
import { journalScope } from '../../src/config/journal-scope.js';
import { fund } from '../commands/payout/support.js';
import { journalUrlFor, sql, usePostgres } from '../helpers/postgres.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const postgres = usePostgres();
const MINUTE = 60_000;

/** A host of the shared journal, on a machine of its own. */
const hostOf = (url: string, scope: JournalScope, name: string) =>
  new PostgresJournal(url, scope, { kind: 'payout', host: name, pid: 4242, machine: `machine of ${name}` });

describe('the writer clock skew in the PostgreSQL journal', () => {
  let ts: TestSandbox;
  beforeAll(async () => {
    ts = await startTestSandbox();
    await fund(ts, 100_000);
  });
  afterAll(async () => ts.close());

  /** The account scope the commands of `env` use, so that a "host" here writes their entries. */
  async function scopeOf(env: Record<string, string | undefined>): Promise<JournalScope> {
    const client = new Client({
      baseUrl: env.PAYGATE_BASE_URL!,
      secretKey: env.PAYGATE_SECRET_KEY!,
      env: {},
    });
    try {
      return await journalScope(env.PAYGATE_CONFIG_DIR!, client, env.PAYGATE_SECRET_KEY!);
    } finally {
      await client.close();
    }
  }

  test('recorded with the intent and sent, read back by another host; a record without it stays as it was', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'clock_skew');
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir(), PAYGATE_JOURNAL_URL: url };
    const scope = await scopeOf(env);
    const writer = hostOf(url, scope, 'pg-writer');
    const run = await writer.acquire('skewed');
    await run.begin({
      amount: 900,
      description: 'payout skewed',
      balanceSeen: null,
      at: new Date().toISOString(),
      clockSkewMs: -300_400,
    });
    await run.markSent(new Date().toISOString(), 600_000, -300_200);
    await run.release();
    const old = await writer.acquire('unskewed');
    await old.begin({
      amount: 901,
      description: 'payout unskewed',
      balanceSeen: null,
      at: new Date().toISOString(),
    });
    await old.release();

    const reader = hostOf(url, scope, 'pg-reader');
    expect((await reader.history('skewed')).map((record) => record.clock_skew_ms)).toEqual([
      -300_400, -300_200,
    ]);
    expect(await reader.read('unskewed')).not.toHaveProperty('clock_skew_ms');
    const rows = await sql(
      url,
      "SELECT key, record->'clock_skew_ms' AS skew FROM paygate_journal ORDER BY key, seq",
    );
    expect(rows).toEqual([
      { key: 'skewed', skew: -300_400 },
      { key: 'skewed', skew: -300_200 },
      { key: 'unskewed', skew: null },
    ]);
  });

  test('an entry another host wrote without a skew: reconcile here exits 9 naming it, the entry stays sent', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await journalUrlFor(postgres.url, 'clock_unknown');
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir(), PAYGATE_JOURNAL_URL: url };
    const writer = hostOf(url, await scopeOf(env), 'pod-sweep-5c7d');
    const run = await writer.acquire('pod-1');
    // Long enough ago that the outcome window is over on any clock.
    const at = new Date(Date.now() - 30 * MINUTE).toISOString();
    await run.begin({ amount: 902, description: 'payout pod-1', balanceSeen: null, at });
    await run.markSent(at, 600_000);
    await run.release();

    const result = await runHandler(payoutReconcile, ['payout', 'reconcile', '--key', 'pod-1'], { env });
    expect(result.code, result.stderr + result.failure).toBe(9);
    expect(result.failure).toContain('its entry was written on host pod-sweep-5c7d');
    expect((await hostOf(url, await scopeOf(env), 'pg-reader').read('pod-1'))?.state).toBe('sent');
  });
});
