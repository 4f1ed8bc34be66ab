#!/usr/bin/env node
// Thin entry: the program is dist/ (CommonJS, built by `npm run build`; see scripts/build.mjs).
// Start-up speed comes from Node's own compile cache (22.1+; Node 20 has none), kept in this user's
// cache directory: a cache is code, so never one in the shared temp dir (Node's default) that
// another user could write. NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE work as in Node.
'use strict';
const { enableCompileCache } = require('node:module');

if (enableCompileCache && !process.env.NODE_DISABLE_COMPILE_CACHE) {
  const dir = process.env.NODE_COMPILE_CACHE || userCacheDir(process.env);
  if (dir) enableCompileCache(dir);
}
// `--version` (or `-v`) alone: dist/main.js (src/entry.ts, asksForVersionAlone), without the program;
// any other line: dist/start.js at once, the main() dist/main.js would call (bench/CHOICES.md).
const argv = process.argv.slice(2);
const versionAlone = argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v');
require(versionAlone ? '../dist/main.js' : '../dist/start.js')
  .main(argv)
  .then((code) => {
    process.exitCode = code;
  });

/** `$XDG_CACHE_HOME/paygate/compile-cache` (or ~/.cache/…), only if this user alone can write it. */
function userCacheDir(env) {
  const fs = require('node:fs');
  const path = require('node:path');
  const root = env.XDG_CACHE_HOME || (env.HOME && path.join(env.HOME, '.cache'));
  if (!root || !path.isAbsolute(root)) return undefined;
  const dir = path.join(root, 'paygate', 'compile-cache');
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = fs.statSync(dir);
    if (stat.uid !== process.getuid() || (stat.mode & 0o022) !== 0) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}
