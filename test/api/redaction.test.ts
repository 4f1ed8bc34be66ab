// Strings that came from the server never carry our secrets: a gateway or proxy
// that echoes the Authorization header or the request body in its error puts neither the key nor
// the card data on stderr, in the --json error object or in a thrown error.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/client.js';
import { scrubText, sentSecrets } from '../../src/api/redact.js';
import { base64Fragments } from '../../src/api/secret-forms.js';
import { accountJournalOf } from '../helpers/journal.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import {
  fail,
  json,
  makeClient,
  ok,
  PUBLIC,
  rejection,
  SECRET,
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

/** Every character as a JSON `\uXXXX` escape (raw JSON text: the reader decodes it to the key). */
const jsonEscaped = (secret: string) =>
  [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
/** Some characters escaped, some not: `\u0073k_t\u0065st_…`. */
const mixedEscaped = (secret: string) =>
  [...secret].map((c, i) => (i % 3 === 0 ? jsonEscaped(c) : c)).join('');
const percentEncoded = (secret: string) =>
  [...secret].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`).join('');
const base64 = (text: string) => Buffer.from(text).toString('base64');
const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** The forms of our two keys a gateway echoes, as raw JSON string content. */
const ECHOED_FORMS: Array<[string, string]> = [
  ['the secret key JSON-escaped', jsonEscaped(SECRET)],
  ['the secret key partly escaped', mixedEscaped(SECRET)],
  ['the public key JSON-escaped', jsonEscaped(PUBLIC)],
  ['the secret key percent-encoded', percentEncoded(SECRET)],
  ['base64 of the secret key', base64(SECRET)],
  ['base64url of the secret key', base64url(`${SECRET}?`)],
  ['base64 of user:key', base64(`loja:${SECRET}`)],
  ['base64 of key: (JSON-escaped slashes)', base64(`${SECRET}:`).replace(/\//g, '\\/')],
  ['base64 of the public key', base64(`x${PUBLIC}`)],
];

/** What must never be shown: the keys, their encodings and the encodings' key-only stretches. */
const FORBIDDEN = [SECRET, PUBLIC, SECRET.slice(8), PUBLIC.slice(8)].flatMap((secret) => [
  secret,
  percentEncoded(secret),
  ...base64Fragments(secret),
]);
const leaked = (shown: string) => FORBIDDEN.filter((form) => shown.includes(form));

/** A raw JSON error body whose message carries `echoed` (written as it is, not re-escaped). */
const errorBody = (echoed: string) =>
  `{"success":false,"error":{"type":"invalid_request_error","code":"bad_key","message":"chave recusada: ${echoed} (fim)"}}`;

describe('our keys echoed encoded (issue 25 item 1)', () => {
  it.each(ECHOED_FORMS)('scrubText: %s is redacted, the rest kept', (_name, echoed) => {
    const scrubbed = scrubText(errorBody(echoed), [SECRET, PUBLIC], true);
    const message = (JSON.parse(scrubbed) as { error: { message: string } }).error.message;
    expect(leaked(message)).toEqual([]);
    expect(message).toMatch(/^chave recusada: .*\[redacted\].* \(fim\)$/);
  });

  it('a key whose base64 has + and /: standard, URL-safe, `\\/`-escaped; the JSON around kept', () => {
    const key = 'sk_live_???~~~???~~~abc';
    const forms = [
      base64(`u:${key}`),
      base64url(`u:${key}`),
      base64(`${key}:`).replace(/\//g, '\\/'),
      base64url(key),
      base64(`ab:${key}`),
    ];
    expect(forms.join(' ')).toMatch(/\+.*\\\/.*-.*_/s);
    for (const form of forms) {
      const scrubbed = scrubText(`{"message":"x ${form}\\"q\\" y"}`, [key], true);
      expect((JSON.parse(scrubbed) as { message: string }).message, form).toBe('x [redacted]"q" y');
    }
  });

  it('a text without our keys is returned as it is (escapes, percent signs and all)', () => {
    const body = '{"url":"https:\\/\\/x.example\\/a%20b","nome":"Jo\\u00e3o","desconto":"10%"}';
    expect(scrubText(body, [SECRET, PUBLIC], true)).toBe(body);
  });

  it('an escaped backslash before "u0073…" is no escape: nothing is decoded there', () => {
    expect(scrubText('"a\\\\u0073k"', ['sk_test_x'], true)).toBe('"a\\\\u0073k"');
  });

  it.each(ECHOED_FORMS)(
    'payout create --key refused with %s: stderr, --json, --debug and the journal carry no key',
    async (_name, echoed) => {
      server.handle((req, res) => {
        const path = new URL(req.url, 'http://x').pathname;
        if (path === '/v1/account') return json(res, 200, ok({ seller_id: 'sel_echo', name: 'Loja' }));
        if (path === '/v1/balance')
          return json(res, 200, ok({ available: 1_000_000, pending: 0, reserved: 0 }));
        if (req.method === 'GET') return json(res, 200, ok([], { has_more: false }));
        return text(res, 400, errorBody(echoed), 'application/json');
      });
      const env = {
        PAYGATE_BASE_URL: server.url,
        PAYGATE_SECRET_KEY: SECRET,
        PAYGATE_PUBLIC_KEY: PUBLIC,
        PAYGATE_CONFIG_DIR: tempConfigDir(),
      };
      const create = ['payout', 'create', '--amount', '50.00', '--key', 'echo-1', '--yes'];
      const plain = await run(create, { env });
      const asJson = await run([...create, '--json'], { env });
      const debug = await run([...create, '--debug'], { env });
      for (const result of [plain, asJson, debug]) expect(result.code, result.stderr).toBe(3);
      expect(plain.stderr).toContain('chave recusada');
      expect(plain.stderr).toContain('[redacted]');
      expect(JSON.parse(asJson.stderr.trim().split('\n').pop()!).error.message).toContain('[redacted]');
      expect(debug.stderr).toContain('<-- 400');
      const journal = JSON.stringify(await (await accountJournalOf(env)).history('echo-1'));
      expect(journal).toContain('chave recusada');
      for (const shown of [plain.stderr, asJson.stderr, debug.stderr, journal])
        expect(leaked(shown)).toEqual([]);
    },
  );

  it('card data we sent, echoed JSON-escaped or in base64: redacted from the error', async () => {
    const echoed = `${jsonEscaped('4111111111111111')} ${base64(PAN)} cvv ${jsonEscaped('987')}`;
    server.handle((_req, res) => text(res, 400, errorBody(echoed), 'application/json'));
    const error = await rejection(
      client().request('POST', '/tokens/card', { body: { card }, auth: 'public' }),
    );
    expect(error.exitCode).toBe(3);
    const shown = exposed(error);
    expect(shown).toContain('chave recusada');
    expect(shown).not.toContain('4111');
    expect(shown).not.toMatch(/\b987\b/);
    for (const fragment of base64Fragments(PAN)) expect(shown).not.toContain(fragment);
  });

  it('a success answer echoing the key escaped in a field: --json shows it redacted', async () => {
    server.handle((_req, res) =>
      text(
        res,
        200,
        `{"success":true,"data":{"available":150000,"pending":0,"reserved":0,"note":"${jsonEscaped(SECRET)} ${base64(`u:${SECRET}`)}"}}`,
        'application/json',
      ),
    );
    const env = { PAYGATE_BASE_URL: server.url, PAYGATE_SECRET_KEY: SECRET };
    const result = await run(['balance', '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('[redacted]');
    expect(leaked(result.stdout + result.stderr)).toEqual([]);
  });
});
