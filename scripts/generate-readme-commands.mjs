#!/usr/bin/env node
// Regenerates the command list of README.md (between <!-- commands:start --> and
// <!-- commands:end -->) from the command specs. `--check`: exit 1 when README.md is stale.
//
//   node scripts/generate-readme-commands.mjs [--check]
//
// The specs are TypeScript: esbuild (already the build tool) bundles scripts/readme-commands.ts
// in memory, the specs' lazy imports (src/commands/registry.ts) included; the handlers' lazy
// imports stay unresolved, they are never called.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const readmePath = `${root}README.md`;

const result = await build({
  entryPoints: [`${root}scripts/readme-commands.ts`],
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'lazy-handlers-external',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /.*/ }, (args) =>
          args.kind === 'dynamic-import' && !args.path.endsWith('/spec.js')
            ? { path: args.path, external: true }
            : undefined,
        );
      },
    },
  ],
});
const source = result.outputFiles[0].text;
const { loadAllSpecs, renderCommandList, replaceCommandList } = await import(
  `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`
);

const current = readFileSync(readmePath, 'utf8');
const next = replaceCommandList(current, renderCommandList(await loadAllSpecs()));
if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('README.md: the command list is stale; run `node scripts/generate-readme-commands.mjs`');
    process.exit(1);
  }
  console.log('README.md: the command list is up to date');
} else if (next === current) {
  console.log('README.md: the command list is up to date');
} else {
  writeFileSync(readmePath, next);
  console.log('README.md: command list regenerated');
}
