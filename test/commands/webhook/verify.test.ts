// `webhook listen --verify`, `--log` and `webhook replay`: a notification is trusted only
// once the API confirms it; forged, mismatched and unknown ones are said loudly and never dropped;
// the log keeps everything and replays it into a handler, headers and body as they arrived.
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chargeCreate } from '../../../src/commands/charge/create.js';
import { sandboxNotify } from '../../../src/commands/sandbox/simulate.js';
import { webhookReplay } from '../../../src/commands/webhook/replay.js';
import type { GlobalOptions } from '../../../src/context.js';
import { fakeTime } from '../../helpers/fake-time.js';
import { startOtherGateway } from '../../helpers/other-gateway.js';
import { tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { binPath, ensureBuilt, testPath } from '../../helpers/spawn-cli.js';
import { jsonLines, type Listening, listen, target } from '../../helpers/webhook-listen.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());
const running: Listening[] = [];
afterEach(async () => {
  while (running.length > 0) await running.pop()!.stop();
});

async function started(
  args: string[],
  env: Record<string, string>,
  globals: GlobalOptions = {},
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>,
): Promise<Listening> {
  const listening = await listen(args, { env, globals, sleep });
  running.push(listening);
  return listening;
}

async function createCharge(amount = 1000): Promise<{ id: string }> {
  const result = await runHandler(chargeCreate, ['charge', 'create', '--amount', String(amount)], {
    env: ts.env,
    globals: { json: true },
  });
  return JSON.parse(result.stdout);
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('webhook listen --verify', () => {
  it('a real notification is verified; a forged one (sandbox notify --forge) is NOT VERIFIED, and shown', async () => {
    const listening = await started(['--verify'], ts.env, { json: true });
    const charge = await createCharge();
    await ts.control(`/_sandbox/charges/${charge.id}/pay`);
    await post(listening.url, { event: 'charge.paid', id: charge.id, status: 'paid', amount: 1000 });
    const pending = await createCharge(2000);
    const forged = await runHandler(
      sandboxNotify,
      [
        'sandbox',
        'notify',
        '--forge',
        '--charge',
        pending.id,
        '--status',
        'paid',
        '--url',
        listening.url,
        '--sandbox-url',
        ts.url,
      ],
      { env: ts.env },
    );
    expect(forged.code, forged.stderr).toBe(0);
    await post(listening.url, { event: 'charge.paid', id: 'ci_doesnotexist', status: 'paid', amount: 5 });
    await listening.stop();
    running.pop();
    const lines = jsonLines(listening.io.stdout.text);
    expect(lines.map((line) => line.verification)).toEqual([
      { verified: true, reason: null, status: 'paid', amount: 1000 },
      {
        verified: false,
        reason: 'mismatch: status: notified paid, the API says pending',
        status: 'pending',
        amount: 2000,
      },
      {
        verified: false,
        reason: "the API has no charge ci_doesnotexist for this account (forged, or another seller's)",
        status: null,
        amount: null,
      },
    ]);
  });

  it('people see ✓ verified or ✗ NOT VERIFIED with the reason; an amount that differs is a mismatch', async () => {
    const listening = await started(['--verify'], ts.env);
    const charge = await createCharge(1500);
    await post(listening.url, { event: 'charge.paid', id: charge.id, status: 'pending', amount: 1500 });
    await post(
      listening.url,
      { event: 'charge.paid', id: charge.id, status: 'pending', amount: 9999 },
      { 'x-request-id': 'req-42' },
    );
    await listening.stop();
    running.pop();
    const text = listening.io.stdout.text;
    expect(text).toContain('✓ verified');
    expect(text).toContain('✗ NOT VERIFIED: mismatch: amount: notified 9999, the API says 1500');
    expect(text).toContain('req req-42');
  });

  it('--forward-verified-only relays the verified one and holds back the forged one', async () => {
    const app = await target(200);
    const listening = await started(
      ['--verify', '--forward-to', app.url, '--forward-verified-only'],
      ts.env,
      {
        json: true,
      },
    );
    const charge = await createCharge(700);
    const good = await post(listening.url, { id: charge.id, status: 'pending', amount: 700 });
    const bad = await post(listening.url, { id: charge.id, status: 'paid', amount: 700 });
    expect(good.status).toBe(200);
    expect(bad.status).toBe(200);
    await listening.stop();
    running.pop();
    app.server.close();
    expect(app.received).toHaveLength(1);
    expect(JSON.parse(app.received[0]!.body)).toMatchObject({ status: 'pending' });
  });

  it('a verification that cannot be made (the gateway is down) never drops the notification', async () => {
    const env = { ...ts.env, PAYGATE_BASE_URL: 'http://127.0.0.1:1' };
    // Its tries at the closed port wait on a clock that does not wait.
    const listening = await started(
      ['--verify'],
      env,
      { json: true, requestTimeout: '1s' },
      fakeTime().sleep,
    );
    const response = await post(listening.url, { id: 'ci_x', status: 'paid', amount: 1 });
    expect(response.status).toBe(200);
    await listening.stop();
    running.pop();
    const [line] = jsonLines(listening.io.stdout.text);
    expect(line!.verification).toMatchObject({
      verified: false,
      reason: expect.stringMatching(/^could not verify: /),
    });
  });

  it('against another gateway: a paid notification for a charge its API says is in_analysis is a mismatch', async () => {
    const gateway = await startOtherGateway({ charges: 4 });
    try {
      const env = { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
      const listening = await started(['--verify'], env, { json: true });
      await post(listening.url, { event: 'charge.paid', id: 'ch_000003', status: 'paid', amount: 1002 });
      await post(listening.url, { event: 'charge.paid', id: 'ch_000001', status: 'paid', amount: 1000 });
      await listening.stop();
      running.pop();
      expect(
        jsonLines(listening.io.stdout.text).map(
          (line) => (line.verification as { verified: boolean }).verified,
        ),
      ).toEqual([false, true]);
    } finally {
      await gateway.close();
    }
  });
});

describe('webhook listen --log and webhook replay', () => {
  it('logs every notification (headers, body, verification) with mode 0600; replay sends them to a handler as they arrived', async () => {
    const file = join(tempConfigDir(), 'hooks.ndjson');
    const listening = await started(['--verify', '--log', file], ts.env);
    const charge = await createCharge(300);
    const body = `{"id":"${charge.id}","status":"pending","amount":300}`;
    await fetch(listening.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-custom': 'abc' },
      body,
    });
    await fetch(`${listening.url}/sellers/1002`, { method: 'POST', body: 'not json at all' });
    await listening.stop();
    running.pop();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ method: 'POST', path: '/', body, verification: { verified: true } });
    expect(lines[0].headers['x-custom']).toBe('abc');
    expect(lines[1]).toMatchObject({ path: '/sellers/1002', body: 'not json at all' });

    const app = await target(200);
    const replayed = await runHandler(webhookReplay, ['webhook', 'replay', file, '--to', app.url], {
      env: ts.env,
    });
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(app.received.map((request) => request.body)).toEqual([body, 'not json at all']);
    expect(app.received[0]!.headers['x-custom']).toBe('abc');
    expect(replayed.stderr).toContain('Replayed 2');
    const only = await runHandler(
      webhookReplay,
      ['webhook', 'replay', file, '--to', app.url, '--id', charge.id],
      {
        env: ts.env,
        globals: { json: true },
      },
    );
    expect(jsonLines(only.stdout)).toHaveLength(1);
    app.server.close();

    const refusing = await target(500);
    const refused = await runHandler(webhookReplay, ['webhook', 'replay', file, '--to', refusing.url], {
      env: ts.env,
    });
    expect(refused.code).toBe(3);
    refusing.server.close();
  });

  it('the log survives SIGKILL of the listener mid-stream: every whole line parses, the torn one is skipped by replay', async () => {
    ensureBuilt();
    const file = join(tempConfigDir(), 'killed.ndjson');
    const child = spawn(process.execPath, [binPath, 'webhook', 'listen', '--port', '0', '--log', file], {
      env: { PATH: testPath(), HOME: process.env.HOME, PAYGATE_CONFIG_DIR: tempConfigDir() },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL: ${stderr}`)), 10_000);
      child.stderr.on('data', () => {
        const found = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr)?.[1];
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      });
    });
    const sends = Array.from({ length: 40 }, (_, index) =>
      post(url, { id: `ci_${index}`, status: 'paid', amount: index }).catch(() => null),
    );
    await Promise.race([
      Promise.all(sends.slice(0, 10)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
    child.kill('SIGKILL');
    await Promise.all(sends);
    const text = readFileSync(file, 'utf8');
    const whole = text.endsWith('\n') ? text.split('\n').slice(0, -1) : text.split('\n').slice(0, -1);
    expect(whole.length).toBeGreaterThan(0);
    for (const line of whole) expect(() => JSON.parse(line)).not.toThrow();
    writeFileSync(file, `${text}{"torn`);
    const app = await target(200);
    const replayed = await runHandler(webhookReplay, ['webhook', 'replay', file, '--to', app.url]);
    expect(replayed.code).toBe(0);
    expect(replayed.stderr).toMatch(/skipped line \d+/);
    expect(app.received).toHaveLength(whole.length);
    app.server.close();
  });
});
