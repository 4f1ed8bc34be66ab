// Throughput of GET /v1/charges/{id} on loopback: 16 concurrent keep-alive loops for 3 s.
// Opt-in (it is a measurement, not a check): PAYGATE_PERF=1 npx vitest run test/sandbox/throughput.test.ts
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { client, pixCharge, start } from './helpers.js';

describe.skipIf(!process.env.PAYGATE_PERF)('sandbox throughput', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await start({ rateLimit: 1_000_000_000 });
  });
  afterAll(() => sb.close());

  it('serves at least 5000 GET /v1/charges/{id} per second', async () => {
    const api = client(sb);
    const ids: string[] = [];
    for (let index = 0; index < 50; index++)
      ids.push((await api.post('/v1/charges', pixCharge(1000 + index))).json.data.id);
    const agent = new Agent({ connections: 16, pipelining: 1, keepAliveTimeout: 10_000 });
    const headers = { authorization: `Bearer ${api.key}` };
    const durationMs = Number(process.env.PAYGATE_PERF_MS ?? 3000);
    let done = 0;
    let failed = 0;
    const loop = async (first: number) => {
      const end = Date.now() + durationMs;
      let next = first;
      while (Date.now() < end) {
        const res = await request(`${sb.url}/v1/charges/${ids[next++ % ids.length]}`, {
          dispatcher: agent,
          headers,
        });
        await res.body.text();
        if (res.statusCode === 200) done++;
        else failed++;
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 16 }, (_, index) => loop(index)));
    const seconds = (performance.now() - t0) / 1000;
    await agent.close();
    const rate = Math.round(done / seconds);
    console.log(
      `sandbox throughput: ${rate} req/s (${done} ok, ${failed} failed in ${seconds.toFixed(2)} s)`,
    );
    expect(failed).toBe(0);
    expect(rate).toBeGreaterThanOrEqual(5000);
  }, 30_000);
});
