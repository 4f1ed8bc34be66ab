// Which functions of a built dist/ the hot commands call (scripts/build.mjs, HOT_PATHS): the ones
// scripts/eager-functions.mjs writes to be compiled with their file. Written eagerly, a function a
// run never calls still costs every run its compiled code read from the cache, and on Node 20,
// which has no compile cache, its compiling (bench/CHOICES.md): only those the hot commands call
// are worth it.
//
// The commands run from the dist/ just built, before it is swapped into place, with V8's coverage
// on (NODE_V8_COVERAGE), in an environment of their own: a temporary config directory, no colour,
// the language set, `balance` against a sandbox started from that dist/ on a free port. The
// Portuguese runs find their config directory made, with a `config.json`, as a user's is once
// anything was set: its trust check is on their path too. What one run of each calls is the same at
// every build of the same sources.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Runs dist/start.js as bin/paygate.js does for any line but `--version`, without Node's compile cache. */
const RUN_START =
  'require(process.argv[1]).main(process.argv.slice(2)).then((code) => { process.exitCode = code; });';

const SPLIT_PREVIEW = ['split', 'preview', '--amount', '10000', '--split', '1002=100%'];

/**
 * The functions the hot commands call in each file of `dist` (`start.js`, `chunks/hot.x.js`):
 * file → Set of `start:end` offsets, as V8's coverage gives a function's range.
 */
export async function startUpCoverage(dist) {
  const work = mkdtempSync(join(tmpdir(), 'paygate-build-coverage-'));
  const start = join(dist, 'start.js');
  const env = (extra) => ({
    PATH: process.env.PATH ?? '',
    HOME: work,
    NO_COLOR: '1',
    TZ: 'UTC',
    PAYGATE_CONFIG_DIR: join(work, 'config'),
    ...extra,
  });
  const sandbox = spawn(
    process.execPath,
    ['-e', RUN_START, start, 'sandbox', 'start', '--port', '0', '--json'],
    {
      env: env({ PAYGATE_LANG: 'en' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    const gateway = await Promise.race([
      once(createInterface({ input: sandbox.stdout }), 'line').then(([line]) => {
        const listening = JSON.parse(line);
        return {
          PAYGATE_BASE_URL: listening.url,
          PAYGATE_SECRET_KEY: listening.sellers.find((seller) => seller.seller_id === 1001).secret_key,
        };
      }),
      once(sandbox, 'exit').then(() => undefined),
    ]);
    // A machine where nothing can listen on 127.0.0.1 still builds: balance's functions are then
    // compiled when called, as before this step, and the build says so.
    if (gateway === undefined)
      process.stderr.write('build: no sandbox for the start-up coverage: balance left out of it\n');
    const coverage = join(work, 'coverage');
    const configured = join(work, 'configured');
    mkdirSync(configured, { mode: 0o700 });
    writeFileSync(join(configured, 'config.json'), '{}\n', { mode: 0o600 });
    const runs = [
      [SPLIT_PREVIEW, { PAYGATE_LANG: 'en' }],
      [SPLIT_PREVIEW, { PAYGATE_LANG: 'pt-BR', PAYGATE_CONFIG_DIR: configured }],
      ...(gateway
        ? [
            [['balance', '--json'], { PAYGATE_LANG: 'en', ...gateway }],
            [['balance'], { PAYGATE_LANG: 'pt-BR', PAYGATE_CONFIG_DIR: configured, ...gateway }],
          ]
        : []),
    ];
    for (const [args, extra] of runs) {
      const run = spawnSync(process.execPath, ['-e', RUN_START, start, ...args], {
        env: env({ ...extra, NODE_V8_COVERAGE: coverage }),
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
        timeout: 60_000,
      });
      if (run.status !== 0)
        throw new Error(`build: \`paygate ${args.join(' ')}\` failed (${run.status}): ${run.stderr.trim()}`);
    }
    return calledFunctions(coverage, dist);
  } finally {
    sandbox.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The union of what the coverage files in `directory` say was called, by file of `dist`. */
function calledFunctions(directory, dist) {
  const called = new Map();
  for (const name of readdirSync(directory)) {
    for (const script of JSON.parse(readFileSync(join(directory, name), 'utf8')).result) {
      if (!script.url.startsWith('file:')) continue;
      const path = fileURLToPath(script.url);
      if (!path.startsWith(`${dist}/`)) continue;
      const file = path.slice(dist.length + 1);
      const functions = called.get(file) ?? new Set();
      called.set(file, functions);
      for (const { ranges } of script.functions)
        if (ranges[0].count > 0) functions.add(`${ranges[0].startOffset}:${ranges[0].endOffset}`);
    }
  }
  return called;
}
