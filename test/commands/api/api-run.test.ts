// `api` in its two layers: parse (argv → options: method, path, body source, auth) and run (the
// body read from a file or stdin there, sent to a scripted gateway, the answer printed as it came).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiOptions, api } from '../../../src/commands/api/api.js';
import { fail, json, ok, PUBLIC, SECRET, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor, tempConfigDir } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };
const parse = async (argv: string[]) => api.parse(await inputFor(['api', ...argv]), noSettings);

describe('api: parse', () => {
  it.each([
    [['GET', '/v1/balance'], { method: 'GET', path: '/v1/balance', auth: 'secret', include: false }],
    [
      ['POST', '/v1/charges', '--data', '{"amount":1500}', '--public', '-i'],
      {
        method: 'POST',
        path: '/v1/charges',
        body: { json: '{"amount":1500}' },
        auth: 'public',
        include: true,
      },
    ],
    [
      ['PUT', '/v1/x', '--data', '@body.json'],
      { method: 'PUT', path: '/v1/x', body: { source: 'body.json' }, auth: 'secret', include: false },
    ],
    [
      ['POST', '/v1/x', '-d', '@-'],
      { method: 'POST', path: '/v1/x', body: { source: '-' }, auth: 'secret', include: false },
    ],
  ])('%j', async (argv, expected) => {
    expect(await parse(argv)).toEqual(expected);
  });

  it.each([
    [['GET', 'v1/balance'], 'argument: the path starts with / (got "v1/balance")'],
    [['POST', '/v1/charges', '--data', '{amount:1}'], /^--data: the body is /],
  ])('%j is refused before anything is read or sent: %s', async (argv, message) => {
    await expect(parse(argv)).rejects.toMatchObject({ exitCode: 2, message });
  });

  it('the method in any letter case (get, Post), read as its name; another one still refused', async () => {
    expect(await parse(['get', '/v1/balance'])).toMatchObject({ method: 'GET' });
    expect(await parse(['Post', '/v1/x'])).toMatchObject({ method: 'POST' });
    expect(api.parse({ args: ['delete', '/v1/x'], flags: {} }, noSettings)).toMatchObject({
      method: 'DELETE',
    });
    await expect(parse(['patch', '/v1/x'])).rejects.toThrow(/Allowed choices are GET, POST, PUT, DELETE/);
    expect(() => api.parse({ args: ['patch', '/v1/x'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: 'method: "patch" is not one of: GET, POST, PUT, DELETE',
      }),
    );
  });

  it('an input made by hand with another method is refused as commander refuses it', () => {
    expect(() => api.parse({ args: ['PATCH', '/v1/x'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: 'method: "PATCH" is not one of: GET, POST, PUT, DELETE',
      }),
    );
  });
});

describe('api: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((request, response) =>
      request.url === '/v1/missing'
        ? json(response, 404, fail('not_found', 'charge_not_found', 'no such charge'))
        : json(response, 200, ok({ echoed: request.body === '' ? null : JSON.parse(request.body) })),
    );
  });
  afterAll(async () => server.close());
  const options = (overrides: Partial<ApiOptions>): ApiOptions => ({
    method: 'GET',
    path: '/v1/balance',
    auth: 'secret',
    include: false,
    ...overrides,
  });

  it('the body from stdin (@-), sent as it is; the answer printed; -i puts the status on stderr', async () => {
    const { context, io } = fakeContext({ baseUrl: server.url, stdin: '{"amount":1500}' });
    const code = await api.run(
      options({ method: 'POST', path: '/v1/charges', body: { source: '-' }, include: true }),
      context,
    );
    await context.close();
    expect(code).toBe(0);
    const request = server.requests.at(-1)!;
    expect(`${request.method} ${request.url} ${request.body}`).toBe('POST /v1/charges {"amount":1500}');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(JSON.parse(io.stdout.text)).toEqual({ success: true, data: { echoed: { amount: 1500 } } });
    expect(io.stderr.text).toMatch(/^HTTP 200\n/);
  });

  it('the body from a file; --public sends the public key', async () => {
    const file = join(tempConfigDir(), 'body.json');
    writeFileSync(file, '{"a":1}');
    const { context } = fakeContext({ baseUrl: server.url, env: { PAYGATE_PUBLIC_KEY: PUBLIC } });
    await api.run(
      options({ method: 'POST', path: '/v1/x', body: { source: file }, auth: 'public' }),
      context,
    );
    await context.close();
    expect(server.requests.at(-1)!.body).toBe('{"a":1}');
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${PUBLIC}`);
  });

  it('a file that is not JSON: exit 2, nothing sent', async () => {
    const file = join(tempConfigDir(), 'body.txt');
    writeFileSync(file, 'amount=1');
    const before = server.requests.length;
    const { context } = fakeContext({ baseUrl: server.url });
    await expect(api.run(options({ method: 'POST', body: { source: file } }), context)).rejects.toMatchObject(
      {
        exitCode: 2,
        message: expect.stringMatching(/^--data: the body is /),
      },
    );
    await context.close();
    expect(server.requests.length).toBe(before);
  });

  it('an error answer is printed as it came; the exit code says its kind (404: 3)', async () => {
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await api.run(options({ path: '/v1/missing' }), context)).toBe(3);
    await context.close();
    expect(JSON.parse(io.stdout.text)).toMatchObject({ success: false, error: { code: 'charge_not_found' } });
  });
});
