// Run by the Node the single executable is made of (scripts/build.mjs --executable-parts, with
// `--node`): V8's code cache of each part of <dir>/assets.json, written beside it and added to the
// assets (`chunks/x.js.v8-cache`), as Node's `useCodeCache` makes one of the main script. A cache
// is only of use to the V8 that made it: made by another Node, it is ignored at run time and the
// part compiled from its source (src/sea-parts.ts), so a cache V8 would not take fails the build.
// `<dir> --check` checks that in a process of its own: one that already compiled a part (the one
// that made the caches) may take it from what it compiled, without reading the cache.
import { readFileSync, writeFileSync } from 'node:fs';
import { codeCacheKey, compilePart, partCodeCache } from '../src/sea-parts.js';

const [dir, mode] = process.argv.slice(2);
if (!dir) throw new Error('executable-code-cache: the directory of assets.json is missing');
const assetsPath = `${dir}/assets.json`;
const assets: Record<string, string> = JSON.parse(readFileSync(assetsPath, 'utf8'));
const parts = Object.entries(assets).filter(([key]) => key.endsWith('.js'));

if (mode === '--check') {
  const rejected = parts.filter(([key, path]) => {
    const codeCache = readFileSync(assets[codeCacheKey(key)] ?? `${path}: no code cache`);
    return compilePart(key, readFileSync(path, 'utf8'), codeCache).cachedDataRejected !== false;
  });
  if (rejected.length > 0)
    throw new Error(`V8 does not take the code cache made of ${rejected.map(([key]) => key).join(', ')}`);
} else {
  for (const [key, path] of parts) {
    writeFileSync(`${path}.v8-cache`, partCodeCache(key, readFileSync(path, 'utf8')));
    assets[codeCacheKey(key)] = `${path}.v8-cache`;
  }
  writeFileSync(assetsPath, `${JSON.stringify(assets, null, 2)}\n`);
}
