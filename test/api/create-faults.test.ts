// "Never pay twice" at the transport: for a POST, only a 4xx failure envelope
// from the gateway proves nothing was done; everything else after the write is exit 9, and the
// POST is sent exactly once. GETs keep their retries.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import {
  drop,
  fail,
  type Handler,
  json,
  makeClient,
  ok,
  rejection,
  sequence,
  startServer,
  type TestServer,
  text,
} from './helpers.js';

let server: TestServer;
const clients: Client[] = [];
function client(): Client {
  const made = makeClient(server.url);
  clients.push(made.client);
  return made.client;
}

beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
});

const posts = () => server.requests.filter((r) => r.method === 'POST').length;
const payout = { id: 'po_1', status: 'pending', amount: 100 };

const faults: Array<[string, Handler]> = [
  ['500 envelope', (_q, res) => json(res, 500, fail('api_error', 'internal', 'boom'))],
  ['503 envelope', (_q, res) => json(res, 503, fail('api_error', 'unavailable', 'later'))],
  ['502 proxy page', (_q, res) => text(res, 502, '<html><title>Bad Gateway</title></html>')],
  ['404 proxy page', (_q, res) => text(res, 404, '<html><title>Not Found</title></html>')],
  ['429 proxy page', (_q, res) => text(res, 429, '<html><title>Too Many</title></html>')],
  ['429 JSON that is not the rate-limit envelope', (_q, res) => json(res, 429, { message: 'slow' })],
  ['429 envelope of another type', (_q, res) => json(res, 429, fail('api_error', 'x', 'no'))],
  ['200 with success:false', (_q, res) => json(res, 200, fail('api_error', 'x', 'failed'))],
  [
    '302 redirect',
    (_q, res) => {
      res.writeHead(302, { location: 'https://elsewhere.example/v1/payouts' });
      res.end();
    },
  ],
  [
    '307 redirect',
    (_q, res) => {
      res.writeHead(307, { location: '/v1/payouts' });
      res.end();
    },
  ],
  ['dropped connection', drop],
];

describe('a POST after which the outcome is unknown: exit 9, sent exactly once', () => {
  for (const [name, handler] of faults) {
    it(name, async () => {
      server.handle(sequence(handler, (_q, res) => json(res, 201, ok(payout))));
      const error = await rejection(client().request('POST', '/payouts', { body: { amount: 100 } }));
      expect(error.exitCode).toBe(9);
      expect(error.message).toContain('outcome unknown');
      expect(posts()).toBe(1);
    });
  }
});

describe('a POST the gateway provably refused', () => {
  it('a 4xx failure envelope: exit 3, sent once', async () => {
    server.handle((_q, res) => json(res, 400, fail('invalid_request_error', 'bad', 'amount too low')));
    const error = await rejection(client().request('POST', '/payouts', { body: { amount: 1 } }));
    expect(error.exitCode).toBe(3);
    expect(posts()).toBe(1);
  });

  it("the gateway's own rate_limit_error 429 is retried, then succeeds (two POSTs, one payout)", async () => {
    server.handle(
      sequence(
        (_q, res) =>
          json(res, 429, fail('rate_limit_error', 'rate_limit_exceeded', 'slow down'), {
            'retry-after': '1',
          }),
        (_q, res) => json(res, 201, ok(payout)),
      ),
    );
    await expect(client().request('POST', '/payouts', { body: { amount: 100 } })).resolves.toEqual(payout);
    expect(posts()).toBe(2);
  });

  it('rate_limit_error 429 every time: exit 5 after the tries', async () => {
    server.handle((_q, res) => json(res, 429, fail('rate_limit_error', 'rate_limit_exceeded', 'slow down')));
    const error = await rejection(client().request('POST', '/payouts', { body: { amount: 100 } }));
    expect(error.exitCode).toBe(5);
  });
});

describe('GETs keep their retries', () => {
  it('a 503 envelope then success', async () => {
    server.handle(
      sequence(
        (_q, res) => json(res, 503, fail('api_error', 'unavailable', 'later')),
        (_q, res) => json(res, 200, ok({ available: 1 })),
      ),
    );
    await expect(client().request('GET', '/balance')).resolves.toEqual({ available: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('a 429 proxy page then success', async () => {
    server.handle(
      sequence(
        (_q, res) => text(res, 429, '<html>slow</html>'),
        (_q, res) => json(res, 200, ok({ available: 1 })),
      ),
    );
    await expect(client().request('GET', '/balance')).resolves.toEqual({ available: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('a 302 on a GET stays exit 3', async () => {
    server.handle((_q, res) => {
      res.writeHead(302, { location: 'https://elsewhere.example/' });
      res.end();
    });
    const error = await rejection(client().request('GET', '/balance'));
    expect(error.exitCode).toBe(3);
  });
});
