import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeList } from '../../../src/commands/charge/list.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { type CreatedCharge, createCharge } from './api.js';

let t: TestSandbox;
let created: CreatedCharge[];
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.close();
});
// Every test starts from the same gateway: five charges (e-0 … e-4, the second and fourth paid),
// whatever the tests before it created, and no request recorded yet.
beforeEach(async () => {
  t.sandbox.reset();
  created = [];
  for (let index = 0; index < 5; index++)
    created.push(await createCharge(t, { amount: 1000 + index, external_id: `e-${index}` }));
  await t.control(`/_sandbox/charges/${created[1]!.id}/pay`);
  await t.control(`/_sandbox/charges/${created[3]!.id}/pay`);
  t.sandbox.requests.length = 0;
});

const listQueries = () =>
  t.sandbox.requests.filter((request) => request.path === '/v1/charges').map((r) => r.query);

describe('charge list', () => {
  it('shows the newest charges in a table for people', async () => {
    const result = await runHandler(chargeList, ['charge', 'list'], { env: t.env });
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    // No charge has a description: that column is left out, never a column of blanks.
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+AMOUNT\s+CREATED \([^)]+\)\s+EXTERNAL ID\s+TXID$/);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${created[4]!.id}\\s+pending\\s+R\\$ 10,04\\s+\\S+ \\S+\\s+e-4\\s+${created[4]!.pix.txid}$`,
      ),
    );
    expect(listQueries()).toEqual([
      {
        page: '1',
        limit: '20',
        size: '20',
        offset: '0',
        skip: '0',
        'paginacao.paginaAtual': '0',
        'paginacao.itensPorPagina': '20',
      },
    ]);
  });

  it('--status filters (sent to the gateway and checked again)', async () => {
    const result = await runHandler(chargeList, ['charge', 'list', '--status', 'paid'], {
      env: t.env,
      globals: { json: true },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).map((charge: CreatedCharge) => charge.id)).toEqual([
      created[3]!.id,
      created[1]!.id,
    ]);
    expect(listQueries()[0]).toMatchObject({ status: 'paid' });
  });

  it('--limit takes the newest n', async () => {
    const result = await runHandler(chargeList, ['charge', 'list', '--limit', '2'], {
      env: t.env,
      globals: { output: 'ndjson' },
    });
    const ids = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).id);
    expect(ids).toEqual([created[4]!.id, created[3]!.id]);
  });

  it('--since and --until take durations ago on the injected clock', async () => {
    const now = Date.now();
    const recent = await runHandler(chargeList, ['charge', 'list', '--since', '1h'], {
      env: t.env,
      globals: { output: 'ndjson' },
      clock: { now: () => now },
    });
    expect(recent.stdout.trim().split('\n')).toHaveLength(5);
    const later = await runHandler(chargeList, ['charge', 'list', '--since', '1h'], {
      env: t.env,
      globals: { output: 'ndjson' },
      clock: { now: () => now + 3 * 3_600_000 },
    });
    expect(later.code).toBe(0);
    expect(later.stdout).toBe('');
    const old = await runHandler(chargeList, ['charge', 'list', '--until', '1d'], {
      env: t.env,
      clock: { now: () => now },
    });
    expect(old.stdout).toBe('');
    expect(old.stderr).toContain('No charges match.');
  });

  it('--since takes an ISO date and is sent to the gateway', async () => {
    const result = await runHandler(
      chargeList,
      ['charge', 'list', '--since', '2020-01-01', '--until', '2100-01-01T00:00:00Z'],
      { env: t.env, globals: { output: 'ndjson' } },
    );
    expect(result.stdout.trim().split('\n')).toHaveLength(5);
    expect(listQueries()[0]).toMatchObject({ until: '2100-01-01T00:00:00.000Z' });
    expect(listQueries()[0]!.since).toMatch(/^2020-01-01T/);
  });

  it.each([
    [['--since', 'yesterday'], '--since'],
    [['--until', '2026-13-45'], '--until'],
    [['--since', '1h', '--until', '2h'], 'must be before --until'],
    [['--limit', '0'], '--limit'],
    [['--status', 'weird'], 'weird'],
  ])('%j is a usage error', async (flags, message) => {
    const result = await runHandler(chargeList, ['charge', 'list', ...flags], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain(message);
    expect(t.sandbox.requests).toHaveLength(0);
  });

  it('--all -o csv streams every page', async () => {
    for (let index = 0; index < 120; index++) await createCharge(t, { amount: 5000 + index });
    t.sandbox.requests.length = 0;
    const result = await runHandler(chargeList, ['charge', 'list', '--all'], {
      env: t.env,
      globals: { output: 'csv' },
    });
    expect(result.code).toBe(0);
    const rows = result.stdout.trim().split(/\r?\n/);
    expect(rows[0]).toBe(
      'id,status,payment_method,amount,amount_brl,fee,fee_brl,net,net_brl,description,external_id,txid,created_at,paid_at,refunded_at,failure_reason,amount_as_received,fee_as_received,net_as_received',
    );
    expect(rows).toHaveLength(126);
    expect(rows[1]).toMatch(/^ci_\w+,pending,pix,5119,/);
    expect(listQueries().map((query) => query.page)).toEqual(['1', '2']);
  });
});

/** A terminal wide enough for every column. */
const WIDE = { rows: 40, columns: 200 };

describe('charge list and payout list: rows left out by --limit are said, --limit and --all exclude each other', () => {
  it('at a terminal, when the gateway has more than the rows shown, one line on stderr says so', async () => {
    const limited = await runHandler(chargeList, ['charge', 'list', '--limit', '3'], {
      env: t.env,
      tty: true,
      terminalSize: WIDE,
    });
    expect(limited.code).toBe(0);
    expect(limited.stdout.trim().split('\n')).toHaveLength(4);
    // The gateway's own total, as --all counts it.
    const total = JSON.parse(
      (await runHandler(chargeList, ['charge', 'list', '--all'], { env: t.env, globals: { json: true } }))
        .stdout,
    ).length;
    expect(total).toBeGreaterThan(3);
    expect(limited.stderr).toBe(
      `Showing the newest 3 charges of ${total}: --limit N shows more, --all every one.\n`,
    );
    // All shown: nothing to say; filtered: the total is not the filter's, so it is not quoted.
    expect(
      (
        await runHandler(chargeList, ['charge', 'list', '--limit', String(total)], {
          env: t.env,
          tty: true,
          terminalSize: WIDE,
        })
      ).stderr,
    ).toBe('');
    const filtered = await runHandler(chargeList, ['charge', 'list', '--limit', '1', '--status', 'paid'], {
      env: t.env,
      tty: true,
      terminalSize: WIDE,
    });
    expect(filtered.stderr).toBe(
      'Showing the newest 1 charges that match; more may match: --limit N shows more, --all every one.\n',
    );
    // Not at a terminal (a script), or not a table: stderr stays empty.
    expect((await runHandler(chargeList, ['charge', 'list', '--limit', '3'], { env: t.env })).stderr).toBe(
      '',
    );
    expect(
      (
        await runHandler(chargeList, ['charge', 'list', '--limit', '3'], {
          env: t.env,
          globals: { json: true },
          tty: true,
          terminalSize: WIDE,
        })
      ).stderr,
    ).toBe('');
  });

  it('--limit with --all: exit 2 naming both, nothing sent', async () => {
    for (const noun of ['charge', 'payout']) {
      const result = await run([noun, 'list', '--limit', '5', '--all'], { env: t.env });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        'error: --limit and --all: --all prints every item and --limit the newest N; give one\n',
      );
    }
    expect(t.sandbox.requests).toHaveLength(0);
  });
});

describe('charge list on a narrow terminal', () => {
  it('at 80 columns no row wraps: columns that do not fit are left out from the right and named', async () => {
    const narrow = await runHandler(chargeList, ['charge', 'list', '--limit', '3'], {
      env: { ...t.env, NO_COLOR: '1' },
      tty: true,
      terminalSize: { rows: 24, columns: 80 },
    });
    expect(narrow.code).toBe(0);
    const lines = narrow.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+AMOUNT\s+CREATED/);
    expect(lines[0]).not.toContain('TXID');
    expect(narrow.stderr).toContain('Not shown at this width: ');
    expect(narrow.stderr).toMatch(
      /Not shown at this width: [A-Z ,]*TXID \(a wider window, -o csv or --json shows them\)\.\n/,
    );
    // A wide terminal, or a pipe, gets every column.
    const wide = await runHandler(chargeList, ['charge', 'list', '--limit', '3'], {
      env: t.env,
      tty: true,
      terminalSize: { rows: 40, columns: 200 },
    });
    expect(wide.stdout.split('\n')[0]).toContain('TXID');
    expect(wide.stderr).not.toContain('Not shown');
    const piped = await runHandler(chargeList, ['charge', 'list', '--limit', '3'], { env: t.env });
    expect(piped.stdout.split('\n')[0]).toContain('TXID');
  });
});
