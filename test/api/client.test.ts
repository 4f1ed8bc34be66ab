import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '../../src/api/client.js';
import { detectApiPrefix } from '../../src/api/detect-prefix.js';
import {
  ApiError,
  AuthenticationError,
  InvalidRequestError,
  MalformedResponseError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  PermissionError,
  RateLimitError,
  ServerError,
} from '../../src/api/errors.js';
import { RESOURCE_NEEDS } from '../../src/api/required-fields.js';
import { InterruptedError, NotConfiguredError, PaygateError } from '../../src/errors.js';
import { errorMessage } from '../../src/output/error-text.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';
import {
  closedPort,
  drop,
  fail,
  hang,
  json,
  makeClient,
  ok,
  PUBLIC,
  rejection,
  SECRET,
  sequence,
  startServer,
  type TestServer,
  text,
} from './helpers.js';

let server: TestServer;
const clients: Client[] = [];
function client(overrides: Parameters<typeof makeClient>[1] = {}, base?: string) {
  const made = makeClient(base ?? server.url, overrides);
  clients.push(made.client);
  return made;
}

beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
});
englishAfterEachTest();

const charge = {
  id: 'ci_abcdefghijkl',
  status: 'pending',
  amount: 1500,
  zeta_unknown: { nested: true },
  alpha: 1,
};

describe('envelope success', () => {
  it('returns data exactly as received (key order, unknown fields) and sends the secret key', async () => {
    server.handle((_req, res) => json(res, 200, ok(charge)));
    const { client: c } = client();
    const data = await c.request('GET', '/charges/ci_abcdefghijkl', { needs: RESOURCE_NEEDS });
    expect(JSON.stringify(data)).toBe(JSON.stringify(charge));
    const seen = server.requests[0]!;
    expect(seen.url).toBe('/v1/charges/ci_abcdefghijkl');
    expect(seen.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(seen.headers.accept).toBe('application/json');
    expect(seen.headers['user-agent']).toMatch(/paygate/);
  });

  it('sends JSON bodies and query parameters', async () => {
    server.handle((_req, res) => json(res, 201, ok(charge)));
    const { client: c } = client();
    await c.request('POST', '/charges', { body: { amount: 1500 }, query: { a: 1, b: undefined, c: true } });
    const seen = server.requests[0]!;
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/v1/charges?a=1&c=true');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toEqual({ amount: 1500 });
  });

  it('accepts paths that already carry the prefix, and the /api/v1 prefix', async () => {
    server.handle((_req, res) => json(res, 200, ok({})));
    await client().client.request('GET', '/v1/balance');
    await client({ apiPrefix: '/api/v1' }).client.request('GET', '/balance');
    await client({ apiPrefix: '/api/v1' }).client.request('GET', '/v1/balance');
    await client({}, `${server.url}/api/`).client.request('GET', '/balance');
    await client({}, `${server.url}///`).client.request('GET', 'balance');
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v1/balance',
      '/api/v1/balance',
      '/api/v1/balance',
      '/api/v1/balance',
      '/v1/balance',
    ]);
  });

  it('uses the public key for auth: public and none for auth: none', async () => {
    server.handle((_req, res) => json(res, 200, ok({})));
    const { client: c } = client();
    await c.request('POST', '/tokens/card', { auth: 'public', body: {} });
    await c.request('GET', '/ping', { auth: 'none' });
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${PUBLIC}`);
    expect(server.requests[1]!.headers.authorization).toBeUndefined();
  });
});

describe('configuration errors, before anything is sent', () => {
  it.each([
    'localhost:4010',
    'ftp://example.com',
    'not a url',
    '',
    'https://user:pw@example.com',
    'http://h/?x=1',
  ])('malformed base URL %j is a usage error (exit 2) naming --base-url', (baseUrl) => {
    let error: unknown;
    try {
      new Client({ baseUrl, secretKey: SECRET });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PaygateError);
    const e = error as PaygateError;
    expect(e.exitCode).toBe(2);
    expect(e.nextStep).toEqual({ kind: 'set_base_url' });
    expect(errorMessage(e)).toContain('--base-url');
    expect(errorMessage(e)).toContain('PAYGATE_BASE_URL');
    expect(errorMessage(e)).not.toContain('\n');
  });

  it('a missing secret key is NotConfiguredError (exit 4) and nothing is sent', async () => {
    const { client: c } = client({ secretKey: undefined });
    const error = await rejection(c.request('GET', '/balance'));
    expect(error).toBeInstanceOf(NotConfiguredError);
    expect(error.exitCode).toBe(4);
    expect(server.requests).toHaveLength(0);
  });

  it('a missing public key is NotConfiguredError for auth: public', async () => {
    const { client: c } = client({ publicKey: undefined });
    const error = await rejection(c.request('POST', '/tokens/card', { auth: 'public', body: {} }));
    expect(error).toBeInstanceOf(NotConfiguredError);
    expect(error.message).toContain('public key');
    expect(server.requests).toHaveLength(0);
  });
});

describe('error envelopes', () => {
  const cases: Array<[number, string, new (...args: never[]) => Error, number]> = [
    [401, 'authentication_error', AuthenticationError, 4],
    [403, 'permission_error', PermissionError, 4],
    [404, 'not_found_error', NotFoundError, 3],
    [400, 'invalid_request_error', InvalidRequestError, 3],
    [409, 'invalid_request_error', InvalidRequestError, 3],
    [422, 'invalid_request_error', InvalidRequestError, 3],
    [418, 'teapot', InvalidRequestError, 3],
    [500, 'api_error', ServerError, 6],
  ];
  it.each(cases)('HTTP %i %s → %o exit %i', async (status, type, Class, exit) => {
    server.handle((_req, res) =>
      json(res, status, fail(type, 'some_code', 'Human message', 'amount'), { 'x-request-id': 'req_123' }),
    );
    const error = await rejection(client().client.request('GET', '/charges/ci_x'));
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as unknown as ApiError;
    expect(e.exitCode).toBe(exit);
    expect(e.status).toBe(status);
    expect(e.type).toBe(type);
    expect(e.code).toBe('some_code');
    expect(e.message).toBe('Human message');
    expect(e.requestId).toBe('req_123');
    expect(e.toJSON()).toMatchObject({
      type,
      code: 'some_code',
      status,
      request_id: 'req_123',
      exit_code: exit,
    });
    expect(server.requests).toHaveLength(1); // 4xx and 500 are not retried
  });

  it('InvalidRequestError carries the field the body names', async () => {
    server.handle((_req, res) =>
      json(res, 400, fail('invalid_request_error', 'split_total', 'bad', 'split')),
    );
    const error = (await rejection(
      client().client.request('POST', '/charges', { body: {} }),
    )) as unknown as InvalidRequestError;
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error.field).toBe('split');
    expect(error.details.field).toBe('split');
  });

  it('a 5xx with the failure envelope on a POST is outcome-unknown (exit 9): the create may have been made; not retried', async () => {
    server.handle((_req, res) => json(res, 503, fail('api_error', 'unavailable', 'try later')));
    const error = await rejection(client().client.request('POST', '/charges', { body: {} }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(9);
    expect(error.message).toContain('try later');
    expect(server.requests).toHaveLength(1);
  });

  it('a 5xx with the failure envelope on a GET is ServerError (exit 6)', async () => {
    server.handle((_req, res) => json(res, 500, fail('api_error', 'internal', 'boom')));
    const error = await rejection(client({ maxAttempts: 1 }).client.request('GET', '/charges'));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.exitCode).toBe(6);
  });

  it('a 4xx failure envelope on a POST is the typed refusal (exit 3): nothing was made', async () => {
    server.handle((_req, res) =>
      json(res, 400, fail('invalid_request_error', 'amount_invalid', 'bad amount')),
    );
    const error = await rejection(client().client.request('POST', '/charges', { body: {} }));
    expect(error.exitCode).toBe(3);
    expect(server.requests).toHaveLength(1);
  });

  it('a 429 on a POST without the rate_limit_error envelope (a proxy page) is outcome-unknown, never repeated', async () => {
    server.handle((_req, res) => text(res, 429, '<html>Too Many Requests</html>'));
    const error = await rejection(client().client.request('POST', '/payouts', { body: {} }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(9);
    expect(server.requests).toHaveLength(1);
  });

  it('a 429 on a POST with the gateway rate_limit_error envelope is waited for and retried: nothing was done', async () => {
    server.handle(
      sequence(
        (_req, res) =>
          json(res, 429, fail('rate_limit_error', 'rate_limit_exceeded', 'slow down'), {
            'retry-after': '0',
          }),
        (_req, res) => json(res, 200, ok({ id: 'co_1', status: 'pending' })),
      ),
    );
    await expect(client().client.request('POST', '/payouts', { body: {} })).resolves.toEqual({
      id: 'co_1',
      status: 'pending',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('a redirect answering a POST is outcome-unknown (exit 9)', async () => {
    server.handle((_req, res) => {
      res.writeHead(307, { location: 'https://elsewhere.example/v1/payouts' });
      res.end();
    });
    const error = await rejection(client().client.request('POST', '/payouts', { body: {} }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(9);
  });

  it('a 200 with success:false is typed by its error type', async () => {
    server.handle((_req, res) => json(res, 200, fail('authentication_error', 'bad_key', 'Invalid key')));
    const error = await rejection(client().client.request('GET', '/account'));
    expect(error).toBeInstanceOf(AuthenticationError);
  });

  it('strips control characters from server messages', async () => {
    server.handle((_req, res) =>
      json(res, 400, fail('invalid_request_error', 'x', 'bad\x1b[31m\nthing\x07')),
    );
    const error = await rejection(client().client.request('GET', '/charges'));
    expect(error.message).toBe('bad thing');
  });
});

describe('429', () => {
  it('waits Retry-After and retries, for a GET', async () => {
    server.handle(
      sequence(
        (_req, res) =>
          json(res, 429, fail('rate_limit_error', 'rate_limit_exceeded', 'slow down'), {
            'retry-after': '2',
          }),
        (_req, res) => json(res, 200, ok({ available: 1 })),
      ),
    );
    const { client: c, time } = client();
    await expect(c.request('GET', '/balance')).resolves.toEqual({ available: 1 });
    expect(time.state.sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a POST too: the gateway did not process it', async () => {
    server.handle(
      sequence(
        (_req, res) =>
          json(res, 429, fail('rate_limit_error', 'rate_limit_exceeded', 'slow down'), {
            'retry-after': '1',
          }),
        (_req, res) => json(res, 201, ok(charge)),
      ),
    );
    const { client: c, time } = client();
    await expect(c.request('POST', '/charges', { body: { amount: 1 } })).resolves.toEqual(charge);
    expect(time.state.sleeps).toEqual([1000]);
    expect(server.requests).toHaveLength(2);
  });

  it('without Retry-After waits until X-RateLimit-Reset', async () => {
    const { client: c, time } = client();
    const reset = Math.floor(time.now() / 1000) + 5;
    server.handle(
      sequence(
        (_req, res) =>
          json(res, 429, fail('rate_limit_error', 'rate_limit_exceeded', 'slow down'), {
            'x-ratelimit-limit': '10',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(reset),
          }),
        (_req, res) => json(res, 200, ok({})),
      ),
    );
    await c.request('GET', '/charges');
    expect(time.state.sleeps).toHaveLength(1);
    expect(time.state.sleeps[0]).toBe(reset * 1000 - 1_700_000_000_000 + 100);
  });

  it('gives RateLimitError (exit 5) after maxAttempts tries, with retryAfterMs', async () => {
    server.handle((_req, res) =>
      json(res, 429, fail('rate_limit_error', 'rate_limit_exceeded', 'slow down'), {
        'retry-after': '3',
        'x-request-id': 'req_429',
      }),
    );
    const { client: c, time } = client({ maxAttempts: 3 });
    const error = (await rejection(c.request('GET', '/charges'))) as unknown as RateLimitError;
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error.exitCode).toBe(5);
    expect(error.retryAfterMs).toBe(3000);
    expect(error.requestId).toBe('req_429');
    expect(server.requests).toHaveLength(3);
    expect(time.state.sleeps).toEqual([3000, 3000]);
  });

  it('does not wait for a Retry-After beyond maxRetryWaitMs', async () => {
    server.handle((_req, res) => json(res, 429, 'nope', { 'retry-after': '3600' }));
    const { client: c, time } = client();
    const error = await rejection(c.request('GET', '/charges'));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(time.state.sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});

describe('retries of safe requests', () => {
  it('retries 503 on GET with full-jitter backoff within bounds, then succeeds', async () => {
    server.handle(
      sequence(
        (_req, res) => text(res, 503, 'busy', 'text/plain'),
        (_req, res) => text(res, 502, '<html><title>502 Bad Gateway</title></html>'),
        (_req, res) => json(res, 504, fail('api_error', 'timeout', 'upstream')),
        (_req, res) => json(res, 200, ok({ ok: true })),
      ),
    );
    const randoms = [0.999, 0, 0.5];
    const { client: c, time } = client({ random: () => randoms.shift() ?? 0.5 });
    await expect(c.request('GET', '/charges')).resolves.toEqual({ ok: true });
    expect(server.requests).toHaveLength(4);
    // full jitter: random × min(cap, base × 2^n), base 500, cap 8000
    expect(time.state.sleeps).toEqual([Math.floor(0.999 * 500), 0, Math.floor(0.5 * 2000)]);
  });

  it('keeps every backoff within [0, min(cap, base·2^n)) for any random value', async () => {
    server.handle((_req, res) => text(res, 503, 'busy', 'text/plain'));
    const { client: c, time } = client({
      maxAttempts: 6,
      retryBaseMs: 100,
      retryCapMs: 1000,
      random: () => 0.9999,
    });
    const error = await rejection(c.request('GET', '/charges'));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.exitCode).toBe(6);
    expect(server.requests).toHaveLength(6);
    const caps = [100, 200, 400, 800, 1000];
    time.state.sleeps.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(caps[i]!);
    });
  });

  it('503 with the envelope on GET: ServerError exit 6 after the tries', async () => {
    server.handle((_req, res) => json(res, 503, fail('api_error', 'unavailable', 'down')));
    const error = await rejection(client().client.request('GET', '/charges'));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.exitCode).toBe(6);
    expect(server.requests).toHaveLength(4);
  });

  it('does not retry 503 on a POST (non-envelope → outcome unknown)', async () => {
    server.handle((_req, res) => text(res, 503, '<html><title>Service Unavailable</title></html>'));
    const error = await rejection(client().client.request('POST', '/payouts', { body: { amount: 1 } }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(9);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a request flagged idempotent like a GET', async () => {
    server.handle(sequence(drop, (_req, res) => json(res, 200, ok({ id: 'wh_1' }))));
    const { client: c } = client();
    await expect(
      c.request('PUT', '/webhooks/wh_1', { body: { url: 'x' }, idempotent: true }),
    ).resolves.toEqual({
      id: 'wh_1',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('retries a GET whose connection dropped', async () => {
    server.handle(sequence(drop, (_req, res) => json(res, 200, ok({ a: 1 }))));
    const { client: c, time } = client();
    await expect(c.request('GET', '/balance')).resolves.toEqual({ a: 1 });
    expect(server.requests).toHaveLength(2);
    expect(time.state.sleeps).toHaveLength(1);
  });
});

describe('POST is never repeated once it may have reached the server', () => {
  it('dropped connection after the write → OutcomeUnknownError exit 9, exactly one request seen', async () => {
    server.handle(drop);
    const { client: c, time } = client();
    const error = await rejection(c.request('POST', '/charges', { body: { amount: 1500 } }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(9);
    // The client says what happened; the look to take first is said from its facts.
    expect(error.nextStep).toEqual({ kind: 'look_before_retrying', resource: { kind: 'charge' } });
    expect(error.message).not.toContain('paygate');
    expect(errorMessage(error)).toMatch(/Nothing was retried/);
    expect(errorMessage(error)).toMatch(/paygate charge list/);
    expect(errorMessage(error)).not.toContain('\n');
    expect(server.requests).toHaveLength(1);
    expect(time.state.sleeps).toEqual([]);
  });

  it('connection dropped in the middle of the answer → exit 9', async () => {
    server.handle((_req, res, raw) => {
      res.writeHead(201, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"success":true,"data":{"id":"co_');
      setTimeout(() => raw.socket.destroy(), 10);
    });
    const error = await rejection(client().client.request('POST', '/payouts', { body: { amount: 1 } }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.message).toContain('HTTP 201');
    expect(server.requests).toHaveLength(1);
  });

  it('ECONNREFUSED: nothing reached the server → NetworkError exit 6, even for a POST', async () => {
    const port = await closedPort();
    const { client: c, time } = client({}, `http://127.0.0.1:${port}`);
    const error = await rejection(c.request('POST', '/charges', { body: { amount: 1 } }));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).toContain('nothing reached the gateway');
    expect(time.state.sleeps).toHaveLength(3); // refused connections are retried: nothing was sent
  });

  it('ECONNREFUSED on a GET → NetworkError exit 6 after the tries', async () => {
    const port = await closedPort();
    const { client: c } = client({ maxAttempts: 2 }, `http://127.0.0.1:${port}`);
    const error = await rejection(c.request('GET', '/charges'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('(2 tries)');
  });
});

describe('bodies that are not the envelope', () => {
  it('HTML 502 on a GET → one-line message naming the status and content type, exit 6', async () => {
    server.handle((_req, res) =>
      text(
        res,
        502,
        '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
      ),
    );
    const error = await rejection(client({ maxAttempts: 1 }).client.request('GET', '/charges/ci_x'));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain('HTTP 502');
    expect(error.message).toContain('text/html');
    expect(error.message).toContain('502 Bad Gateway');
    expect(error.message).not.toContain('\n');
  });

  it('HTML 502 on a POST → OutcomeUnknownError exit 9 naming the status and content type', async () => {
    server.handle((_req, res) => text(res, 502, '<html><title>502 Bad Gateway</title></html>'));
    const error = await rejection(client().client.request('POST', '/charges', { body: {} }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(9);
    expect(error.message).toContain('HTTP 502');
    expect(error.message).toContain('text/html');
    expect(error.cause).toBeInstanceOf(MalformedResponseError);
    expect(server.requests).toHaveLength(1);
  });

  it("a body that is not the envelope keeps the answer's request id for support", async () => {
    server.handle((_req, res) => json(res, 200, { charge: 'ci_x' }, { 'x-request-id': 'req_200' }));
    const error = await rejection(client({ maxAttempts: 1 }).client.request('GET', '/charges/ci_x'));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as unknown as MalformedResponseError).toJSON()).toMatchObject({ request_id: 'req_200' });
  });

  it('truncated JSON on a GET → exit 6 (retried first)', async () => {
    server.handle((_req, res) => json(res, 200, '{"success":true,"data":{"id":"ci_'));
    const error = await rejection(client().client.request('GET', '/charges/ci_x'));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.exitCode).toBe(6);
    expect(error.message).toMatch(/HTTP 200 \(application\/json\).*invalid JSON/);
  });

  it('truncated JSON on a POST 201 → exit 9', async () => {
    server.handle((_req, res) => json(res, 201, '{"success":true,"data":{"id":"ci_'));
    const error = await rejection(client().client.request('POST', '/charges', { body: {} }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(9);
  });

  it("an HTML 4xx on a POST (a proxy's page, not the gateway's envelope) → outcome-unknown (exit 9)", async () => {
    server.handle((_req, res) => text(res, 413, '<html><title>413 Request Entity Too Large</title></html>'));
    const error = await rejection(client().client.request('POST', '/charges', { body: {} }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(9);
  });

  it('an HTML 4xx on a GET → exit 3 (MalformedResponseError)', async () => {
    server.handle((_req, res) => text(res, 404, '<html><title>404</title></html>'));
    const error = await rejection(client().client.request('GET', '/charges'));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.exitCode).toBe(3);
  });

  it('data that does not match the schema: GET exit 6, POST exit 9', async () => {
    server.handle((_req, res) => json(res, 200, ok({ id: { value: 5 } })));
    const getError = await rejection(client().client.request('GET', '/charges/x', { needs: RESOURCE_NEEDS }));
    expect(getError).toBeInstanceOf(MalformedResponseError);
    expect(getError.exitCode).toBe(6);
    expect(getError.message).toContain('data.id');
    const postError = await rejection(
      client().client.request('POST', '/charges', { needs: RESOURCE_NEEDS, body: {} }),
    );
    expect(postError).toBeInstanceOf(OutcomeUnknownError);
    expect(postError.exitCode).toBe(9);
  });

  it('an empty 2xx (204) is a success without data; a create without data is outcome-unknown', async () => {
    server.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(client().client.request('DELETE', '/webhooks/wh_1')).resolves.toBeNull();
    const error = await rejection(
      client().client.request('POST', '/charges', { body: {}, needs: RESOURCE_NEEDS }),
    );
    expect(error).toBeInstanceOf(OutcomeUnknownError);
  });

  it('a redirect is named with its location', async () => {
    server.handle((_req, res) => {
      res.writeHead(301, { location: 'https://api.example.com/v1/balance' });
      res.end();
    });
    const error = await rejection(client().client.request('GET', '/balance'));
    expect(error.exitCode).toBe(3);
    expect(error.message).toContain('https://api.example.com/v1/balance');
  });
});

describe('timeouts', () => {
  it('a GET that times out is retried, then NetworkError exit 6', async () => {
    server.handle(hang);
    const { client: c } = client({ timeoutMs: 80, maxAttempts: 2 });
    const error = await rejection(c.request('GET', '/charges'));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain('no answer within 80ms');
    expect(server.requests).toHaveLength(2);
  });

  it('a POST that times out is OutcomeUnknownError exit 9, sent once', async () => {
    server.handle(hang);
    const { client: c } = client({ timeoutMs: 80 });
    const error = await rejection(c.request('POST', '/payouts', { body: { amount: 1 } }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(9);
    expect(error.message).toContain('no answer within 80ms');
    expect(errorMessage(error)).toContain('paygate payout list');
    expect(server.requests).toHaveLength(1);
  });
});

describe('interruption', () => {
  it('the client signal aborts a create in flight → outcome-unknown (exit 9), never 130', async () => {
    server.handle(hang);
    const controller = new AbortController();
    const { client: c } = client({ signal: controller.signal });
    const pending = c.request('POST', '/charges', { body: {} });
    setTimeout(() => controller.abort(), 30);
    const error = await rejection(pending);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error.exitCode).toBe(9);
    expect(error.message).toMatch(/^interrupted while POST /);
  });

  // Which signal aborts a GET in flight: the client's, the run's given to both (as commands do),
  // or a request's own while the client's stays quiet. Each ends in InterruptedError (exit 130).
  it.each([
    ['the client signal aborts a GET in flight', (run: AbortSignal) => ({ client: run, request: undefined })],
    [
      'the run signal given both to the client and to the request (as commands do) aborts it',
      (run: AbortSignal) => ({ client: run, request: run }),
    ],
    [
      "a request's own signal, other than the client's, aborts it while the client's stays quiet",
      (run: AbortSignal) => ({ client: new AbortController().signal, request: run }),
    ],
  ])('%s → InterruptedError (exit 130)', async (_name, signals) => {
    server.handle(hang);
    const aborting = new AbortController();
    const given = signals(aborting.signal);
    const { client: c } = client({ signal: given.client });
    const pending = c.request('GET', '/charges', given.request ? { signal: given.request } : {});
    setTimeout(() => aborting.abort(), 30);
    const error = await rejection(pending);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(error.exitCode).toBe(130);
  });
});

describe('--debug trace', () => {
  it('shows method, URL, status, ms and rate-limit headers, and never the key or a card number', async () => {
    server.handle((_req, res) =>
      json(res, 200, ok({ id: 'tok_1', last4: '1111', echo: { number: '4111111111111111', cvv: '123' } }), {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '4999',
        'x-ratelimit-reset': '1700000060',
      }),
    );
    const { client: c, lines } = client();
    await c.request('POST', '/tokens/card', {
      auth: 'public',
      body: { number: '4111111111111111', holder_name: 'A B', exp_month: 1, exp_year: 2030, cvv: '123' },
    });
    await c.request('GET', `/charges/${SECRET}`); // even a key pasted into a path is redacted
    const trace = lines.join('\n');
    expect(trace).toContain(`--> POST ${server.url}/v1/tokens/card`);
    expect(trace).toMatch(/<-- 200 POST \S+ \d+ms/);
    expect(trace).toContain('x-ratelimit-remaining=4999');
    expect(trace).toContain('authorization: Bearer [redacted]');
    expect(trace).toContain('"number":"[redacted]"');
    expect(trace).toContain('"cvv":"[redacted]"');
    expect(trace).not.toContain(SECRET);
    expect(trace).not.toContain(PUBLIC);
    expect(trace).not.toContain('4111111111111111');
    expect(trace).not.toContain('"123"');
    for (const line of lines) expect(line).not.toContain('\n');
  });

  it('shows a try count only on requests that may be retried: a GET, never a first POST', async () => {
    server.handle((_req, res) => json(res, 200, ok({ id: 'po_1', status: 'pending' })));
    const { client: c, lines } = client();
    await c.request('POST', '/payouts', { body: { amount: 1 } });
    await c.request('GET', '/balance');
    expect(lines.find((line) => line.startsWith('--> POST'))).not.toMatch(/\(try \d/);
    expect(lines.find((line) => line.startsWith('--> GET'))).toMatch(/\(try 1\/\d\)/);
  });

  it('traces retries', async () => {
    server.handle(sequence(drop, (_req, res) => json(res, 200, ok({}))));
    const { client: c, lines } = client();
    await c.request('GET', '/balance');
    expect(lines.some((line) => line.startsWith('<-- ERR GET'))).toBe(true);
    expect(lines.some((line) => /retrying GET .* in \d+ms/.test(line))).toBe(true);
  });

  it("says its words in the run's language; markers, methods, URLs and headers stay as they are", async () => {
    await speakPortuguese();
    server.handle(
      sequence(
        (_req, res) => json(res, 503, { success: false, error: { type: 'api_error', message: 'down' } }),
        (_req, res) => json(res, 200, ok({})),
      ),
    );
    const { client: c, lines } = client();
    await c.request('GET', '/balance');
    expect(lines[0]).toMatch(
      /^--> GET \S+\/v1\/balance \(tentativa 1\/\d\) authorization: Bearer \[redacted\]$/,
    );
    expect(lines[1]).toMatch(/^<-- 503 GET \S+\/v1\/balance \d+ms/);
    expect(lines[2]).toMatch(
      /^\.\.\. tentando GET \S+\/v1\/balance de novo em \d+ms \(HTTP 503, tentativa 2\/\d\)$/,
    );
    expect(lines.join('\n')).not.toMatch(/\btry\b|retrying/);
  });
});

describe('rate-limit headers', () => {
  it('are read into client.rateLimit', async () => {
    server.handle((_req, res) =>
      json(res, 200, ok({}), {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '4321',
        'x-ratelimit-reset': '1700000060',
      }),
    );
    const { client: c } = client();
    expect(c.rateLimit).toBeNull();
    await c.request('GET', '/balance');
    expect(c.rateLimit).toEqual({ limit: 5000, remaining: 4321, resetAt: 1_700_000_060_000 });
    expect(c.pacer.state('GET /balance')).toEqual({
      limit: 5000,
      remaining: 4321,
      resetAt: 1_700_000_060_000,
    });
  });
});

describe('requestRaw', () => {
  it('returns status, headers and parsed body without throwing on error statuses', async () => {
    server.handle(
      sequence(
        (_req, res) => json(res, 404, fail('not_found_error', 'nf', 'no')),
        (_req, res) => text(res, 200, 'hi', 'text/plain'),
      ),
    );
    const { client: c } = client();
    const first = await c.requestRaw('get', '/v1/charges/ci_x?expand=1');
    expect(first.status).toBe(404);
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.body).toEqual(fail('not_found_error', 'nf', 'no'));
    expect(server.requests[0]!.url).toBe('/v1/charges/ci_x?expand=1');
    const second = await c.requestRaw('POST', '/charges', { body: '{"amount":1}' });
    expect(second.body).toBe('hi');
    expect(server.requests[1]!.body).toBe('{"amount":1}');
  });

  it('still never repeats a POST after a drop', async () => {
    server.handle(drop);
    const error = await rejection(client().client.requestRaw('POST', '/charges', { body: {} }));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('detectApiPrefix', () => {
  const options = () => ({ sleep: async () => undefined, env: {} });

  it('finds /v1', async () => {
    server.handle((req, res) =>
      req.url === '/v1/account'
        ? json(res, 200, ok({ seller_id: 1 }))
        : json(res, 404, fail('not_found_error', 'x', 'x')),
    );
    await expect(detectApiPrefix(server.url, SECRET, options())).resolves.toBe('/v1');
  });

  it('falls back to /api/v1 when /v1 answers 404 or something that is not JSON', async () => {
    server.handle((req, res) => {
      if (req.url === '/api/v1/account') return json(res, 200, ok({ seller_id: 1 }));
      return text(res, 404, '<html>Not Found</html>');
    });
    await expect(detectApiPrefix(`${server.url}/`, SECRET, options())).resolves.toBe('/api/v1');
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/account', '/api/v1/account']);
    server.handle((req, res) =>
      req.url === '/api/v1/account' ? json(res, 200, ok({})) : text(res, 200, 'welcome', 'text/plain'),
    );
    await expect(detectApiPrefix(server.url, SECRET, options())).resolves.toBe('/api/v1');
  });

  it('a 401 envelope at /v1 still means the API is there', async () => {
    server.handle((_req, res) => json(res, 401, fail('authentication_error', 'bad_key', 'no')));
    await expect(detectApiPrefix(server.url, 'sk_wrong_key_123', options())).resolves.toBe('/v1');
  });

  it('a base URL ending in /api works with /v1', async () => {
    server.handle((req, res) =>
      req.url === '/api/v1/account' ? json(res, 200, ok({})) : text(res, 404, 'nope', 'text/plain'),
    );
    await expect(detectApiPrefix(`${server.url}/api`, SECRET, options())).resolves.toBe('/v1');
    expect(server.requests).toHaveLength(1);
  });

  it('neither answers: NotFoundError naming both URLs', async () => {
    server.handle((_req, res) => text(res, 404, 'nope', 'text/plain'));
    const error = await rejection(detectApiPrefix(server.url, SECRET, options()));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toContain('/v1/account');
    expect(error.message).toContain('/api/v1/account');
  });
});

describe('proxy from the environment', () => {
  let proxy: http.Server;
  let proxyUrl: string;
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<net.Socket>();
  beforeEach(async () => {
    tunnels.length = 0;
    forwarded.length = 0;
    const p = http.createServer((req, res) => {
      // Absolute-form (an http:// target through HTTP_PROXY): forward it.
      forwarded.push(req.url ?? '');
      const upstream = http.request(req.url ?? '', { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    p.on('connect', (req, socket, head) => {
      tunnels.push(req.url ?? '');
      sockets.add(socket as net.Socket);
      const [host, port] = (req.url ?? '').split(':');
      const upstream = net.connect(Number(port), host, () => {
        sockets.add(upstream);
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(socket);
        socket.pipe(upstream);
      });
      upstream.on('error', () => socket.destroy());
      socket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => p.listen(0, '127.0.0.1', resolve));
    proxy = p;
    proxyUrl = `http://127.0.0.1:${(p.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  });

  it('goes through HTTP_PROXY when set', async () => {
    server.handle((_req, res) => json(res, 200, ok({ via: 'proxy' })));
    const { client: c } = client({ env: { HTTP_PROXY: proxyUrl } });
    expect(c.usesProxy).toBe(true);
    await expect(c.request('GET', '/balance')).resolves.toEqual({ via: 'proxy' });
    // An http:// target: an absolute-form request to the proxy (an https:// one is tunnelled,
    // see transport.test.ts).
    expect(forwarded).toEqual([`${server.url}/v1/balance`]);
    expect(tunnels).toEqual([]);
  });

  it('NO_PROXY bypasses it; no proxy variables → a plain agent', async () => {
    server.handle((_req, res) => json(res, 200, ok({})));
    const bypass = client({ env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' } }).client;
    await bypass.request('GET', '/balance');
    expect(tunnels).toEqual([]);
    expect(forwarded).toEqual([]);
    expect(client({ env: {} }).client.usesProxy).toBe(false);
  });
});

describe('pacing against a server that enforces its limit', () => {
  it('uses the whole budget and never sees a 429, with bounded concurrency', async () => {
    const { client: c, time } = client();
    const limit = 10;
    const windowMs = 60_000;
    let windowStart = time.now();
    let used = 0;
    let rejected = 0;
    server.handle((_req, res) => {
      const now = time.now();
      if (now >= windowStart + windowMs) {
        windowStart += Math.floor((now - windowStart) / windowMs) * windowMs;
        used = 0;
      }
      const reset = String(Math.ceil((windowStart + windowMs) / 1000));
      const headers = { 'x-ratelimit-limit': String(limit), 'x-ratelimit-reset': reset };
      if (used >= limit) {
        rejected++;
        return json(res, 429, fail('rate_limit_error', 'rate_limit_exceeded', 'slow'), {
          ...headers,
          'x-ratelimit-remaining': '0',
          'retry-after': String(Math.ceil((windowStart + windowMs - now) / 1000)),
        });
      }
      used++;
      json(res, 200, ok({ n: used }), { ...headers, 'x-ratelimit-remaining': String(limit - used) });
    });
    const ids = Array.from({ length: 45 }, (_, i) => `ci_${String(i).padStart(12, '0')}`);
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        await c.request('GET', `/charges/${id}`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(rejected).toBe(0);
    expect(server.requests).toHaveLength(45);
    // 45 requests at 10 per window: 4 resets waited for, each a little over the window's rest.
    expect(c.pacer.holds).toBeGreaterThanOrEqual(4);
    expect(time.now() - 1_700_000_000_000).toBeLessThan(4 * windowMs + 5_000);
    expect(time.now() - 1_700_000_000_000).toBeGreaterThanOrEqual(4 * windowMs);
  });
});

describe('close()', () => {
  it('destroys the agent', async () => {
    server.handle((_req, res) => json(res, 200, ok({})));
    const { client: c } = client();
    await c.request('GET', '/balance');
    await c.close();
    const error = await rejection(c.request('GET', '/balance'));
    expect(error).toBeInstanceOf(PaygateError);
    expect(error.exitCode).toBe(1); // a bug, not a network failure
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the keys out of util.inspect', async () => {
    const { inspect } = await import('node:util');
    const { client: c } = client();
    expect(inspect(c, { depth: 5 })).not.toContain(SECRET);
  });
});

describe('needs (what a command needs of an answer)', () => {
  it('checks only what the command needs and returns the data exactly as received', async () => {
    const answer = {
      id: 'co_1',
      status: 'in_review',
      provider: { name: 'x' },
      amount: '12.34',
      extra: [1, 2],
    };
    server.handle((_req, res) => json(res, 200, ok(answer)));
    const data = await client().client.request('GET', '/payouts/co_1', { needs: RESOURCE_NEEDS });
    expect(JSON.stringify(data)).toBe(JSON.stringify(answer));
  });

  it('a missing status is named', async () => {
    server.handle((_req, res) => json(res, 200, ok({ id: 'co_1' })));
    const error = await rejection(client().client.request('GET', '/payouts/co_1', { needs: RESOURCE_NEEDS }));
    expect(error.message).toContain('data.status: missing');
  });
});

describe('keys never in clear over a network', () => {
  it('refuses http:// to a non-loopback host before anything is sent (exit 2)', async () => {
    const c = new Client({ baseUrl: 'http://192.0.2.10:8080', secretKey: SECRET, env: {} });
    const error = await rejection(c.request('GET', '/balance'));
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('refusing to send the key in clear');
    expect(error.message).not.toContain(SECRET);
    await c.close();
  });

  it('PAYGATE_ALLOW_INSECURE_HTTP=1 lifts the refusal, loudly in the trace (the address is unroutable: exit 6)', async () => {
    const lines: string[] = [];
    const allowed = new Client({
      baseUrl: 'http://192.0.2.10:8080',
      secretKey: SECRET,
      env: { PAYGATE_ALLOW_INSECURE_HTTP: '1' },
      timeoutMs: 300,
      maxAttempts: 1,
      debug: (line) => lines.push(line),
    });
    const error = await rejection(allowed.request('GET', '/balance'));
    await allowed.close();
    expect(error.exitCode).toBe(6);
    expect(lines.join('\n')).toContain('sending the key in clear to http://192.0.2.10:8080');
  });

  it('http:// to loopback needs nothing', async () => {
    server.handle((_req, res) => json(res, 200, ok({ available: 1 })));
    const local = new Client({
      baseUrl: server.url.replace('127.0.0.1', 'localhost'),
      secretKey: SECRET,
      env: {},
    });
    await expect(local.request('GET', '/balance')).resolves.toEqual({ available: 1 });
    await local.close();
  });
});
