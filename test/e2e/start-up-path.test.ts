// What the built binary loads (scripts/build.mjs, bench/CHOICES.md): `paygate --version` alone is
// answered by dist/main.js, before the program and any word of the catalog; any other line runs
// dist/start.js straight from bin/paygate.js; a command reads the areas of the catalog it says, in
// its language, and no others.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { tempConfigDir } from '../helpers/run-cli.js';
import { repoRoot, spawnPaygate } from '../helpers/spawn-cli.js';

let work: string;
let hook: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'paygate-loaded-'));
  hook = join(work, 'loaded.cjs');
  // Preloaded with NODE_OPTIONS: at exit, the files the process required or read, one a line.
  writeFileSync(
    hook,
    [
      "const fs = require('node:fs');",
      'const read = new Set();',
      'const readFileSync = fs.readFileSync;',
      'fs.readFileSync = (path, ...rest) => (read.add(String(path)), readFileSync(path, ...rest));',
      "process.on('exit', () => fs.writeFileSync(process.env.LOADED_LIST, [...Object.keys(require.cache), ...read].join('\\n')));",
      '',
    ].join('\n'),
  );
});

/** Runs the binary; its output and the files of the clone it loaded or read, relative to the clone. */
async function runLoading(argv: string[], env: Record<string, string> = {}) {
  const list = join(work, `loaded-${Math.random().toString(36).slice(2)}.txt`);
  const result = await spawnPaygate(argv, {
    env: {
      PAYGATE_CONFIG_DIR: tempConfigDir(),
      NODE_OPTIONS: `--require ${hook}`,
      LOADED_LIST: list,
      ...env,
    },
  });
  const paths = readFileSync(list, 'utf8')
    .split('\n')
    .filter((path) => path.startsWith(repoRoot))
    .map((path) => relative(repoRoot, resolve(path)));
  const loaded = [...new Set(paths)].sort();
  return { ...result, loaded };
}

const SPLIT = ['split', 'preview', '--amount', '10000', '--split', '1002=100%'];

describe('what the built binary loads', () => {
  it('answers --version and -v from dist/main.js alone: no program, no catalog, whatever the language', async () => {
    for (const argv of [['--version'], ['-v']]) {
      const run = await runLoading(argv, { PAYGATE_LANG: 'pt-BR' });
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe(`${packageJson.version}\n`);
      expect(run.code).toBe(0);
      expect(run.loaded).toEqual(['bin/paygate.js', 'dist/main.js']);
    }
  });

  it('answers --version with other flags through the program, the same way, without dist/main.js', async () => {
    for (const argv of [
      ['--no-color', '--version'],
      ['-v', '--json'],
      ['--version', '-v'],
    ]) {
      const run = await runLoading(argv);
      expect(run.stdout).toBe(`${packageJson.version}\n`);
      expect(run.code).toBe(0);
      expect(run.loaded).toContain('dist/start.js');
      expect(run.loaded).not.toContain('dist/main.js');
    }
  });

  it('runs any other command line with dist/start.js straight from bin/paygate.js', async () => {
    const run = await runLoading(SPLIT);
    expect(run.code, run.stderr).toBe(0);
    expect(run.loaded).toContain('dist/start.js');
    expect(run.loaded).not.toContain('dist/main.js');
  });

  it('reads the Portuguese areas a pt-BR split preview says, no English one, no help and no index chunk', async () => {
    const run = await runLoading(SPLIT, { PAYGATE_LANG: 'pt-BR' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Líquido');
    // The estimate's sentence is the split area's: rules hold, so no `rules` area is read.
    expect(run.stderr).toContain('Isto é uma estimativa');
    const texts = run.loaded.filter((path) => path.startsWith('dist/text/'));
    expect(texts).toEqual(['dist/text/pt-BR/common.json', 'dist/text/pt-BR/split.json']);
    expect(texts.filter((path) => path.startsWith('dist/text/en/'))).toEqual([]);
    for (const other of ['charge', 'payout', 'demo'])
      expect(texts).not.toContain(`dist/text/pt-BR/${other}.json`);
    // A run that shows no help says none of it, nor commander's words around it (program).
    expect(texts.filter((path) => /\/(help-[\w-]+|program)\.json$/.test(path))).toEqual([]);
    // The Portuguese areas are registered by the code already loaded: no chunk of their own.
    expect(run.loaded.filter((path) => /^dist\/chunks\/text\./.test(path))).toEqual([]);
  });

  it('reads the help areas of the words a pt-BR --help shows, and only those', async () => {
    const run = await runLoading([...SPLIT.slice(0, 2), '--help'], { PAYGATE_LANG: 'pt-BR' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Uso: paygate split preview');
    const texts = run.loaded.filter((path) => path.startsWith('dist/text/'));
    expect(texts).toContain('dist/text/pt-BR/help-split.json');
    expect(texts).toContain('dist/text/pt-BR/program.json');
    for (const other of ['help-charge', 'help-payout', 'help-demo'])
      expect(texts).not.toContain(`dist/text/pt-BR/${other}.json`);
  });

  it('reads no Portuguese in English, and only the English areas it says', async () => {
    const run = await runLoading(SPLIT);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Net');
    expect(run.loaded.filter((path) => /pt-BR/.test(path))).toEqual([]);
    expect(run.stderr).toContain('This is an estimate');
    const texts = run.loaded.filter((path) => path.startsWith('dist/text/'));
    expect(texts).toEqual(['dist/text/en/common.json', 'dist/text/en/split.json']);
    for (const other of ['charge', 'payout', 'demo', 'status', 'api-facts'])
      expect(texts).not.toContain(`dist/text/en/${other}.json`);
    // Commander's words around help (headings, the help option) are said only when help is shown.
    expect(texts).not.toContain('dist/text/en/program.json');
  });

  it('split preview reads the rules area, in its language, only when a rule is broken', async () => {
    const broken = [...SPLIT.slice(0, -1), '1002=120%'];
    for (const language of ['en', 'pt-BR']) {
      const holds = await runLoading(SPLIT, { PAYGATE_LANG: language });
      expect(holds.code, holds.stderr).toBe(0);
      expect(holds.loaded.filter((path) => /^dist\/text\/.*\/rules\.json$/.test(path))).toEqual([]);
      const fails = await runLoading(broken, { PAYGATE_LANG: language });
      expect(fails.code).toBe(2);
      expect(fails.loaded.filter((path) => /^dist\/text\/.*\/rules\.json$/.test(path))).toEqual([
        `dist/text/${language}/rules.json`,
      ]);
    }
  });

  it('split preview makes no AbortController and looks for no `paygate` on PATH: it waits for nothing and prints no command', async () => {
    // Preloaded: at exit, Node's own modules the run loaded, and the files named `paygate` it stat'ed.
    const probe = join(work, 'probe.cjs');
    writeFileSync(
      probe,
      [
        "const fs = require('node:fs');",
        'const statted = [];',
        'const statSync = fs.statSync;',
        "fs.statSync = (path, ...rest) => (String(path).endsWith('/paygate') && statted.push(String(path)), statSync(path, ...rest));",
        "process.on('exit', () => fs.writeFileSync(process.env.PROBE_LIST, JSON.stringify({ builtins: process.moduleLoadList, statted })));",
        '',
      ].join('\n'),
    );
    const list = join(work, 'probe.json');
    const run = await spawnPaygate(SPLIT, {
      env: { PAYGATE_CONFIG_DIR: tempConfigDir(), NODE_OPTIONS: `--require ${probe}`, PROBE_LIST: list },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('This is an estimate');
    const { builtins, statted } = JSON.parse(readFileSync(list, 'utf8')) as {
      builtins: string[];
      statted: string[];
    };
    expect(builtins).toContain('NativeModule internal/modules/cjs/loader');
    expect(builtins).not.toContain('NativeModule internal/abort_controller');
    expect(statted).toEqual([]);
  });

  it('loads the code of split preview from one file of dist/chunks, the hot file of its path', async () => {
    const run = await runLoading(SPLIT);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('R$ 96,01');
    // scripts/build.mjs (mergeHotChunks): a dozen chunks of esbuild's splitting, merged, those it
    // shares with balance's path included.
    expect(run.loaded.filter((path) => path.startsWith('dist/chunks/'))).toEqual([
      'dist/chunks/hot.split-preview.js',
    ]);
  });

  it('runs a chunk written into several hot files once: each file and its own line give the same module', () => {
    // In a Node of its own: the hot files, the file they share and each shared chunk's own line.
    const script = [
      "const chunks = require('node:path').join(process.argv[1], 'dist', 'chunks');",
      "const shared = require(chunks + '/hot.balance+split-preview.js');",
      "const files = ['hot.balance.js', 'hot.split-preview.js'].map((name) => require(chunks + '/' + name));",
      'const names = Object.keys(shared);',
      'const same = names.filter((name) => {',
      '  const module = files[0][name]();',
      '  return module === files[1][name]() && module === shared[name]() && module === require(chunks + "/" + name);',
      '});',
      'console.log(JSON.stringify({ names: names.length, same: same.length }));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['-e', script, repoRoot], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { names, same } = JSON.parse(run.stdout) as { names: number; same: number };
    expect(names).toBeGreaterThan(1);
    expect(same).toBe(names);
  });

  it('balance --json leaves its kept-alive connection to end with the process: it exits at once and makes no stderr stream', async () => {
    // A gateway that would hold an idle connection open for two minutes.
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"success":true,"data":{"available":123456,"pending":7890}}');
    });
    server.keepAliveTimeout = 120_000;
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as { port: number };
    // Preloaded: whether anything made process.stderr (destroying a socket does, in Node's net).
    const probe = join(work, 'stderr-probe.cjs');
    writeFileSync(
      probe,
      [
        "const descriptor = Object.getOwnPropertyDescriptor(process, 'stderr');",
        'let made = false;',
        "Object.defineProperty(process, 'stderr', { configurable: true, get() { made = true; return descriptor.get.call(process); } });",
        "process.on('exit', () => require('node:fs').writeFileSync(process.env.PROBE_FILE, String(made)));",
        '',
      ].join('\n'),
    );
    const made = join(work, 'stderr-made.txt');
    try {
      const run = await spawnPaygate(['balance', '--json'], {
        env: {
          PAYGATE_CONFIG_DIR: tempConfigDir(),
          PAYGATE_BASE_URL: `http://127.0.0.1:${port}`,
          PAYGATE_SECRET_KEY: 'sk_test_Lz9QmW4vXr7TnB2kHs5D',
          NODE_OPTIONS: `--require ${probe}`,
          PROBE_FILE: made,
        },
        // Far below the gateway's two minutes: a run held by its connection is killed, and fails.
        timeoutMs: 30_000,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ available: 123456, pending: 7890 });
      expect(readFileSync(made, 'utf8')).toBe('false');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('balance --json with a config dir and config.json of its own reads no word of the config area', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"success":true,"data":{"available":123456,"pending":7890}}');
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as { port: number };
    const configDir = tempConfigDir();
    chmodSync(configDir, 0o700);
    // The gateway is named by config.json alone: the answer shows that it was read, after its check.
    const config = { profiles: { default: { base_url: `http://127.0.0.1:${port}` } } };
    writeFileSync(join(configDir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
    try {
      const run = await runLoading(['balance', '--json'], {
        PAYGATE_CONFIG_DIR: configDir,
        PAYGATE_SECRET_KEY: 'sk_test_Lz9QmW4vXr7TnB2kHs5D',
      });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ available: 123456, pending: 7890 });
      // The trust check says its words only when it refuses (src/config/trusted-path.ts).
      expect(run.loaded).not.toContain('dist/text/en/config.json');
      // Its code, client and redaction included, from the hot file of its path (scripts/build.mjs).
      expect(run.loaded.filter((path) => path.startsWith('dist/chunks/'))).toEqual([
        'dist/chunks/hot.balance.js',
      ]);
    } finally {
      server.close();
    }
  });
});
