// `sandbox start` in its two layers: parse (argv → the sandbox's options, no server) and run (a
// sandbox listening until the signal, its URL and keys printed).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type SandboxStartOptions, sandboxStart } from '../../../src/commands/sandbox/start.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';
import { untilValue } from '../../helpers/until-value.js';

const noSettings = { setting: () => undefined };

const defaults: SandboxStartOptions = {
  port: 4010,
  stateFile: undefined,
  feeRate: 3.99,
  rateLimit: 5000,
  autoPayAfterMs: undefined,
  webhookUrl: undefined,
  webhooksApi: true,
  reserveRate: 0,
  seed: undefined,
};

describe('sandbox start: parse', () => {
  it('the defaults', async () => {
    expect(sandboxStart.parse(await inputFor(['sandbox', 'start']), noSettings)).toEqual(defaults);
  });

  it('every flag, as the sandbox takes it', async () => {
    const input = await inputFor([
      'sandbox',
      'start',
      '--port',
      '0',
      '--state',
      'state.json',
      '--fee-rate',
      '2.5',
      '--rate-limit',
      '60',
      '--auto-pay-after',
      '10s',
      '--webhook-url',
      'http://127.0.0.1:8787',
      '--no-webhooks-api',
      '--reserve-rate',
      '10',
      '--seed',
      '7',
    ]);
    expect(sandboxStart.parse(input, noSettings)).toEqual({
      port: 0,
      stateFile: 'state.json',
      feeRate: 2.5,
      rateLimit: 60,
      autoPayAfterMs: 10_000,
      webhookUrl: 'http://127.0.0.1:8787',
      webhooksApi: false,
      reserveRate: 10,
      seed: 7,
    });
  });

  it('a bad --auto-pay-after or --port is refused naming the flag', async () => {
    const duration = await inputFor(['sandbox', 'start', '--auto-pay-after', 'soon']);
    expect(() => sandboxStart.parse(duration, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: expect.stringMatching(/^--auto-pay-after: "soon" is not a duration/),
      }),
    );
    const port = await inputFor(['sandbox', 'start', '--port', '99999']);
    expect(() => sandboxStart.parse(port, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: expect.stringMatching(/^--port: /) }),
    );
  });
});

describe('sandbox start: run', () => {
  it('--json: the URL and seeded keys on the first line; serves until the signal', async () => {
    const stop = new AbortController();
    const { context, io } = fakeContext({ globals: { json: true }, signal: stop.signal });
    const running = sandboxStart.run({ ...defaults, port: 0, seed: 1 }, context);
    const first = await untilValue(() =>
      io.stdout.text.includes('\n') ? io.stdout.text.split('\n')[0] : undefined,
    );
    const started = JSON.parse(first) as {
      url: string;
      sellers: Array<{ seller_id: number; secret_key: string }>;
    };
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(started.sellers[0]!.seller_id).toBe(1001);
    expect(started.sellers[0]).not.toHaveProperty('document');
    const account = await fetch(`${started.url}/v1/account`, {
      headers: { authorization: `Bearer ${started.sellers[0]!.secret_key}` },
    });
    expect(account.status).toBe(200);
    stop.abort();
    expect(await running).toBe(0);
    await context.close();
    expect(io.stderr.text).toContain('Sandbox stopped.');
    await expect(fetch(`${started.url}/v1/account`)).rejects.toThrow();
  });

  it('a port in use: a usage error naming --port', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const { context } = fakeContext();
      await expect(sandboxStart.run({ ...defaults, port }, context)).rejects.toMatchObject({
        exitCode: 2,
        message: `--port: ${port} is in use (another sandbox?); pass --port 0 for any free port`,
      });
      await context.close();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
