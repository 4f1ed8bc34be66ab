// `payout list` in its two layers: parse (argv → options, no server, no clock) and run (against a
// scripted gateway, on an injected clock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutList } from '../../../src/commands/payout/list.js';
import { json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };
const parse = async (argv: string[]) =>
  payoutList.parse(await inputFor(['payout', 'list', ...argv]), noSettings);
const DAY = 86_400_000;
const BOUNDS = { limit: 20, defaultLimit: true, streaming: false };

describe('payout list: parse', () => {
  it.each([
    [[], { bounds: { limit: 20, defaultLimit: true, streaming: false }, window: {} }],
    [
      ['--limit', '5', '--until', '2026-11-01T10:00Z'],
      {
        bounds: { limit: 5, defaultLimit: false, streaming: false },
        window: { until: { atMs: Date.parse('2026-11-01T10:00Z') } },
      },
    ],
    [
      ['--all', '--status', 'completed,FAILED', '--status', 'failed', '--since', '7d'],
      {
        bounds: { limit: Number.POSITIVE_INFINITY, defaultLimit: false, streaming: true },
        window: { since: { agoMs: 7 * DAY } },
        statuses: ['completed', 'failed'],
      },
    ],
  ])('%j', async (argv, expected) => {
    expect(await parse(argv)).toEqual(expected);
  });

  it.each([
    [
      ['--limit', '5', '--all'],
      '--limit and --all: --all prints every item and --limit the newest N; give one',
    ],
    [['--since', '2026-11-02', '--until', '2026-11-01'], '--since: must be before --until'],
    // Two durations ago are in order or not whatever the clock says.
    [['--since', '1d', '--until', '2d'], '--since: must be before --until'],
    [
      ['--since', 'yesterday'],
      '--since: "yesterday" is not a time: use a date (2026-11-01 or 01/11/2026), a date-time (2026-11-01T14:30, 2026-11-01T14:30:00Z) or a duration ago (90m, 12h, 7d)',
    ],
    [['--status', 'paid'], /^--status: "paid" is not one of: pending, /],
  ])('%j is refused: %s', async (argv, message) => {
    await expect(parse(argv)).rejects.toMatchObject({ exitCode: 2, message });
  });

  it('a date is read ISO or Brazilian; --until of a date takes in that whole day, so --since D --until D is day D', async () => {
    expect(await parse(['--since', '24/11/2026', '--until', '2026-11-24'])).toMatchObject({
      window: {
        since: { atMs: new Date(2026, 10, 24).getTime() },
        until: { atMs: new Date(2026, 10, 25).getTime() },
      },
    });
  });

  it('a date against a duration ago depends on the clock: parse lets it through, for the run to judge', async () => {
    expect(await parse(['--since', '2026-11-20T00:00Z', '--until', '1d'])).toEqual({
      // A range without --limit: the whole range, bounded by 50 pages.
      bounds: { limit: Number.POSITIVE_INFINITY, defaultLimit: false, maxPages: 50, streaming: false },
      window: { since: { atMs: Date.parse('2026-11-20T00:00Z') }, until: { agoMs: DAY } },
    });
  });
});

describe('payout list: run', () => {
  let server: TestServer;
  const NOW = Date.parse('2026-11-22T12:00:00Z');
  const payouts = [
    { id: 'co_3', status: 'completed', amount: 300, created_at: '2026-11-22T11:00:00Z' },
    { id: 'co_2', status: 'failed', amount: 200, created_at: '2026-11-20T11:00:00Z' },
    { id: 'co_1', status: 'completed', amount: 100, created_at: '2026-11-10T11:00:00Z' },
  ];
  beforeAll(async () => {
    server = await startServer((_request, response) => json(response, 200, ok(payouts, { has_more: false })));
  });
  afterAll(async () => server.close());
  const context = (globals = {}) => fakeContext({ baseUrl: server.url, globals, clock: { now: () => NOW } });

  it('--since a duration ago is placed on the clock; statuses are asked for and applied here', async () => {
    const { context: ctx, io } = context({ json: true });
    const code = await payoutList.run(
      { bounds: BOUNDS, window: { since: { agoMs: 5 * DAY } }, statuses: ['completed'] },
      ctx,
    );
    await ctx.close();
    expect(code).toBe(0);
    const url = new URL(server.requests.at(-1)!.url, server.url);
    expect(url.pathname).toBe('/v1/payouts');
    expect(url.searchParams.get('status')).toBe('completed');
    expect(JSON.parse(io.stdout.text).map((payout: { id: string }) => payout.id)).toEqual(['co_3']);
  });

  it('a table: DESCRIPTION and, when a row failed, FAILURE; PROVIDER only in plain (and csv, json)', async () => {
    const rows = [
      { id: 'co_9', status: 'completed', amount: 300, provider: 'banco-x', description: 'sweep 22/11' },
      { id: 'co_8', status: 'failed', amount: 200, provider: 'banco-x', failure_reason: 'provider_error' },
    ];
    server.handle((_request, response) => json(response, 200, ok(rows, { has_more: false })));
    const table = context();
    expect(await payoutList.run({ bounds: BOUNDS, window: {} }, table.context)).toBe(0);
    await table.context.close();
    const [header, ...lines] = table.io.stdout.text.trimEnd().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual(['ID', 'STATUS', 'AMOUNT', 'FAILURE', 'DESCRIPTION']);
    expect(lines[0]).toMatch(/^co_9\s+completed\s+R\$ 3,00\s+sweep 22\/11$/);
    expect(lines[1]).toMatch(/^co_8\s+failed\s+R\$ 2,00\s+provider_error$/);
    const plain = context({ output: 'plain' });
    await payoutList.run({ bounds: BOUNDS, window: {} }, plain.context);
    await plain.context.close();
    expect(plain.io.stdout.text.split('\n')[0]!.split('\t')).toEqual([
      'co_9',
      'completed',
      '300',
      '',
      'banco-x',
      '',
      'sweep 22/11',
    ]);
    server.handle((_request, response) => json(response, 200, ok(payouts, { has_more: false })));
  });

  it('no row failed: no FAILURE column', async () => {
    const { context: ctx, io } = context();
    await payoutList.run({ bounds: BOUNDS, window: {}, statuses: ['completed'] }, ctx);
    await ctx.close();
    expect(io.stdout.text.split('\n')[0]).not.toContain('FAILURE');
    expect(io.stdout.text.split('\n')[0]).toContain('CREATED');
  });

  it('nothing matches: the message names the one status asked for', async () => {
    const { context: ctx, io } = context();
    expect(await payoutList.run({ bounds: BOUNDS, window: {}, statuses: ['processing'] }, ctx)).toBe(0);
    await ctx.close();
    expect(io.stdout.text).toBe('');
    expect(io.stderr.text).toContain('No processing payouts.');
  });

  it('a date after the until a duration ago makes: refused on the clock, before any request', async () => {
    const before = server.requests.length;
    const { context: ctx } = context();
    await expect(
      payoutList.run(
        {
          bounds: BOUNDS,
          window: { since: { atMs: Date.parse('2026-11-22T00:00Z') }, until: { agoMs: DAY } },
        },
        ctx,
      ),
    ).rejects.toMatchObject({ exitCode: 2, message: '--since: must be before --until' });
    await ctx.close();
    expect(server.requests.length).toBe(before);
  });
});
