// No 10 consecutive characters of a key's secret part (after `sk_test_`) show anywhere paygate
// writes, in any letter case and in any form a reader decodes (issue 30 item 8): a hostile server
// echoing the key upper-cased, as hex, percent-encoded two or three times, as HTML entities, in
// base64 at any alignment, or split across the fields of its error gets `[redacted]` shown.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_WINDOW } from '../../src/api/key-windows.js';
import { scrubText } from '../../src/api/redact.js';
import { base64Fragments } from '../../src/api/secret-forms.js';
import { fakeContext } from '../helpers/fake-context.js';
import { journalUrlFor, sql, usePostgres } from '../helpers/postgres.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { json, ok, PUBLIC, SECRET, startServer, type TestServer, text } from './helpers.js';

const PART = SECRET.slice('sk_test_'.length);

const codes = (piece: string) => [...piece].map((c) => c.charCodeAt(0));
const hex = (piece: string) => Buffer.from(piece).toString('hex');
const percent = (piece: string) =>
  codes(piece)
    .map((c) => `%${c.toString(16).toUpperCase()}`)
    .join('');
const percentAgain = (encoded: string) => encoded.replace(/%/g, '%25');
const base64At = (offset: number, url: boolean) => (piece: string) => {
  const bytes = Buffer.from(`${'xyz'.slice(0, offset)}${piece}`);
  return url ? bytes.toString('base64url') : bytes.toString('base64');
};
/** Letters alternately upper- and lower-cased, starting with `shift` (0: upper). */
const mixedCase = (piece: string, shift = 0) =>
  [...piece].map((c, i) => ((i + shift) % 2 === 0 ? c.toUpperCase() : c.toLowerCase())).join('');
/** Decimal, hex and named entities mixed (`&lowbar;` for `_`), some characters left plain. */
const htmlEntities = (piece: string) =>
  [...piece]
    .map((c, i) =>
      c === '_'
        ? '&lowbar;'
        : i % 3 === 0
          ? `&#${c.charCodeAt(0)};`
          : i % 3 === 1
            ? `&#x${c.charCodeAt(0).toString(16)};`
            : c,
    )
    .join('');
const jsonEscapes = (piece: string) =>
  codes(piece)
    .map((c) => `\\u${c.toString(16).padStart(4, '0')}`)
    .join('');

/** Each form a hostile server echoes, as the raw text it sends (inside a JSON string). */
const FORMS: Array<[string, (piece: string) => string]> = [
  ['as it is', (piece) => piece],
  ['upper-cased', (piece) => piece.toUpperCase()],
  ['lower-cased', (piece) => piece.toLowerCase()],
  ['hex, lower case', hex],
  ['hex, upper case', (piece) => hex(piece).toUpperCase()],
  ['hex of the upper-cased key', (piece) => hex(piece.toUpperCase())],
  ['hex after 0x', (piece) => `0x${hex(piece)}`],
  ['percent-encoded', percent],
  ['percent-encoded twice', (piece) => percentAgain(percent(piece))],
  ['percent-encoded three times', (piece) => percentAgain(percentAgain(percent(piece)))],
  ['HTML entities, decimal/hex/named', htmlEntities],
  [
    'HTML entities, upper-cased, as &amp;-escaped HTML',
    (piece) => htmlEntities(piece.toUpperCase()).replace(/&/g, '&amp;'),
  ],
  ['JSON escapes', jsonEscapes],
  ['JSON-escaped percent-encoding', (piece) => jsonEscapes(percent(piece))],
  ['base64, offset 0', base64At(0, false)],
  ['base64, offset 1', base64At(1, false)],
  ['base64, offset 2', base64At(2, false)],
  ['base64url, offset 1', base64At(1, true)],
  ['base64url, offset 2, upper-cased key', (piece) => base64At(2, true)(piece.toUpperCase())],
  // Each letter of the key in either case: every combination of a group's 3 letters is searched.
  ['base64, offset 1, letters in mixed case', (piece) => base64At(1, false)(mixedCase(piece))],
  ['base64url, offset 0, letters in mixed case', (piece) => base64At(0, true)(mixedCase(piece, 1))],
];

/** Every 10-character window of the key's secret part. */
const windows = (part: string) =>
  Array.from({ length: part.length - KEY_WINDOW + 1 }, (_, at) => part.slice(at, at + KEY_WINDOW));

/**
 * What must never be shown: each window of both keys (compared case-insensitively) and, per
 * window, its other forms (hex, percent, entities and the alignment-free stretches of its base64).
 */
function leaked(shown: string): string[] {
  const lower = shown.toLowerCase();
  const found: string[] = [];
  for (const key of [SECRET, PUBLIC]) {
    for (const window of windows(key.slice(8))) {
      if (lower.includes(window.toLowerCase())) found.push(window);
      for (const [name, form] of FORMS.slice(3, 14))
        if (lower.includes(form(window).toLowerCase())) found.push(`${name}: ${window}`);
      for (const fragment of [...base64Fragments(window), ...base64Fragments(window.toUpperCase())])
        if (fragment.length >= 12 && shown.includes(fragment)) found.push(`base64: ${window}`);
    }
  }
  return found;
}

const errorBody = (message: string, code = 'bad_key') =>
  `{"success":false,"error":{"type":"invalid_request_error","code":"${code}","message":"chave recusada: ${message} (fim)"}}`;

describe('any window of the key, in any form (property)', () => {
  it.each(FORMS)('%s: every 10-character window is redacted, the text around kept', (_name, form) => {
    for (const window of windows(PART)) {
      const scrubbed = scrubText(errorBody(form(window)), [SECRET, PUBLIC], true);
      const message = (JSON.parse(scrubbed) as { error: { message: string } }).error.message;
      expect(message, window).toMatch(/^chave recusada: .*\[redacted\].* \(fim\)$/);
      expect(message, window).not.toContain(form(window));
      expect(leaked(message), window).toEqual([]);
    }
  });

  it('nine characters of the key, and text without it, are left as they are', () => {
    const body = errorBody(
      `${PART.slice(0, KEY_WINDOW - 1)} ch_2026ABCDEFGHIJKLMN 9876543210abcdef0123 https://x.example/a%20b &amp; &#233;`,
    );
    expect(scrubText(body, [SECRET, PUBLIC], true)).toBe(body);
  });
});

describe('the base64 forms of a key, made on the first text that may hold them', () => {
  it('a short answer first (no base64 run), then base64 of a piece of the same key: redacted', () => {
    // A key of this test alone: its forms are made here, by the first text, not by an earlier test.
    const key = 'sk_test_Lz9QmW4vXr7TnB2kHs5D';
    const piece = key.slice('sk_test_'.length, 'sk_test_'.length + KEY_WINDOW);
    const balance = '{"success":true,"data":{"available":123456,"pending":7890,"currency":"BRL"}}';
    expect(scrubText(balance, [key], false)).toBe(balance);

    for (const offset of [0, 1, 2]) {
      const echoed = `{"success":false,"error":{"message":"chave ${base64At(offset, offset === 2)(piece)} (fim)"}}`;
      const message = (JSON.parse(scrubText(echoed, [key], true)) as { error: { message: string } }).error
        .message;
      expect(message, `offset ${offset}`).toBe('chave [redacted] (fim)');
    }
  });
});

const postgres = usePostgres();

describe('a hostile server echoing the key (stderr, stdout, the journal file, --debug)', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    await server.close();
  });

  /** Every file under `dir`, as one text. */
  const filesUnder = (dir: string): string =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'))
      .join('\n');

  const HOSTILE: Array<[string, string]> = [
    ...FORMS.map(([name, form]): [string, string] => [name, errorBody(form(SECRET))]),
    [
      'split across error.message and error.code',
      errorBody(`${SECRET.slice(0, 8 + 12)}`, `${PART.slice(12)}`),
    ],
    ['split across error.code and error.message', errorBody(PART.slice(11), `sk_test_${PART.slice(0, 11)}`)],
  ];

  it.each(HOSTILE)('payout create --key refused with the key %s', async (_name, body) => {
    server.handle((req, res) => {
      const path = new URL(req.url, 'http://x').pathname;
      if (path === '/v1/account') return json(res, 200, ok({ seller_id: 'sel_echo', name: 'Loja' }));
      if (path === '/v1/balance')
        return json(res, 200, ok({ available: 1_000_000, pending: 0, reserved: 0 }));
      if (req.method === 'GET') return json(res, 200, ok([], { has_more: false }));
      return text(res, 400, body, 'application/json');
    });
    const configDir = tempConfigDir();
    const env = {
      PAYGATE_BASE_URL: server.url,
      PAYGATE_SECRET_KEY: SECRET,
      PAYGATE_PUBLIC_KEY: PUBLIC,
      PAYGATE_CONFIG_DIR: configDir,
    };
    const create = ['payout', 'create', '--amount', '50.00', '--key', 'echo-1', '--yes'];
    const plain = await run(create, { env });
    const asJson = await run([...create, '--json'], { env });
    const debug = await run([...create, '--debug'], { env });
    for (const result of [plain, asJson, debug]) expect(result.code, result.stderr).toBe(3);
    expect(plain.stderr).toContain('chave recusada');
    expect(plain.stderr).toContain('[redacted]');
    expect(debug.stderr).toContain('<-- 400');
    const journal = filesUnder(configDir);
    expect(journal).toContain('chave recusada');
    for (const result of [plain, asJson, debug]) {
      expect(leaked(result.stderr)).toEqual([]);
      expect(leaked(result.stdout)).toEqual([]);
    }
    expect(leaked(journal)).toEqual([]);
  });

  it('the shared journal: its rows carry no piece of the key, in any form', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const forms = HOSTILE.filter(([name]) =>
      /upper-cased|hex|three times|entities|offset 2|split/.test(name),
    );
    const journalUrl = await journalUrlFor(postgres.url, 'hostile');
    for (const [index, [name, body]] of forms.entries()) {
      server.handle((req, res) => {
        const path = new URL(req.url, 'http://x').pathname;
        if (path === '/v1/account') return json(res, 200, ok({ seller_id: 'sel_echo', name: 'Loja' }));
        if (path === '/v1/balance')
          return json(res, 200, ok({ available: 1_000_000, pending: 0, reserved: 0 }));
        if (req.method === 'GET') return json(res, 200, ok([], { has_more: false }));
        return text(res, 400, body, 'application/json');
      });
      const env = {
        PAYGATE_BASE_URL: server.url,
        PAYGATE_SECRET_KEY: SECRET,
        PAYGATE_PUBLIC_KEY: PUBLIC,
        PAYGATE_CONFIG_DIR: tempConfigDir(),
        PAYGATE_JOURNAL_URL: journalUrl,
      };
      const result = await run(
        ['payout', 'create', '--amount', '50.00', '--key', `echo-${index}`, '--yes', '--debug'],
        { env },
      );
      expect(result.code, result.stderr).toBe(3);
      expect(leaked(result.stderr + result.stdout), name).toEqual([]);
    }
    const rows = await sql<{ row: string }>(journalUrl, 'SELECT record::text AS row FROM paygate_journal');
    expect(rows.length).toBeGreaterThanOrEqual(forms.length);
    const all = rows.map(({ row }) => row).join('\n');
    expect(all).toContain('chave recusada');
    expect(leaked(all)).toEqual([]);
  }, 60_000);
});

describe('the last pass before stdout and stderr', () => {
  it('pieces joined on one line are checked as the line: a warning, a debug line, a printed row', async () => {
    const { context, io } = fakeContext({
      env: { PAYGATE_SECRET_KEY: SECRET, PAYGATE_BASE_URL: 'http://127.0.0.1:9' },
      globals: { debug: true },
    });
    // The pass comes with the client: a key can only be echoed by a gateway's answer.
    await context.client();
    // Neither piece holds 10 characters of the key; joined, they do.
    const [head, tail] = [PART.slice(0, 6), PART.slice(6, 12)];
    context.log.warn(`code ${head}${tail.toUpperCase()}`);
    context.log.debug(`trace ${hex(head)}${hex(tail)}`);
    context.io.stdout.write(`row ${percent(head)}${percent(tail)}\n`);
    expect(io.stderr.text).toContain('code [redacted]');
    expect(io.stderr.text).toContain('trace [redacted]');
    expect(io.stdout.text).toBe('row [redacted]\n');
    expect(leaked(io.stderr.text + io.stdout.text)).toEqual([]);
  });
});
