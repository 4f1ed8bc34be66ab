// Every temp dir the suite makes (config dirs, journals, spawned binaries' files) goes under one
// directory per run, removed when the run ends: os.tmpdir() reads TMPDIR, and the test workers
// and the binaries they spawn inherit it. A PostgreSQL server a test file started for the run
// (test/helpers/postgres-server.ts) is stopped then too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopSharedPostgres } from './helpers/postgres-server.js';

/** The variables that choose paygate's language (src/text/language.ts). */
const LANGUAGE_VARIABLES = ['PAYGATE_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG'] as const;

export default function setup(): () => void {
  // The suite speaks English whatever the locale of the machine it runs on: a test of Portuguese
  // sets the language of its own runs. Workers and what they spawn inherit this environment.
  const languages = LANGUAGE_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of LANGUAGE_VARIABLES) delete process.env[name];
  const root = mkdtempSync(join(tmpdir(), 'paygate-test-run-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    for (const [name, value] of languages) if (value !== undefined) process.env[name] = value;
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    stopSharedPostgres(root);
    rmSync(root, { recursive: true, force: true });
  };
}
