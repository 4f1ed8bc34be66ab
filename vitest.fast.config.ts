// `npm run test:fast`: the unit and run-layer tests, without the files that spawn paygate or
// another program (bin/paygate.js, a shell, PostgreSQL, PgBouncer, openssl): what a change is
// checked against in seconds, before the whole suite. Which files spawn is read from their
// imports and calls, never listed by hand.
import { readFileSync } from 'node:fs';
import { suite, testFilesUnder } from './vitest.config.js';

/** What a test file that starts another process uses. */
const SPAWNS = /spawnPaygate|spawn-cli\.js|\bspawn\(|spawnSync|execFile|postgres-server\.js|pgbouncer\.js|journal-postgres|bin\/paygate/;

const spawning = testFilesUnder('test').filter(
  (file) => file.startsWith('test/e2e/') || SPAWNS.test(readFileSync(file, 'utf8')),
);

export default suite(spawning);
