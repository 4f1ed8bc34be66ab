// `webhook listen` in its two layers: parse (argv → options, no server) and run (options → a
// receiver that prints what it gets, until the signal aborts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WebhookListenOptions, webhookListen } from '../../../src/commands/webhook/listen.js';
import { startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';
import { untilValue } from '../../helpers/until-value.js';
import { jsonLines } from '../../helpers/webhook-listen.js';

const noSettings = { setting: () => undefined };

describe('webhook listen: parse', () => {
  it('the defaults: port 8787 on 127.0.0.1, no forwarding, no check, no log', async () => {
    expect(webhookListen.parse(await inputFor(['webhook', 'listen']), noSettings)).toEqual({
      port: 8787,
      host: '127.0.0.1',
    });
  });

  it('every flag, read as typed options', async () => {
    const input = await inputFor([
      'webhook',
      'listen',
      '-p',
      '0',
      '--host',
      '0.0.0.0',
      '--forward-to',
      'http://localhost:3000/hooks',
      '--verify',
      '--forward-verified-only',
      '--log',
      'hooks.ndjson',
    ]);
    expect(webhookListen.parse(input, noSettings)).toEqual({
      port: 0,
      host: '0.0.0.0',
      forwardTo: 'http://localhost:3000/hooks',
      verify: true,
      forwardVerifiedOnly: true,
      log: 'hooks.ndjson',
    });
  });

  it('--forward-verified-only without --verify and --forward-to is refused', async () => {
    const input = await inputFor(['webhook', 'listen', '--forward-verified-only', '--verify']);
    expect(() => webhookListen.parse(input, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: '--forward-verified-only needs --verify and --forward-to',
      }),
    );
  });

  it('a bad --port or --forward-to is refused naming the flag', async () => {
    expect(() => webhookListen.parse({ args: [], flags: { port: '70000' } }, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: '--port: must be a port number from 0 to 65535 (0: any free port)',
      }),
    );
    const input = await inputFor(['webhook', 'listen', '--forward-to', 'localhost:3000']);
    expect(() => webhookListen.parse(input, noSettings)).toThrow(
      expect.objectContaining({ message: '--forward-to: must be an absolute http:// or https:// URL' }),
    );
  });
});

describe('webhook listen: run', () => {
  let gateway: TestServer;
  beforeAll(async () => {
    gateway = await startServer();
  });
  afterAll(async () => gateway.close());

  const options: WebhookListenOptions = { port: 0, host: '127.0.0.1' };

  it('prints each notification as a JSON line until stopped, then a count', async () => {
    const stop = new AbortController();
    const { context, io } = fakeContext({ globals: { json: true }, signal: stop.signal });
    const running = webhookListen.run(options, context);
    const url = await untilValue(() => /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(io.stderr.text)?.[1]);
    const answer = await fetch(`${url}/cb`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'ci_a1b2c3d4e5f6', status: 'paid', amount: 2500 }),
    });
    expect(answer.status).toBe(200);
    stop.abort();
    expect(await running).toBe(0);
    await context.close();
    const [line, ...rest] = jsonLines(io.stdout.text);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      method: 'POST',
      path: '/cb',
      body: { id: 'ci_a1b2c3d4e5f6', status: 'paid', amount: 2500 },
    });
    expect(io.stderr.text).toContain('Stopped: 1 notification received.');
  });

  it('--verify without a configured key: said at once (exit 4), before listening', async () => {
    const { context, io } = fakeContext();
    await expect(webhookListen.run({ ...options, verify: true }, context)).rejects.toMatchObject({
      exitCode: 4,
    });
    await context.close();
    expect(io.stderr.text).not.toContain('Listening on');
  });
});
