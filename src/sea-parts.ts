// The module loader of the single executable (scripts/package.mjs): the program's parts are the
// files of dist/ (main.js, start.js, chunks/*.js, text/**/*.json), embedded in the executable as
// assets, and a part is compiled on its first require(), as Node's own loader does with the npm
// install's files, so that a command runs only what it uses (README, "Single executable"). A part
// is a CommonJS module wrapped as Node wraps one; a relative require() names another part, any
// other a module of Node's own (an executable holds no node_modules). Each part comes with V8's
// code cache of it, made when the executable is built, by its own Node (bench/CHOICES.md).
import { posix } from 'node:path';
import { compileFunction } from 'node:vm';

/** A part's exports, by its key (`start.js`, `chunks/x.js`), compiled and run on the first call. */
export type RequirePart = (key: string) => unknown;

/** The text of the part `key` (the executable's asset of that name). */
export type ReadPart = (key: string) => string;

/** V8's code cache of the part `key` (partCodeCache), if there is one. */
export type ReadCodeCache = (key: string) => Uint8Array | undefined;

interface PartModule {
  exports: unknown;
}

/** The arguments of Node's CommonJS wrapper, in its order. */
const WRAPPER_PARAMETERS = ['exports', 'require', 'module', '__filename', '__dirname'];

/**
 * requirePart over the parts `readPart` gives: each compiled and run once, cached before it runs
 * (a circle of requires gets the exports so far, as in Node).
 */
export function partLoader(readPart: ReadPart, readCodeCache: ReadCodeCache = () => undefined): RequirePart {
  const loaded = new Map<string, PartModule>();
  const requirePart = (key: string): unknown => {
    const known = loaded.get(key);
    if (known) return known.exports;
    const source = readPart(key);
    const module: PartModule = { exports: {} };
    loaded.set(key, module);
    const directory = posix.dirname(key);
    const wrapper = compilePart(key, source, readCodeCache(key));
    const requireFromPart = (specifier: string): unknown =>
      isRelative(specifier) ? requirePart(partKey(directory, specifier)) : builtinModule(specifier);
    try {
      wrapper.call(module.exports, module.exports, requireFromPart, module, key, directory);
    } catch (error) {
      // As Node does: a part that failed to load is loaded again by the next require().
      loaded.delete(key);
      throw error;
    }
    return module.exports;
  };
  return requirePart;
}

/**
 * A part's source compiled as Node wraps a CommonJS module. V8 takes from `codeCache` what it
 * compiled of this very source before (partCodeCache), and compiles from the source when the cache
 * is for another source or another V8 (`cachedDataRejected`): a cache changes speed, never meaning.
 */
export function compilePart(key: string, source: string, codeCache?: Uint8Array) {
  return compileFunction(source, WRAPPER_PARAMETERS, { filename: key, cachedData: codeCache });
}

/**
 * V8's code cache of a part compiled as compilePart does: made when the executable is built, by the
 * Node the executable is made of (scripts/executable-code-cache.ts), as `useCodeCache` makes one of
 * the main script; never at run time.
 */
export function partCodeCache(key: string, source: string): Uint8Array {
  const compiled = compileFunction(source, WRAPPER_PARAMETERS, { filename: key, produceCachedData: true });
  if (compiled.cachedData === undefined) throw new Error(`${key}: V8 made no code cache of it`);
  return compiled.cachedData;
}

/** The asset that holds V8's code cache of the part `key`. */
export function codeCacheKey(key: string): string {
  return `${key}.v8-cache`;
}

function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../');
}

/** The key of the part `specifier` names from a part in `directory` (`chunks` + `../start.js`). */
export function partKey(directory: string, specifier: string): string {
  const key = posix.join(directory, specifier);
  if (key.startsWith('../')) throw notFound(specifier);
  return key;
}

/** One of Node's own modules (`node:fs`, `fs`); anything else is not in the executable. */
function builtinModule(specifier: string): unknown {
  const module = process.getBuiltinModule(specifier);
  if (module === undefined) throw notFound(specifier);
  return module;
}

/** The error Node's require() throws for a module it does not find (pg asks for pg-native so). */
function notFound(specifier: string): Error {
  return Object.assign(new Error(`Cannot find module '${specifier}'`), { code: 'MODULE_NOT_FOUND' });
}
