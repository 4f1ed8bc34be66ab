// How much of a list `charge list` / `payout list` read and show:
// a --since/--until range is read whole (bounded by --max-pages, exit 10 when cut); without a
// range, --limit or --all, the newest 20, and the rows that default left out are said on stderr
// in every output mode (an export cut short must not pass for the whole list).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeList } from '../../src/commands/charge/list.js';
import { payoutList } from '../../src/commands/payout/list.js';
import { json, ok, startServer, type TestServer } from '../api/helpers.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';
import { runHandler } from '../helpers/run-handler.js';
import { scriptedCharge } from './charge/scripted-charges.js';

englishAfterEachTest();

const NOW = Date.parse('2026-11-25T12:00:00Z');
const clock = { now: () => NOW };
const HOUR = 3_600_000;

/** 24 charges, one an hour back from an hour before NOW, newest first. */
const charges = Array.from({ length: 24 }, (_, index) =>
  scriptedCharge({
    id: `ci_${String(24 - index).padStart(4, '0')}`,
    created_at: new Date(NOW - (index + 1) * HOUR).toISOString(),
  }),
);
const payouts = charges.map((charge) => ({
  id: charge.id.replace('ci_', 'co_'),
  status: 'completed',
  amount: 1000,
  created_at: charge.created_at,
}));

let server: TestServer;
/** Pages of `pageSize` (the gateway's own size, whatever was asked), newest first, `since` ignored. */
function serve(pageSize: number) {
  server.handle((request, response) => {
    const url = new URL(request.url, server.url);
    const items = url.pathname === '/v1/payouts' ? payouts : charges;
    const page = Number(url.searchParams.get('page') ?? '1');
    const slice = items.slice((page - 1) * pageSize, page * pageSize);
    const hasMore = page * pageSize < items.length;
    json(
      response,
      200,
      ok(slice, { pagination: { page, limit: pageSize, total: items.length, has_more: hasMore } }),
    );
  });
}
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());
beforeEach(() => {
  server.requests.length = 0;
  serve(100);
});

function run(argv: string[], globals: Record<string, unknown> = {}, tty = false) {
  const options = {
    baseUrl: server.url,
    clock,
    globals,
    ...(tty ? { tty: true, terminalSize: { rows: 40, columns: 200 } } : {}),
  };
  return argv[0] === 'payout' ? runHandler(payoutList, argv, options) : runHandler(chargeList, argv, options);
}

/** The ids a run wrote, in every output mode. */
function idsOf(stdout: string, output: string): string[] {
  if (output === 'json') return JSON.parse(stdout).map((item: { id: string }) => item.id);
  return stdout
    .trim()
    .split('\n')
    .slice(output === 'ndjson' ? 0 : 1)
    .map((line) => (output === 'ndjson' ? JSON.parse(line).id : /^\S+?(?=[\s,]|$)/.exec(line)![0]));
}

const NOTE = 'Showing the newest 20 charges of 24: --limit N shows more, --all every one.\n';

describe('lists cut by the default limit say so in every output mode', () => {
  it.each([
    ['csv', { output: 'csv' }],
    ['ndjson', { output: 'ndjson' }],
    ['json', { json: true }],
    ['table', {}],
  ])(
    '-o %s, not at a terminal: the newest 20 rows, and a warning on stderr naming the 24',
    async (output, globals) => {
      const result = await run(['charge', 'list'], globals);
      expect(result.code, result.failure).toBe(0);
      expect(idsOf(result.stdout, output)).toEqual(charges.slice(0, 20).map((charge) => charge.id));
      expect(result.stderr).toBe(`warning: ${NOTE}`);
    },
  );

  it('with --quiet the warning stays (rows missing from a file); at a terminal a table gets a note', async () => {
    expect((await run(['charge', 'list'], { output: 'csv', quiet: true })).stderr).toBe(`warning: ${NOTE}`);
    expect((await run(['charge', 'list'], {}, true)).stderr).toBe(NOTE);
    expect((await run(['charge', 'list'], { quiet: true }, true)).stderr).toBe('');
  });

  it('a --limit given is a choice: a script is not told; a list that fits is not cut', async () => {
    const limited = await run(['charge', 'list', '--limit', '5'], { output: 'csv' });
    expect(idsOf(limited.stdout, 'csv')).toHaveLength(5);
    expect(limited.stderr).toBe('');
    expect((await run(['charge', 'list', '--limit', '24'], { output: 'csv' })).stderr).toBe('');
  });

  it('payout list too', async () => {
    const result = await run(['payout', 'list'], { output: 'ndjson' });
    expect(idsOf(result.stdout, 'ndjson')).toHaveLength(20);
    expect(result.stderr).toBe(
      'warning: Showing the newest 20 payouts of 24: --limit N shows more, --all every one.\n',
    );
  });
});

describe('a --since/--until range is read whole, bounded by --max-pages', () => {
  it.each([
    ['csv', { output: 'csv' }],
    ['ndjson', { output: 'ndjson' }],
    ['json', { json: true }],
    ['table', {}],
  ])('-o %s: every charge of the range, newest first, nothing on stderr, exit 0', async (output, globals) => {
    const result = await run(['charge', 'list', '--since', '2026-11-24'], globals);
    expect(result.code, result.failure).toBe(0);
    expect(idsOf(result.stdout, output)).toEqual(charges.map((charge) => charge.id));
    expect(result.stderr).toBe('');
  });

  it('a gateway that ignores `since` (newest first) is read only down to the first older item', async () => {
    serve(5);
    const result = await run(['payout', 'list', '--since', '12h'], { output: 'ndjson' });
    expect(result.code, result.failure).toBe(0);
    // 12 payouts in the last 12 hours (one an hour), not the newest 20 nor all 24.
    expect(idsOf(result.stdout, 'ndjson')).toEqual(payouts.slice(0, 12).map((payout) => payout.id));
    expect(
      server.requests.map((request) => new URL(request.url, server.url).searchParams.get('page')),
    ).toEqual(['1', '2', '3']);
  });

  it('--max-pages cuts it: what was read is written, then exit 10 naming --max-pages', async () => {
    serve(10);
    const result = await run(['charge', 'list', '--since', '2026-11-24', '--max-pages', '2'], {
      output: 'csv',
    });
    expect(result.code).toBe(10);
    expect(idsOf(result.stdout, 'csv')).toEqual(charges.slice(0, 20).map((charge) => charge.id));
    expect(result.failure).toBe(
      'incomplete: read 20 of 24 charges; stopped at --max-pages (2 pages) while the gateway has more',
    );
    expect(server.requests).toHaveLength(2);
  });

  it('--max-pages cuts it, in Portuguese: how much was read, the words agreeing with "cobranças"', async () => {
    serve(10);
    await speakPortuguese();
    const result = await run(['charge', 'list', '--since', '2026-11-24', '--max-pages', '2'], {
      output: 'csv',
    });
    expect(result.code).toBe(10);
    expect(result.failure).toBe(
      'incompleto: 20 de 24 cobranças lidas; parou em --max-pages (2 páginas) e o gateway tem mais',
    );
  });

  it('--limit with a range is the newest N of it', async () => {
    const result = await run(['charge', 'list', '--since', '2026-11-24', '--limit', '3'], {
      output: 'ndjson',
    });
    expect(result.code).toBe(0);
    expect(idsOf(result.stdout, 'ndjson')).toEqual(charges.slice(0, 3).map((charge) => charge.id));
  });
});
