import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chargeFind } from '../../../src/commands/charge/find.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler, stderrWords } from '../../helpers/run-handler.js';
import { useTestSandbox } from '../../helpers/sandbox.js';
import { createCharge } from './api.js';

const t = useTestSandbox();
englishAfterEachTest();

const listRequests = () => t.sandbox.requests.filter((request) => request.path === '/v1/charges');

describe('charge find (sandbox: the gateway filters)', () => {
  it('finds a charge by txid with one filtered request', async () => {
    await createCharge(t);
    const target = await createCharge(t, { external_id: 'order-7' });
    await createCharge(t);
    t.sandbox.requests.length = 0;
    const result = await runHandler(chargeFind, ['charge', 'find', '--txid', target.pix.txid], {
      env: t.env,
      globals: { json: true },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: target.id, external_id: 'order-7' });
    expect(listRequests()).toHaveLength(1);
    expect(listRequests()[0]!.query).toMatchObject({ txid: target.pix.txid });
  });

  it('finds a charge by external id, for people', async () => {
    const target = await createCharge(t, { external_id: 'order-8' });
    await createCharge(t, { external_id: 'order-9' });
    const result = await runHandler(chargeFind, ['charge', 'find', '--external-id', 'order-8'], {
      env: t.env,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`ID\\s+${target.id}`));
  });

  it('lists every charge that shares the external id, newest first (a JSON array with --json)', async () => {
    const oldest = await createCharge(t, { external_id: 'dup' });
    const newest = await createCharge(t, { external_id: 'dup' });
    const result = await runHandler(chargeFind, ['charge', 'find', '--external-id', 'dup'], {
      env: t.env,
      globals: { json: true },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).map((charge: { id: string }) => charge.id)).toEqual([
      newest.id,
      oldest.id,
    ]);
    expect(result.stderr).toContain('2 charges have external id dup: listing them all');
    const table = await runHandler(chargeFind, ['charge', 'find', '--external-id', 'dup'], { env: t.env });
    expect(table.stdout).toContain(oldest.id);
    expect(table.stdout).toContain(newest.id);
  });

  it('exit 3 with a clear message when none matches', async () => {
    await createCharge(t);
    const result = await runHandler(chargeFind, ['charge', 'find', '--external-id', 'nope'], { env: t.env });
    expect(result.code).toBe(3);
    expect(result.error?.message).toContain('no charge with external id nope');
  });

  it.each([
    [[], 'exactly one of --txid and --external-id'],
    [['--txid', '7978c0c97ea847e78e8849634473c1f1', '--external-id', 'x'], 'exactly one'],
    [['--txid', '3136957d93134f2184b369e8f'], '26 to 35 letters and digits'],
    [['--txid', 'fb2761260e554ad593c7226beb5cb65-0'], 'not a PIX txid'],
    [['--external-id', 'x', '--max-pages', '0'], '--max-pages'],
  ])('%j is a usage error and sends nothing', async (flags, message) => {
    const result = await runHandler(chargeFind, ['charge', 'find', ...flags], { env: t.env });
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain(message);
    expect(t.sandbox.requests).toHaveLength(0);
  });
});

describe('charge find against a gateway that ignores the filter', () => {
  const charges = Array.from({ length: 250 }, (_, index) => ({
    id: `ci_${String(index).padStart(12, '0')}`,
    status: 'pending',
    amount: 1000 + index,
    external_id: `order-${index}`,
    created_at: new Date(Date.UTC(2026, 10, 1) - index * 60_000).toISOString(),
    pix: {
      txid: `tx${String(index).padStart(30, '0')}`,
      emv: '000201',
      expires_at: '2026-11-30T00:00:00.000Z',
    },
  }));
  let server: Server;
  let url: string;
  const pagesServed: number[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      const query = new URL(request.url ?? '/', 'http://x').searchParams;
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 20);
      pagesServed.push(page);
      const slice = charges.slice((page - 1) * limit, page * limit);
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          success: true,
          data: slice,
          pagination: { page, limit, total: charges.length, has_more: page * limit < charges.length },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    pagesServed.length = 0;
  });
  const env = () => ({
    PAYGATE_BASE_URL: url,
    PAYGATE_SECRET_KEY: 'sk_test',
    PAYGATE_CONFIG_DIR: tempConfigDir(),
  });

  it('does not take the first item for an answer: it scans the pages and checks each item', async () => {
    const result = await runHandler(chargeFind, ['charge', 'find', '--txid', charges[220]!.pix.txid], {
      env: env(),
      globals: { json: true },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe(charges[220]!.id);
    expect(pagesServed).toEqual([1, 2, 3]);
  });

  it('stops at --max-pages and says so: exit 10 (not searched to the end), never 3', async () => {
    const result = await runHandler(
      chargeFind,
      ['charge', 'find', '--external-id', 'order-220', '--max-pages', '2'],
      { env: env() },
    );
    expect(result.code).toBe(10);
    expect(stderrWords(result)).toContain('no charge with external id order-220 in what was searched');
    expect(stderrWords(result)).toContain(
      'incomplete: read 200 of 250 charges; stopped at --max-pages (2 pages) while the gateway has more',
    );
    expect(stderrWords(result)).toContain('raise --max-pages');
    expect(pagesServed).toEqual([1, 2]);
  });

  it('in Portuguese, the incomplete search names the charges in Portuguese too', async () => {
    await speakPortuguese();
    const result = await runHandler(
      chargeFind,
      ['charge', 'find', '--external-id', 'order-220', '--max-pages', '2'],
      { env: env() },
    );
    expect(result.code).toBe(10);
    expect(stderrWords(result)).toContain(
      'incompleto: 200 de 250 cobranças lidas; parou em --max-pages (2 páginas) e o gateway tem mais',
    );
    expect(result.stderr).not.toMatch(/\bcharges\b/);
  });

  it('exit 3 after scanning everything when nothing matches', async () => {
    const result = await runHandler(chargeFind, ['charge', 'find', '--external-id', 'order-999'], {
      env: env(),
    });
    expect(result.code).toBe(3);
    expect(stderrWords(result)).toContain('no charge with external id order-999');
    expect(stderrWords(result)).not.toContain('--max-pages');
    expect(pagesServed).toEqual([1, 2, 3]);
  });
});

describe('look-ups that give a way on', () => {
  it('charge get of a txid: not found (exit 3), with the charge find --txid command that finds it', async () => {
    const target = await createCharge(t);
    const result = await run(['charge', 'get', target.pix.txid], { env: t.env });
    expect(result.code).toBe(3);
    const hint =
      /^hint: that looks like a PIX txid: `(paygate charge find --txid \w+)` finds its charge$/m.exec(
        result.stderr,
      );
    expect(hint, result.stderr).not.toBeNull();
    const found = await run(hint![1]!.split(' ').slice(1).concat('--json'), { env: t.env });
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout).id).toBe(target.id);
    // A charge id that does not exist gets no such hint.
    expect((await run(['charge', 'get', 'ci_doesnotexist1'], { env: t.env })).stderr).not.toContain('txid');
  });

  it('charge find with a bare value: exit 2 naming the command or flag it needs, nothing sent', async () => {
    t.sandbox.requests.length = 0;
    const cases: Array<[string, string]> = [
      ['ci_a1b2c3d4e5f6', 'that is a charge id: `paygate charge get ci_a1b2c3d4e5f6`'],
      [
        '7978c0c97ea847e78e8849634473c1f1',
        '`paygate charge find --txid 7978c0c97ea847e78e8849634473c1f1` (or --external-id if it is yours)',
      ],
      ['order-123', '`paygate charge find --external-id order-123`'],
    ];
    for (const [value, way] of cases) {
      const result = await run(['charge', 'find', value], { env: t.env });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(
        `error: charge find takes --txid or --external-id, not a bare value; ${way}\n`,
      );
    }
    expect(t.sandbox.requests).toHaveLength(0);
  });
});
