import { describe, expect, it } from 'vitest';
import { chargeWatch } from '../../../src/commands/charge/watch.js';
import { fakeTime } from '../../helpers/fake-time.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { useTestSandbox } from '../../helpers/sandbox.js';
import { createCharge as createSandboxCharge } from './api.js';

const t = useTestSandbox();

/** A pending R$ 15,00 PIX charge made through the API (`expiresIn`: its pix.expires_in, seconds). */
async function createCharge(expiresIn?: number): Promise<{ id: string; expires_at: string }> {
  const data = await createSandboxCharge(
    t,
    expiresIn === undefined ? {} : { pix: { expires_in: expiresIn } },
  );
  expect(data.status).toBe('pending');
  return { id: data.id, expires_at: data.pix.expires_at };
}

const gets = (id: string) => t.sandbox.requests.filter((request) => request.path === `/v1/charges/${id}`);

describe('charge watch', () => {
  it('exits 0 when the charge is paid, polling at the default interval', async () => {
    const { id } = await createCharge();
    const time = fakeTime(async (count) => {
      if (count === 2) await t.control(`/_sandbox/charges/${id}/pay`);
    });
    const result = await runHandler(chargeWatch, ['charge', 'watch', id], { env: t.env, ...time });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Status\s+paid/);
    expect(result.stderr).toContain('pending');
    expect(result.stderr).toMatch(/✓ paid: charge ci_\w+ \(R\$ 15,00\)/);
    expect(time.sleeps).toEqual([2000, 2000]);
    expect(gets(id)).toHaveLength(3);
  });

  it('--json prints the final charge data', async () => {
    const { id } = await createCharge();
    const time = fakeTime(() => t.control(`/_sandbox/charges/${id}/pay`).then(() => {}));
    const result = await runHandler(chargeWatch, ['charge', 'watch', id, '--interval', '5s'], {
      env: t.env,
      globals: { json: true },
      ...time,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id, status: 'paid', amount: 1500 });
    expect(time.sleeps).toEqual([5000]);
  });

  it('exits 7 when the charge expires (sandbox clock advanced past expiry)', async () => {
    const { id } = await createCharge(60);
    const time = fakeTime(() => t.sandbox.advanceClock(61_000));
    const result = await run(['charge', 'watch', id, '--json'], { env: t.env, ...time });
    expect(result.code).toBe(7);
    expect(JSON.parse(result.stdout)).toMatchObject({ id, status: 'expired' });
    const lastLine = result.stderr.trimEnd().split('\n').at(-1)!;
    expect(JSON.parse(lastLine).error).toMatchObject({ type: 'final_status', exit_code: 7 });
  });

  it('exits 7 when the charge fails', async () => {
    const { id } = await createCharge();
    const time = fakeTime(() => t.control(`/_sandbox/charges/${id}/fail`).then(() => {}));
    const result = await runHandler(chargeWatch, ['charge', 'watch', id], { env: t.env, ...time });
    expect(result.code).toBe(7);
    expect(result.error?.message).toContain('is failed, not paid');
  });

  it('exits 8 at --timeout with the resume command, without waiting for real', async () => {
    const { id } = await createCharge();
    const time = fakeTime();
    const started = Date.now();
    const result = await run(['charge', 'watch', id, '--timeout', '10s'], { env: t.env, ...time });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(`resume with: paygate charge watch ${id}`);
    expect(time.sleeps.reduce((sum, ms) => sum + ms, 0)).toBe(10_000);
  });

  it('without --timeout, gives up one minute after the PIX expiry', async () => {
    const { id, expires_at } = await createCharge(60);
    const time = fakeTime();
    const start = time.clock.now();
    const result = await runHandler(chargeWatch, ['charge', 'watch', id, '--interval', '10s'], {
      env: t.env,
      ...time,
    });
    expect(result.code).toBe(8);
    const waited = time.sleeps.reduce((sum, ms) => sum + ms, 0);
    expect(start + waited).toBeGreaterThanOrEqual(Date.parse(expires_at) + 60_000);
    expect(start + waited).toBeLessThan(Date.parse(expires_at) + 60_000 + 10_000);
  });

  it('exits 130 on Ctrl-C with the resume command', async () => {
    const { id } = await createCharge();
    const controller = new AbortController();
    const time = fakeTime((count) => {
      if (count === 2) controller.abort();
    });
    const sleep = async (ms: number, signal?: AbortSignal) => {
      await time.sleep(ms, signal);
      if (signal?.aborted) throw signal.reason;
    };
    const result = await runHandler(chargeWatch, ['charge', 'watch', id], {
      env: t.env,
      clock: time.clock,
      sleep,
      signal: controller.signal,
    });
    expect(result.code).toBe(130);
    expect(result.error?.details.hint).toContain(`resume with: paygate charge watch ${id}`);
  });

  it('shows the status and the time left to expiry on the spinner line', async () => {
    const { id } = await createCharge();
    const time = fakeTime(async () => {
      await t.control(`/_sandbox/charges/${id}/pay`);
    });
    const result = await runHandler(chargeWatch, ['charge', 'watch', id], { env: t.env, ...time });
    expect(result.stderr).toMatch(/pending · charge ci_\w+ R\$ 15,00 · expires in (29m|30m)/);
  });

  it('an unknown charge is exit 3', async () => {
    const result = await runHandler(chargeWatch, ['charge', 'watch', 'ci_doesnotexist'], {
      env: t.env,
      ...fakeTime(),
    });
    expect(result.code).toBe(3);
  });

  it('charge create --watch follows the new charge to paid', async () => {
    const time = fakeTime(async () => {
      const charge = t.sandbox.requests.find((request) => request.method === 'POST');
      expect(charge).toBeDefined();
      const list = (await (
        await fetch(`${t.url}/v1/charges`, { headers: { authorization: `Bearer ${t.main.secret_key}` } })
      ).json()) as { data: Array<{ id: string }> };
      await t.control(`/_sandbox/charges/${list.data[0]!.id}/pay`);
    });
    const result = await run(['charge', 'create', '--amount', '1500', '--watch', '--no-qr'], {
      env: t.env,
      ...time,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Status\s+pending/);
    expect(result.stdout).toMatch(/^000201/m);
    expect(result.stderr).toContain('✓ paid');
  });

  it('charge create --watch --json prints one document: the final charge', async () => {
    const time = fakeTime(async () => {
      const list = (await (
        await fetch(`${t.url}/v1/charges`, { headers: { authorization: `Bearer ${t.main.secret_key}` } })
      ).json()) as { data: Array<{ id: string }> };
      await t.control(`/_sandbox/charges/${list.data[0]!.id}/pay`);
    });
    const result = await run(['charge', 'create', '--amount', '1500', '--watch', '--json'], {
      env: t.env,
      ...time,
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'paid', amount: 1500 });
  });

  it('a bad --interval is a usage error before anything is sent', async () => {
    const result = await run(['charge', 'create', '--amount', '1500', '--watch', '--interval', 'soon'], {
      env: t.env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--interval');
    expect(t.sandbox.requests).toHaveLength(0);
  });
});
