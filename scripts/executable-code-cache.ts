// Run by the Node the single executable is made of (scripts/build.mjs --executable-parts, with
// `--node`): V8's code cache of each part of <dir>/assets.json, written beside it and added to the
// assets (`chunks/x.js.v8-cache`), as Node's `useCodeCache` makes one of the main script. A cache
// is only of use to the V8 that made it: made by another Node, it is ignored at run time and the
// part compiled from its source (src/sea-parts.ts), so a cache V8 would not take fails the build.
import { readFileSync, writeFileSync } from 'node:fs';
import { codeCacheKey, compilePart, partCodeCache } from '../src/sea-parts.js';

const dir = process.argv[2];
if (!dir) throw new Error('executable-code-cache: the directory of assets.json is missing');
const assetsPath = `${dir}/assets.json`;
const assets: Record<string, string> = JSON.parse(readFileSync(assetsPath, 'utf8'));
for (const [key, path] of Object.entries(assets)) {
  if (!key.endsWith('.js')) continue;
  const source = readFileSync(path, 'utf8');
  const codeCache = partCodeCache(key, source);
  if (compilePart(key, source, codeCache).cachedDataRejected)
    throw new Error(`${key}: V8 does not take the code cache it just made of it`);
  writeFileSync(`${path}.v8-cache`, codeCache);
  assets[codeCacheKey(key)] = `${path}.v8-cache`;
}
writeFileSync(assetsPath, `${JSON.stringify(assets, null, 2)}\n`);
