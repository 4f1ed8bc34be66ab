// `webhook replay` in its two layers: parse (argv → options, no file read) and run (the log file's
// notifications sent again to a handler, with what it answered).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webhookReplay } from '../../../src/commands/webhook/replay.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor, tempConfigDir } from '../../helpers/run-cli.js';
import { jsonLines, target } from '../../helpers/webhook-listen.js';

const noSettings = { setting: () => undefined };
const HANDLER = 'http://localhost:3000/hooks';

describe('webhook replay: parse', () => {
  it('the file, the handler and the ids', async () => {
    const input = await inputFor([
      'webhook',
      'replay',
      'hooks.ndjson',
      '--to',
      HANDLER,
      '--id',
      'ci_1',
      '--id',
      'co_2',
    ]);
    expect(webhookReplay.parse(input, noSettings)).toEqual({
      file: 'hooks.ndjson',
      to: HANDLER,
      ids: ['ci_1', 'co_2'],
    });
  });

  it('without --id: every notification', async () => {
    const input = await inputFor(['webhook', 'replay', 'hooks.ndjson', '--to', HANDLER]);
    expect(webhookReplay.parse(input, noSettings)).toEqual({ file: 'hooks.ndjson', to: HANDLER });
  });

  it('--to is required; it must be an http(s) URL', async () => {
    expect(() => webhookReplay.parse({ args: ['hooks.ndjson'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: '--to is required: the URL of the handler' }),
    );
    const input = await inputFor(['webhook', 'replay', 'hooks.ndjson', '--to', 'localhost:3000']);
    expect(() => webhookReplay.parse(input, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: '--to: must be an absolute http:// or https:// URL' }),
    );
  });
});

describe('webhook replay: run', () => {
  const servers: Array<{ close(callback: () => void): void }> = [];
  afterEach(async () => {
    for (const server of servers.splice(0))
      await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A --log file of two notifications (a charge and a payout) and a broken line. */
  function logFile(): string {
    const entry = (body: unknown) =>
      JSON.stringify({
        received_at: '2026-11-25T10:00:00.000Z',
        method: 'POST',
        path: '/cb',
        headers: { 'content-type': 'application/json', host: 'old.example', 'x-trace': 't1' },
        body: JSON.stringify(body),
        verification: null,
      });
    const file = join(tempConfigDir(), 'hooks.ndjson');
    writeFileSync(
      file,
      `${entry({ id: 'ci_a1b2c3d4e5f6', status: 'paid', amount: 2500 })}\n{"broken\n${entry({ id: 'co_a1b2c3d4e5f6', status: 'completed' })}\n`,
    );
    return file;
  }

  it('sends the chosen ones as they were received and says what the handler answered', async () => {
    const app = await target(200);
    servers.push(app.server);
    const file = logFile();
    const { context, io } = fakeContext({ globals: { json: true } });
    expect(await webhookReplay.run({ file, to: app.url, ids: ['co_a1b2c3d4e5f6'] }, context)).toBe(0);
    await context.close();
    expect(app.received).toHaveLength(1);
    expect(app.received[0]).toMatchObject({
      method: 'POST',
      path: '/hooks',
      body: JSON.stringify({ id: 'co_a1b2c3d4e5f6', status: 'completed' }),
    });
    expect(app.received[0]!.headers['x-trace']).toBe('t1');
    expect(app.received[0]!.headers.host).not.toBe('old.example');
    expect(jsonLines(io.stdout.text)).toEqual([
      expect.objectContaining({ line: 3, id: 'co_a1b2c3d4e5f6', status: 200, error: null }),
    ]);
    expect(io.stderr.text).toContain(`${file}: skipped line 2 (not a whole entry)`);
    expect(io.stderr.text).toContain(`Replayed 1 to ${app.url}: 1 accepted, 0 refused, 0 unanswered.`);
  });

  it('a handler that refuses one: exit 3, after every one was sent', async () => {
    const app = await target(500);
    servers.push(app.server);
    const { context, io } = fakeContext();
    await expect(
      webhookReplay.run({ file: logFile(), to: app.url, ids: undefined }, context),
    ).rejects.toMatchObject({ exitCode: 3, message: 'the handler refused 2 notifications' });
    await context.close();
    expect(app.received).toHaveLength(2);
    const lines = io.stdout.text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^line 1 {2}charge paid {2}ci_a1b2c3d4e5f6 {2}→ 500 {2}\d+ ms$/);
    expect(lines[1]).toMatch(/^line 3 {2}payout completed {2}co_a1b2c3d4e5f6 {2}→ 500 {2}\d+ ms$/);
    expect(io.stderr.text).toContain(`Replayed 2 to ${app.url}: 0 accepted, 2 refused, 0 unanswered.`);
  });

  it('no notification of those --id: a usage error naming --id, nothing sent', async () => {
    const app = await target(200);
    servers.push(app.server);
    const { context } = fakeContext();
    const file = logFile();
    await expect(webhookReplay.run({ file, to: app.url, ids: ['ci_other'] }, context)).rejects.toMatchObject({
      exitCode: 2,
      message: `no notification to replay in ${file} with those --id`,
    });
    await context.close();
    expect(app.received).toHaveLength(0);
  });
});
