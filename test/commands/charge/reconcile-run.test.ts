// `charge reconcile` in its two layers: parse (argv → options, no server, no journal) and run
// (options → what a user sees and what the journal then holds, against the test sandbox: the
// journal is scoped by the account the gateway reports).
import { describe, expect, it } from 'vitest';
import { chargeReconcile } from '../../../src/commands/charge/reconcile.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { accountJournalOf } from '../../helpers/journal.js';
import { inputFor, tempConfigDir } from '../../helpers/run-cli.js';
import { useTestSandbox } from '../../helpers/sandbox.js';
import { createCharge } from './api.js';

const noSettings = { setting: () => undefined };
const t = useTestSandbox();

describe('charge reconcile: parse', () => {
  it('the journal key', async () => {
    expect(
      chargeReconcile.parse(
        await inputFor(['charge', 'reconcile', '--key', 'invoice-2026-11-0042']),
        noSettings,
      ),
    ).toEqual({ key: 'invoice-2026-11-0042' });
  });

  it('no key, an empty one, one that is not a journal key: exit 2, each with its message', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, '--key is required: the journal key of the run to settle'],
      [{ key: '' }, '--key is required: the journal key of the run to settle'],
      [
        { key: 'bad key' },
        '--key: "bad key" is not a journal key: use 1 to 100 letters, digits, ".", "_" or "-", starting with a letter or digit (e.g. sweep-2026-11-22)',
      ],
    ];
    for (const [flags, message] of cases) {
      expect(() => chargeReconcile.parse({ args: [], flags }, noSettings), JSON.stringify(flags)).toThrow(
        expect.objectContaining({ exitCode: 2, message }),
      );
    }
  });
});

describe('charge reconcile: run', () => {
  /** A context on the sandbox with its own config dir (and so its own journal). */
  function sandboxContext(globals = {}) {
    const env = { ...t.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    return {
      env,
      ...fakeContext({ baseUrl: t.url, secretKey: t.main.secret_key, env, globals }),
    };
  }

  it('a key with no journal entry: exit 3, nothing changed', async () => {
    const { context, io } = sandboxContext();
    await expect(chargeReconcile.run({ key: 'never-used' }, context)).rejects.toMatchObject({
      exitCode: 3,
      message: expect.stringMatching(/^no charge journal entry for --key never-used \(in /),
    });
    await context.close();
    expect(io.stdout.text).toBe('');
  });

  it('a sent entry whose charge the gateway has: settled as done, the charge printed; a rerun says so', async () => {
    const { env, context, io } = sandboxContext({ json: true });
    const journal = await accountJournalOf(env, { kind: 'charge' });
    const runner = await journal.acquire('k-sent');
    const at = Date.now();
    await runner.begin({
      amount: 777,
      description: 'k-sent',
      balanceSeen: 0,
      at: new Date(at - 1000).toISOString(),
    });
    await runner.markSent(new Date(at - 900).toISOString(), 10 * 60_000);
    await runner.release();
    const charge = await createCharge(t, { amount: 777, external_id: 'k-sent' });

    const code = await chargeReconcile.run({ key: 'k-sent' }, context);
    await context.close();
    expect(code).toBe(0);
    expect(JSON.parse(io.stdout.text)).toMatchObject({ id: charge.id, amount: 777 });
    expect(io.stderr.text).toContain(`--key k-sent: settled, the charge was created: ${charge.id}`);
    expect((await journal.read('k-sent'))?.state).toBe('done');

    const again = fakeContext({ baseUrl: t.url, secretKey: t.main.secret_key, env, globals: { json: true } });
    expect(await chargeReconcile.run({ key: 'k-sent' }, again.context)).toBe(0);
    await again.context.close();
    expect(again.io.stderr.text).toContain(`--key k-sent: already settled, charge ${charge.id}`);
  });
});
