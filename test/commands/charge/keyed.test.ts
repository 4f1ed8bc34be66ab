// `charge create --key` and `charge reconcile --key`: never two charges for one key,
// under every fault the sandbox injects on POST /v1/charges, before or after it makes the charge.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fakeTime } from '../../helpers/fake-time.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());

/** The charges of the main seller with this external_id, as the API lists them. */
async function chargesOf(externalId: string): Promise<Array<{ id: string; external_id?: string }>> {
  const response = await fetch(`${ts.url}/v1/charges?limit=100`, {
    headers: { authorization: `Bearer ${ts.main.secret_key}` },
  });
  const body = (await response.json()) as { data: Array<{ id: string; external_id?: string }> };
  return body.data.filter((charge) => charge.external_id === externalId);
}

const chargePosts = () =>
  ts.sandbox.requests.filter((request) => request.method === 'POST' && /\/v1\/charges$/.test(request.path))
    .length;

const create = (key: string, amount = '1000') => [
  'charge',
  'create',
  '--amount',
  amount,
  '--key',
  key,
  '--no-qr',
  '--json',
];

describe('charge create --key', () => {
  test('sends the key as external_id; a rerun prints the charge already made and sends nothing', async () => {
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const posts = chargePosts();
    const first = await run(create('invoice-1'), { env });
    expect(first.code, first.stderr).toBe(0);
    const made = JSON.parse(first.stdout);
    expect(made.external_id).toBe('invoice-1');
    const again = await run(create('invoice-1'), { env });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Already created with --key invoice-1');
    expect(JSON.parse(again.stdout).id).toBe(made.id);
    expect(chargePosts()).toBe(posts + 1);
    const other = await run(create('invoice-1', '2000'), { env });
    expect(other.code).toBe(3);
    expect(chargePosts()).toBe(posts + 1);
  });

  const FAULTS = ['500', '503', '429', 'drop', 'delay'] as const;
  test.each(FAULTS.flatMap((kind) => (['before', 'after'] as const).map((when) => [kind, when] as const)))(
    'under a %s fault %s processing: exactly one charge in the end',
    async (kind, when) => {
      const key = `charge-${kind}-${when}`;
      const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
      const keyed = [...create(key), '--request-timeout', '1s'];
      const fault = await ts.injectFault({ route: 'POST /v1/charges', kind, when, delayMs: 1500 });
      // A 429's Retry-After is waited for on a clock that does not wait.
      const first = await run(keyed, { env, sleep: fakeTime().sleep });
      expect([0, 9]).toContain(first.code);
      if (kind === 'delay') await fault.finished(); // the sandbox finishes what it was doing
      if (first.code === 9) {
        expect(first.stderr).toContain(`charge reconcile --key ${key}`);
        expect((await run(keyed, { env })).code).toBe(9);
        const afterWindow = { now: () => Date.now() + 11 * 60_000 };
        // The window passes on the gateway too: the run recorded its clock against the gateway's.
        ts.sandbox.advanceClock(11 * 60_000);
        const settled = await run(['charge', 'reconcile', '--key', key], { env, clock: afterWindow });
        expect(settled.code, settled.stderr).toBe(0);
      }
      const rerun = await run(keyed, { env });
      expect(rerun.code, rerun.stderr).toBe(0);
      expect(await chargesOf(key)).toHaveLength(1);
    },
  );
});
