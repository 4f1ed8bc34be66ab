// `charge watch` in its two layers: parse (argv and settings → options, no server) and run
// (options → what a user sees, against a scripted gateway, with a clock that moves only on sleeps).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeWatch } from '../../../src/commands/charge/watch.js';
import { json, ok, sequence, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { fakeTime } from '../../helpers/fake-time.js';
import { inputFor } from '../../helpers/run-cli.js';
import { scriptedCharge } from './scripted-charges.js';

const noSettings = { setting: () => undefined };

describe('charge watch: parse', () => {
  it('the id, and the timing: every 2s until the charge expiry by default', async () => {
    expect(chargeWatch.parse(await inputFor(['charge', 'watch', 'ci_a1b2c3']), noSettings)).toEqual({
      id: 'ci_a1b2c3',
      timing: { intervalMs: 2000, timeoutMs: undefined },
    });
  });

  it('--interval and --timeout; else the watch.interval setting', async () => {
    const input = await inputFor(['charge', 'watch', 'ci_a1b2c3', '--interval', '10s', '--timeout', '5m']);
    expect(chargeWatch.parse(input, noSettings)).toEqual({
      id: 'ci_a1b2c3',
      timing: { intervalMs: 10_000, timeoutMs: 300_000 },
    });
    const settings = { setting: (name: string) => (name === 'watch.interval' ? '5s' : undefined) };
    expect(chargeWatch.parse(await inputFor(['charge', 'watch', 'ci_a1b2c3']), settings)).toEqual({
      id: 'ci_a1b2c3',
      timing: { intervalMs: 5000, timeoutMs: undefined },
    });
  });

  it('refusals: not a charge id, a duration that is none, a zero --timeout', async () => {
    const cases: [string[], string][] = [
      [['a/b'], 'id: "a/b" is not a charge id (ci_…)'],
      [
        ['ci_a', '--interval', 'soon'],
        '--interval: "soon" is not a duration: use a whole number with a unit (500ms, 90s, 30m, 2h, 1d) or seconds (90)',
      ],
      [['ci_a', '--timeout', '0s'], '--timeout: must be above zero'],
    ];
    for (const [argv, message] of cases) {
      const input = await inputFor(['charge', 'watch', ...argv]);
      expect(() => chargeWatch.parse(input, noSettings), argv.join(' ')).toThrow(
        expect.objectContaining({ exitCode: 2, message }),
      );
    }
  });
});

describe('charge watch: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('polls until paid: exit 0, the final charge on stdout, a line for people on stderr', async () => {
    const pending = scriptedCharge({ id: 'ci_watch', status: 'pending' });
    server.handle(
      sequence(
        (_request, response) => json(response, 200, ok(pending)),
        (_request, response) => json(response, 200, ok(pending)),
        (_request, response) => json(response, 200, ok({ ...pending, status: 'paid' })),
      ),
    );
    const before = server.requests.length;
    const time = fakeTime();
    const { context, io } = fakeContext({ baseUrl: server.url, clock: time.clock, sleep: time.sleep });
    const code = await chargeWatch.run(
      { id: 'ci_watch', timing: { intervalMs: 2000, timeoutMs: undefined } },
      context,
    );
    await context.close();
    expect(code).toBe(0);
    expect(server.requests.slice(before).map((request) => request.url)).toEqual([
      '/v1/charges/ci_watch',
      '/v1/charges/ci_watch',
      '/v1/charges/ci_watch',
    ]);
    expect(time.sleeps).toEqual([2000, 2000]);
    expect(io.stdout.text).toMatch(/^Status\s+paid$/m);
    expect(io.stderr.text).toMatch(/✓ paid: charge ci_watch \(R\$ 15,00\)/);
  });

  it('a final status that is not paid: exit 7, the last charge printed with --json', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok(scriptedCharge({ id: 'ci_gone', status: 'expired' }))),
    );
    const time = fakeTime();
    const { context, io } = fakeContext({
      baseUrl: server.url,
      clock: time.clock,
      sleep: time.sleep,
      globals: { json: true },
    });
    await expect(
      chargeWatch.run({ id: 'ci_gone', timing: { intervalMs: 2000, timeoutMs: undefined } }, context),
    ).rejects.toMatchObject({ exitCode: 7, message: 'charge ci_gone is expired, not paid' });
    await context.close();
    expect(JSON.parse(io.stdout.text)).toMatchObject({ id: 'ci_gone', status: 'expired' });
    expect(time.sleeps).toEqual([]);
  });

  it('a final status that is not paid, in a table: exit 7, the charge printed as a paid one is', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok(scriptedCharge({ id: 'ci_gone', status: 'expired' }))),
    );
    const time = fakeTime();
    const { context, io } = fakeContext({ baseUrl: server.url, clock: time.clock, sleep: time.sleep });
    await expect(
      chargeWatch.run({ id: 'ci_gone', timing: { intervalMs: 2000, timeoutMs: undefined } }, context),
    ).rejects.toMatchObject({ exitCode: 7, message: 'charge ci_gone is expired, not paid' });
    await context.close();
    expect(io.stdout.text).toMatch(/^ID\s+ci_gone$/m);
    expect(io.stdout.text).toMatch(/^Status\s+expired$/m);
  });
});
