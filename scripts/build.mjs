// Bundles src/ into dist/ (the start-up figures behind it: bench/CHOICES.md).
//
// The three rules a contributor must know:
// 1. What the start-up path imports statically (src/main.ts, cli.ts, the registry, context.ts and
//    what they import) is in dist/start.js and is paid by every command but `--version`:
//    anything else is reached with `import()` where it is needed.
// 2. A package imported lazily from the start-up path is reached through a named export of one of
//    our modules, never its default export (CommonJS interop wraps that).
// 3. Nothing caches code but Node's own compile cache (bin/paygate.js turns it on): no patched
//    loader, no V8 flags set at run time, no cache of ours.
//
// Four parts, all CommonJS:
//
// - dist/main.js, required by bin/paygate.js for `paygate --version` alone (any other line goes
//   to dist/start.js at once) and run by the single executable: src/entry.ts alone, which answers
//   `--version` itself and requires dist/start.js for any other command line.
// - dist/start.js: the start-up path in ONE file: main, cli and its reading of a command line
//   (src/command-line.ts), the index of top-level words (src/commands/registry.ts), and the
//   context every command gets (config, settings, colours). Commander (src/program.ts) is a lazy
//   chunk, loaded for help, --version with other flags and the lines it refuses. A package
//   imported lazily from here must be reached through a named export of one of our modules (a
//   default export arrives wrapped through Node's CommonJS interop).
// - dist/chunks/*.js: everything loaded on demand. Each `import()` of the start-up path (a
//   word's specs, a command handler) is an entry of an esbuild build with code splitting, so a
//   command loads its handler and what that uses, nothing more. esbuild splits ES modules only:
//   each chunk is then turned into CommonJS (one file each, same imports, `import()` becomes
//   `require()` in a promise). The chunks of the commands users wait for most (HOT_PATHS) are
//   merged into few files, dist/chunks/hot.*.js (mergeHotChunks).
// - dist/text/<language>/<area>.json: the catalog's words, an area read on its first use
//   (catalogAsJson below).
//
// The start-up files (dist/main.js, dist/start.js, dist/chunks/hot.*.js) have their functions
// written as V8 compiles with the file, so that Node's compile cache keeps them compiled
// (scripts/eager-functions.mjs).
//
// Why CommonJS: on Node 20 to 24, ES modules load through the ESM loader, which costs more than
// the whole of `split preview` should (bench/CHOICES.md). bin/paygate.js turns on Node's own compile
// cache (22.1+) in the user's cache dir; nothing else caches code.
//
// A module is in one part, never both: a lazy chunk that imports a module of the start-up path
// (errors.ts, cli.ts, …) gets the very instance dist/start.js holds, through
// `require('../start.js').__shared[path]()`, so `instanceof PaygateError` holds across the line.
//
// Everything is minified (less to parse); PAYGATE_BUILD_NO_MINIFY=1 leaves dist/ readable, for
// profiling (`node --cpu-prof bin/paygate.js …` then shows real names). The build is written to a
// temporary directory and swapped into dist/ at the end: a build running while tests spawn
// bin/paygate.js leaves dist/ missing for an instant at most.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { eagerFunctions } from './eager-functions.mjs';
import { startUpCoverage } from './start-up-coverage.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const finalDir = `${root}dist`;
const work = `${root}.cache/build-${process.pid}`;
const outDir = `${work}/dist`;

/** Options every part shares. `import()` of our own files becomes a `require()`. */
const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  minify: process.env.PAYGATE_BUILD_NO_MINIFY !== '1',
  legalComments: 'none',
  logLevel: 'warning',
};
const noDynamicImport = { 'dynamic-import': false };

const toPosix = (path) => path.split(sep).join('/');
/** `src/commands/split/preview.ts` → `commands.split.preview`; a package → its name. */
function chunkName(path) {
  const rel = toPosix(relative(root, path));
  const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(rel);
  const name = match ? match[1].replace('/', '.') : rel.replace(/^src\//, '').replace(/\.[cm]?[jt]s$/, '');
  return name.replaceAll('/', '.');
}

/**
 * Imported lazily, yet built into dist/start.js: the registration of the Portuguese areas
 * (src/text/pt-BR/index.ts), a table of area names and the reads of their files. As a chunk of its
 * own it cost a pt-BR run a file to find, read and compile; inside the start-up file, an English run
 * only skims over its code, never run (bench/CHOICES.md).
 */
const LAZY_IN_START = /[\\/]src[\\/]text[\\/]pt-BR[\\/]index\.ts$/;

/**
 * Start-up part: each dynamic import becomes an external `./chunks/<name>.js`, recorded as a lazy
 * entry (but those of LAZY_IN_START).
 */
function lazyBoundary(lazyEntries) {
  return {
    name: 'lazy-boundary',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.inner) return undefined;
        const resolved = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { inner: true },
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        if (resolved.external) return { path: args.path, external: true };
        if (LAZY_IN_START.test(resolved.path)) return { path: resolved.path };
        const name = chunkName(resolved.path);
        const known = lazyEntries.get(name);
        if (known && known !== resolved.path)
          throw new Error(`two lazy entries named ${name}: ${known}, ${resolved.path}`);
        lazyEntries.set(name, resolved.path);
        return { path: `./chunks/${name}.js`, external: true };
      });
    },
  };
}

/**
 * commander requires node:child_process (and with it net, dgram, streams) for executable
 * subcommands, which paygate has none of: loaded on first use only, so that help and a refused
 * line do not pay for it.
 */
function lazyChildProcess() {
  return {
    name: 'lazy-child-process',
    setup(b) {
      b.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
        args.namespace === 'file' && /node_modules[\\/]commander[\\/]/.test(args.importer)
          ? { path: 'child_process', namespace: 'lazy-builtin' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
        contents:
          "let loaded; module.exports = new Proxy({}, { get: (_, key) => (loaded ??= require('node:child_process'))[key] });",
        loader: 'js',
      }));
    },
  };
}

/**
 * package.json as the program reads it: its version alone. Imported whole, it was an object of 40
 * properties that dist/main.js made at every start, a hidden class for each (bench/CHOICES.md).
 */
function versionOnly() {
  return {
    name: 'version-only',
    setup(b) {
      b.onLoad({ filter: /[\\/]package\.json$/ }, async (args) =>
        toPosix(args.path) === toPosix(`${root}package.json`)
          ? {
              contents: JSON.stringify({ version: JSON.parse(await readFile(args.path, 'utf8')).version }),
              loader: 'json',
            }
          : undefined,
      );
    },
  };
}

/** The names a module exports (it must have no default export: see below), found once a build. */
const exportNamesOf = new Map();
function exportNames(path) {
  if (!exportNamesOf.has(path)) exportNamesOf.set(path, findExportNames(path));
  return exportNamesOf.get(path);
}
async function findExportNames(path) {
  const source = await readFile(join(root, path), 'utf8');
  // Its names are read once by the lazy chunks (sharedWithStart): a binding that changes would not be seen.
  if (/^export (let|var) /m.test(source))
    throw new Error(`${path} is imported by lazy chunks and exports a let: use a const`);
  const result = await build({ ...common, entryPoints: [path], bundle: false, write: false, metafile: true });
  const names = Object.values(result.metafile.outputs).flatMap((output) => output.exports);
  // The bridge gives named exports only (esbuild's Node-mode interop makes `default` the whole
  // namespace): refuse a start-up module with a default export rather than break it quietly.
  if (names.includes('default')) {
    throw new Error(`${path} is imported by lazy chunks and has a default export: use named exports`);
  }
  return names;
}

/** The module that reads dist/start.js's exports for the lazy chunks (sharedWithStart). */
const START_EXPORTS = 'paygate:start-exports';

/**
 * Lazy part: an import of a start-up module becomes the instance dist/start.js exports, as an ES
 * module of its names read once (`export const { a, b } = shared`). Not a CommonJS module: esbuild
 * would wrap each in `__commonJS` and copy all its names into a new object through `__toESM` at
 * every importer's load, which cost `balance --json` about 2 ms (bench/CHOICES.md). Reading the
 * names once is safe because a start-up module exports no `let` (exportNames refuses one) and
 * dist/start.js has run to its end before any chunk loads.
 */
function sharedWithStart(startInputs, used) {
  return {
    name: 'shared-with-start',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.path === START_EXPORTS) return { path: START_EXPORTS, namespace: 'start-exports' };
        if (
          args.namespace === 'start' ||
          args.namespace === 'start-dynamic' ||
          args.namespace === 'start-exports'
        ) {
          return { path: args.path, external: true };
        }
        if (args.pluginData?.inner || args.kind === 'entry-point') return undefined;
        const resolved = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { inner: true },
        });
        if (resolved.errors.length > 0 || resolved.external) return undefined;
        const rel = toPosix(relative(root, resolved.path));
        if (!startInputs.has(rel)) return undefined;
        used.add(rel);
        if (args.kind === 'dynamic-import') return { path: rel, namespace: 'start-dynamic' };
        // One small module per importer, so that esbuild makes no tiny chunk of each of them.
        // Reading an instance of dist/start.js (already loaded) has no side effects: an import
        // whose names are not used is dropped, as the catalog's `portuguese()` is once its call
        // is gone (catalogAsJson), instead of costing each Portuguese area a copy of the
        // catalog's exports at load (bench/CHOICES.md).
        return {
          path: `${rel}?${toPosix(relative(root, args.importer))}`,
          namespace: 'start',
          sideEffects: false,
        };
      });
      const namesOfShared = async (args) => {
        const path = args.path.split('?')[0];
        return {
          contents:
            `import { startExports } from '${START_EXPORTS}';\n` +
            `const shared = startExports().__shared[${JSON.stringify(path)}]();\n` +
            `export const { ${(await exportNames(path)).join(', ')} } = shared;`,
          loader: 'js',
        };
      };
      // dist/start.js's exports, required once: each require() of it, though answered from Node's
      // cache, went through the whole CommonJS loader (about 40 in a balance run, 2.8M
      // instructions on Node 24: bench/CHOICES.md).
      b.onLoad({ filter: /.*/, namespace: 'start-exports' }, () => ({
        contents:
          "let exportsOfStart;\nexport const startExports = () => (exportsOfStart ??= require('../start.js'));",
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'start-dynamic' }, namesOfShared);
      b.onLoad({ filter: /.*/, namespace: 'start' }, namesOfShared);
    },
  };
}

/**
 * The catalog of words (src/text/en/, src/text/pt-BR/), each area a JSON file of dist/text/ read
 * on its first use: `() => __catalogJson("pt-BR/split")` in the bundle, made a read of the file
 * by `catalogReads` once the part's code is written. A run reads only the areas it
 * says, and the code a run loads holds none of the texts (bench/CHOICES.md: the 1,200 English and
 * 1,500 Portuguese texts cost milliseconds as literals, and still some as strings in the code).
 * A help area of src/text/pt-BR/help-*.ts is registered with the first words of its keys
 * (`firstWords`, in the table of addPortugueseFiles), so that a run reads only the help of the
 * words it shows (src/text/catalog.ts, helpText). The sources
 * stay typed TypeScript, checked by tsc; only the built code differs. An area file whose object
 * cannot be read as plain data fails the build.
 */
function catalogAsJson(catalogFiles) {
  const opening = /^(export )?const (\w+)(: [^=]+)? = (portuguese<\w+>\(\)\()?\{$/m;
  /** An area's source: where its object is, and the value that reads its file instead. */
  function areaOf(path, source) {
    const start = opening.exec(source);
    if (!start) return undefined;
    const bodyStart = start.index + start[0].length - 1;
    const ending = start[4] ? '\n});' : /\n\} as const;|\n\};/.exec(source.slice(bodyStart))?.[0];
    const end = ending === undefined ? -1 : source.indexOf(ending, bodyStart);
    if (end === -1) throw new Error(`${path}: the end of its texts was not found`);
    const literal = source.slice(bodyStart, end + 2);
    const texts = new Function(`return (${literal});`)();
    for (const [key, text] of Object.entries(texts)) {
      const forms = typeof text === 'string' ? [text] : [text?.one, text?.other];
      if (!forms.every((form) => typeof form === 'string')) throw new Error(`${path}: ${key} is not a text`);
    }
    const [, language, area] = /[\\/](en|pt-BR)[\\/]([\w-]+)\.ts$/.exec(path);
    const name = `${language}/${area}`;
    catalogFiles.set(name, JSON.stringify(texts));
    // Made on first use (src/text/catalog.ts, TextsOrLater): a run reads only the areas it says.
    const value = `() => __catalogJson(${JSON.stringify(name)})`;
    const firstWords = [...new Set(Object.keys(texts).map((key) => key.split(' ')[0]))];
    return { start, end: end + ending.length, value, firstWords };
  }
  return {
    name: 'catalog-as-json',
    setup(b) {
      // The registration of the Portuguese areas (src/text/pt-BR/index.ts), built into
      // dist/start.js (LAZY_IN_START) as one call: the function that reads an area's file and the
      // tables of areas and help files in plain text (src/text/catalog.ts, addPortugueseFiles), so
      // that a Portuguese run makes no object per area at start-up, and none of the 43 modules of
      // the areas is built.
      b.onLoad({ filter: /[\\/]src[\\/]text[\\/]pt-BR[\\/]index\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const files = new Map();
        const areaImport = /^import \{ (\w+) \} from '\.\/([\w-]+)\.js';$/gm;
        for (const [, name, file] of source.matchAll(areaImport)) {
          const path = join(dirname(args.path), `${file}.ts`);
          const area = areaOf(path, await readFile(path, 'utf8'));
          if (!area) throw new Error(`${path}: its texts were not found`);
          files.set(name, { file, firstWords: area.firstWords });
        }
        const areas = [];
        const help = [];
        const registration = /^addPortuguese(Help)?\((?:'([\w-]+)', )?(\w+)\);$/gm;
        for (const [, isHelp, area, name] of source.matchAll(registration)) {
          const registered = files.get(name);
          if (!registered) throw new Error(`${args.path}: ${name} is not an imported area`);
          files.delete(name);
          if (!isHelp) areas.push(`${area}=${registered.file}`);
          else if (registered.firstWords.some((word) => /[\s=,]/.test(word)))
            throw new Error(`${args.path}: a first word of ${name} has a space, = or a comma`);
          else help.push(`${registered.file}=${registered.firstWords.join(',')}`);
        }
        if (files.size > 0)
          throw new Error(`${args.path}: ${[...files.keys()].join(', ')} imported and not registered`);
        const rest = source
          .replace(areaImport, '')
          .replace(registration, '')
          .replace(/^import .*$/gm, '');
        if (/\S/.test(rest.replace(/^\s*\/\/.*$/gm, '')))
          throw new Error(`${args.path}: holds more than imports and registrations, which the build drops`);
        return {
          contents:
            "import { addPortugueseFiles } from '../catalog.js';\n" +
            `addPortugueseFiles((file) => __catalogJsonOf("pt-BR", file), ${JSON.stringify(areas.join(' '))}, ${JSON.stringify(help.join(' '))});\n`,
          resolveDir: dirname(args.path),
          loader: 'js',
        };
      });
      b.onLoad({ filter: /[\\/]src[\\/]text[\\/](en|pt-BR)[\\/][\w-]+\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const area = areaOf(args.path, source);
        if (!area) return undefined;
        const { start, end, value } = area;
        const replaced = `${start[1] ?? ''}const ${start[2]} = ${value};`;
        return {
          contents: source.slice(0, start.index) + replaced + source.slice(end),
          loader: 'ts',
        };
      });
    },
  };
}

/**
 * `__catalogJson("en/common")` → a read of `<toText>/en/common.json` beside the code, from where it
 * is written (dist/ or dist/chunks/): fs.readFileSync and JSON.parse, not require(), whose first
 * JSON file costs milliseconds more (bench/CHOICES.md). `--executable-parts` makes it a read of the
 * executable's asset (CATALOG_READ). A call left over, or a file not written, fails the build.
 */
function catalogReads(code, toText, catalogFiles, path) {
  const replaced = code
    .replace(/__catalogJson\("([\w/-]+)"\)/g, (_, name) => {
      if (!catalogFiles.has(name)) throw new Error(`${path}: no catalog file ${name}`);
      return `JSON.parse(require("node:fs").readFileSync(__dirname+${JSON.stringify(`/${toText}/${name}.json`)},"utf8"))`;
    })
    // `__catalogJsonOf("pt-BR", file)`: a file of that language named at run time (the tables of
    // addPortugueseFiles, whose every file the build checked).
    .replace(
      /__catalogJsonOf\("([\w-]+)",\s*([\w$]+)\)/g,
      (_, language, file) =>
        `JSON.parse(require("node:fs").readFileSync(__dirname+${JSON.stringify(`/${toText}/${language}/`)}+${file}+".json","utf8"))`,
    );
  if (replaced.includes('__catalogJson'))
    throw new Error(`${path}: a catalog area is read in a way the build does not know`);
  return replaced;
}
/** A read made by catalogReads, and the path it reads, relative to the code's directory. */
const CATALOG_READ =
  /require\("node:fs"\)\.readFileSync\(__dirname\+"\/((?:\.\.\/)?text\/[\w/-]+\.json)","utf8"\)/g;
/** The same of a file named at run time: the language's directory, and the name's variable. */
const CATALOG_READ_NAMED =
  /require\("node:fs"\)\.readFileSync\(__dirname\+"\/((?:\.\.\/)?text\/[\w-]+\/)"\+([\w$]+)\+"\.json","utf8"\)/g;

/**
 * The start-up entry: main(), plus, for each module the lazy part imports, a function that gives
 * its names (`__shared[path]()`, read once by each chunk: sharedWithStart). Not its namespace
 * (`import * as`): esbuild would make an object of getters for each such module at every start,
 * which `--version` with flags, `--help` and every command paid (bench/CHOICES.md).
 */
async function startEntry(shared) {
  const lines = ["export { main } from './src/main.ts';"];
  const table = [];
  for (const [index, path] of [...shared].sort().entries()) {
    const names = await exportNames(path);
    lines.push(
      `import { ${names.map((name) => `${name} as s${index}_${name}`).join(', ')} } from './${path}';`,
    );
    table.push(
      `${JSON.stringify(path)}: () => ({ __proto__: null, ${names.map((name) => `${name}: s${index}_${name}`).join(', ')} })`,
    );
  }
  // Tables read by name only, made with a null prototype: V8 makes such a literal as a dictionary,
  // without a hidden class for each property added (bench/CHOICES.md).
  lines.push(`export const __shared = { __proto__: null, ${table.join(', ')} };`);
  // The chunks of the hot files that have run, by name, for all the hot files of the process: a
  // chunk written into several of them runs once (hotFile, mergeHotChunks).
  lines.push('export const __hotChunks = new Map();');
  return { contents: lines.join('\n'), resolveDir: root, sourcefile: 'start-entry.ts', loader: 'ts' };
}

async function buildStart(shared, lazyEntries, catalogFiles, write, hotFileOf = new Map()) {
  const result = await build({
    ...common,
    stdin: await startEntry(shared),
    outfile: `${outDir}/start.js`,
    format: 'cjs',
    supported: noDynamicImport,
    metafile: true,
    write: false,
    plugins: [catalogAsJson(catalogFiles), lazyBoundary(lazyEntries), lazyChildProcess(), versionOnly()],
  });
  if (write) {
    const [file] = result.outputFiles;
    // A chunk merged into a hot file (mergeHotChunks) is required from that file, not through its line.
    const code = catalogReads(file.text, 'text', catalogFiles, file.path).replace(
      /require\("\.\/chunks\/([^"]+)"\)/g,
      (call, name) =>
        hotFileOf.has(name) ? `require("./chunks/${hotFileOf.get(name)}")[${JSON.stringify(name)}]()` : call,
    );
    await writeFile(file.path, code);
  }
  return result;
}

/**
 * dist/main.js: src/entry.ts alone, which answers `--version` and otherwise requires the start-up
 * part (`import('./main.js')` there is dist/start.js). Whatever else it came to import would be
 * paid by `--version` too: the build fails instead.
 */
async function buildEntry() {
  const mainSource = `${root}src/main.ts`;
  const result = await build({
    ...common,
    entryPoints: [`${root}src/entry.ts`],
    outfile: `${outDir}/main.js`,
    format: 'cjs',
    supported: noDynamicImport,
    metafile: true,
    plugins: [
      versionOnly(),
      {
        name: 'start-part',
        setup(b) {
          b.onResolve({ filter: /^\.\/main\.js$/ }, (args) =>
            args.kind === 'dynamic-import' && toPosix(args.importer) === toPosix(`${root}src/entry.ts`)
              ? { path: './start.js', external: true }
              : undefined,
          );
        },
      },
    ],
  });
  const inputs = Object.keys(result.metafile.inputs).map(toPosix);
  const extra = inputs.filter((input) => !['src/entry.ts', 'package.json'].includes(input));
  if (extra.length > 0)
    throw new Error(
      `dist/main.js would load ${extra.join(', ')}: src/entry.ts imports nothing of the program`,
    );
  if (!existsSync(mainSource)) throw new Error('build: src/main.ts is missing');
}

/**
 * A chunk's exports object is its module.exports, marked `__esModule`: not esbuild's
 * `__toCommonJS` copy of it, which defined a second getter per export at each chunk's load and put
 * it in front of every read of a name from another chunk (bench/CHOICES.md).
 */
function exportsAsTheyAre(code, path) {
  const copies = [...code.matchAll(/^module\.exports = __toCommonJS\((\w+)\);$/gm)];
  if (copies.length > 1) throw new Error(`${path}: more than one module.exports = __toCommonJS(…)`);
  if (copies.length === 0) return code;
  const [line, name] = copies[0];
  // The exports object and the table of its getters with a null prototype, as a module namespace
  // has: V8 makes them dictionaries, not a hidden class per export defined (bench/CHOICES.md). A
  // chunk that exports nothing has no such table, and keeps its object as it is.
  const made = `var ${name} = {};\n__export(${name}, {`;
  const withNullPrototype =
    code.split(made).length === 2
      ? code.replace(made, `var ${name} = { __proto__: null };\n__export(${name}, { __proto__: null,`)
      : code;
  return withNullPrototype.replace(
    line,
    `__defProp(${name}, "__esModule", { value: true });\nmodule.exports = ${name};`,
  );
}

/** One ES module chunk of the lazy build as CommonJS (strict, like the module it was). */
async function toCommonJS(esm, path) {
  const usesImportMeta = esm.includes('import.meta');
  const converted = await transform(esm, {
    format: 'cjs',
    loader: 'js',
    platform: 'node',
    target: 'node20',
    supported: noDynamicImport,
    sourcefile: basename(path),
    define: usesImportMeta ? { 'import.meta.url': '__importMetaUrl' } : undefined,
    banner: `"use strict";${usesImportMeta ? 'var __importMetaUrl=require("node:url").pathToFileURL(__filename).href;' : ''}`,
  });
  // Minified after exportsAsTheyAre, which reads esbuild's helper by its name.
  const result = await transform(exportsAsTheyAre(converted.code, path), {
    format: 'cjs',
    loader: 'js',
    platform: 'node',
    target: 'node20',
    minify: common.minify,
    treeShaking: true,
    supported: noDynamicImport,
    sourcefile: basename(path),
  });
  if (result.code.includes('import.meta')) throw new Error(`${path}: import.meta other than import.meta.url`);
  // dist/ is CommonJS throughout (see the top): every import() must have become a require(),
  // or that chunk would start the ESM loader.
  // (Unminified, comments of packages may say "import(": the check needs the minified build.)
  if (common.minify && /\bimport\(/.test(result.code)) {
    throw new Error(
      `${path}: "import(" is left in the output (an import() esbuild did not turn into a require()?)`,
    );
  }
  // Its catalog reads are written once the hot chunks are merged (buildDist).
  return result.code;
}

/**
 * The modules of the commands users wait for most, each the first of a path through the lazy
 * chunks: `split preview` (no network) and `balance --json` (a network command). esbuild splits
 * their code into a dozen or more small chunks each (one per set of entries that share a module),
 * and each file costs the CommonJS loader a lookup, a read and a compile: mergeHotChunks puts them
 * in few files (bench/CHOICES.md).
 */
const HOT_PATHS = {
  'split-preview': ['src/commands/split/spec.ts', 'src/commands/split/preview.ts'],
  balance: [
    'src/commands/account/spec.ts',
    'src/commands/account/account.ts',
    'src/api/client.ts',
    'src/api/redact.ts',
  ],
};

/**
 * A hot file: `chunks` (`"name.js":(function(exports,module,__filename,__dirname){…})`), each run
 * once in the process, on its first require (`__hotChunk`, which mergeHotChunks put in the place of
 * a require of a chunk of this file): the chunks that have run are kept by dist/start.js
 * (`__hotChunks`, startEntry) for every hot file, so a chunk written into several hot files is
 * one module whichever file runs it. Each function is in parentheses: V8 compiles such a function
 * with the file, so Node's compile cache (which keeps what was compiled with the file) holds the chunks'
 * code; as esbuild's `__commonJS` modules, compiled on first call, they were compiled again at
 * every run (bench/CHOICES.md). Their other require() calls are Node's own, which a bundler of
 * dist/ (`--single-file`) follows as before.
 */
function hotFile(chunks, otherHotFiles) {
  return [
    '"use strict";',
    // Another hot file, required once: each require() went through the whole CommonJS loader
    // (bench/CHOICES.md).
    ...otherHotFiles.map(
      (other, index) =>
        `let hotFile${index};const __hotFile${index}=()=>hotFile${index}??=require(${JSON.stringify(`./${other}`)});`,
    ),
    // Both tables with a null prototype, as __shared (startEntry).
    `const chunks={__proto__:null,${chunks.join(',\n')}};`,
    'const loaded=require("../start.js").__hotChunks;',
    'function __hotChunk(name){let module=loaded.get(name);if(module===undefined){module={exports:{}};loaded.set(name,module);chunks[name].call(module.exports,module.exports,module,__filename,__dirname)}return module.exports}',
    'module.exports={__proto__:null};for(const name in chunks)module.exports[name]=()=>__hotChunk(name);',
    '',
  ].join('\n');
}

/**
 * The chunks each hot path loads (its entries and what they import statically), merged into one
 * file per set of paths that load them (`hot.balance.js`, `hot.balance+split-preview.js`, …): each
 * chunk's code as it was, in a function like the one Node's CommonJS loader wraps a file in, run on
 * its first require() (hotFile). Each chunk's file becomes a line that requires it from there, so a
 * module still exists once, whoever requires it: a chunk outside the set requires the same
 * instance through that line, dist/start.js and the other hot files from the hot file itself
 * (returned: chunk file → hot file). A hot path's own file also holds a copy of the chunks it
 * shares with other paths, so that the path loads one file, not two: the copies are one module,
 * as each hot file's chunks that have run are kept by dist/start.js for them all (hotFile). A chunk
 * that reads `import.meta.url` (its own file name) stays alone.
 */
async function mergeHotChunks(metafile) {
  const chunksDir = `${outDir}/chunks`;
  const nameOf = (output) => basename(output);
  const outputs = new Map(Object.entries(metafile.outputs).map(([path, output]) => [nameOf(path), output]));
  const pathsOf = new Map();
  for (const [hot, sources] of Object.entries(HOT_PATHS)) {
    const pending = sources.map((source) => {
      const found = [...outputs].find(([, output]) => output.entryPoint === source);
      if (!found) throw new Error(`HOT_PATHS: ${source} is no lazy entry of the build`);
      return found[0];
    });
    const reached = new Set();
    while (pending.length > 0) {
      const name = pending.pop();
      if (reached.has(name)) continue;
      reached.add(name);
      for (const imported of outputs.get(name).imports)
        if (imported.kind === 'import-statement' && outputs.has(nameOf(imported.path)))
          pending.push(nameOf(imported.path));
    }
    for (const name of reached) pathsOf.set(name, [...(pathsOf.get(name) ?? []), hot]);
  }
  const groups = new Map();
  for (const [name, hots] of pathsOf) {
    const code = await readFile(`${chunksDir}/${name}`, 'utf8');
    if (code.includes('__importMetaUrl')) continue;
    const group = `hot.${hots.sort().join('+')}.js`;
    groups.set(group, [...(groups.get(group) ?? []), name]);
  }
  const groupOf = new Map();
  for (const [group, members] of groups)
    if (members.length > 1) for (const name of members) groupOf.set(name, group);
  // The files written: each set's, and each path's with the merged chunks it shares as well.
  const files = new Map([...groups].filter(([, members]) => members.length > 1));
  for (const [name, hots] of pathsOf) {
    if (hots.length < 2 || !groupOf.has(name)) continue;
    for (const hot of hots) files.set(`hot.${hot}.js`, [...(files.get(`hot.${hot}.js`) ?? []), name]);
  }
  // Each chunk's code read before any file of it becomes a line that requires it (below).
  const codeOf = new Map();
  for (const name of groupOf.keys()) codeOf.set(name, await readFile(`${chunksDir}/${name}`, 'utf8'));
  for (const [group, members] of files) {
    const chunks = [];
    const otherHotFiles = [];
    const hotFileCall = (other) => {
      if (!otherHotFiles.includes(other)) otherHotFiles.push(other);
      return `__hotFile${otherHotFiles.indexOf(other)}()`;
    };
    for (const name of members) {
      // A require of a chunk of this file is answered here, of another hot file's from that file.
      const code = codeOf
        .get(name)
        .replace(/\brequire\("\.\/([^"]+)"\)/g, (call, required) =>
          !groupOf.has(required)
            ? call
            : members.includes(required)
              ? `__hotChunk(${JSON.stringify(required)})`
              : `${hotFileCall(groupOf.get(required))}[${JSON.stringify(required)}]()`,
        );
      chunks.push(`${JSON.stringify(name)}:(function(exports,module,__filename,__dirname){${code}\n})`);
    }
    await writeFile(`${chunksDir}/${group}`, hotFile(chunks, otherHotFiles));
    await Promise.all(
      members
        .filter((name) => groupOf.get(name) === group)
        .map((name) =>
          writeFile(
            `${chunksDir}/${name}`,
            `"use strict";module.exports=require("./${group}")[${JSON.stringify(name)}]();\n`,
          ),
        ),
    );
  }
  return groupOf;
}

// `--executable-parts <dir> --from-dist`: the single executable's parts made from the dist/ already
// built, which is left as it is: the suite makes them beside tests that run dist/
// (test/cli/single-file-build.test.ts), and a build swaps dist/ out from under a command that is
// reading its texts.
if (!process.argv.includes('--from-dist')) await buildDist();

async function buildDist() {
  await rm(work, { recursive: true, force: true });
  await mkdir(`${outDir}/chunks`, { recursive: true });
  try {
    // 1. What is on the start-up path, and what it loads lazily.
    const lazyEntries = new Map();
    const catalogFiles = new Map();
    const probe = await buildStart(new Set(), lazyEntries, catalogFiles, false);
    const startInputs = new Set(Object.keys(probe.metafile.inputs).map(toPosix));

    // 2. The lazy part, split as ES modules; it records which start-up modules it imports.
    const used = new Set();
    const lazy = await build({
      ...common,
      // Sorted: the probe's plugin found them in the order its resolves ended, which varies, and
      // esbuild's names and chunks follow the order of the entries.
      entryPoints: Object.fromEntries([...lazyEntries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      outdir: `${outDir}/chunks`,
      entryNames: '[name]',
      chunkNames: '[name]-[hash]',
      format: 'esm',
      splitting: true,
      write: false,
      metafile: true,
      plugins: [catalogAsJson(catalogFiles), sharedWithStart(startInputs, used), lazyChildProcess()],
    });
    for (const path of used) await exportNames(path);
    await Promise.all(
      lazy.outputFiles.map(async (file) => writeFile(file.path, await toCommonJS(file.text, file.path))),
    );
    const hotFileOf = await mergeHotChunks(lazy.metafile);
    // The catalog's reads, in the code as it is finally written (`__catalogJson(…)` survives a merge).
    for (const name of await readdir(`${outDir}/chunks`)) {
      const path = `${outDir}/chunks/${name}`;
      await writeFile(path, catalogReads(await readFile(path, 'utf8'), '../text', catalogFiles, path));
    }

    // 3. The start-up part, exporting what the lazy part imports from it.
    const lazyAgain = new Map();
    await buildStart(used, lazyAgain, catalogFiles, true, hotFileOf);
    const missing = [...lazyAgain.keys()].filter((name) => !lazyEntries.has(name));
    if (missing.length > 0) throw new Error(`lazy entries changed between passes: ${missing.join(', ')}`);
    // 4. The entry, and the catalog's areas, one JSON file each.
    await buildEntry();
    await Promise.all(
      [...catalogFiles].map(async ([name, json]) => {
        await mkdir(`${outDir}/text/${dirname(name)}`, { recursive: true });
        await writeFile(`${outDir}/text/${name}.json`, json);
      }),
    );
    // The package is "type": "module"; dist/ is CommonJS.
    await writeFile(`${outDir}/package.json`, '{ "type": "commonjs" }\n');

    // 5. The functions the hot commands call, in the start-up files, written to be compiled with
    // their file (scripts/start-up-coverage.mjs, scripts/eager-functions.mjs).
    const called = await startUpCoverage(outDir);
    const startUpFiles = [
      'main.js',
      'start.js',
      ...(await readdir(`${outDir}/chunks`))
        .filter((name) => name.startsWith('hot.'))
        .map((name) => `chunks/${name}`),
    ];
    for (const name of startUpFiles) {
      const path = `${outDir}/${name}`;
      const functions = called.get(name) ?? new Set();
      const code = eagerFunctions(await readFile(path, 'utf8'), path, {
        called: (start, end) => functions.has(`${start}:${end}`),
      });
      await writeFile(path, code);
    }

    // Every file of JavaScript in ASCII: V8 keeps a source with one character beyond it as two-byte
    // text, twice the memory to read and scan (esbuild escapes strings, not a regex literal's text).
    // An unminified build (PAYGATE_BUILD_NO_MINIFY, for reading profiles) keeps the bundled
    // packages' comments as they are: it is not checked.
    for (const name of common.minify ? await readdir(outDir, { recursive: true }) : []) {
      if (!name.endsWith('.js')) continue;
      const code = await readFile(`${outDir}/${name}`, 'utf8');
      const at = code.search(/[^\x00-\x7f]/);
      if (at >= 0)
        throw new Error(
          `build: dist/${name} has a character beyond ASCII (${JSON.stringify(code.slice(Math.max(0, at - 40), at + 10))}): escape it in the source`,
        );
    }

    // 6. Swap into place (another build may be finishing at the same time: retry).
    for (let attempt = 0; ; attempt += 1) {
      try {
        await rename(finalDir, `${work}/old-${attempt}`);
      } catch (error) {
        if (error.code !== 'ENOENT') throw error;
      }
      try {
        await rename(outDir, finalDir);
        break;
      } catch (error) {
        if (!['ENOTEMPTY', 'EEXIST'].includes(error.code) || attempt >= 10) throw error;
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  if (!existsSync(`${finalDir}/main.js`)) throw new Error('build: dist/main.js is missing');
  // Left by builds that were killed half-way.
  for (const entry of await readdir(`${root}.cache`).catch(() => [])) {
    const pid = /^build-(\d+)$/.exec(entry)?.[1];
    if (pid && !isRunning(Number(pid))) await rm(`${root}.cache/${entry}`, { recursive: true, force: true });
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * `--executable-parts <dir>`: after the build above, what the single executable
 * (scripts/package.mjs) holds, in <dir>:
 * - main.cjs, its main script: src/sea-main.ts, the module loader of src/sea-parts.ts, which
 *   requires Node's own modules only (an executable has nothing else to require);
 * - parts/: the files of dist/ (main.js, start.js, chunks/, text/), embedded as the executable's
 *   assets under their paths in dist/ (`chunks/x.js`), each compiled on its first require() as
 *   Node compiles the npm install's files, so a command runs what it uses and no more
 *   (bench/CHOICES.md: one file of the whole program started 1.6× slower than the npm install);
 *   a catalog area's read of its file beside the code (catalogReads) becomes the read of its
 *   asset, `require("node:sea").getAsset("text/en/x.json","utf8")`;
 * - assets.json: each asset's key and the path of its file, for the executable's configuration;
 * - with each part, V8's code cache of it, made by `--node <path>` (the Node the executable is made
 *   of; this one by default): addCodeCaches.
 * A part that requires a part missing from dist/, or still reads a path beside its own, fails the
 * build.
 */
async function buildExecutableParts(dir, node) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(`${dir}/parts`, { recursive: true });
  const result = await build({
    ...common,
    entryPoints: [`${root}src/sea-main.ts`],
    outfile: `${dir}/main.cjs`,
    format: 'cjs',
    metafile: true,
  });
  const required = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((entry) => entry.external).map((entry) => entry.path),
  );
  const notBuiltIn = required.filter((name) => !name.startsWith('node:') && !builtinModules.includes(name));
  if (notBuiltIn.length > 0) throw new Error(`${dir}/main.cjs: requires ${notBuiltIn.join(', ')}`);

  const keys = (await readdir(finalDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => toPosix(relative(finalDir, join(entry.parentPath, entry.name))))
    // dist/package.json says its files are CommonJS, which every part is.
    .filter((key) => key !== 'package.json')
    .sort();
  const parts = new Set(keys);
  const assets = {};
  for (const key of keys) {
    const path = `${dir}/parts/${key}`;
    await mkdir(dirname(path), { recursive: true });
    assets[key] = path;
    const text = await readFile(`${finalDir}/${key}`, 'utf8');
    if (!key.endsWith('.js')) {
      await writeFile(path, text);
      continue;
    }
    const partDir = dirname(key);
    const code = text
      .replace(CATALOG_READ, (_, read) => {
        const asset = toPosix(join(partDir, read));
        if (!parts.has(asset)) throw new Error(`dist/${key}: reads ${read}, which is not in dist/`);
        return `require("node:sea").getAsset(${JSON.stringify(asset)},"utf8")`;
      })
      .replace(CATALOG_READ_NAMED, (_, directory, file) => {
        const assetDirectory = `${toPosix(join(partDir, directory)).replace(/\/$/, '')}/`;
        if (![...parts].some((part) => part.startsWith(assetDirectory)))
          throw new Error(`dist/${key}: reads files of ${directory}, which is not in dist/`);
        return `require("node:sea").getAsset(${JSON.stringify(assetDirectory)}+${file}+".json","utf8")`;
      });
    // A path made from the part's own (`__dirname + "/x"`, `join(__dirname, "x")`, a chunk's
    // import.meta.url): the executable has no files beside its parts.
    if (/__dirname\s*\+|\(\s*__dirname\s*,|pathToFileURL\(__filename\)/.test(code))
      throw new Error(`dist/${key}: reads a path beside its file, which the executable does not have`);
    for (const [, specifier] of code.matchAll(/\("(\.\.?\/[^"]+\.js)"\)/g)) {
      const target = toPosix(join(partDir, specifier));
      if (!parts.has(target)) throw new Error(`dist/${key}: requires ${specifier}, which is not in dist/`);
    }
    await writeFile(path, code);
  }
  await writeFile(`${dir}/assets.json`, `${JSON.stringify(assets, null, 2)}\n`);
  await addCodeCaches(dir, node);
}

/**
 * V8's code cache of each part, made by `node` (the Node the executable is made of) running
 * scripts/executable-code-cache.ts, which adds them to assets.json, then checked by another run of
 * it: V8 must take each.
 */
async function addCodeCaches(dir, node) {
  const script = `${dir}/executable-code-cache.cjs`;
  try {
    await build({
      ...common,
      entryPoints: [`${root}scripts/executable-code-cache.ts`],
      outfile: script,
      format: 'cjs',
    });
    execFileSync(node, [script, dir], { stdio: 'inherit' });
    execFileSync(node, [script, dir, '--check'], { stdio: 'inherit' });
  } finally {
    await rm(script, { force: true });
  }
}

const executablePartsFlag = process.argv.indexOf('--executable-parts');
if (executablePartsFlag !== -1) {
  const dir = process.argv[executablePartsFlag + 1];
  if (!dir) throw new Error('build: --executable-parts needs the directory to write');
  const nodeFlag = process.argv.indexOf('--node');
  await buildExecutableParts(dir, nodeFlag === -1 ? process.execPath : process.argv[nodeFlag + 1]);
}
