// Start-up time (README, Performance): `paygate --version`, `paygate split preview …` and, when a
// gateway is given, `paygate balance --json` against it on loopback (what users wait for: a
// network command, start to exit), each against `node -e 0`, same Node, run interleaved
// (A, B, C, D, A, …) so that the load of a shared machine hits all alike; the figure is the ratio
// of the medians of the wall times. What Portuguese adds is a difference of a millisecond or two,
// lost in the wall times of a loaded machine: it is measured in CPU time (user + system, read at
// exit by a preload), by runs of their own in the same rounds (bench/CHOICES.md).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { binPath, cliEnv, median, packageVersion, quantile, tempDir } from './util.mjs';

export const SPLIT_ARGS = ['split', 'preview', '--amount', '10000', '--split', '1002=100%'];

const COMMANDS = {
  base: { args: ['-e', '0'], check: () => true },
  version: { args: [binPath, '--version'], check: (out) => out.trim() === packageVersion },
  split: { args: [binPath, ...SPLIT_ARGS], check: (out) => out.includes('R$ 96,01') },
};

/**
 * Runs the three commands `runs` times each with `nodePath` (plus one warm-up round, not
 * counted: it fills the OS file cache and Node's compile cache). Returns medians (ms), ratios
 * and the problems seen (a command that failed or printed the wrong thing). `executable`: the
 * single executable, whose `--version`, `split preview` and `balance --json` run in the same rounds.
 */
export function measureStartup(nodePath, { runs, compileCache = true, gateway, executable }) {
  const config = tempDir('startup-config');
  const cache = tempDir('compile-cache');
  // Appends the CPU time of the process, in ms, to the file named by PAYGATE_BENCH_CPU_LOG at exit.
  const cpu = tempDir('startup-cpu');
  const preload = join(cpu.dir, 'cpu-at-exit.cjs');
  writeFileSync(
    preload,
    "process.on('exit', () => { const used = process.cpuUsage(); require('node:fs').appendFileSync(process.env.PAYGATE_BENCH_CPU_LOG, (used.user + used.system) / 1000 + '\\n'); });\n",
  );
  // What the catalog costs a run (docs/language.md): the areas `split preview` reads in each
  // language, read and parsed as the run does (a function that reads an area and parses it) by a
  // fresh Node, timed in that process. A whole run's CPU time moves by ±2 ms from round to round, several times 2% of
  // `--version`'s: the catalog's own work is what can be told apart (bench/CHOICES.md).
  const textLog = join(cpu.dir, 'text-files.cjs');
  writeFileSync(
    textLog,
    "const fs = require('node:fs'); const read = fs.readFileSync; fs.readFileSync = function (file, ...rest) { if (typeof file === 'string' && /[\\\\/]text[\\\\/].+\\.json$/.test(file)) fs.appendFileSync(process.env.PAYGATE_BENCH_TEXT_LOG, file + '\\n'); return read.call(this, file, ...rest); };\n",
  );
  const catalogCost = join(cpu.dir, 'catalog-cost.cjs');
  writeFileSync(
    catalogCost,
    "const files = process.argv.slice(2); const area = (file) => JSON.parse(require('node:fs').readFileSync(file, 'utf8')); const started = process.hrtime.bigint(); for (const file of files) area(file); const elapsed = Number(process.hrtime.bigint() - started) / 1e6; process.stdout.write(String(elapsed));\n",
  );
  const cpuOf = (name, command) => ({
    ...command,
    args: ['-r', preload, ...command.args],
    env: { ...command.env, PAYGATE_BENCH_CPU_LOG: join(cpu.dir, `${name}.log`) },
  });
  // The compile cache (Node >= 22.1) goes to a private directory, warmed by the first round, so
  // that the figures do not depend on what an earlier run left in os.tmpdir().
  const env = cliEnv({ PAYGATE_CONFIG_DIR: join(config.dir, 'config') });
  if (compileCache) env.NODE_COMPILE_CACHE = cache.dir;
  else env.NODE_DISABLE_COMPILE_CACHE = '1';
  const commands = { ...COMMANDS };
  // The same preview said in Portuguese (docs/language.md): what the language costs a run.
  commands.splitPortuguese = { ...COMMANDS.split, env: { PAYGATE_LANG: 'pt-BR' } };
  commands.versionCpu = cpuOf('versionCpu', COMMANDS.version);
  commands.splitCpu = cpuOf('splitCpu', COMMANDS.split);
  commands.splitPortugueseCpu = cpuOf('splitPortugueseCpu', commands.splitPortuguese);
  const textFiles = {};
  for (const [name, language] of [
    ['catalogEnglish', 'en'],
    ['catalogPortuguese', 'pt-BR'],
  ]) {
    const log = join(cpu.dir, `${name}.files`);
    spawnSync(nodePath, ['-r', textLog, binPath, ...SPLIT_ARGS], {
      env: { ...env, PAYGATE_LANG: language, PAYGATE_BENCH_TEXT_LOG: log },
      stdio: 'ignore',
      timeout: 30_000,
    });
    let files = [];
    try {
      files = [...new Set(readFileSync(log, 'utf8').trim().split('\n'))];
    } catch {}
    textFiles[name] = files;
    commands[name] = {
      args: [catalogCost, ...files],
      check: (out) => files.length > 0 && Number.isFinite(Number(out)),
      measure: (out) => Number(out),
    };
  }
  if (gateway) {
    env.PAYGATE_BASE_URL = gateway.url;
    env.PAYGATE_SECRET_KEY = gateway.secretKey;
    commands.network = { args: [binPath, 'balance', '--json'], check: (out) => out.includes('"available"') };
    // The floor: Node itself making the same request with node:http and printing the data.
    const floor = `require('http').get(process.env.PAYGATE_BASE_URL+'/v1/balance',{headers:{authorization:'Bearer '+process.env.PAYGATE_SECRET_KEY}},r=>{let b='';r.on('data',c=>b+=c);r.on('end',()=>process.stdout.write(JSON.stringify(JSON.parse(b).data,null,2)+'\\n'))})`;
    commands.floor = { args: ['-e', floor], check: (out) => out.includes('"available"') };
  }
  // The single executable (`npm run package`), in the same rounds: the same commands, no node.
  if (executable) {
    commands.executableVersion = { ...commands.version, file: executable, args: ['--version'] };
    commands.executableSplit = { ...commands.split, file: executable, args: SPLIT_ARGS };
    if (gateway)
      commands.executableNetwork = { ...commands.network, file: executable, args: ['balance', '--json'] };
  }
  const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  const problems = [];
  try {
    for (let round = -1; round < runs; round++) {
      for (const [name, command] of Object.entries(commands)) {
        const started = process.hrtime.bigint();
        const result = spawnSync(command.file ?? nodePath, command.args, {
          env: { ...env, ...command.env },
          stdio: ['ignore', 'pipe', 'pipe'],
          encoding: 'utf8',
          timeout: 30_000,
        });
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (result.status !== 0 || !command.check(result.stdout)) {
          problems.push(
            `${name}: exit ${result.status}, ${(result.stderr || result.stdout).trim().slice(0, 200)}`,
          );
        }
        if (round >= 0) times[name].push(command.measure ? command.measure(result.stdout) : ms);
      }
    }
    for (const name of ['versionCpu', 'splitCpu', 'splitPortugueseCpu']) {
      // The warm-up round's figure is the first line: not counted, as for the wall times.
      const lines = readFileSync(join(cpu.dir, `${name}.log`), 'utf8')
        .trim()
        .split('\n');
      times[name] = lines.slice(lines.length - runs).map(Number);
    }
  } finally {
    config.remove();
    cache.remove();
    cpu.remove();
  }
  const stats = (values) => ({
    median: median(values),
    p25: quantile(values, 0.25),
    p75: quantile(values, 0.75),
  });
  const base = stats(times.base);
  const version = stats(times.version);
  const split = stats(times.split);
  const splitPortuguese = stats(times.splitPortuguese);
  const cpuTimes = {
    version: stats(times.versionCpu),
    split: stats(times.splitCpu),
    splitPortuguese: stats(times.splitPortugueseCpu),
  };
  const network = gateway ? stats(times.network) : undefined;
  const floor = gateway ? stats(times.floor) : undefined;
  return {
    runs,
    base,
    version,
    split,
    splitPortuguese,
    network,
    floor,
    versionRatio: version.median / base.median,
    splitRatio: split.median / base.median,
    networkRatio: network ? network.median / base.median : undefined,
    networkOverFloor: network && floor ? network.median / floor.median : undefined,
    /** CPU times (ms) of `--version`, `split preview` and the same in Portuguese. */
    cpu: cpuTimes,
    /**
     * The catalog's work in a `split preview` run (the areas it reads, read and parsed), in each
     * language, as a share of `--version`'s CPU time; and how many areas that is.
     */
    catalog: {
      english: stats(times.catalogEnglish).median / cpuTimes.version.median,
      portuguese: stats(times.catalogPortuguese).median / cpuTimes.version.median,
      englishMs: stats(times.catalogEnglish).median,
      portugueseMs: stats(times.catalogPortuguese).median,
      areas: { english: textFiles.catalogEnglish.length, portuguese: textFiles.catalogPortuguese.length },
    },
    /** What Portuguese adds to a run, as a share of `--version`'s time: both in CPU time. */
    portugueseCost: (cpuTimes.splitPortuguese.median - cpuTimes.split.median) / cpuTimes.version.median,
    floorRatio: floor ? floor.median / base.median : undefined,
    executable: executable
      ? {
          version: stats(times.executableVersion),
          split: stats(times.executableSplit),
          network: gateway ? stats(times.executableNetwork) : undefined,
        }
      : undefined,
    problems: [...new Set(problems)],
  };
}

/** The Node version of a binary (`v24.11.0`). */
export function nodeVersionOf(nodePath) {
  return spawnSync(nodePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
}
