// The client keeps the gateway's clock as its latest answer with a `Date` header showed it
// (src/api/gateway-clock.ts): what a keyed create records of its own clock's skew.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, makeClient, ok, startServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const MINUTE = 60_000;

describe('Client.gatewayClock', () => {
  it("is the latest Date header against the local clock, its whole second's middle; an answer without one keeps it", async () => {
    const { client, time } = makeClient(server.url);
    try {
      expect(client.gatewayClock).toBeNull();
      // The gateway's clock 5 minutes ahead of the local one (the fake clock stands still here).
      server.handle((_req, res) =>
        json(res, 200, ok({ available: 1 }), { date: new Date(time.now() + 5 * MINUTE).toUTCString() }),
      );
      await client.request('GET', '/balance');
      expect(client.gatewayClock).toEqual({ now: time.now() + 5 * MINUTE + 500, skewMs: 5 * MINUTE + 500 });

      server.handle((_req, res) =>
        json(res, 200, ok({ available: 1 }), { date: new Date(time.now() - 2 * MINUTE).toUTCString() }),
      );
      await client.request('GET', '/balance');
      expect(client.gatewayClock?.skewMs).toBe(-2 * MINUTE + 500);

      server.handle((_req, res) => {
        res.sendDate = false;
        json(res, 200, ok({ available: 1 }));
      });
      await client.request('GET', '/balance');
      expect(client.gatewayClock?.skewMs).toBe(-2 * MINUTE + 500);
    } finally {
      await client.close();
    }
  });
});
