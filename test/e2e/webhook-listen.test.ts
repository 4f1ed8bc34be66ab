// `webhook listen` as a user runs it: the built binary, stopped with Ctrl-C (SIGINT).
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { binPath, ensureBuilt, repoRoot, testPath } from '../helpers/spawn-cli.js';

describe('paygate webhook listen (built binary)', () => {
  it('prints each notification as a JSON line and exits 0 with a count on Ctrl-C', async () => {
    ensureBuilt();
    const child = spawn(process.execPath, [binPath, 'webhook', 'listen', '--port', '0', '--json'], {
      cwd: repoRoot,
      env: {
        PATH: testPath(),
        HOME: process.env.HOME,
        NO_COLOR: '1',
        PAYGATE_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'paygate-e2e-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no Listening line: ${stderr}`)), 10_000);
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
    });
    const response = await fetch(`${url}/hooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'ci_e2e', status: 'paid', amount: 1500, txid: 'tx' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/hooks',
        body: { id: 'ci_e2e', status: 'paid', amount: 1500, txid: 'tx' },
      }),
    ]);
    expect(stderr).toContain('Stopped: 1 notification received.');
  }, 20_000);
});
