// stdout that cannot take the output (a full disk, as /dev/full answers every write: ENOSPC), as
// cron sees it: exit 0 says the output is complete (README, Exit codes), so a run whose output was lost
// ends 1 and says so, as what it is, not as a bug. A reader that left (EPIPE) is not this.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { binPath, ensureBuilt, repoRoot, testPath } from '../helpers/spawn-cli.js';

let gateway: TestSandbox;
beforeAll(async () => {
  ensureBuilt();
  gateway = await startTestSandbox();
});
afterAll(() => gateway.close());

/** Runs paygate with its stdout on /dev/full; resolves to its exit code and stderr. */
function runIntoFullDisk(argv: string[]): Promise<{ code: number | null; stderr: string }> {
  const full = openSync('/dev/full', 'w');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, ...argv], {
      cwd: repoRoot,
      env: { PATH: testPath(), HOME: process.env.HOME, NO_COLOR: '1', ...gateway.env },
      stdio: ['ignore', full, 'pipe'],
    });
    closeSync(full);
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const lost =
  'the output could not be written (ENOSPC: no space left on device, write): what the command did stands, its output is lost';

describe.skipIf(!existsSync('/dev/full'))('stdout on a full disk', () => {
  test('balance --json (a short output written at once): exit 1, {"error":…} of type output_error', async () => {
    const result = await runIntoFullDisk(['balance', '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toEqual({
      error: { type: 'output_error', code: 'ENOSPC', message: lost, exit_code: 1 },
    });
  });

  test('balance as a table: exit 1, one line for people', async () => {
    const result = await runIntoFullDisk(['balance']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: ${lost}\n`);
  });

  test('a list (streamed): exit 1, the same error, not an internal one', async () => {
    const result = await runIntoFullDisk(['charge', 'list', '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { type: 'output_error', code: 'ENOSPC' } });
  });
});
