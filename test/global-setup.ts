// Every temp dir the suite makes (config dirs, journals, spawned binaries' files) goes under one
// directory per run, removed when the run ends: os.tmpdir() reads TMPDIR, and the test workers
// and the binaries they spawn inherit it. A PostgreSQL server a test file started for the run
// (test/helpers/postgres-server.ts) is stopped then too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopSharedPostgres } from './helpers/postgres-server.js';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'paygate-test-run-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    stopSharedPostgres(root);
    rmSync(root, { recursive: true, force: true });
  };
}
