import { statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeTime } from '../helpers/fake-time.js';
import { createScriptedPrompter } from '../helpers/prompter.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let gateway: TestSandbox;
beforeAll(async () => {
  gateway = await startTestSandbox();
});
afterAll(() => gateway.close());

describe('login', () => {
  it('stores a profile from --secret-key-stdin after GET /v1/account, mode 0600, key never printed', async () => {
    const dir = tempConfigDir();
    const result = await run(['login', '--base-url', gateway.url, '--secret-key-stdin'], {
      env: { PAYGATE_CONFIG_DIR: dir },
      stdin: `${gateway.main.secret_key}\n`,
    });
    expect(result.stderr).toContain(`Logged in to ${gateway.url}`);
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(gateway.main.secret_key);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    const balance = await run(['api', 'GET', '/v1/balance'], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(balance.code).toBe(0);
    expect(JSON.parse(balance.stdout)).toMatchObject({ success: true, data: { currency: 'BRL' } });
    const profiles = await run(['profile', 'list', '--json'], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(JSON.parse(profiles.stdout)).toEqual([
      expect.objectContaining({
        name: 'default',
        current: true,
        base_url: gateway.url,
        api_prefix: '/v1',
        secret_key: `sk_test_…${gateway.main.secret_key.slice(-4)}`,
      }),
    ]);
  });

  it('detects a deployment that serves under /api/v1', async () => {
    const dir = tempConfigDir();
    const result = await run(['login', '--sandbox', gateway.url, '--profile', 'sb'], {
      env: { PAYGATE_CONFIG_DIR: dir },
    });
    expect(result.code).toBe(0);
    const list = await run(['profile', 'list', '--json'], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(JSON.parse(list.stdout)[0]).toMatchObject({ name: 'sb', base_url: gateway.url });
  });

  it('asks for URL and key on a terminal', async () => {
    const dir = tempConfigDir();
    const prompter = createScriptedPrompter([
      { message: 'Gateway URL', answer: gateway.url },
      { message: 'Secret key', answer: gateway.main.secret_key },
    ]);
    const result = await run(['login'], { env: { PAYGATE_CONFIG_DIR: dir }, tty: true, prompter });
    expect(result.code).toBe(0);
    prompter.assertDone();
  });

  it('on a terminal, checks the URL before asking for the key, and asks again for a URL that does not answer or a refused key', async () => {
    const dir = tempConfigDir();
    const closed = await closedPortUrl();
    const prompter = createScriptedPrompter([
      { message: 'Gateway URL', answer: closed },
      { message: 'Gateway URL', answer: gateway.url },
      { message: 'Secret key', answer: 'sk_test_wrongwrongwrong' },
      { message: 'Secret key', answer: gateway.main.secret_key },
    ]);
    // The tries at the closed port wait on a clock that does not wait.
    const { sleep } = fakeTime();
    const result = await run(['login'], { env: { PAYGATE_CONFIG_DIR: dir }, tty: true, prompter, sleep });
    prompter.assertDone();
    expect(result.code).toBe(0);
    // At a terminal a long warning is broken between words (src/output/wrap.ts wrapMessage).
    const said = result.stderr.replace(/\s+/g, ' ');
    expect(said).toContain('nothing answers at that URL; enter it again');
    expect(said).toContain('the gateway refused this key; enter it again');
    expect(result.stderr).not.toContain('sk_test_wrongwrongwrong');
    const list = await run(['profile', 'list', '--json'], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(JSON.parse(list.stdout)[0]).toMatchObject({ base_url: gateway.url });
  });

  it('on a terminal, a key refused three times is exit 4 and nothing is stored', async () => {
    const dir = tempConfigDir();
    const prompter = createScriptedPrompter([
      { message: 'Gateway URL', answer: gateway.url },
      { message: 'Secret key', answer: 'sk_test_wrong1wrong1' },
      { message: 'Secret key', answer: 'sk_test_wrong2wrong2' },
      { message: 'Secret key', answer: 'sk_test_wrong3wrong3' },
    ]);
    const result = await run(['login'], { env: { PAYGATE_CONFIG_DIR: dir }, tty: true, prompter });
    prompter.assertDone();
    expect(result.code).toBe(4);
    expect(
      (await run(['profile', 'list', '--json'], { env: { PAYGATE_CONFIG_DIR: dir } })).stdout.trim(),
    ).toBe('[]');
  });

  it('with no key, a command says to log in; the hint offers no flag the command lacks', async () => {
    const result = await run(['charge', 'list'], {
      env: { PAYGATE_CONFIG_DIR: tempConfigDir(), PAYGATE_BASE_URL: gateway.url },
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain(
      'hint: run `paygate login` (it asks for the key, or reads it with --secret-key-stdin), or set PAYGATE_SECRET_KEY',
    );
    expect(result.stderr).not.toContain('pass --secret-key-stdin');
  });

  it('without a terminal, a missing URL is exit 2 naming --base-url (no prompt, no hang)', async () => {
    const result = await run(['login'], { env: { PAYGATE_CONFIG_DIR: tempConfigDir() } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--base-url is required');
  });

  it('a wrong key is exit 4 and nothing is stored', async () => {
    const dir = tempConfigDir();
    const result = await run(['login', '--base-url', gateway.url, '--secret-key-stdin'], {
      env: { PAYGATE_CONFIG_DIR: dir },
      stdin: 'sk_test_wrongwrongwrong',
    });
    expect(result.code).toBe(4);
    expect(
      (await run(['profile', 'list', '--json'], { env: { PAYGATE_CONFIG_DIR: dir } })).stdout.trim(),
    ).toBe('[]');
  });

  it('logout removes the keys; then a command needing the key fails with exit 4', async () => {
    const dir = tempConfigDir();
    await run(['login', '--sandbox', gateway.url], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect((await run(['logout'], { env: { PAYGATE_CONFIG_DIR: dir } })).code).toBe(0);
    const after = await run(['api', 'GET', '/v1/balance'], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(after.code).toBe(4);
  });
});

describe('api', () => {
  it('posts --data and maps an error status to its exit code, printing the body', async () => {
    const bad = await run(['api', 'POST', '/v1/charges', '--data', '{"amount":-5,"payment_method":"pix"}'], {
      env: gateway.env,
    });
    expect(bad.code).toBe(3);
    expect(JSON.parse(bad.stdout)).toMatchObject({
      success: false,
      error: { type: 'invalid_request_error' },
    });
    const missing = await run(['api', 'GET', '/v1/charges/ci_doesnotexist1'], { env: gateway.env });
    expect(missing.code).toBe(3);
  });

  it('rejects a body that is not JSON before sending', async () => {
    const before = gateway.sandbox.requests.length;
    const result = await run(['api', 'POST', '/v1/charges', '--data', '{amount:1}'], { env: gateway.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--data: the body is not valid JSON');
    expect(gateway.sandbox.requests.length).toBe(before);
  });

  it('a malformed base URL is one line and exit 2', async () => {
    const result = await run(['api', 'GET', '/v1/balance'], {
      env: { ...gateway.env, PAYGATE_BASE_URL: 'not a url' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')[0]).toMatch(/^error: .*URL/);
    expect(result.stderr).not.toContain('    at ');
  });

  it('--json failures put {"error":…} on stderr', async () => {
    const result = await run(['api', 'GET', '/v1/balance', '--json'], {
      env: { ...gateway.env, PAYGATE_SECRET_KEY: '', PAYGATE_CONFIG_DIR: tempConfigDir() },
    });
    expect(result.code).toBe(4);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { exit_code: 4 } });
  });
});

describe('sandbox control commands', () => {
  it('pays a charge through the control endpoint', async () => {
    const created = await run(
      ['api', 'POST', '/v1/charges', '--data', '{"amount":1500,"payment_method":"pix"}'],
      { env: gateway.env },
    );
    const id = JSON.parse(created.stdout).data.id as string;
    const paid = await run(['sandbox', 'pay', id, '--json'], { env: gateway.env });
    expect(paid.code).toBe(0);
    const charge = JSON.parse((await run(['api', 'GET', `/v1/charges/${id}`], { env: gateway.env })).stdout);
    expect(charge.data.status).toBe('paid');
    const again = await run(['sandbox', 'pay', id], { env: gateway.env });
    expect(again.code).toBe(3);
  });
});

describe('program', () => {
  it('--version prints the version', async () => {
    const result = await run(['--version']);
    expect(result).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });
  it('an unknown command is exit 2 with a suggestion', async () => {
    const result = await run(['chrage']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('charge');
  });
  it('global options are accepted after the command', async () => {
    const result = await run(['config', 'list', '--json', '--no-color']);
    expect(result.code).toBe(0);
    expect(() => JSON.parse(result.stdout)).not.toThrow();
  });
});

/** A URL on which nothing listens (a port just freed). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
