// `npm run test:fast`: the unit and run-layer tests, without the files that spawn paygate or
// another program (bin/paygate.js, a shell, PostgreSQL, PgBouncer, openssl): what a change is
// checked against in seconds, before the whole suite. Which files spawn is read from their
// imports and calls, never listed by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/** What a test file that starts another process uses. */
const SPAWNS = /spawnPaygate|spawn-cli\.js|\bspawn\(|spawnSync|execFile|postgres-server\.js|pgbouncer\.js|journal-postgres|bin\/paygate/;

function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFilesUnder(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const spawning = testFilesUnder('test').filter((file) => SPAWNS.test(readFileSync(file, 'utf8')));

export default mergeConfig(base, defineConfig({ test: { exclude: ['test/e2e/**', ...spawning] } }));
