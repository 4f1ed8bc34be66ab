// The single executable's loader (src/sea-parts.ts) over parts given as text, as the executable's
// assets give them: a part is a CommonJS module as Node runs one, compiled once, its relative
// require()s naming other parts and any other one a module of Node's own.
import { describe, expect, it } from 'vitest';
import { codeCacheKey, compilePart, partCodeCache, partKey, partLoader } from '../../src/sea-parts.js';

/** A loader over `parts`, and the keys it read, in order. */
function loaderOf(parts: Record<string, string>) {
  const reads: string[] = [];
  const requirePart = partLoader((key) => {
    reads.push(key);
    const text = parts[key];
    if (text === undefined) throw new Error(`no asset ${key}`);
    return text;
  });
  return { requirePart, reads };
}

describe('the single executable’s loader of parts', () => {
  it('runs a part as a CommonJS module whose relative requires name other parts, up and down', () => {
    const { requirePart, reads } = loaderOf({
      'main.js': 'exports.answer = require("./start.js").twice(21);',
      'start.js': 'exports.twice = (n) => require("./chunks/math.js").times(n, 2); exports.name = "start";',
      'chunks/math.js':
        'const start = require("../start.js"); exports.times = (a, b) => a * b; exports.of = start.name;',
    });
    expect(requirePart('main.js')).toEqual({ answer: 42 });
    expect(requirePart('chunks/math.js')).toMatchObject({ of: 'start' });
    // Each part read (and compiled) once, on its first require().
    expect(reads).toEqual(['main.js', 'start.js', 'chunks/math.js']);
  });

  it('gives a part the exports so far of one that requires it in a circle, as Node does', () => {
    const { requirePart } = loaderOf({
      'a.js': 'exports.before = 1; exports.seen = require("./b.js").seen; exports.after = 2;',
      'b.js': 'exports.seen = { ...require("./a.js") };',
    });
    expect(requirePart('a.js')).toEqual({ before: 1, seen: { before: 1 }, after: 2 });
  });

  it('hands a part module, exports, this and its key as __filename and __dirname', () => {
    const { requirePart } = loaderOf({
      'chunks/x.js': 'module.exports = { same: this === exports, filename: __filename, dirname: __dirname };',
    });
    expect(requirePart('chunks/x.js')).toEqual({ same: true, filename: 'chunks/x.js', dirname: 'chunks' });
  });

  it("requires Node's own modules, with or without node:, and refuses any other", () => {
    const { requirePart } = loaderOf({
      'main.js':
        'exports.path = require("node:path"); exports.fs = require("fs"); ' +
        'try { require("pg-native"); } catch (error) { exports.code = error.code; exports.message = error.message; }',
    });
    const exported = requirePart('main.js') as Record<string, unknown>;
    expect(exported.path).toBe(process.getBuiltinModule('node:path'));
    expect(exported.fs).toBe(process.getBuiltinModule('node:fs'));
    expect(exported).toMatchObject({ code: 'MODULE_NOT_FOUND', message: "Cannot find module 'pg-native'" });
  });

  it('keeps a part strict when it says "use strict", as the built parts do', () => {
    const { requirePart } = loaderOf({ 'main.js': '"use strict"; undeclared = 1;' });
    expect(() => requirePart('main.js')).toThrow(ReferenceError);
  });

  it('loads a part that threw again on the next require, as Node does', () => {
    let attempts = 0;
    const requirePart = partLoader(() => {
      attempts += 1;
      return attempts === 1 ? 'throw new Error("first")' : 'exports.ok = true;';
    });
    expect(() => requirePart('main.js')).toThrow('first');
    expect(requirePart('main.js')).toEqual({ ok: true });
  });

  it('resolves a relative specifier from the part’s directory, never above the parts', () => {
    expect(partKey('chunks', '../start.js')).toBe('start.js');
    expect(partKey('.', './chunks/a.js')).toBe('chunks/a.js');
    expect(partKey('chunks', './chunk-X.js')).toBe('chunks/chunk-X.js');
    expect(() => partKey('chunks', '../../etc/passwd')).toThrow("Cannot find module '../../etc/passwd'");
  });

  it('takes V8’s code cache of the very source, and compiles from the source a cache of another', () => {
    const source = 'exports.sum = [1, 2, 3].reduce((a, b) => a + b); // a part with a code cache';
    const codeCache = partCodeCache('main.js', source);
    expect(compilePart('main.js', source, codeCache).cachedDataRejected).toBe(false);
    // A source this process never compiled (V8 22+ would otherwise find it compiled already and
    // not read the cache at all), given the cache of another.
    const other = 'exports.sum = 6; // a part whose code cache is of another source';
    expect(compilePart('main.js', other, codeCache).cachedDataRejected).toBe(true);
    // Either way a part runs as its source says.
    for (const [text, cache] of [
      [source, codeCache],
      [other, codeCache],
    ] as const) {
      const requirePart = partLoader(
        () => text,
        () => cache,
      );
      expect(requirePart('main.js')).toEqual({ sum: 6 });
    }
    expect(codeCacheKey('chunks/x.js')).toBe('chunks/x.js.v8-cache');
  });
});
