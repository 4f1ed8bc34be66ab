// How the suite runs: which files share their worker's modules, how many workers. The README's
// paragraph on the tests gives the times this makes.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export function testFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFilesUnder(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * A test file that replaces a module (vi.mock), or that says so in a line of its own (it checks a
 * module's state from a fresh start, e.g. what the catalog has registered), needs modules of its own.
 */
const NEEDS_OWN_MODULES = /\bvi\.(mock|doMock)\(|^\/\/ Needs modules of its own:/m;

/** The suite, without the files in `leftOut` (vitest.fast.config.ts leaves out those that spawn). */
export function suite(leftOut: readonly string[] = []) {
  const files = testFilesUnder('test').filter((file) => !leftOut.includes(file));
  const mocking = files.filter((file) => NEEDS_OWN_MODULES.test(readFileSync(file, 'utf8')));
  return defineConfig({
    test: {
      testTimeout: 20_000,
      hookTimeout: 20_000,
      pool: 'forks',
      // Many files wait on a spawned paygate, a socket or PostgreSQL more than they compute: one
      // worker more than the cores keeps the cores busy (vitest's default is one fewer).
      // VITEST_MAX_WORKERS overrides it.
      maxWorkers: availableParallelism() + 1,
      globalSetup: ['test/global-setup.ts'],
      // Vitest's main process turns each TypeScript file into JavaScript, one file at a time for
      // every worker: from the second run on, what a file became is read back from this clone's
      // .cache/ (keyed by the file's content, Vitest's version and this config).
      experimental: {
        fsModuleCache: true,
        fsModuleCachePath: fileURLToPath(new URL('.cache/vitest-modules', import.meta.url)),
      },
      projects: [
        {
          extends: true,
          // Loading paygate's modules again for each file cost more than half the suite's CPU:
          // the files of a worker share them, and start in the state setup-each-file.ts sets.
          test: {
            name: 'shared-modules',
            include: files.filter((file) => !mocking.includes(file)),
            isolate: false,
            setupFiles: ['test/setup-each-file.ts'],
          },
        },
        { extends: true, test: { name: 'own-modules', include: mocking } },
      ],
    },
  });
}

export default suite();
