#!/usr/bin/env node
// Thin entry: the program lives in dist/ (built by `npm run build`, run by `npm install`).
// CommonJS (bin/package.json), like all of dist/, so that no ES module loader starts (see
// scripts/build.mjs): dist/main.js is the start-up path, handlers load from dist/chunks/.
'use strict';
const Module = require('node:module');
const path = require('node:path');

const dist = path.join(__dirname, '..', 'dist');

installCodeCache();

const { main } = require(path.join(dist, 'main.js'));
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});

/**
 * A compile cache for dist/ (compiling dist/main.js is a good part of `paygate --version`): the V8
 * code cache of each file, read at the next start. Same switches as Node's own compile cache:
 * NODE_COMPILE_CACHE=dir, NODE_DISABLE_COMPILE_CACHE=1. In a directory of this user only (mode
 * 0700, owned by them) under the temp dir, one per installation; any trouble with it just means
 * no cache.
 *
 * Used on every Node version, not only on Node 20, which has no compile cache: Node's own (22.1+,
 * module.enableCompileCache) makes its cache as soon as a file is compiled, so it holds none of
 * the functions V8 compiles lazily as the program runs: the commander calls, the command itself.
 * This one is made after the file has run and again at exit. Measured on Node 24: `--version`
 * 1.28x -> 1.17x `node -e 0`, `split preview` 1.48x -> 1.38x.
 *
 * V8 rejects a cache made under other V8 flags, and src/context.ts changes them when it creates
 * the HTTP client (--liftoff-only on Node 20, --no-maglev on 22+). So a missing cache is written
 * as soon as its file has run, while the flags are still the defaults, and again at exit (then
 * holding every function this run compiled) unless the flags changed meanwhile.
 */
function installCodeCache() {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return;
  const fs = require('node:fs');
  const vm = require('node:vm');
  const uid = process.getuid?.();
  const base = process.env.NODE_COMPILE_CACHE || path.join(tempDirectory(), `paygate-code-cache-${uid ?? 'user'}`);
  try {
    let stat = fs.statSync(base, { throwIfNoEntry: false });
    if (stat === undefined) {
      fs.mkdirSync(base, { recursive: true, mode: 0o700 });
      stat = fs.statSync(base);
    }
    // A code cache is code: only from a directory nobody else can write to.
    if (!stat.isDirectory()) return;
    if (uid !== undefined && (stat.uid !== uid || (stat.mode & 0o022) !== 0)) return;
  } catch {
    return;
  }
  // One directory per installation (FNV-1a of its path): two installs never evict each other.
  // Made when the first cache is written: inside `base`, only this user can have made it.
  let hash = 0x811c9dc5;
  for (let i = 0; i < dist.length; i++) hash = Math.imul(hash ^ dist.charCodeAt(i), 0x01000193) >>> 0;
  const dir = path.join(base, `paygate-${process.version}-${process.arch}-${hash.toString(16)}`);
  const flagsChanged = () => process.moduleLoadList?.includes('NativeModule v8') ?? true;
  const save = (name, script) => {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = path.join(dir, `${name}.${process.pid}.tmp`);
    fs.writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
    fs.renameSync(temp, path.join(dir, name));
  };
  // `chunks__commands.split.preview.js@<size>-<mtime>`: one cache file per version of each file.
  const cacheName = (filename, stat) =>
    `${path.relative(dist, filename).split(path.sep).join('__')}@${stat.size}-${Math.trunc(stat.mtimeMs)}`;
  const prefix = dist + path.sep;
  const missing = [];
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename, ...rest) {
    if (!filename.startsWith(prefix)) return compile.call(this, content, filename, ...rest);
    let name;
    let cachedData;
    try {
      name = cacheName(filename, fs.statSync(filename));
      cachedData = fs.readFileSync(path.join(dir, name));
    } catch {}
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    const require = (id) => this.require(id);
    require.resolve = (request, options) => Module._resolveFilename(request, this, false, options);
    require.cache = Module._cache;
    const result = script
      .runInThisContext({ displayErrors: true })
      .call(this.exports, this.exports, require, this, filename, path.dirname(filename));
    if (name && (cachedData === undefined || script.cachedDataRejected) && !flagsChanged()) {
      try {
        save(name, script);
        missing.push({ name, script });
      } catch {}
    }
    return result;
  };
  process.once('exit', () => {
    if (missing.length === 0) return;
    try {
      if (!flagsChanged()) for (const { name, script } of missing) save(name, script);
      // Other versions of the files written now, and files of dist/ that are gone, are stale.
      const fresh = new Set(missing.map(({ name }) => name));
      const sources = new Set(missing.map(({ name }) => name.split('@')[0]));
      for (const old of fs.readdirSync(dir)) {
        const source = old.split('@')[0];
        const gone = !fs.existsSync(path.join(dist, ...source.split('__')));
        if (!fresh.has(old) && (sources.has(source) || gone)) fs.rmSync(path.join(dir, old), { force: true });
      }
    } catch {}
  });
}

/** os.tmpdir() without loading node:os (start-up time): the same rule, on POSIX. */
function tempDirectory() {
  if (process.platform === 'win32') return require('node:os').tmpdir();
  const dir = process.env.TMPDIR || process.env.TMP || process.env.TEMP || '/tmp';
  return dir.length > 1 && dir.endsWith('/') ? dir.slice(0, -1) : dir;
}
