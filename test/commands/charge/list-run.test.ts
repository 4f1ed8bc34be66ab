// `charge list` in its two layers: parse (argv → options, no server, no clock) and run (options →
// what a user sees, against a scripted gateway, with an injected clock).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeList } from '../../../src/commands/charge/list.js';
import { json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';
import { scriptedCharge } from './scripted-charges.js';

const noSettings = { setting: () => undefined };
const NOW = Date.parse('2026-11-25T12:00:00Z');
const clock = { now: () => NOW };

describe('charge list: parse', () => {
  it('no flag: the newest 20, no filter', async () => {
    expect(chargeList.parse(await inputFor(['charge', 'list']), noSettings)).toEqual({
      status: undefined,
      window: { since: undefined, until: undefined },
      externalId: undefined,
      bounds: { limit: 20, defaultLimit: true, streaming: false },
    });
  });

  it('statuses (lower-cased, deduplicated), times read without the clock, --external-id, --all', async () => {
    const input = await inputFor([
      'charge',
      'list',
      '--status',
      'paid,refunded',
      '--status',
      'paid',
      '--since',
      '7d',
      '--until',
      '2026-11-24',
      '--external-id',
      'pedido-1',
      '--all',
    ]);
    expect(chargeList.parse(input, noSettings)).toEqual({
      status: ['paid', 'refunded'],
      window: {
        since: { agoMs: 7 * 86_400_000 },
        // A date's --until is the end of that day.
        until: { atMs: new Date('2026-11-25T00:00:00').getTime() },
      },
      externalId: 'pedido-1',
      bounds: { limit: Number.POSITIVE_INFINITY, defaultLimit: false, streaming: true },
    });
  });

  it('refusals before the clock is read: a time that is none, --limit with --all, an unknown status', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { since: 'yesterday' },
        '--since: "yesterday" is not a time: use a date (2026-11-01 or 01/11/2026), a date-time (2026-11-01T14:30, 2026-11-01T14:30:00Z) or a duration ago (90m, 12h, 7d)',
      ],
      [
        { until: 'soon' },
        '--until: "soon" is not a time: use a date (2026-11-01 or 01/11/2026), a date-time (2026-11-01T14:30, 2026-11-01T14:30:00Z) or a duration ago (90m, 12h, 7d)',
      ],
      [
        { limit: '5', all: true },
        '--limit and --all: --all prints every item and --limit the newest N; give one',
      ],
      [{ status: ['paid,payed'] }, '--status: "payed" is not one of: '],
    ];
    for (const [flags, message] of cases) {
      expect(() => chargeList.parse({ args: [], flags }, noSettings), JSON.stringify(flags)).toThrow(
        expect.objectContaining({ exitCode: 2, message: expect.stringContaining(message) }),
      );
    }
  });
});

describe('charge list: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('a duration ago is read against the clock and sent; each row printed (ndjson)', async () => {
    server.handle((_request, response) =>
      json(
        response,
        200,
        ok(
          [
            scriptedCharge({ id: 'ci_new', status: 'paid', created_at: '2026-11-24T10:00:00Z' }),
            scriptedCharge({ id: 'ci_old', status: 'paid', created_at: '2026-11-20T10:00:00Z' }),
          ],
          { pagination: { page: 1, limit: 100, total: 2, has_more: false } },
        ),
      ),
    );
    const { context, io } = fakeContext({ baseUrl: server.url, clock, globals: { output: 'ndjson' } });
    const code = await chargeList.run(
      {
        status: ['paid'],
        window: { since: { agoMs: 7 * 86_400_000 } },
        externalId: undefined,
        bounds: { limit: Number.POSITIVE_INFINITY, defaultLimit: false, maxPages: 50, streaming: false },
      },
      context,
    );
    await context.close();
    expect(code).toBe(0);
    const query = new URL(server.requests.at(-1)!.url, server.url).searchParams;
    expect(query.get('status')).toBe('paid');
    expect(query.get('since')).toBe('2026-11-18T12:00:00.000Z');
    expect(
      io.stdout.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual(['ci_new', 'ci_old']);
  });

  it('--since not before --until: exit 2, nothing sent', async () => {
    const before = server.requests.length;
    const { context, io } = fakeContext({ baseUrl: server.url, clock });
    await expect(
      chargeList.run(
        {
          status: undefined,
          window: { since: { agoMs: 86_400_000 }, until: { atMs: Date.parse('2026-11-01T00:00:00Z') } },
          externalId: undefined,
          bounds: { limit: 20, defaultLimit: true, streaming: false },
        },
        context,
      ),
    ).rejects.toMatchObject({ exitCode: 2, message: '--since: must be before --until' });
    await context.close();
    expect(server.requests.length).toBe(before);
    expect(io.stdout.text).toBe('');
  });

  it('no charge: a table says so', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok([], { pagination: { page: 1, limit: 100, total: 0, has_more: false } })),
    );
    const { context, io } = fakeContext({ baseUrl: server.url, clock });
    const code = await chargeList.run(
      {
        status: undefined,
        window: {},
        externalId: undefined,
        bounds: { limit: 20, defaultLimit: true, streaming: false },
      },
      context,
    );
    await context.close();
    expect(code).toBe(0);
    expect(`${io.stdout.text}${io.stderr.text}`).toContain('No charges.');
  });
});
