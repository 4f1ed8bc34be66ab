// Strings that came from the server never carry our secrets: a gateway or proxy
// that echoes the Authorization header or the request body in its error puts neither the key nor
// the card data on stderr, in the --json error object or in a thrown error.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { scrubText, sentSecrets } from '../../src/api/redact.js';
import { run } from '../helpers/run-cli.js';
import { fail, json, makeClient, rejection, SECRET, startServer, type TestServer, text } from './helpers.js';

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

const PAN = '4111 1111 1111 1111';
const card = { number: PAN, cvv: '987', exp_month: 12, exp_year: 2030, holder_name: 'A B' };

/** Everything a thrown error exposes, as text. */
function exposed(error: Error & Record<string, unknown>): string {
  return JSON.stringify({ message: error.message, details: error.details, cause: String(error.cause) });
}

describe('echoing servers', () => {
  it('a 401 echoing the Authorization header: the key is not in the error', async () => {
    server.handle((req, res) =>
      json(res, 401, fail('authentication_error', 'bad', `invalid header ${req.headers.authorization}`)),
    );
    const error = await rejection(client().request('GET', '/balance'));
    expect(error.exitCode).toBe(4);
    expect(exposed(error)).not.toContain(SECRET);
    expect(error.message).toContain('[redacted]');
  });

  it('a 400 echoing the request body: no card number (spaced or not) or CVV', async () => {
    server.handle((req, res) =>
      json(
        res,
        400,
        fail('invalid_request_error', 'bad', `cannot read ${req.body} (card 4111111111111111, cvv 987)`),
      ),
    );
    const error = await rejection(
      client().request('POST', '/tokens/card', { body: { card }, auth: 'public' }),
    );
    expect(error.exitCode).toBe(3);
    const shown = exposed(error);
    expect(shown).not.toContain('4111');
    expect(shown).not.toMatch(/\b987\b/);
  });

  it('a proxy page echoing the headers on a GET: no key in the malformed-answer error', async () => {
    server.handle((req, res) => text(res, 502, `<html><title>${req.headers.authorization}</title></html>`));
    const error = await rejection(client().request('GET', '/balance'));
    expect(exposed(error)).not.toContain(SECRET);
  });

  it('the CLI: stderr and the --json error object carry no key', async () => {
    server.handle((req, res) =>
      json(
        res,
        401,
        fail('authentication_error', req.headers.authorization ?? '', `bad ${req.headers.authorization}`),
      ),
    );
    const env = { PAYGATE_BASE_URL: server.url, PAYGATE_SECRET_KEY: SECRET };
    const plain = await run(['balance'], { env });
    const jsonRun = await run(['balance', '--json'], { env });
    expect(plain.code).toBe(4);
    expect(jsonRun.code).toBe(4);
    expect(plain.stderr + jsonRun.stderr).not.toContain(SECRET);
    expect(plain.stderr + jsonRun.stderr).not.toContain(SECRET.slice(8));
  });
});

describe('scrubText / sentSecrets', () => {
  it('finds card data in a body, not the other fields', () => {
    const found = sentSecrets(JSON.stringify({ amount: 1500, card, address: { number: '12' } }));
    expect(found).toEqual(expect.arrayContaining([PAN, '4111111111111111', '987']));
    expect(found).not.toContain('1500');
    expect(found).not.toContain('12');
  });

  it('short secrets only as whole tokens, and only in error answers', () => {
    expect(scrubText('cvv 987, amount 19870', ['987'], true)).toBe('cvv [redacted], amount 19870');
    expect(scrubText('amount 987', ['987'], false)).toBe('amount 987');
  });
});
