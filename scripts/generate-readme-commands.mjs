#!/usr/bin/env node
// Regenerates the generated blocks of README.md and of README.pt-BR.md, each in its language (the
// Portuguese words are the help's, src/text/pt-BR/help-*.ts): the command list (between
// <!-- commands:start --> and <!-- commands:end -->) from the command specs, and the table of
// --from-csv columns (<!-- csv-columns:start --> … end) from the request table
// (src/schemas/charge-request-fields.ts).
// `--check`: exit 1 when either is stale.
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
const { loadAllSpecs, regenerateReadme, README_FILES } = await import(
  `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`
);

const specs = await loadAllSpecs();
let stale = false;
for (const [language, file] of Object.entries(README_FILES)) {
  const path = `${root}${file}`;
  const current = readFileSync(path, 'utf8');
  const next = regenerateReadme(current, specs, language);
  if (next === current) {
    console.log(`${file}: the generated blocks are up to date`);
  } else if (process.argv.includes('--check')) {
    console.error(`${file}: a generated block is stale; run \`node scripts/generate-readme-commands.mjs\``);
    stale = true;
  } else {
    writeFileSync(path, next);
    console.log(`${file}: generated blocks regenerated`);
  }
}
if (stale) process.exit(1);
