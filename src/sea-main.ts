// The main script of the single executable (scripts/package.mjs, README "Single executable"): no
// more than a loader, so that what V8 compiles or reads from the code cache at each start is this
// small file. It runs dist/main.js (src/entry.ts, which answers `--version` alone) from the
// executable's assets, as bin/paygate.js runs it from disk, and that part requires the others,
// each with V8's code cache of it (an asset too: scripts/executable-code-cache.ts).
import { getAsset } from 'node:sea';
import type * as Entry from './entry.js';
import { codeCacheKey, partLoader } from './sea-parts.js';

const requirePart = partLoader(
  (key) => getAsset(key, 'utf8'),
  (key) => new Uint8Array(getAsset(codeCacheKey(key))),
);
const entry = requirePart('main.js') as typeof Entry;
entry.main(process.argv.slice(2), { executable: true }).then((code) => {
  process.exitCode = code;
});
