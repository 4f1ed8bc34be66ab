// Layers point one way: no module of src/ reaches itself again through its relative imports, and
// the command context (src/context.ts) never depends on a command.
//
// Circles are looked for among the static relative imports of each src/**/*.ts file: `import …
// from`, `import type … from`, side-effect `import './x.js'` and `export … from`. Dynamic
// `import()` (and a type's `import('./x.js').Name`) is left out on purpose: it is how a module
// loads a heavier one lazily at run time (context.ts → api/client.ts, the command registry → the
// commands), and loading at run time does not tangle ownership. context.ts's dynamic imports are
// still checked for commands.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sourceRoot = join(repositoryRoot, 'src');

type ImportGraph = Map<string, string[]>;

function typeScriptFilesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => join(directory, name))
    .sort();
}

/** The module specifiers of a file's static imports and re-exports. */
function staticSpecifiers(fileName: string, text: string): string[] {
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of sourceFile.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** The module specifiers of a file's dynamic `import('…')` calls with a literal specifier. */
function dynamicSpecifiers(fileName: string, text: string): string[] {
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return specifiers;
}

/**
 * The .ts file a relative specifier names (ESM source imports `./x.js` for `./x.ts`), or null for
 * a data file such as package.json, which imports nothing and so closes no circle.
 */
function resolveRelative(importer: string, specifier: string): string | null {
  const target = resolve(dirname(importer), specifier);
  const candidates = [target.replace(/\.js$/, '.ts'), `${target}.ts`, join(target, 'index.ts'), target];
  const found = candidates.find((candidate) => candidate.endsWith('.ts') && existsSync(candidate));
  if (found === undefined) {
    if (!target.endsWith('.js') && !target.endsWith('.ts') && existsSync(target)) return null;
    throw new Error(`${relativeName(importer)} imports '${specifier}', which names no .ts file`);
  }
  return found;
}

function relativeName(file: string): string {
  return relative(repositoryRoot, file).split('\\').join('/');
}

/** The source files that `file`'s relative specifiers name (data files left out). */
function relativeTargets(file: string, specifiers: readonly string[]): string[] {
  const targets = specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveRelative(file, specifier))
    .filter((target) => target !== null);
  return [...new Set(targets)];
}

function importGraphOf(files: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of files) {
    graph.set(file, relativeTargets(file, staticSpecifiers(file, readFileSync(file, 'utf8'))));
  }
  return graph;
}

/** Groups of modules that reach each other (Tarjan's strongly connected components). */
function stronglyConnectedGroups(graph: ImportGraph): string[][] {
  const indexOf = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let nextIndex = 0;

  const visit = (node: string): void => {
    indexOf.set(node, nextIndex);
    lowLink.set(node, nextIndex);
    nextIndex += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!indexOf.has(target)) {
        visit(target);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, indexOf.get(target)!));
      }
    }
    if (lowLink.get(node) === indexOf.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      const importsItself = (graph.get(node) ?? []).includes(node);
      if (group.length > 1 || importsItself) groups.push(group.sort());
    }
  };

  for (const node of [...graph.keys()].sort()) {
    if (!indexOf.has(node)) visit(node);
  }
  return groups;
}

/** The shortest circle from the group's first module back to itself, staying inside the group. */
function shortestCircle(graph: ImportGraph, group: readonly string[]): string[] {
  const members = new Set(group);
  const start = group[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/** One line per circle, naming the modules in import order. */
function importCircles(graph: ImportGraph): string[] {
  return stronglyConnectedGroups(graph)
    .map((group) => {
      const circle = shortestCircle(graph, group).map(relativeName).join(' → ');
      const others = group.length > circle.split(' → ').length - 1 ? ` (${group.length} modules in all)` : '';
      return `${circle}${others}`;
    })
    .sort();
}

describe('import graph of src/', () => {
  const files = typeScriptFilesUnder(sourceRoot);
  const graph = importGraphOf(files);

  it('reads every source file and finds their imports', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(graph.get(join(sourceRoot, 'main.ts'))).toContain(join(sourceRoot, 'cli.ts'));
  });

  it('has no import circles', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('src/context.ts imports nothing from src/commands/, statically or dynamically', () => {
    const commandsRoot = join(sourceRoot, 'commands');
    const context = join(sourceRoot, 'context.ts');
    const text = readFileSync(context, 'utf8');
    const imported = relativeTargets(context, [
      ...staticSpecifiers(context, text),
      ...dynamicSpecifiers(context, text),
    ]);
    // Its imports were read (the client it loads lazily among them): the check below can fail.
    expect(imported).toContain(join(sourceRoot, 'api', 'client.ts'));
    const fromCommands = imported
      .filter((target) => !relative(commandsRoot, target).startsWith('..'))
      .map(relativeName);
    expect(fromCommands).toEqual([]);
  });
});

describe('the circle finder', () => {
  const named = (edges: Record<string, string[]>): ImportGraph =>
    new Map(
      Object.entries(edges).map(([from, to]) => [
        join(sourceRoot, from),
        to.map((target) => join(sourceRoot, target)),
      ]),
    );

  it('names a two-module circle, a longer one and a module importing itself', () => {
    const graph = named({
      'a.ts': ['b.ts'],
      'b.ts': ['a.ts', 'c.ts'],
      'c.ts': [],
      'd.ts': ['e.ts'],
      'e.ts': ['f.ts'],
      'f.ts': ['d.ts'],
      'g.ts': ['g.ts'],
    });
    expect(importCircles(graph)).toEqual([
      'src/a.ts → src/b.ts → src/a.ts',
      'src/d.ts → src/e.ts → src/f.ts → src/d.ts',
      'src/g.ts → src/g.ts',
    ]);
  });

  it('finds nothing in a graph that only points one way', () => {
    expect(importCircles(named({ 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }))).toEqual([]);
  });

  it('counts import type, side-effect imports and re-exports, not dynamic import()', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import './c.js';",
      "export { d } from './d.js';",
      "export type * from './e.js';",
      "const lazy = () => import('./f.js');",
    ].join('\n');
    expect(staticSpecifiers('x.ts', text)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js']);
    expect(dynamicSpecifiers('x.ts', text)).toEqual(['./f.js']);
  });
});
