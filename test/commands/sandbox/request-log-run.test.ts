// `sandbox log` in its two layers: parse (argv → options) and run (the sandbox's log read from
// GET /_sandbox/log and printed), against a test sandbox.
import { describe, expect, it } from 'vitest';
import { sandboxLog } from '../../../src/commands/sandbox/request-log.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { inputFor } from '../../helpers/run-cli.js';
import { useTestSandbox } from '../../helpers/sandbox.js';

const noSettings = { setting: () => undefined };
const t = useTestSandbox();

describe('sandbox log: parse', () => {
  it('not following, the profile sandbox, by default', async () => {
    expect(sandboxLog.parse(await inputFor(['sandbox', 'log']), noSettings)).toEqual({
      follow: false,
      sandboxUrl: undefined,
    });
  });

  it('-f and --sandbox-url', async () => {
    const input = await inputFor(['sandbox', 'log', '-f', '--sandbox-url', 'http://127.0.0.1:4999']);
    expect(sandboxLog.parse(input, noSettings)).toEqual({
      follow: true,
      sandboxUrl: 'http://127.0.0.1:4999',
    });
  });

  it('an input made by hand with an argument is refused', () => {
    expect(() => sandboxLog.parse({ args: ['x'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'too many arguments: this command takes none' }),
    );
  });
});

describe('sandbox log: run', () => {
  it("prints the profile sandbox's requests, one line each with the time", async () => {
    await fetch(`${t.url}/v1/balance`, { headers: { authorization: `Bearer ${t.main.secret_key}` } });
    const { context, io } = fakeContext({ baseUrl: t.url, secretKey: t.main.secret_key });
    expect(await sandboxLog.run({ follow: false, sandboxUrl: undefined }, context)).toBe(0);
    await context.close();
    expect(io.stdout.text).toMatch(
      /^\d\d:\d\d:\d\d (UTC|GMT[+-]\d+(:\d\d)?) {2}GET \/v1\/balance → 200 {2}seller 1001\n$/,
    );
    expect(io.stderr.text).toBe('');
  });

  it('--json: an array; an empty log says so on stderr', async () => {
    const { context, io } = fakeContext({ globals: { json: true } });
    expect(await sandboxLog.run({ follow: false, sandboxUrl: t.url }, context)).toBe(0);
    await context.close();
    expect(JSON.parse(io.stdout.text)).toEqual([]);
    expect(io.stderr.text).toBe('Nothing yet: the sandbox has answered no request.\n');
  });

  it('--follow: new lines as they come, until the signal (exit 130)', async () => {
    const stop = new AbortController();
    let sleeps = 0;
    const { context, io } = fakeContext({
      signal: stop.signal,
      sleep: async (_ms, signal) => {
        sleeps += 1;
        if (sleeps === 1)
          await fetch(`${t.url}/v1/account`, { headers: { authorization: `Bearer ${t.main.secret_key}` } });
        if (sleeps === 2) stop.abort();
        if (signal?.aborted) throw signal.reason;
      },
    });
    expect(await sandboxLog.run({ follow: true, sandboxUrl: t.url }, context)).toBe(130);
    await context.close();
    const lines = io.stdout.text.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/GET \/v1\/account → 200 {2}seller 1001$/);
  });

  it('no sandbox at the URL: exit 6, with the command that starts one there', async () => {
    const { context } = fakeContext();
    await expect(
      sandboxLog.run({ follow: false, sandboxUrl: 'http://127.0.0.1:9' }, context),
    ).rejects.toMatchObject({
      exitCode: 6,
      message: 'no sandbox answers at http://127.0.0.1:9',
      details: expect.objectContaining({ hint: 'start one with `paygate sandbox start --port 9`' }),
    });
    await context.close();
  });
});
