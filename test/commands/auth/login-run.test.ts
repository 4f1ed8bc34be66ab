// `login` and `logout` in their two layers: parse (argv → options; no key is read there) and run
// (the key read and checked against the gateway, the profile stored or its keys removed).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../src/commands/auth/login.js';
import { logout } from '../../../src/commands/auth/logout.js';
import { fail, json, ok, SECRET, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor, tempConfigDir } from '../../helpers/run-cli.js';
import { useTestSandbox } from '../../helpers/sandbox.js';

const noSettings = { setting: () => undefined };

describe('login: parse', () => {
  it('no flags: nothing (URL and key come from the environment or prompts in run)', async () => {
    expect(login.parse(await inputFor(['login']), noSettings)).toEqual({});
  });

  it('--secret-key-stdin and --public-key', async () => {
    const input = await inputFor(['login', '--secret-key-stdin', '--public-key', 'pk_test_1']);
    expect(login.parse(input, noSettings)).toEqual({ secretKeyStdin: true, publicKey: 'pk_test_1' });
  });

  it('--sandbox with and without its URL', async () => {
    expect(login.parse(await inputFor(['login', '--sandbox']), noSettings)).toEqual({ sandbox: true });
    expect(login.parse(await inputFor(['login', '--sandbox', 'http://127.0.0.1:4999']), noSettings)).toEqual({
      sandbox: 'http://127.0.0.1:4999',
    });
  });
});

describe('login: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('the logged-in line is broken at spaces to an 80-column terminal, never inside a word', async () => {
    server.handle((_request, response) => json(response, 200, ok({ seller_id: 1001, name: 'Loja Exemplo' })));
    const { context, io } = fakeContext({
      globals: { baseUrl: server.url },
      stdin: `${SECRET}\n`,
      tty: true,
      terminalSize: { rows: 24, columns: 80 },
    });
    expect(await login.run({ secretKeyStdin: true }, context)).toBe(0);
    await context.close();
    const lines = io.stderr.text.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines.join(' ').replace(/ {3}/g, ' ')).toBe(
      `Logged in to ${server.url} as Loja Exemplo (seller 1001): profile "default", key sk_test_…6789, API at /v1.`,
    );
  });

  it('reads the key from stdin, checks it with GET /v1/account, stores the profile; the key is never printed', async () => {
    server.handle((_request, response) => json(response, 200, ok({ seller_id: 1001, name: 'Loja Exemplo' })));
    const start = server.requests.length;
    const { context, io, configDir } = fakeContext({
      globals: { baseUrl: server.url },
      stdin: `${SECRET}\n`,
    });
    expect(await login.run({ secretKeyStdin: true }, context)).toBe(0);
    await context.close();
    expect(server.requests.slice(start).map((request) => `${request.method} ${request.url}`)).toContain(
      'GET /v1/account',
    );
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(io.stderr.text).toBe(
      `Logged in to ${server.url} as Loja Exemplo (seller 1001): profile "default", key sk_test_…6789, API at /v1.\n`,
    );
    expect(io.stdout.text + io.stderr.text).not.toContain(SECRET);
    const stored = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'));
    expect(stored.profiles.default).toMatchObject({
      base_url: server.url,
      api_prefix: '/v1',
      secret_key: SECRET,
      // Whose key it is, as text: the interactive split names the seller's own share with it.
      seller_id: '1001',
    });
  });

  it('an empty stdin: a usage error naming --secret-key-stdin, nothing sent', async () => {
    const start = server.requests.length;
    const { context } = fakeContext({ globals: { baseUrl: server.url }, stdin: '\n' });
    await expect(login.run({ secretKeyStdin: true }, context)).rejects.toMatchObject({
      exitCode: 2,
      message: '--secret-key-stdin: standard input was empty',
    });
    await context.close();
    expect(server.requests.length).toBe(start);
  });

  it('a refused key: exit 4, nothing stored', async () => {
    server.handle((_request, response) =>
      json(response, 401, fail('authentication_error', 'invalid_api_key', 'Invalid API key')),
    );
    const { context, configDir } = fakeContext({
      globals: { baseUrl: server.url },
      stdin: 'sk_test_wrong\n',
    });
    await expect(login.run({ secretKeyStdin: true }, context)).rejects.toMatchObject({ exitCode: 4 });
    await context.close();
    expect(() => readFileSync(join(configDir, 'config.json'), 'utf8')).toThrow();
  });
});

describe('login --sandbox and logout: run (test sandbox)', () => {
  const t = useTestSandbox();

  it('--sandbox URL: the main seller keys of that sandbox; logout removes them', async () => {
    const dir = tempConfigDir();
    const signed = fakeContext({ env: { PAYGATE_CONFIG_DIR: dir } });
    expect(await login.run({ sandbox: t.url }, signed.context)).toBe(0);
    await signed.context.close();
    expect(signed.io.stderr.text).toContain(`Logged in to ${t.url} as`);
    const read = () => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default;
    expect(read()).toMatchObject({
      base_url: t.url,
      secret_key: t.main.secret_key,
      public_key: t.main.public_key,
    });

    const out = fakeContext({ env: { PAYGATE_CONFIG_DIR: dir } });
    expect(await logout.run(undefined, out.context)).toBe(0);
    await out.context.close();
    expect(out.io.stderr.text).toBe('Removed the keys of profile "default".\n');
    expect(read()).toEqual({ base_url: t.url, api_prefix: '/v1' });

    const again = fakeContext({ env: { PAYGATE_CONFIG_DIR: dir } });
    expect(await logout.run(undefined, again.context)).toBe(0);
    await again.context.close();
    expect(again.io.stderr.text).toBe('Profile "default" has no stored keys.\n');
  });

  it('--sandbox without a URL: the --base-url given', async () => {
    const { context, io } = fakeContext({ globals: { baseUrl: t.url } });
    expect(await login.run({ sandbox: true }, context)).toBe(0);
    await context.close();
    expect(io.stderr.text).toContain(`Logged in to ${t.url} as`);
  });

  it('logout takes no arguments (an input made by hand too)', async () => {
    expect(logout.parse(await inputFor(['logout']), noSettings)).toBeUndefined();
    expect(() => logout.parse({ args: ['default'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'too many arguments: this command takes none' }),
    );
  });
});
