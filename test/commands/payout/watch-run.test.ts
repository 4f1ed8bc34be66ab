// `payout watch` in its two layers: parse (argv → options, no server) and run (polling a scripted
// gateway, on an injected clock and sleep).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutWatch } from '../../../src/commands/payout/watch.js';
import { json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };

describe('payout watch: parse', () => {
  it('the id and the timing: --interval, else the watch.interval setting, else 2s; --timeout, else 10m', async () => {
    const plain = await inputFor(['payout', 'watch', 'co_a1b2c3']);
    expect(payoutWatch.parse(plain, noSettings)).toEqual({
      id: 'co_a1b2c3',
      timing: { intervalMs: 2000, timeoutMs: 600_000 },
    });
    expect(
      payoutWatch.parse(plain, { setting: (name) => (name === 'watch.interval' ? '7s' : undefined) }),
    ).toEqual({
      id: 'co_a1b2c3',
      timing: { intervalMs: 7000, timeoutMs: 600_000 },
    });
    const flagged = await inputFor(['payout', 'watch', 'co_a1b2c3', '--interval', '5s', '--timeout', '1m']);
    expect(payoutWatch.parse(flagged, noSettings)).toEqual({
      id: 'co_a1b2c3',
      timing: { intervalMs: 5000, timeoutMs: 60_000 },
    });
  });

  it.each([
    [['co_a1b2c3', '--timeout', '0s'], '--timeout: must be above zero'],
    [['co a1'], 'id: "co a1" is not a payout id (co_…)'],
  ])('%j is refused: %s', async (argv, message) => {
    const input = await inputFor(['payout', 'watch', ...argv]);
    expect(() => payoutWatch.parse(input, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message }),
    );
  });
});

describe('payout watch: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  /** A gateway that answers the statuses in turn (the last one from then on). */
  function answering(...statuses: string[]) {
    let asked = 0;
    server.handle((_request, response) => {
      const status = statuses[Math.min(asked++, statuses.length - 1)]!;
      json(
        response,
        200,
        ok({
          id: 'co_a1b2c3',
          status,
          amount: 1500,
          failure_reason: status === 'failed' ? 'chave inválida' : null,
        }),
      );
    });
  }

  function context(globals = {}) {
    let now = Date.parse('2026-11-22T12:00:00Z');
    return fakeContext({
      baseUrl: server.url,
      globals,
      clock: { now: () => now },
      sleep: async (ms) => {
        now += ms;
      },
    });
  }
  const timing = { intervalMs: 2000, timeoutMs: 60_000 };

  it('polls until completed: exit 0, the payout printed once', async () => {
    answering('pending', 'processing', 'completed');
    const before = server.requests.length;
    const { context: ctx, io } = context();
    expect(await payoutWatch.run({ id: 'co_a1b2c3', timing }, ctx)).toBe(0);
    await ctx.close();
    expect(server.requests.slice(before).map((request) => request.url)).toEqual(
      Array(3).fill('/v1/payouts/co_a1b2c3'),
    );
    expect(io.stdout.text).toMatch(/Status\s+completed/);
  });

  it('failed: exit 7 naming the reason; --json still prints the payout', async () => {
    answering('pending', 'failed');
    const { context: ctx, io } = context({ json: true });
    await expect(payoutWatch.run({ id: 'co_a1b2c3', timing }, ctx)).rejects.toMatchObject({
      exitCode: 7,
      message: 'payout co_a1b2c3 failed: chave inválida',
    });
    await ctx.close();
    expect(JSON.parse(io.stdout.text)).toMatchObject({ id: 'co_a1b2c3', status: 'failed' });
  });

  it('still pending at the timeout: exit 8 with the command that resumes', async () => {
    answering('pending');
    const { context: ctx, io } = context();
    const error = await payoutWatch
      .run({ id: 'co_a1b2c3', timing: { intervalMs: 2000, timeoutMs: 6000 } }, ctx)
      .catch((caught) => caught);
    await ctx.close();
    expect(error).toMatchObject({
      exitCode: 8,
      message: 'still pending when the timeout ran out',
      details: { hint: 'resume with: paygate payout watch co_a1b2c3' },
    });
    expect(io.stdout.text).toBe('');
  });
});
