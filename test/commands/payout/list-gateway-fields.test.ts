// `payout list` filters on gateways that name things their own way: the creation time under
// dateCreated, date_created, created_date, createdAt, calendario.criacao or horario; statuses in
// capitals. Every filter is applied here, none drops an item it cannot judge.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutList } from '../../../src/commands/payout/list.js';
import { type Handler, json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const DAY = 24 * 3600_000;
const NAMES = ['dateCreated', 'date_created', 'created_date', 'createdAt', 'calendario.criacao', 'horario'];

function payout(index: number, ageDays: number, status: string): Record<string, unknown> {
  const time = new Date(NOW - ageDays * DAY).toISOString();
  const name = NAMES[index % NAMES.length]!;
  const [outer, inner] = name.split('.');
  return {
    id: `po_${String(index).padStart(4, '0')}`,
    status,
    amount: 100 + index,
    ...(inner ? { [outer!]: { [inner]: time } } : { [outer!]: time }),
  };
}

// 14 in the last week (newest first), 6 older; every third one FAILED, in capitals.
const payouts = [
  ...Array.from({ length: 14 }, (_, i) => payout(i, 0.5 + i * 0.4, i % 3 === 0 ? 'FAILED' : 'DONE')),
  ...Array.from({ length: 6 }, (_, i) => payout(14 + i, 10 + i, i % 3 === 0 ? 'FAILED' : 'DONE')),
];

/** The gateway's answer unless a test scripts another: the 20 payouts, one page. */
const listPayouts: Handler = (_req, res) => json(res, 200, ok(payouts, { has_more: false }));

let server: TestServer;
beforeAll(async () => {
  server = await startServer(listPayouts);
});
// A test may script its own answer (server.handle): each starts from the default, with no requests seen.
beforeEach(() => {
  server.handle(listPayouts);
  server.requests.length = 0;
});
afterAll(async () => server.close());

const env = () => ({
  PAYGATE_BASE_URL: server.url,
  PAYGATE_SECRET_KEY: 'sk_test_fields_0123456789',
  PAYGATE_CONFIG_DIR: tempConfigDir(),
});
const clock = { now: () => NOW };
/** `paygate -o ndjson payout list ARGV` at the run layer: the handler's parse and run, a fake context. */
const list = (argv: string[]) =>
  runHandler(payoutList, ['payout', 'list', ...argv], { env: env(), clock, globals: { output: 'ndjson' } });
const ids = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { id: string }).id);

describe('payout list on a gateway with its own field names', () => {
  it('--since 7d finds the 14 of the last week, whatever the creation time is called', async () => {
    const result = await list(['--since', '7d', '--all']);
    expect(result.code, result.failure).toBe(0);
    expect(ids(result.stdout)).toEqual(payouts.slice(0, 14).map((p) => p.id));
    expect(result.stderr).not.toContain('No payouts match');
  });

  it('--status failed finds the FAILED rows', async () => {
    const result = await list(['--status', 'failed', '--all']);
    expect(result.code, result.failure).toBe(0);
    expect(ids(result.stdout)).toEqual(payouts.filter((p) => p.status === 'FAILED').map((p) => p.id));
  });

  it('an item whose time cannot be read is kept, and the warning counts it', async () => {
    server.handle((_req, res) =>
      json(res, 200, ok([...payouts, { id: 'po_undated', status: 'DONE', amount: 5 }], { has_more: false })),
    );
    const result = await list(['--since', '7d', '--all']);
    expect(result.code, result.failure).toBe(0);
    expect(ids(result.stdout)).toEqual([...payouts.slice(0, 14).map((p) => p.id), 'po_undated']);
    expect(result.stderr).toContain(
      '1 of the payouts has no creation time paygate can read: kept, not filtered by --since/--until',
    );
  });
});
