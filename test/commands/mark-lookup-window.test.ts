// How far a keyed create reads the gateway for its key's mark (docs/architecture.md, the journal):
// the whole look-up window (journal.lookup_window, 48h by default), asked with `since` and checked
// here, read to its end in any list order; a look-up that cannot be completed sends nothing (exit
// 10); `journal.gateway_lookup skip` knowingly sends without one. Scripted gateways list payouts
// and charges newest or oldest first, honouring `since` and `external_id` or not.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { chargeCreate } from '../../src/commands/charge/create.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { fakeTime } from '../helpers/fake-time.js';
import { tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';

const HOUR = 3_600_000;

interface Listed {
  id: string;
  status: string;
  amount: number;
  created_at: string;
  description?: string;
  external_id?: string;
  payment_method?: string;
}

interface WindowGatewayOptions {
  order: 'newest' | 'oldest';
  honoursSince: boolean;
  honoursExternalId?: boolean;
  /** Every page says more follows, with records never seen before: paging without an end. */
  endless?: boolean;
  /** So once a create was made: the look-up before sending completes, the one after a 429 not. */
  endlessAfterPost?: boolean;
  /** The first create is made, then answered with the gateway's own 429 (its envelope). */
  rateLimitedAfterFirstPost?: boolean;
}

/** A gateway whose lists page by offset/limit (has_more), in the order and with the filters asked. */
async function windowGateway(options: WindowGatewayOptions) {
  const payouts: Listed[] = [];
  const charges: Listed[] = [];
  const lists: Array<{ path: string; query: URLSearchParams }> = [];
  const posts: string[] = [];
  let made = 0;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const answer = (status: number, data: unknown, extra: Record<string, unknown> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: true, data, ...extra }));
      };
      const url = new URL(req.url ?? '/', 'http://gateway.test');
      const path = url.pathname;
      if (path === '/v1/account') return answer(200, { seller_id: 'seller-window' });
      if (path === '/v1/balance') return answer(200, { available: 100_000_000, pending: 0, reserved: 0 });
      const records = path === '/v1/payouts' ? payouts : path === '/v1/charges' ? charges : undefined;
      if (records && req.method === 'POST') {
        posts.push(path);
        made++;
        const body = JSON.parse(text) as Record<string, unknown>;
        const record: Listed = {
          ...(body as object),
          id: `${path === '/v1/payouts' ? 'po' : 'ch'}_new_${made}`,
          status: 'pending',
          amount: body.amount as number,
          created_at: new Date().toISOString(),
        };
        records.push(record);
        if (options.rateLimitedAfterFirstPost && made === 1) {
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
          return res.end(
            JSON.stringify({
              success: false,
              error: { type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'slow down' },
            }),
          );
        }
        return answer(201, record);
      }
      if (records) {
        lists.push({ path, query: url.searchParams });
        const limit = Number(url.searchParams.get('limit') ?? 100);
        const offset = Number(url.searchParams.get('offset') ?? 0);
        if (options.endless || (options.endlessAfterPost && made > 0)) {
          const data = Array.from({ length: limit }, (_, index) => ({
            id: `po_endless_${offset + index}`,
            status: 'paid',
            amount: 100,
            description: 'someone else',
          }));
          return answer(200, data, { pagination: { has_more: true } });
        }
        const since = Date.parse(url.searchParams.get('since') ?? '');
        const externalId = url.searchParams.get('external_id');
        const ordered = [...records].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
        if (options.order === 'newest') ordered.reverse();
        const matching = ordered.filter(
          (record) =>
            (!options.honoursSince || Number.isNaN(since) || Date.parse(record.created_at) >= since) &&
            (!options.honoursExternalId || externalId === null || record.external_id === externalId),
        );
        const data = matching.slice(offset, offset + limit);
        return answer(200, data, { pagination: { has_more: offset + data.length < matching.length } });
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ success: false, error: { type: 'not_found_error', code: 'nope', message: 'no' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    payouts,
    charges,
    lists,
    posts,
    /** A fresh container: this gateway, a config dir of its own (with `settings`). */
    env: (settings?: Record<string, string>) => {
      const dir = tempConfigDir();
      if (settings) writeFileSync(join(dir, 'config.json'), JSON.stringify({ settings }));
      return { PAYGATE_BASE_URL: base, PAYGATE_SECRET_KEY: 'sk_window_0123456789', PAYGATE_CONFIG_DIR: dir };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type WindowGateway = Awaited<ReturnType<typeof windowGateway>>;
let gateway: WindowGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

/** `count` records made `ageHours` ago and after, a minute apart, the newest last. */
function someoneElses(count: number, kind: 'po' | 'ch', ageHours: number): Listed[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, index) => ({
    id: `${kind}_other_${ageHours}_${index}`,
    status: 'paid',
    amount: 700,
    created_at: new Date(now - ageHours * HOUR + index * 60_000).toISOString(),
    ...(kind === 'po' ? { description: `payout other-${index}` } : { external_id: `order-${index}` }),
  }));
}

const markedPayout = (key: string, ageHours: number): Listed => ({
  id: 'po_marked',
  status: 'paid',
  amount: 500,
  created_at: new Date(Date.now() - ageHours * HOUR).toISOString(),
  description: `payout ${key}`,
});

const payout = (key: string) => ['payout', 'create', '--amount', '5.00', '--key', key, '--yes'];
const json = { json: true };

describe('the look-up reads the whole window, in any list order', () => {
  test.each([
    ['newest first, honouring since', 'newest', true],
    ['newest first, ignoring since (stops at the first record older than the window)', 'newest', false],
    ['oldest first, honouring since', 'oldest', true],
    ['oldest first, ignoring since (read to its end)', 'oldest', false],
  ] as const)('350 newer payouts above the mark, %s: found, nothing sent', async (_, order, honoursSince) => {
    gateway = await windowGateway({ order, honoursSince });
    // Older than the window, 350 newer than the mark (made 10 hours ago).
    gateway.payouts.push(
      ...someoneElses(500, 'po', 200),
      markedPayout('deep-1', 10),
      ...someoneElses(350, 'po', 9),
    );
    const result = await runHandler(payoutCreate, payout('deep-1'), { env: gateway.env(), globals: json });
    expect(result.code, result.failure).toBe(0);
    expect(result.stderr).toContain('Already made with --key deep-1, found on the gateway');
    expect(JSON.parse(result.stdout).id).toBe('po_marked');
    expect(gateway.posts).toEqual([]);
    // The window was asked of the gateway: 48 hours back.
    const since = Date.parse(gateway.lists[0]!.query.get('since')!);
    expect(Math.abs(Date.now() - 48 * HOUR - since)).toBeLessThan(60_000);
    const pages = gateway.lists.length;
    if (honoursSince) expect(pages).toBe(4);
    // Stopped on page 4, at the first record older than the window (page 5 may have been asked
    // ahead, and dropped): not the 9 pages of the whole list.
    else if (order === 'newest') expect(pages).toBeLessThanOrEqual(5);
    else expect(pages).toBe(9);
  });

  test('a charge whose external_id the gateway does not filter by, 350 newer ones above it: found', async () => {
    gateway = await windowGateway({ order: 'newest', honoursSince: true, honoursExternalId: false });
    gateway.charges.push(
      {
        id: 'ch_marked',
        status: 'pending',
        amount: 1000,
        external_id: 'inv-deep',
        payment_method: 'pix',
        created_at: new Date(Date.now() - 10 * HOUR).toISOString(),
      },
      ...someoneElses(350, 'ch', 9),
    );
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '10.00', '--key', 'inv-deep', '--no-qr'],
      { env: gateway.env(), globals: json },
    );
    expect(result.code, result.failure).toBe(0);
    expect(result.stderr).toContain('Already made with --key inv-deep, found on the gateway');
    expect(JSON.parse(result.stdout).id).toBe('ch_marked');
    expect(gateway.posts).toEqual([]);
    expect(gateway.lists[0]!.query.get('external_id')).toBe('inv-deep');
  });
});

describe('the window', () => {
  test('a marked payout older than the window is not looked for (the gateway filters it out): a new one is made', async () => {
    gateway = await windowGateway({ order: 'newest', honoursSince: true });
    gateway.payouts.push(markedPayout('old-1', 49));
    const result = await runHandler(payoutCreate, payout('old-1'), { env: gateway.env(), globals: json });
    expect(result.code, result.failure).toBe(0);
    expect(result.stderr).not.toContain('found on the gateway');
    expect(gateway.posts).toEqual(['/v1/payouts']);
  });

  test('but one the look-up reads is never thrown away: older than the window, listed anyway, found', async () => {
    gateway = await windowGateway({ order: 'oldest', honoursSince: false });
    gateway.payouts.push(markedPayout('old-2', 49), ...someoneElses(150, 'po', 9));
    const result = await runHandler(payoutCreate, payout('old-2'), { env: gateway.env(), globals: json });
    expect(result.code, result.failure).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe('po_marked');
    expect(gateway.posts).toEqual([]);
  });

  test('journal.lookup_window sets it: 72h finds a payout made 49 hours ago', async () => {
    gateway = await windowGateway({ order: 'newest', honoursSince: true });
    gateway.payouts.push(markedPayout('old-3', 49));
    const result = await runHandler(payoutCreate, payout('old-3'), {
      env: gateway.env({ 'journal.lookup_window': '72h' }),
      globals: json,
    });
    expect(result.code, result.failure).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe('po_marked');
    expect(gateway.posts).toEqual([]);
  });
});

describe('a look-up that cannot be completed', () => {
  test('a list without an end: exit 10 after the bound, nothing sent, the ways out named', async () => {
    gateway = await windowGateway({ order: 'newest', honoursSince: true, endless: true });
    const result = await runHandler(payoutCreate, payout('endless-1'), { env: gateway.env() });
    expect(result.code).toBe(10);
    expect(gateway.posts).toEqual([]);
    expect(gateway.lists).toHaveLength(200);
    expect(result.failure).toContain("the look-up for this key's mark among the gateway's payouts since");
    expect(result.failure).toContain('read 20000 payouts');
    expect(result.failure).toContain('nothing was sent');
    expect(result.failure).toContain('journal.url');
    expect(result.failure).toContain('journal.gateway_lookup skip');
  });

  test('records older than the window, newest first but no zone on their times: nothing is proven, read to the end', async () => {
    gateway = await windowGateway({ order: 'newest', honoursSince: false });
    const unzoned = someoneElses(300, 'po', 200).map((record) => ({
      ...record,
      created_at: record.created_at.replace('Z', ''),
    }));
    gateway.payouts.push(...unzoned, markedPayout('unzoned-1', 300));
    const result = await runHandler(payoutCreate, payout('unzoned-1'), { env: gateway.env(), globals: json });
    expect(result.code, result.failure).toBe(0);
    expect(JSON.parse(result.stdout).id).toBe('po_marked');
    expect(gateway.lists).toHaveLength(4);
  });

  test('journal.gateway_lookup skip: no look-up, sent, said once', async () => {
    gateway = await windowGateway({ order: 'newest', honoursSince: true, endless: true });
    const result = await runHandler(payoutCreate, payout('skip-1'), {
      env: gateway.env({ 'journal.gateway_lookup': 'skip' }),
    });
    expect(result.code, result.failure).toBe(0);
    expect(gateway.lists).toEqual([]);
    expect(gateway.posts).toEqual(['/v1/payouts']);
    expect(result.stderr.match(/journal\.gateway_lookup is skip/g)).toHaveLength(1);
    expect(result.stderr).toContain('relying on the journal and the idempotency header alone');
  });
});

describe('a keyed create answered 429 after the gateway made it', () => {
  test('the look-up before the retry cannot be completed: exit 9, not sent again', async () => {
    gateway = await windowGateway({
      order: 'newest',
      honoursSince: true,
      endlessAfterPost: true,
      rateLimitedAfterFirstPost: true,
    });
    const time = fakeTime();
    const result = await runHandler(payoutCreate, payout('late-1'), {
      env: gateway.env(),
      clock: time.clock,
      sleep: time.sleep,
    });
    expect(result.code).toBe(9);
    expect(gateway.posts).toEqual(['/v1/payouts']);
    expect(result.failure).toContain('the gateway answered 429 and the look-up for this key');
    expect(result.failure).toContain('it was not sent again');
  });

  test('the look-up finds it: exit 0, not sent again, recorded', async () => {
    gateway = await windowGateway({ order: 'oldest', honoursSince: false, rateLimitedAfterFirstPost: true });
    const time = fakeTime();
    const env = gateway.env();
    const found = await runHandler(payoutCreate, payout('late-2'), {
      env,
      clock: time.clock,
      sleep: time.sleep,
      globals: json,
    });
    expect(found.code, found.failure).toBe(0);
    expect(gateway.posts).toEqual(['/v1/payouts']);
    expect(JSON.parse(found.stdout).id).toBe('po_new_1');
    // Recorded: the same dir's rerun prints it from its journal, nothing sent.
    const again = await runHandler(payoutCreate, payout('late-2'), { env, globals: json });
    expect(again.code, again.failure).toBe(0);
    expect(JSON.parse(again.stdout).id).toBe('po_new_1');
    expect(gateway.posts).toEqual(['/v1/payouts']);
  });
});

describe('--from-csv', () => {
  test('its one look-up cannot be completed: exit 10 before any row is sent', async () => {
    gateway = await windowGateway({ order: 'newest', honoursSince: true, endless: true });
    const env = gateway.env();
    const file = join(env.PAYGATE_CONFIG_DIR, 'rows.csv');
    writeFileSync(file, 'invoice,amount\nrow-1,10.00\nrow-2,20.00\n');
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--from-csv', file, '--key-column', 'invoice'],
      { env },
    );
    expect(result.code).toBe(10);
    expect(result.stdout).toBe('');
    expect(gateway.posts).toEqual([]);
    // One look-up for both rows, stopped at its bound.
    expect(gateway.lists).toHaveLength(200);
    expect(result.failure).toContain("among the gateway's charges");
  });
});
