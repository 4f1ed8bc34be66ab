import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const binPath = `${repoRoot}bin/paygate.js`;

let shadowDirectory: string | undefined;

/**
 * The PATH every spawned paygate gets: the user's own, behind a directory whose `node` is the one
 * running the tests and whose `paygate` is a stub that is not this clone. Whatever the user
 * installed (the README's `npm install -g .` puts this clone on PATH), the commands paygate prints
 * then name it `node <clone>/bin/paygate.js`, as the tests expect.
 */
export function testPath(): string {
  if (shadowDirectory === undefined) {
    shadowDirectory = join(mkdtempSync(join(tmpdir(), 'paygate-path-')), 'bin');
    mkdirSync(shadowDirectory);
    symlinkSync(process.execPath, join(shadowDirectory, 'node'));
    writeFileSync(
      join(shadowDirectory, 'paygate'),
      '#!/bin/sh\necho "the tests do not run paygate from PATH" >&2\nexit 127\n',
      { mode: 0o755 },
    );
  }
  return [shadowDirectory, process.env.PATH ?? ''].join(delimiter);
}

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
 * Runs `bin/paygate.js` as a user or cron would: no TTY, the given environment only (plus
 * testPath() and HOME), stdin closed unless given.
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
        PATH: testPath(),
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
