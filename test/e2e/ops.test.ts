// Money-out and ops commands through the built binary, as a user or cron runs them.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fund } from '../commands/payout/support.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { ensureBuilt, spawnPaygate } from '../helpers/spawn-cli.js';

let ts: TestSandbox;
beforeAll(async () => {
  ensureBuilt();
  ts = await startTestSandbox();
  await fund(ts, 50_000);
});
afterAll(async () => ts.close());

describe('ops commands, spawned', () => {
  test('split preview runs offline with no configuration at all', async () => {
    const result = await spawnPaygate(
      ['split', 'preview', '--amount', '10000', '--split', '1002=70%', '--split', '1003=30%', '--json'],
      {
        env: { PAYGATE_CONFIG_DIR: tempConfigDir() },
      },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ fee: 399, net: 9601, main_seller_amount: 0 });
  });

  test('balance --json and seller find (exit 3 when none)', async () => {
    const balance = await spawnPaygate(['balance', '--json'], { env: ts.env });
    expect(balance.code, balance.stderr).toBe(0);
    expect(JSON.parse(balance.stdout)).toMatchObject({ available: 48_005, currency: 'BRL' });
    const none = await spawnPaygate(['seller', 'find', 'nobody@example.com'], { env: ts.env });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('no seller with e-mail nobody@example.com');
  });

  test('token card --stdin --debug: the token, and the number nowhere in the output', async () => {
    const number = '5555555555554444';
    const result = await spawnPaygate(['token', 'card', '--stdin', '--debug', '--json'], {
      env: ts.env,
      stdin: JSON.stringify({ number, holder_name: 'Ana', exp_month: 12, exp_year: 2099, cvv: '321' }),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(result.stderr).toContain('/tokens/card');
    expect(result.stdout + result.stderr).not.toContain(number);
    expect(result.stdout + result.stderr).not.toContain('321"');
  });
});
