// `sandbox log` and the log `sandbox start` prints: one line for each request the
// sandbox answered and each notification it tried, read from GET /_sandbox/log.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { account, balance } from '../../src/commands/account/account.js';
import { chargeCreate } from '../../src/commands/charge/create.js';
import { chargeGet } from '../../src/commands/charge/get.js';
import { sandboxLog } from '../../src/commands/sandbox/request-log.js';
import { SandboxLog } from '../../src/sandbox/activity-log.js';
import type { FakeContextOptions } from '../helpers/fake-context.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';
import { useTestSandbox } from '../helpers/sandbox.js';
import { useTimeZone } from '../helpers/time-zone.js';

// The log's times for people are local: a zone with no daylight saving time (GMT-3 all year).
useTimeZone('America/Sao_Paulo');

const t = useTestSandbox();
const logArgs = () => ['sandbox', 'log', '--sandbox-url', t.url];
/** `paygate sandbox log --sandbox-url URL` through its handler. */
const readLog = (options: Omit<FakeContextOptions, 'env'> = {}) =>
  runHandler(sandboxLog, logArgs(), { env: t.env, ...options });

describe('SandboxLog', () => {
  it('keeps the newest events up to its capacity, numbered; after(seq) gives the ones after', () => {
    const log = new SandboxLog(3);
    const heard: number[] = [];
    const stop = log.listen((event) => heard.push(event.seq));
    for (let index = 0; index < 5; index += 1) {
      log.addRequest({
        id: `req_${index}`,
        method: 'GET',
        path: `/v1/charges/ci_${index}`,
        query: {},
        headers: {},
        body: null,
        status: 200,
        at: '2026-11-25T10:00:00.000Z',
        seller_id: 1001,
        route: null,
        fault: null,
        duration_ms: 1,
      });
    }
    stop();
    expect(log.after(0).map((event) => event.seq)).toEqual([3, 4, 5]);
    expect(log.after(4).map((event) => event.line)).toEqual(['GET /v1/charges/ci_4 → 200  seller 1001']);
    expect(log.after(5)).toEqual([]);
    expect(heard).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('sandbox log', () => {
  it('prints each request and each notification attempt, one line each, with the time', async () => {
    const receiver = createServer((_request, response) => response.writeHead(500).end());
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const created = await runHandler(
        chargeCreate,
        ['charge', 'create', '--amount', '1500', '--callback-url', hook],
        {
          env: t.env,
          globals: { json: true },
        },
      );
      const id = JSON.parse(created.stdout).id;
      await runHandler(chargeGet, ['charge', 'get', 'ci_nope0000000'], { env: t.env });
      await t.control(`/_sandbox/charges/${id}/pay`);
      await t.sandbox.notificationsIdle();
      const result = await readLog();
      expect(result.code).toBe(0);
      const lines = result.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d GMT-3 {2}POST \/v1\/charges → 201 {2}seller 1001$/);
      expect(lines[1]).toMatch(
        /^\d\d:\d\d:\d\d GMT-3 {2}GET \/v1\/charges\/ci_nope0000000 → 404 {2}seller 1001$/,
      );
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`notify charge\\.paid \\(callback seller 1001\\) → ${hook} → 500 {2}try 1$`),
        ),
      );
      expect(lines.filter((line) => line.includes('try '))).toHaveLength(3); // the retries, each shown
    } finally {
      receiver.close();
    }
  });

  it('--json is an array of {seq, at, kind, line, id, status}; an empty log says so on stderr', async () => {
    const empty = await readLog({ globals: { json: true } });
    expect(JSON.parse(empty.stdout)).toEqual([]);
    expect(empty.stderr).toContain('Nothing yet');
    await runHandler(balance, ['balance'], { env: t.env });
    const result = await readLog({ globals: { json: true } });
    expect(JSON.parse(result.stdout)).toEqual([
      expect.objectContaining({
        seq: expect.any(Number),
        kind: 'request',
        status: 200,
        line: expect.stringContaining('GET /v1/balance'),
      }),
    ]);
  });

  it('--follow prints new lines as they come, and stops on Ctrl-C (exit 130, no error)', async () => {
    await runHandler(balance, ['balance'], { env: t.env });
    const controller = new AbortController();
    let sleeps = 0;
    const result = await runHandler(sandboxLog, [...logArgs(), '--follow'], {
      env: t.env,
      signal: controller.signal,
      sleep: async (ms, signal) => {
        sleeps += 1;
        expect(ms).toBe(1000);
        if (sleeps === 1) await runHandler(account, ['account'], { env: t.env });
        if (sleeps === 2) controller.abort();
        if (signal?.aborted) throw signal.reason;
      },
    });
    expect(result.code).toBe(130);
    // No error: the handler returns 130 itself, so the top level prints nothing.
    expect(result.error).toBeUndefined();
    expect(result.stderr).toBe('');
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('GET /v1/balance → 200');
    expect(lines[1]).toContain('GET /v1/account → 200');
  });

  it('no sandbox at the URL: exit 6 (nothing answered), with the command that starts one there', async () => {
    const result = await run(['sandbox', 'log', '--sandbox-url', 'http://127.0.0.1:9'], { env: t.env });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      'error: no sandbox answers at http://127.0.0.1:9\nhint: start one with `paygate sandbox start --port 9`\n',
    );
  });

  it('login --sandbox with no sandbox running: exit 6, and the start command for that port', async () => {
    const config = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    const there = await run(['login', '--sandbox', 'http://127.0.0.1:9'], { env: config });
    expect(there.code).toBe(6);
    expect(there.stderr).toBe(
      'error: no sandbox answers at http://127.0.0.1:9\n' +
        'hint: start one with `paygate sandbox start --port 9` (or pass its URL: `paygate login --sandbox URL`)\n',
    );
  });
});

describe('sandbox start', () => {
  it('in a terminal window, prints each request as it comes (not with -q)', async () => {
    const { spawn } = await import('node:child_process');
    const { binPath, ensureBuilt, testPath } = await import('../helpers/spawn-cli.js');
    ensureBuilt();
    const readLog = async (extra: string[]) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, [binPath, 'sandbox', 'start', '--port', String(port), ...extra], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { PATH: testPath(), PAYGATE_CONFIG_DIR: '/nonexistent-paygate-test' },
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      let answered = false;
      for (let tries = 0; tries < 500 && !answered; tries++) {
        answered = await fetch(`${url}/v1/account`).then(
          () => true,
          () => false,
        );
        if (!answered) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The sellers' last key ends what start prints; a second request, answered after the first
      // one's log line was written, bounds the wait for that line without a fixed sleep.
      await fetch(`${url}/v1/balance`);
      for (let tries = 0; tries < 500 && !/public key .*\n$/.test(stdout); tries++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      child.kill('SIGINT');
      await new Promise((resolve) => child.on('close', resolve));
      return { stderr, stdout, url };
    };
    expect((await readLog([])).stderr).toMatch(
      /^\d\d:\d\d:\d\d (UTC|GMT[+-]\d+(:\d\d)?) {2}GET \/v1\/account → 401$/m,
    );
    const quiet = await readLog(['-q']);
    expect(quiet.stderr).not.toContain('GET /v1/account');
    // -q silences the messages, not the URL: the first line of stdout, then the keys.
    expect(quiet.stdout.startsWith(`URL  ${quiet.url}\n\n`)).toBe(true);
    expect(quiet.stdout).toMatch(/secret key {2}sk_/);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
