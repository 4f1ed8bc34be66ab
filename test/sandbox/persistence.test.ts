import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { STATE_SAVE_INTERVAL_MS } from '../../src/sandbox/gateway.js';
import { call, client, pixCharge, start } from './helpers.js';

/** The request fields a version-1 sandbox kept on the charge record. */
interface SavedRequest {
  pix?: { description?: string };
  product_id?: number;
  customer?: unknown;
  shipping?: unknown;
  metadata?: unknown;
}

const dir = mkdtempSync(join(tmpdir(), 'paygate-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('state file', () => {
  it('keeps sellers, charges, payouts, webhooks, balances and the clock across a restart', async () => {
    const file = join(dir, 'state.json');
    const first = await start({ stateFile: file, seed: undefined });
    const api = client(first);
    const charge = (
      await api.post(
        '/v1/charges',
        pixCharge(10000, { external_id: 'keep', split: [{ seller_id: 1002, percentage: 100 }] }),
      )
    ).json.data;
    await call(first, 'POST', `/_sandbox/charges/${charge.id}/pay`);
    const pending = (await api.post('/v1/charges', pixCharge(500, { pix: { expires_in: 60 } }))).json.data;
    const c2 = (await api.post('/v1/charges', pixCharge(30000))).json.data;
    await call(first, 'POST', `/_sandbox/charges/${c2.id}/pay`);
    const payout = (await api.post('/v1/payouts', { amount: 1000 })).json.data;
    const hook = (await api.post('/v1/webhooks', { url: 'http://127.0.0.1:9/x' })).json.data;
    first.advanceClock(10_000);
    const balances = [
      (await client(first, 0).get('/v1/balance')).json.data,
      (await client(first, 1).get('/v1/balance')).json.data,
    ];
    const sellers = first.sellers;
    // The file is written within an interval of the changes, atomically: valid JSON before close.
    await vi.waitFor(() => expect(JSON.parse(readFileSync(file, 'utf8')).charges).toHaveLength(3), {
      timeout: STATE_SAVE_INTERVAL_MS * 5,
    });
    await first.close();
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await start({ stateFile: file, seed: undefined });
    try {
      expect(second.sellers).toEqual(sellers);
      const api = client(second);
      expect((await api.get(`/v1/charges/${charge.id}`)).json.data).toMatchObject({
        status: 'paid',
        external_id: 'keep',
      });
      expect((await api.get(`/v1/payouts/${payout.id}`)).json.data.status).toBe('pending');
      expect((await api.get('/v1/webhooks')).json.data.map((w: { id: string }) => w.id)).toContain(hook.id);
      expect((await client(second, 0).get('/v1/balance')).json.data).toEqual(balances[0]);
      expect((await client(second, 1).get('/v1/balance')).json.data).toEqual(balances[1]);
      expect((await call(second, 'GET', '/_sandbox/clock')).json.data.offset_ms).toBe(10_000);
      // Scheduled expiry survives the restart.
      second.advanceClock(50_000);
      expect((await api.get(`/v1/charges/${pending.id}`)).json.data.status).toBe('expired');
      // Refund after restart reverses the stored ledger transaction.
      await api.post(`/v1/charges/${charge.id}/refund`);
      expect((await client(second, 1).get('/v1/balance')).json.data.available).toBe(0);
      expect((await call(second, 'GET', '/_sandbox/state')).json.data.ledger.sum).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('a state file of version 1 (request fields on the charge itself) loads, and its charges answer as before', async () => {
    const file = join(dir, 'state-v1.json');
    const first = await start({ stateFile: file, seed: undefined });
    const charge = (
      await client(first).post(
        '/v1/charges',
        pixCharge(2500, {
          pix: { description: 'Pedido 7' },
          metadata: { pedido: '7' },
          customer: { name: 'Ana Lima', email: 'ana@example.com' },
        }),
      )
    ).json.data;
    const answered = (await client(first).get(`/v1/charges/${charge.id}`)).json.data;
    await first.close();
    // Rewritten as a version-1 sandbox saved it.
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    saved.version = 1;
    saved.charges = saved.charges.map(({ request, ...record }: { request: SavedRequest }) => ({
      ...record,
      description: request.pix?.description ?? null,
      product_id: request.product_id ?? null,
      customer: request.customer ?? null,
      shipping: request.shipping ?? null,
      metadata: request.metadata ?? null,
    }));
    writeFileSync(file, JSON.stringify(saved));

    const second = await start({ stateFile: file, seed: undefined });
    try {
      expect((await client(second).get(`/v1/charges/${charge.id}`)).json.data).toEqual(answered);
      expect(answered).toMatchObject({
        description: 'Pedido 7',
        metadata: { pedido: '7' },
        customer: { name: 'Ana Lima' },
      });
    } finally {
      await second.close();
    }
  });

  it('a seeded sandbox does not reuse ids after a restart', async () => {
    const file = join(dir, 'seeded.json');
    const sandbox = await start({ stateFile: file, seed: 7 });
    const id1 = (await client(sandbox).post('/v1/charges', pixCharge(100))).json.data.id;
    await sandbox.close();
    const restarted = await start({ stateFile: file, seed: 7 });
    try {
      const id2 = (await client(restarted).post('/v1/charges', pixCharge(100))).json.data.id;
      expect(id2).not.toBe(id1);
      expect((await client(restarted).get('/v1/charges')).json.pagination.total).toBe(2);
    } finally {
      await restarted.close();
    }
  });

  it('refuses to start on a corrupt state file rather than overwrite it', async () => {
    const file = join(dir, 'corrupt.json');
    writeFileSync(file, '{"version": 1, "sellers": [');
    await expect(start({ stateFile: file })).rejects.toThrow(/not valid JSON/);
    writeFileSync(file, '{"hello": "world"}');
    await expect(start({ stateFile: file })).rejects.toThrow(/not a paygate sandbox state/);
    expect(readFileSync(file, 'utf8')).toBe('{"hello": "world"}');
  });

  it('a state file it cannot write is reported once, on the writer it was given, and the sandbox goes on', async () => {
    const stderr: string[] = [];
    const sandbox = await start({
      stateFile: join(dir, 'missing-folder', 'state.json'),
      stderr: { write: (text: string) => stderr.push(text) },
    });
    const charge = await client(sandbox).post('/v1/charges', pixCharge(100));
    expect(charge.status).toBe(201);
    await client(sandbox).post('/v1/charges', pixCharge(200));
    await sandbox.close();
    expect(stderr).toEqual([
      expect.stringMatching(
        /^paygate sandbox: cannot write the state file: ENOENT[^\n]*missing-folder[^\n]*\n$/,
      ),
    ]);
  });

  it('reset empties the state file too', async () => {
    const file = join(dir, 'reset.json');
    const sandbox = await start({ stateFile: file });
    try {
      await client(sandbox).post('/v1/charges', pixCharge(100));
      await call(sandbox, 'POST', '/_sandbox/reset');
      await vi.waitFor(() => expect(JSON.parse(readFileSync(file, 'utf8')).charges).toEqual([]), {
        timeout: STATE_SAVE_INTERVAL_MS * 5,
      });
      expect(sandbox.requests).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });
});
