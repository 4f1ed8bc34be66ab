// `api` in Portuguese (PAYGATE_LANG=pt-BR): its refusals follow the language, in words and in a
// --json error's message; the error's type, code and exit code, and the gateway's answer printed
// on stdout, are the same bytes in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, json, SECRET, startServer, type TestServer } from '../../api/helpers.js';
import { englishLinesIn } from '../../helpers/english.js';
import { run } from '../../helpers/run-cli.js';

const PORTUGUESE = { PAYGATE_LANG: 'pt-BR' };

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe('api in Portuguese', () => {
  it('a path without / is refused in Portuguese: the same type, code and exit code in --json', async () => {
    const words = await run(['api', 'GET', 'v1/balance'], { env: PORTUGUESE });
    expect(words.code).toBe(2);
    expect(words.stderr).toContain('erro: argumento: o caminho começa com / (veio "v1/balance")\n');
    expect(englishLinesIn(words.stderr)).toEqual([]);
    const english = await run(['api', 'GET', 'v1/balance', '--json'], {});
    const portuguese = await run(['api', 'GET', 'v1/balance', '--json'], { env: PORTUGUESE });
    expect(portuguese.code).toBe(english.code);
    const { message: englishMessage, ...englishRest } = JSON.parse(english.stderr).error;
    const { message, ...rest } = JSON.parse(portuguese.stderr).error;
    expect(englishMessage).toBe('argument: the path starts with / (got "v1/balance")');
    expect(message).toBe('argumento: o caminho começa com / (veio "v1/balance")');
    expect(rest).toEqual(englishRest);
    expect(portuguese.stdout).toBe(english.stdout);
  });

  it('a --data body that is not JSON is refused in Portuguese, nothing sent', async () => {
    const start = server.requests.length;
    const result = await run(['api', 'POST', '/v1/charges', '--data', '{"amount":'], {
      env: { PAYGATE_BASE_URL: server.url, PAYGATE_SECRET_KEY: SECRET, ...PORTUGUESE },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('erro: --data: o corpo não é um JSON válido\n');
    expect(server.requests.length).toBe(start);
  });

  it("the gateway's error answer is printed as it came, the same bytes and exit code in both languages", async () => {
    server.handle((_request, response) =>
      json(response, 404, fail('not_found_error', 'not_found', 'Not found')),
    );
    const env = { PAYGATE_BASE_URL: server.url, PAYGATE_SECRET_KEY: SECRET };
    const english = await run(['api', 'GET', '/v1/charges/ci_none'], { env });
    const portuguese = await run(['api', 'GET', '/v1/charges/ci_none'], { env: { ...env, ...PORTUGUESE } });
    expect(english.code).toBe(3);
    expect(portuguese).toEqual(english);
  });
});
