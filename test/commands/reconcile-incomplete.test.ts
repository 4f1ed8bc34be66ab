// Reconcile concludes "nothing was made" only from a whole list: against a gateway whose paging
// cannot be driven (it answers the same page whatever is asked), a key whose outcome is unknown
// stays unknown (exit 9, saying why), and a rerun still refuses to send.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountJournalOf } from '../helpers/journal.js';
import { type PagingGateway, startPagingGateway } from '../helpers/paging-gateways.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';

let gateway: PagingGateway;
beforeAll(async () => {
  gateway = await startPagingGateway('deaf');
});
afterAll(async () => gateway.close());

/** Past the outcome window (10 min), when "no match in the whole list" would mean "not sent". */
const AFTER_WINDOW = { now: () => Date.now() + 11 * 60_000 };

async function sentEntry(env: Record<string, string>, kind: 'payout' | 'charge', key: string) {
  const journal = await accountJournalOf(env, { kind, pid: 2 ** 22 + 98, isAlive: () => false });
  const runner = await journal.acquire(key);
  const at = Date.now();
  await runner.begin({
    amount: 777,
    description: key,
    balanceSeen: 999_999,
    at: new Date(at - 1000).toISOString(),
  });
  await runner.markSent(new Date(at - 900).toISOString(), 10 * 60_000);
}

describe('reconcile over a list it cannot read to the end', () => {
  it.each(['payout', 'charge'] as const)(
    '%s reconcile: exit 9, the entry is not settled as not sent',
    async (kind) => {
      const env = { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
      await sentEntry(env, kind, 'k-1');
      const result = await run([kind, 'reconcile', '--key', 'k-1'], { env, clock: AFTER_WINDOW });
      expect(result.code, result.stderr).toBe(9);
      expect(result.stderr).toContain('page 2 repeats page 1');
      expect(result.stderr).toContain('cannot conclude');
      const state = (await (await accountJournalOf(env, { kind })).read('k-1'))?.state;
      expect(['sent', 'unknown']).toContain(state);
    },
  );

  it('charge reconcile in Portuguese: why it cannot conclude, the charges named in Portuguese', async () => {
    const env = { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir(), PAYGATE_LANG: 'pt-BR' };
    await sentEntry(env, 'charge', 'k-2');
    const result = await run(['charge', 'reconcile', '--key', 'k-2'], { env, clock: AFTER_WINDOW });
    expect(result.code, result.stderr).toBe(9);
    expect(result.stderr).toMatch(/incompleto: \d+ de \d+ cobranças lidas; a página 2 repete a página 1/);
    expect(result.stderr).not.toMatch(/\bcharges\b/);
  });
});
