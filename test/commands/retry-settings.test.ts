// The retry.* settings reach the API client: a read the gateway keeps answering 503 is tried as
// many times as retry.max_tries says, with waits no longer than retry.base_delay allows (the
// policy itself is test/api/retry.test.ts's).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance } from '../../src/commands/account/account.js';
import { json, startServer, type TestServer } from '../api/helpers.js';
import { fakeContext } from '../helpers/fake-context.js';
import { tempConfigDir } from '../helpers/run-cli.js';

const unavailable = { success: false, error: { type: 'api_error', code: 'unavailable', message: 'down' } };

describe('retry.* settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((_request, response) => json(response, 503, unavailable));
  });
  afterAll(async () => server.close());

  /** The balance read against the always-503 gateway: the tries it got and the waits between. */
  async function balanceWith(settings: Record<string, unknown>) {
    const dir = tempConfigDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: {}, settings }), { mode: 0o600 });
    const before = server.requests.length;
    const waits: number[] = [];
    const { context, io } = fakeContext({
      baseUrl: server.url,
      env: { PAYGATE_CONFIG_DIR: dir },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const exitCode = await balance
      .run(undefined, context)
      .catch((error: { exitCode: number }) => error.exitCode);
    await context.close();
    return { exitCode, tries: server.requests.length - before, waits, stderr: io.stderr.text };
  }

  it('by default a read is tried 4 times, each wait under 2 s', async () => {
    const { exitCode, tries, waits } = await balanceWith({});
    expect(exitCode).toBe(6);
    expect(tries).toBe(4);
    expect(waits).toHaveLength(3);
    for (const wait of waits) expect(wait).toBeLessThan(2_000);
  });

  it('retry.max_tries 2 and retry.base_delay 100ms: 2 tries, one wait under 100 ms', async () => {
    const { exitCode, tries, waits } = await balanceWith({
      'retry.max_tries': 2,
      'retry.base_delay': '100ms',
    });
    expect(exitCode).toBe(6);
    expect(tries).toBe(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeLessThan(100);
  });

  it('retry.max_delay caps every wait: 6 tries with a 1 ms cap wait at most 0 ms each', async () => {
    const { tries, waits } = await balanceWith({ 'retry.max_tries': 6, 'retry.max_delay': '1ms' });
    expect(tries).toBe(6);
    expect(waits).toEqual([0, 0, 0, 0, 0]);
  });

  it('a hand-edited value that is not valid is a usage error naming the setting, nothing sent', async () => {
    const { exitCode, tries, stderr } = await balanceWith({ 'retry.max_tries': 0 });
    expect(exitCode).toBe(2);
    expect(tries).toBe(0);
    expect(stderr).toBe('');
  });
});
