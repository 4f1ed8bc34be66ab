// Bundles src/ into dist/ with code splitting: the entry holds only the command registry and
// the program; each command handler and heavy dependency is a chunk loaded on demand.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies (cli-table3, qrcode) call require(); give ESM output a real one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
