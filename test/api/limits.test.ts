// Answers the client refuses to swallow: bodies over the cap and JSON nested
// deep enough to overflow whatever reads it. A clear message and an exit code, never a crash.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { run } from '../helpers/run-cli.js';
import { json, makeClient, ok, rejection, startServer, type TestServer } from './helpers.js';

let server: TestServer;
const clients: Client[] = [];
function client(overrides = {}): Client {
  const made = makeClient(server.url, overrides);
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

/** Streams `size` bytes of a JSON list, without content-length. */
function bigBody(size: number) {
  return (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"success":true,"data":[');
    const chunk = `${'"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",'.repeat(1000)}`;
    let sent = 0;
    const more = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!res.write(chunk)) return res.once('drain', more);
      }
      res.end('""]}');
    };
    more();
  };
}

describe('body cap', () => {
  it('a GET over the cap: exit 6 naming the cap, downloaded once (not retried)', async () => {
    server.handle(bigBody(3 * 1024 * 1024));
    const error = await rejection(client({ maxBodyBytes: 1024 * 1024 }).request('GET', '/charges'));
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain('larger than 1 MiB');
    expect(server.requests).toHaveLength(1);
  });

  it('a content-length over the cap is refused before reading', async () => {
    server.handle((_req, res) => json(res, 200, ok('y'.repeat(5000))));
    const error = await rejection(client({ maxBodyBytes: 1000 }).request('GET', '/balance'));
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain('larger than 1000 bytes');
  });

  it('a POST whose answer is over the cap: exit 9, sent once', async () => {
    server.handle(bigBody(3 * 1024 * 1024));
    const error = await rejection(
      client({ maxBodyBytes: 1024 * 1024 }).request('POST', '/payouts', { body: {} }),
    );
    expect(error.exitCode).toBe(9);
    expect(server.requests).toHaveLength(1);
  });

  it('the default cap reads a list of a few MiB', async () => {
    server.handle(bigBody(4 * 1024 * 1024));
    const data = await client().request('GET', '/charges');
    expect(Array.isArray(data)).toBe(true);
  });
});

describe('deep JSON', () => {
  const deep = (levels: number) => `{"success":true,"data":${'['.repeat(levels)}${']'.repeat(levels)}}`;

  it('nested 5000 levels: a malformed-answer error (GET exit 6, POST exit 9)', async () => {
    server.handle((_req, res) => json(res, 200, deep(5000)));
    const error = await rejection(client().request('GET', '/balance'));
    expect(error.exitCode).toBe(6);
    expect(error.message).toContain('nested deeper than 1000 levels');
    const postError = await rejection(client().request('POST', '/payouts', { body: {} }));
    expect(postError.exitCode).toBe(9);
  });

  it('brackets inside strings do not count', async () => {
    server.handle((_req, res) => json(res, 200, ok({ text: '['.repeat(5000) })));
    await expect(client().request('GET', '/balance')).resolves.toEqual({ text: '['.repeat(5000) });
  });

  it('`balance --json` on a 100,000-level answer: exit 6 and a one-line message, no stack', async () => {
    server.handle((_req, res) => json(res, 200, deep(100_000)));
    const result = await run(['balance', '--json'], {
      env: { PAYGATE_BASE_URL: server.url, PAYGATE_SECRET_KEY: 'sk_test_x1234567890' },
      sleep: async () => undefined,
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toContain('nested deeper');
    expect(result.stderr).not.toContain('    at ');
  });
});
