// The foundation commands through the built binary, with a temp config dir, as a user runs them.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shellQuote } from '../../src/output/format.js';
import { tempConfigDir, tempConfigDirWithSettings } from '../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { binPath, ensureBuilt, spawnPaygate } from '../helpers/spawn-cli.js';

let gateway: TestSandbox;
beforeAll(async () => {
  ensureBuilt();
  gateway = await startTestSandbox();
});
afterAll(() => gateway.close());

describe('foundation commands, spawned', () => {
  test('login from stdin, then account, balance and api use the stored profile (file mode 0600)', async () => {
    const dir = tempConfigDir();
    const env = { PAYGATE_CONFIG_DIR: dir };
    const login = await spawnPaygate(['login', '--base-url', gateway.url, '--secret-key-stdin'], {
      env,
      stdin: gateway.main.secret_key,
    });
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toBe('');
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);

    const account = await spawnPaygate(['account', '--json'], { env });
    expect(account.code, account.stderr).toBe(0);
    expect(JSON.parse(account.stdout)).toMatchObject({ seller_id: 1001, person_type: 'PJ' });

    const balance = await spawnPaygate(['balance'], { env });
    expect(balance.code).toBe(0);
    expect(balance.stdout).toMatch(/Available\s+R\$ 0,00/);

    const api = await spawnPaygate(['api', 'GET', '/v1/sellers/search?email=contato@parceiroalfa.com.br'], {
      env,
    });
    expect(api.code).toBe(0);
    expect(JSON.parse(api.stdout).data).toMatchObject({ seller_id: 1002 });

    const profiles = await spawnPaygate(['profile', 'list'], { env });
    expect(profiles.stdout).toContain(`sk_test_…${gateway.main.secret_key.slice(-4)}`);
    expect(profiles.stdout + profiles.stderr + login.stderr).not.toContain(gateway.main.secret_key);
  });

  test('no key configured: exit 4 with a hint, before any request', async () => {
    const before = gateway.sandbox.requests.length;
    const result = await spawnPaygate(['balance'], { env: { PAYGATE_CONFIG_DIR: tempConfigDir() } });
    expect(result.code).toBe(4);
    // Spawned as `node bin/paygate.js`: the hint names the program that way, so that it runs.
    expect(result.stderr).toMatch(/^error: .*\nhint: run `/);
    expect(result.stderr).toContain(`hint: run \`node ${shellQuote(binPath)} login\``);
    expect(gateway.sandbox.requests.length).toBe(before);
  });

  test('a malformed base URL: one line, exit 2, no stack trace', async () => {
    const result = await spawnPaygate(['balance'], {
      env: {
        PAYGATE_CONFIG_DIR: tempConfigDir(),
        PAYGATE_BASE_URL: 'http//nope',
        PAYGATE_SECRET_KEY: 'sk_x',
      },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: .*URL/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  test('nothing listening: exit 6 on a GET, with a clear message', async () => {
    const result = await spawnPaygate(['balance', '--request-timeout', '2s'], {
      env: {
        // Its tries, not the waits between them (retry.* settings).
        PAYGATE_CONFIG_DIR: tempConfigDirWithSettings({
          'retry.base_delay': '1ms',
          'retry.max_delay': '1ms',
        }),
        PAYGATE_BASE_URL: 'http://127.0.0.1:9',
        PAYGATE_SECRET_KEY: 'sk_x',
      },
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/^error: /);
  });

  // Built and minified, as users run it: an error made without a type once printed its class's
  // minified name (`"type":"y"`).
  test('--request-timeout 0: a usage error naming the flag, exit 2, before any request', async () => {
    const before = gateway.sandbox.requests.length;
    const result = await spawnPaygate(['balance', '--json', '--request-timeout', '0'], { env: gateway.env });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr)).toEqual({
      error: {
        type: 'usage_error',
        code: null,
        message: '--request-timeout: must be above zero',
        exit_code: 2,
        field: '--request-timeout',
      },
    });
    expect(gateway.sandbox.requests.length).toBe(before);
  });

  // Node's timers fire at once past 2^31 - 1 ms: a keyed payout sent with `--request-timeout 30d`
  // was made and then reported as exit 9 ("no answer") a millisecond later.
  test('a --request-timeout longer than a timer keeps (25d): exit 2 before any request, no Node warning', async () => {
    const before = gateway.sandbox.requests.length;
    const result = await spawnPaygate(
      ['payout', 'create', '--amount', '10.00', '--key', 'long-wait', '--yes', '--request-timeout', '25d'],
      { env: gateway.env },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: --request-timeout: "25d" is longer than the longest wait paygate can keep (24d)\n',
    );
    expect(gateway.sandbox.requests.length).toBe(before);
  });

  test('--json failures print {"error":…} on stderr', async () => {
    const result = await spawnPaygate(['charge', 'get', 'ci_nothinghere1', '--json'], { env: gateway.env });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { type: 'not_found_error', exit_code: 3 } });
  });
});
