import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const binPath = `${repoRoot}bin/paygate.js`;

/** End-to-end tests run the built binary; build once if `npm test` did not already. */
export function ensureBuilt(): void {
  if (!existsSync(`${repoRoot}dist/main.js`)) execFileSync('node', ['scripts/build.mjs'], { cwd: repoRoot });
}

export interface SpawnResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `bin/paygate.js` as a user or cron would: no TTY, the given environment only (plus PATH
 * and HOME), stdin closed unless given.
 */
export function spawnPaygate(
  argv: string[],
  options: { env?: Record<string, string | undefined>; stdin?: string; timeoutMs?: number } = {},
): Promise<SpawnResult> {
  ensureBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath, ...argv], {
      cwd: repoRoot,
      // Node's compile cache goes to the per-run temp dir, not the user's ~/.cache.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        XDG_CACHE_HOME: join(tmpdir(), 'xdg-cache'),
        NO_COLOR: '1',
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}
