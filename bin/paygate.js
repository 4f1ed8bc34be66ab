#!/usr/bin/env node
// Thin entry: the program lives in dist/ (built by `npm run build`, run by `npm install`).
// CommonJS (bin/package.json), like all of dist/, so that no ES module loader starts (see
// scripts/build.mjs): dist/main.js is the start-up path, handlers load from dist/chunks/.
'use strict';
const Module = require('node:module');
const path = require('node:path');

const dist = path.join(__dirname, '..', 'dist');

const codeCache = installCodeCache();

const { main } = require(path.join(dist, 'main.js'));
main(process.argv.slice(2), { beforeV8FlagsChange: codeCache.beforeV8FlagsChange }).then((code) => {
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
 * Measured on Node 24: `--version` 1.28x -> 1.17x `node -e 0`, `split preview` 1.48x -> 1.38x.
 * For the same reason a cache is written once the program has run, never earlier: one made right
 * after its file's top level ran measured 5 ms slower on every later `--version`.
 *
 * V8 rejects a cache made under other V8 flags, and src/context.ts changes them when it creates
 * the HTTP client (--liftoff-only on Node 20, --no-maglev on 22+): the missing caches are written
 * at exit, or just before the flags change (main() calls beforeV8FlagsChange), so that a first
 * run that talks to the gateway leaves them too. A file compiled after that is not cached.
 */
function installCodeCache() {
  const none = { beforeV8FlagsChange: () => {} };
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return none;
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
    if (!stat.isDirectory()) return none;
    if (uid !== undefined && (stat.uid !== uid || (stat.mode & 0o022) !== 0)) return none;
  } catch {
    return none;
  }
  // One directory per installation (FNV-1a of its path): two installs never evict each other.
  // Made when the first cache is written: inside `base`, only this user can have made it.
  let hash = 0x811c9dc5;
  for (let i = 0; i < dist.length; i++) hash = Math.imul(hash ^ dist.charCodeAt(i), 0x01000193) >>> 0;
  const dir = path.join(base, `paygate-${process.version}-${process.arch}-${hash.toString(16)}`);
  // Set by beforeV8FlagsChange; loading node:v8 is how anything else would change them.
  let flagsChanging = false;
  const flagsChanged = () => flagsChanging || (process.moduleLoadList?.includes('NativeModule v8') ?? true);
  // `chunks__commands.split.preview.js@<size>-<mtime>`: one cache file per version of each file.
  const cacheName = (filename, stat) =>
    `${path.relative(dist, filename).split(path.sep).join('__')}@${stat.size}-${Math.trunc(stat.mtimeMs)}`;
  const prefix = dist + path.sep;
  /** Files compiled under the default flags whose cache was missing or rejected. */
  const pending = [];
  const written = [];
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
    if (name && (cachedData === undefined || script.cachedDataRejected) && !flagsChanged()) {
      pending.push({ name, script });
    }
    const require = (id) => this.require(id);
    require.resolve = (request, options) => Module._resolveFilename(request, this, false, options);
    require.cache = Module._cache;
    return script
      .runInThisContext({ displayErrors: true })
      .call(this.exports, this.exports, require, this, filename, path.dirname(filename));
  };
  /** Writes the pending caches, each holding every function compiled so far, if the flags allow. */
  const flush = () => {
    if (pending.length === 0 || flagsChanged()) return;
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      for (const { name, script } of pending.splice(0)) {
        const temp = path.join(dir, `${name}.${process.pid}.tmp`);
        fs.writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(temp, path.join(dir, name));
        written.push(name);
      }
    } catch {}
  };
  process.once('exit', () => {
    flush();
    if (written.length === 0) return;
    // Other versions of the files written now, and files of dist/ that are gone, are stale.
    try {
      const fresh = new Set(written);
      const sources = new Set(written.map((name) => name.split('@')[0]));
      for (const old of fs.readdirSync(dir)) {
        const source = old.split('@')[0];
        const gone = !fs.existsSync(path.join(dist, ...source.split('__')));
        if (!fresh.has(old) && (sources.has(source) || gone)) fs.rmSync(path.join(dir, old), { force: true });
      }
    } catch {}
  });
  return {
    beforeV8FlagsChange: () => {
      flush();
      flagsChanging = true;
    },
  };
}

/** os.tmpdir() without loading node:os (start-up time): the same rule, on POSIX. */
function tempDirectory() {
  if (process.platform === 'win32') return require('node:os').tmpdir();
  const dir = process.env.TMPDIR || process.env.TMP || process.env.TEMP || '/tmp';
  return dir.length > 1 && dir.endsWith('/') ? dir.slice(0, -1) : dir;
}
