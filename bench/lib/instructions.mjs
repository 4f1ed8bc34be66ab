// What Portuguese adds to a whole `split preview` run, counted in instructions, not timed
// (README, Performance; bench/CHOICES.md). The difference is a fraction of a millisecond, and a
// run's time moves by ±2 ms on a shared machine; the instructions a run executes, counted by
// valgrind's callgrind, move by less than 0.5%. Counted: `--version`, and the preview in English and
// in Portuguese, each three times, the compile cache warmed first, as a user's runs have it. Not
// counted: `detail::sprp`, Node's primality test for the random hash seed, whose cost changes from
// run to run by up to 10 million instructions whatever the run does.
import { execFile, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SPLIT_ARGS } from './startup.mjs';
import { binPath, cliEnv, median, tempDir } from './util.mjs';

const run = promisify(execFile);

/** Whether valgrind and its callgrind_annotate are installed (Debian: the `valgrind` package). */
export function instructionsCountable() {
  // callgrind_annotate --version exits 255 after printing it: found is what counts.
  return ['valgrind', 'callgrind_annotate'].every(
    (tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).error === undefined,
  );
}

/** The instructions of a callgrind output file, less the hash seed's primality test. */
async function instructionsIn(file) {
  const { stdout } = await run('callgrind_annotate', ['--threshold=100', file], { maxBuffer: 64 << 20 });
  const total = /^\s*([\d,]+)\s+\(100\.0%\)\s+PROGRAM TOTALS/m.exec(stdout);
  if (!total) throw new Error(`callgrind_annotate: no total in ${file}`);
  const seed = /^\s*([\d,]+)\s+\([^)]*\)\s+\S*detail::sprp\(/m.exec(stdout);
  const count = (match) => (match ? Number(match[1].replaceAll(',', '')) : 0);
  return count(total) - count(seed);
}

/**
 * Medians of the instructions of `--version`, the English preview and the Portuguese one with
 * `nodePath`, and what Portuguese adds as a share of `--version`'s.
 */
export async function measureInstructions(nodePath, rounds = 3) {
  const work = tempDir('instructions');
  const env = cliEnv({
    PAYGATE_CONFIG_DIR: join(work.dir, 'config'),
    NODE_COMPILE_CACHE: join(work.dir, 'compile-cache'),
  });
  const cases = {
    version: { args: [binPath, '--version'], env },
    english: { args: [binPath, ...SPLIT_ARGS], env: { ...env, PAYGATE_LANG: 'en' } },
    portuguese: { args: [binPath, ...SPLIT_ARGS], env: { ...env, PAYGATE_LANG: 'pt-BR' } },
  };
  try {
    for (const { args, env: caseEnv } of Object.values(cases))
      spawnSync(nodePath, args, { env: caseEnv, stdio: 'ignore', timeout: 30_000 });
    const jobs = [];
    for (let round = 0; round < rounds; round++)
      for (const [name, { args, env: caseEnv }] of Object.entries(cases))
        jobs.push({ name, args, env: caseEnv, file: join(work.dir, `${name}.${round}.callgrind`) });
    const counts = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
    const next = jobs.values();
    const worker = async () => {
      for (const job of next) {
        await run(
          'valgrind',
          ['--tool=callgrind', `--callgrind-out-file=${job.file}`, nodePath, ...job.args],
          { env: job.env, maxBuffer: 16 << 20, timeout: 300_000 },
        );
        counts[job.name].push(await instructionsIn(job.file));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
    const version = median(counts.version);
    const english = median(counts.english);
    const portuguese = median(counts.portuguese);
    return { version, english, portuguese, portugueseCost: (portuguese - english) / version, rounds };
  } finally {
    work.remove();
  }
}
