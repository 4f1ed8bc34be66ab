// Issue 17 item 7: C1 controls (U+009B is a CSI a terminal obeys) and bidi overrides from a server
// never reach a terminal raw through --json, ndjson, `api` or --debug; the JSON data stays the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeInvisible, formatJson } from '../../src/output/render.js';
import { json, ok, startServer, type TestServer } from '../api/helpers.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';

const HOSTILE = { name: 'Loja\u009b2J\u202eevil', note: 'ok' };

let server: TestServer;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startServer();
  // Lists get a page of the hostile item (then an empty page: the end); everything else the item itself.
  server.handle((req, res) => {
    const url = new URL(req.url ?? '', 'http://fake');
    const list = url.pathname.startsWith('/v1/charges') || url.pathname.startsWith('/v1/payouts');
    const firstPage = (url.searchParams.get('page') ?? '1') === '1';
    json(
      res,
      200,
      list
        ? {
            success: true,
            data: firstPage ? [{ id: 'ci_hostile000001', status: 'pending', amount: 100, ...HOSTILE }] : [],
          }
        : ok(HOSTILE),
    );
  });
  env = {
    PAYGATE_BASE_URL: server.url,
    PAYGATE_SECRET_KEY: 'sk_test_0123456789',
    PAYGATE_CONFIG_DIR: tempConfigDir(),
  };
});
afterAll(async () => server.close());

const RAW = /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('terminal safety of data output', () => {
  it('formatJson escapes them and parses back to the same data', () => {
    const text = formatJson(HOSTILE);
    expect(text).not.toMatch(RAW);
    expect(text).toContain('\\u009b');
    expect(JSON.parse(text)).toEqual(HOSTILE);
    expect(escapeInvisible('plain')).toBe('plain');
  });

  it('--json, api and --debug print none of them raw', async () => {
    const account = await run(['account', '--json'], { env });
    expect(account.code).toBe(0);
    expect(account.stdout).not.toMatch(RAW);
    expect(JSON.parse(account.stdout)).toEqual(HOSTILE);
    const api = await run(['api', 'GET', '/v1/account'], { env });
    expect(api.stdout).not.toMatch(RAW);
    const debug = await run(['account', '--debug'], { env });
    expect(debug.stderr).not.toMatch(RAW);
    expect(debug.stdout).not.toMatch(RAW);
  });

  it('lists (--json and -o ndjson, charges and payouts) print none of them raw, the same data', async () => {
    for (const argv of [
      ['charge', 'list', '--json'],
      ['charge', 'list', '-o', 'ndjson'],
      ['payout', 'list', '--json'],
    ]) {
      const result = await run(argv, { env });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).not.toMatch(RAW);
      expect(result.stdout).toContain('\\u009b');
      const first = argv.includes('ndjson')
        ? JSON.parse(result.stdout.split('\n')[0]!)
        : JSON.parse(result.stdout)[0];
      expect(first.name).toBe(HOSTILE.name);
    }
  });
});
