// The build's rewriting of start-up files so that V8 compiles their functions with the file
// (scripts/eager-functions.mjs): each rewrite keeps what the code does, and leaves a function
// whose `this` or `arguments` would change as it was.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { eagerFunctions } from '../../scripts/eager-functions.mjs';
import { binPath, ensureBuilt, repoRoot } from '../helpers/spawn-cli.js';

/** What `code` leaves in `result`, run as a CommonJS file's body. */
function run(code: string): unknown {
  const module = { exports: {} as Record<string, unknown> };
  runInNewContext(`(function (exports, module) {${code}\n})`, {})(module.exports, module);
  return module.exports.result;
}

/** Runs `code` before and after the rewrite: the same result; the rewritten text. */
function rewritten(code: string): string {
  const eager = eagerFunctions(code, 'example.js');
  expect(run(eager)).toEqual(run(code));
  return eager;
}

describe('start-up functions compiled with their file', () => {
  it('writes an arrow function as a function expression in parentheses', () => {
    expect(rewritten('const twice = (n) => n * 2; module.exports.result = twice(21);')).toBe(
      'const twice = (function(n){return n * 2}); module.exports.result = twice(21);',
    );
    expect(rewritten('module.exports.result = [1, 2].map(n => ({ n }));')).toBe(
      'module.exports.result = [1, 2].map((function(n){return ({ n })}));',
    );
  });

  it('keeps an arrow that reads its surrounding arguments, new.target or super as it is', () => {
    const code =
      'function first() { return (() => arguments[0])(); }' +
      'function Made() { this.made = (() => new.target === Made)(); }' +
      'class Base { v() { return 1; } } class Sub extends Base { v() { return (() => super.v() + 1)(); } }' +
      'module.exports.result = [first(7), new Made().made, new Sub().v()];';
    const eager = rewritten(code);
    expect(eager).toContain('() => arguments[0]');
    expect(eager).toContain('() => new.target === Made');
    expect(eager).toContain('() => super.v() + 1');
  });

  it("writes an arrow that reads this as a function expression reading a var of its function's this", () => {
    const eager = rewritten(
      'function Box(v) { this.v = v; this.get = () => this.v; }' +
        'class Pair { constructor(a) { this.a = a; } both(list) { return list.map(n => [n, this.a, (() => this.a)()]); }' +
        '  own() { return [1].map(function () { return this; }, "mine"); } }' +
        'module.exports.result = [new Box(3).get(), new Pair(2).both([1]), new Pair(0).own().map(String)];',
    );
    expect(eager).toContain(
      'var Box=(function(v){var __paygateThis=this; this.v = v; this.get = (function(){return __paygateThis.v}); });',
    );
    expect(eager).toContain(
      'both:(function(list){var __paygateThis=this; return list.map((function(n){return [n, __paygateThis.a, ((function(){return __paygateThis.a}))()]})); })',
    );
    // A function's own this is its own: not renamed, and no var where no arrow needs one.
    expect(eager).toContain('own:(function(){ return [1].map((function () { return this; }), "mine"); })');
  });

  it("keeps an arrow reading this where no var can come first: a derived class's constructor, a field, the top level, a parameter", () => {
    const code =
      'class Base { constructor() { this.v = 2; } }' +
      'class Sub extends Base { constructor() { super(); this.late = () => this.v * 2; } field = () => this.v; }' +
      'const top = () => this;' +
      'function withDefault(read = () => this.v) { return read(); }' +
      'module.exports.result = [new Sub().late(), new Sub().field(), top() === module.exports, withDefault.call({ v: 4 })];';
    const eager = rewritten(code);
    expect(eager).toContain('this.late = () => this.v * 2;');
    expect(eager).toContain('field = () => this.v;');
    expect(eager).toContain('const top = () => this;');
    // A parameter's default is read before the body, where the var would be.
    expect(eager).toContain('(read = () => this.v)');
  });

  it('rewrites an arrow whose own inner functions read their own this', () => {
    expect(
      rewritten(
        'const make = () => function () { return this.x; }; module.exports.result = make().call({ x: 5 });',
      ),
    ).toMatch(/^const make = \(function\(\)\{return \(function \(\) \{ return this\.x; \}\)\}\);/);
  });

  it('makes a declaration a var at the start of its scope, so it can be called before where it was', () => {
    const eager = rewritten(
      '"use strict"; module.exports.result = [early(), typeof later, named.name];' +
        'function early() { return later(2); } function later(n) { return n + 1; } function named() {}',
    );
    expect(eager.startsWith('"use strict";;var early=(function(){ return later(2); });var later=')).toBe(
      true,
    );
    expect(run(eager)).toEqual([3, 'function', 'named']);
  });

  it('hoists inside a function body, after its directives, and leaves declarations in blocks alone', () => {
    const eager = rewritten(
      'function outer() { "use strict"; return inner(); function inner() { return 4; } }' +
        'if (true) { function inBlock() { return 5; } }' +
        'module.exports.result = [outer(), inBlock()];',
    );
    expect(eager).toContain('{ "use strict";;var inner=(function(){ return 4; }); return inner();  }');
    expect(eager).toContain('if (true) { function inBlock() { return 5; } }');
  });

  it('keeps async functions, generators and async arrows what they are', async () => {
    const code =
      'async function later() { return 1; } function* count() { yield 1; yield 2; }' +
      'const wait = async (n) => (await later()) + n;' +
      'module.exports.result = { generator: [...count()], promise: wait(1) };';
    const eager = eagerFunctions(code, 'example.js');
    expect(eager).toContain(
      'var later=(async function(){ return 1; });var count=(function*(){ yield 1; yield 2; });',
    );
    expect(eager).toContain('const wait = (async function(n){return (await later()) + n});');
    const before = run(code) as { generator: number[]; promise: Promise<number> };
    const after = run(eager) as { generator: number[]; promise: Promise<number> };
    expect(after.generator).toEqual(before.generator);
    expect(await after.promise).toBe(await before.promise);
  });

  it('puts a function expression in parentheses once', () => {
    const eager = rewritten(
      'const a = function () { return 1; }; const b = (function () { return 2; });' +
        'module.exports.result = [a(), b(), a.name];',
    );
    expect(eager).toContain('const a = (function () { return 1; });');
    expect(eager).toContain('const b = (function () { return 2; });');
  });

  it("moves a class's methods to a literal of function expressions, between its prototype and the one it extends", () => {
    const eager = rewritten(
      '"use strict"; class Base { base() { return "base"; } }' +
        'class Made extends Base { #secret = 5; constructor() { super(); this.own = 1; }' +
        '  add(n) { return this.#secret + n + Made.step; } static step = 2;' +
        '  get doubled() { return this.add(0) * 2; } #hidden() { return 7; } peek() { return this.#hidden(); } }' +
        'const Inner = class Named { who() { return Named.name; } };' +
        'module.exports.result = [new Made().add(1), new Made().doubled, new Made().peek(), new Made().base(),' +
        '  new Inner().who(), Made.prototype.add.name, Object.keys(new Made()), new Made() instanceof Base];',
    );
    expect(eager.startsWith('"use strict";;var __paygateEagerMethods=(function(made,methods){')).toBe(true);
    expect(eager).toContain(
      'class Base {static{__paygateEagerMethods(this,{__proto__:null,base:(function(){ return "base"; })})}  }',
    );
    expect(eager).toContain(
      'static{__paygateEagerMethods(this,{__proto__:null,add:(function(n){ return this.#secret + n + Made.step; }),peek:(function(){ return this.#hidden(); })})}',
    );
    // A derived class's constructor and static members stay in the class body; accessors and
    // private methods go to the table (the next test).
    expect(eager).toContain('constructor() { super(); this.own = 1; }');
    expect(eager).toContain('static step = 2;');
    expect(eager).toContain('get doubled(){return Made.#paygateEagerBodies[0].call(this)}');
    expect(eager).toContain('#hidden(){return Made.#paygateEagerBodies[1].apply(this,arguments)}');
    expect(eager).toContain(
      'class Named {static{__paygateEagerMethods(this,{__proto__:null,who:(function(){ return Named.name; })})}',
    );
  });

  it("writes a constructor's, a private method's and an accessor's body in a static table of function expressions, each member calling its own", () => {
    const eager = rewritten(
      'var Box = class { #v; constructor(v = 3, ...rest) { this.#v = v + rest.length; this.read = () => this.#v; }' +
        '  get v() { return this.#v; } set v(next) { this.#v = next; } #twice(n = 1) { return this.#v * 2 * n; }' +
        '  async #later() { return this.#v; } *#each() { yield this.#v; yield this.#twice(); }' +
        '  all() { return [this.#twice(), [...this.#each()], this.#later() instanceof Promise]; } };' +
        'const box = new Box(4, "a", "b"); box.v = 5;' +
        'module.exports.result = [new Box().v, new Box(2).read(), box.v, box.all(), Box.name];',
    );
    expect(eager).toContain(
      'var Box = class {static #paygateEagerBodies=[(function(v = 3,...rest){var __paygateThis=this; this.#v = v + rest.length; this.read = (function(){return __paygateThis.#v}); }),',
    );
    expect(eager).toContain('constructor(){Box.#paygateEagerBodies[0].apply(this,arguments)}');
    expect(eager).toContain('get v(){return Box.#paygateEagerBodies[1].call(this)}');
    expect(eager).toContain('set v(__paygateValue){Box.#paygateEagerBodies[2].call(this,__paygateValue)}');
    expect(eager).toContain('#twice(){return Box.#paygateEagerBodies[3].apply(this,arguments)}');
    // An async or generator body stays one: the member returns what it returns.
    expect(eager).toContain('(async function(){ return this.#v; })');
    expect(eager).toContain('(function*(){ yield this.#v; yield this.#twice(); })');
  });

  it("leaves in the class body a derived class's constructor, one that reads new.target or returns a value, and a class with no name to reach it by", () => {
    const eager = rewritten(
      'class Base { constructor() { this.base = new.target.name; } }' +
        'class Other { constructor() { return { other: true }; } }' +
        'class Early { constructor(list) { if (list.length === 0) return; this.first = list[0]; } }' +
        'const made = [new (class { constructor() { this.anonymous = 1; } })()];' +
        'module.exports.result = [new Base().base, new Other(), new Early([]).first, new Early([7]).first, made[0].anonymous];',
    );
    expect(eager).toContain('constructor() { this.base = new.target.name; }');
    expect(eager).toContain('constructor() { return { other: true }; }');
    // A return without a value leaves `this` the result: the body goes to the table.
    expect(eager).toContain('constructor(){Early.#paygateEagerBodies[0].apply(this,arguments)}');
    expect(eager).toContain('constructor() { this.anonymous = 1; }');
  });

  it('leaves a method that uses super, or that a super.name of its class reads, in the class body', () => {
    const eager = rewritten(
      'class Base { greet() { return "base"; } name() { return "b"; } }' +
        'class Made extends Base { greet() { return "made " + super.greet(); } name() { return "m"; }' +
        '  both() { return super.name() + this.name(); } }' +
        'module.exports.result = [new Made().greet(), new Made().both()];',
    );
    expect(eager).toContain('greet() { return "made " + super.greet(); }');
    expect(eager).toContain('name() { return "m"; }');
    expect(eager).toContain('both() { return super.name() + this.name(); }');
  });

  it('leaves a method whose name is also an accessor of the class, or __proto__, in the class body', () => {
    const eager = rewritten(
      'class Made { value() { return 1; } static value() { return 2; } ["__proto__"]() { return 3; } other() { return 4; } }' +
        'module.exports.result = [new Made().value(), Made.value(), new Made().other()];',
    );
    expect(eager).toContain('value() { return 1; }');
    expect(eager).toContain('{__proto__:null,other:(function(){ return 4; })}');
  });

  it('rewrites only the functions named, by their place in the file, when told which', () => {
    const code = 'const used = (n) => n + 1; const unused = (n) => n - 1; module.exports.result = used(1);';
    const eager = eagerFunctions(code, 'example.js', {
      called: (start) => start === code.indexOf('(n) => n + 1'),
    });
    expect(eager).toBe(
      'const used = (function(n){return n + 1}); const unused = (n) => n - 1; module.exports.result = used(1);',
    );
  });

  it('fails on code that does not parse', () => {
    expect(() => eagerFunctions('const = 1;', 'broken.js')).toThrow(/broken\.js/);
  });
});

describe('the built start-up files', () => {
  /**
   * What a `split preview` run calls, in each start-up file, that V8 compiles when called rather
   * than with its file: a function declaration, an arrow that reads no `this` or `arguments` (or
   * reads `this` of a method or a function), or a class's method that could be moved out of its
   * body (scripts/eager-functions.mjs).
   */
  /** Whether the nearest function around `arrow` that is not an arrow is a method or a function. */
  function inMethodOrFunction(arrow: ts.Node): boolean {
    let node = arrow.parent;
    while (
      !ts.isSourceFile(node) &&
      !ts.isClassLike(node) &&
      !ts.isPropertyDeclaration(node) &&
      (!ts.isFunctionLike(node) || ts.isArrowFunction(node))
    )
      node = node.parent;
    return (
      ts.isMethodDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isFunctionDeclaration(node) ||
      ts.isAccessor(node)
    );
  }

  function calledAndLazy(): string[] {
    ensureBuilt();
    const dist = join(repoRoot, 'dist');
    const coverage = mkdtempSync(join(tmpdir(), 'paygate-eager-coverage-'));
    try {
      const run = spawnSync(
        process.execPath,
        [binPath, 'split', 'preview', '--amount', '10000', '--split', '1002=100%'],
        {
          env: {
            PATH: process.env.PATH ?? '',
            HOME: coverage,
            NO_COLOR: '1',
            NODE_V8_COVERAGE: coverage,
            PAYGATE_CONFIG_DIR: join(coverage, 'config'),
          },
          encoding: 'utf8',
        },
      );
      expect(run.stdout).toContain('R$ 96,01');
      const left: string[] = [];
      for (const name of readdirSync(coverage).filter((file) => file.endsWith('.json'))) {
        for (const script of JSON.parse(readFileSync(join(coverage, name), 'utf8')).result) {
          const match = /\/dist\/((?:chunks\/hot\.[^/]+)|main\.js|start\.js)$/.exec(script.url);
          if (!match) continue;
          const code = readFileSync(join(dist, match[1]!), 'utf8');
          const source = ts.createSourceFile(match[1]!, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
          const called = new Set(
            script.functions
              .filter((fn: { ranges: { count: number }[] }) => fn.ranges[0]!.count > 0)
              .map(
                (fn: { ranges: { startOffset: number; endOffset: number }[] }) =>
                  `${fn.ranges[0]!.startOffset}:${fn.ranges[0]!.endOffset}`,
              ),
          );
          const visit = (node: ts.Node) => {
            const text = node.getText(source);
            const lazy =
              ts.isFunctionDeclaration(node) ||
              (ts.isArrowFunction(node) && !/\bthis\b|\barguments\b/.test(text)) ||
              (ts.isArrowFunction(node) &&
                !/\barguments\b|\bsuper\b|new\.target|\bclass\b/.test(text) &&
                inMethodOrFunction(node)) ||
              (ts.isMethodDeclaration(node) &&
                ts.isIdentifier(node.name) &&
                !node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword) &&
                !/\bsuper\b/.test(text) &&
                !node.parent.getText(source).includes(`super.${node.name.text}`)) ||
              // A member whose body the table holds is a one-line call of it: not left lazy.
              ((ts.isConstructorDeclaration(node) ||
                ts.isAccessor(node) ||
                (ts.isMethodDeclaration(node) && ts.isPrivateIdentifier(node.name))) &&
                ts.isClassLike(node.parent) &&
                !node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword) &&
                !/\bsuper\b|new\.target|#paygateEagerBodies|\breturn\b/.test(text) &&
                (!ts.isConstructorDeclaration(node) || (node.parent.heritageClauses ?? []).length === 0));
            if (lazy && called.has(`${node.getStart(source)}:${node.end}`))
              left.push(`${match[1]}: ${text.slice(0, 60)}`);
            ts.forEachChild(node, visit);
          };
          visit(source);
        }
      }
      return left;
    } finally {
      rmSync(coverage, { recursive: true, force: true });
    }
  }

  it('leave none of the functions `split preview` calls to be compiled when called', () => {
    expect(calledAndLazy()).toEqual([]);
  });

  it('carry the version of package.json, not the rest of it (an object made at every start)', () => {
    ensureBuilt();
    const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    for (const name of ['main.js', 'start.js']) {
      const code = readFileSync(join(repoRoot, 'dist', name), 'utf8');
      expect(code, name).not.toContain(packageJson.description);
      expect(code, name).not.toContain('devDependencies');
    }
    expect(readFileSync(join(repoRoot, 'dist', 'main.js'), 'utf8')).toContain(
      `version:${JSON.stringify(packageJson.version)}`,
    );
  });
});
