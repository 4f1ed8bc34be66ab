// `node bench/run.mjs --help` prints how to run the bench and exits: before, it ran the whole bench
// (minutes, a sandbox, bench/RESULTS.md rewritten).
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/spawn-cli.js';

describe('bench/run.mjs --help', () => {
  it('prints its usage and exits 0, measuring nothing and writing no results', () => {
    const results = join(repoRoot, 'bench', 'RESULTS.md');
    const writtenBefore = statSync(results).mtimeMs;
    for (const flag of ['--help', '-h']) {
      const run = spawnSync(process.execPath, [join(repoRoot, 'bench', 'run.mjs'), flag], {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { PATH: '', HOME: repoRoot },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 15_000,
      });
      expect(run.signal, 'killed: the bench ran instead of printing its usage').toBeNull();
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(
        /^Usage: node bench\/run\.mjs \[--smoke\] \[--runs N\] \[--only startup\|bulk\]/,
      );
      expect(run.stdout).toContain('--no-write');
      expect(run.status).toBe(0);
    }
    expect(statSync(results).mtimeMs).toBe(writtenBefore);
  });
});
