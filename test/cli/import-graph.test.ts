// Layers point one way: no module of src/ imports one of a higher layer (docs/architecture.md,
// "What each folder may import"), no folder of one layer imports one its table says it never
// imports, no module reaches itself again through its relative imports, no folder (a command's
// noun included) reaches itself again through another, and the command context (src/context.ts)
// never depends on a command.
//
// The graph holds every relative import of each src/**/*.ts file: `import … from`, `import type
// … from`, side-effect `import './x.js'`, `export … from`, dynamic `import('./x.js')` and a
// type's `import('./x.js').Name`. A lazy import is still an arrow: the module that loads another
// at run time depends on it as much as one that imports it at start-up.
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

/**
 * The module specifiers of a file's dynamic `import('…')` calls with a literal specifier, and of
 * its `import('…').Name` types.
 */
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
    if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text);
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
    const text = readFileSync(file, 'utf8');
    graph.set(
      file,
      relativeTargets(file, [...staticSpecifiers(file, text), ...dynamicSpecifiers(file, text)]),
    );
  }
  return graph;
}

/**
 * The layers of docs/architecture.md, lowest first: a module may import its own layer and those
 * below, never one above. Each entry is a file of src/ or a folder (ending in `/`).
 */
const LAYERS: readonly (readonly string[])[] = [
  // The catalog of words (docs/language.md): a leaf under everything.
  ['text/'],
  // The rules and the leaves everything may use.
  ['domain/', 'errors.ts', 'json.ts', 'sleep.ts', 'io.ts', 'read-body.ts', 'http-server.ts', 'sea-parts.ts'],
  ['schemas/'],
  // The API client, the settings and the journal, output, the webhook receiver, the sandbox.
  ['api/', 'config/', 'output/', 'webhook/', 'sandbox/'],
  // What every handler gets.
  ['context.ts', 'global-options.ts', 'flag-syntax.ts', 'prompter.ts'],
  ['commands/'],
  // What parses argv and runs a handler; the registry loads every command's specs.
  ['commands/registry.ts', 'command-line.ts', 'program.ts', 'cli.ts', 'main.ts', 'entry.ts', 'sea-main.ts'],
];

/** The layer of a file of src/ (its most specific entry in LAYERS); a file in none fails the test. */
function layerOf(file: string): number {
  const name = relative(sourceRoot, file).split('\\').join('/');
  let found: { layer: number; length: number } | undefined;
  LAYERS.forEach((entries, layer) => {
    for (const entry of entries) {
      const matches = entry.endsWith('/') ? name.startsWith(entry) : name === entry;
      if (matches && (found === undefined || entry.length > found.length))
        found = { layer, length: entry.length };
    }
  });
  if (found === undefined)
    throw new Error(`src/${name} is in no layer of the import-graph test: add it to LAYERS`);
  return found.layer;
}

/** One line per import of a higher layer: `importer → imported`. */
function arrowsUp(graph: ImportGraph, layer: (file: string) => number): string[] {
  const arrows: string[] = [];
  for (const [importer, targets] of graph) {
    for (const target of targets) {
      if (layer(target) > layer(importer)) arrows.push(`${relativeName(importer)} → ${relativeName(target)}`);
    }
  }
  return arrows.sort();
}

/**
 * What the folders of one layer never import of each other (docs/architecture.md, the table of
 * "What each folder may import"): the layers alone allow any import within a layer.
 */
const NEVER_IMPORTS: Readonly<Record<string, readonly string[]>> = {
  'api/': ['config/', 'output/', 'webhook/', 'sandbox/'],
  'output/': ['api/', 'config/', 'webhook/', 'sandbox/'],
  'config/': ['api/', 'output/', 'webhook/', 'sandbox/'],
  'webhook/': ['config/', 'sandbox/'],
  'sandbox/': ['api/', 'config/', 'output/', 'webhook/'],
};

/** The imports the table names as its exceptions (docs/architecture.md), one line each. */
const KNOWN_EXCEPTIONS: readonly string[] = [
  'src/config/journal-scope.ts → src/api/client.ts',
  'src/config/journal-scope.ts → src/api/errors.ts',
  'src/config/settings.ts → src/output/formats.ts',
  'src/sandbox/notifier.ts → src/api/poster.ts',
  'src/webhook/log.ts → src/config/trusted-path.ts',
];

function sourceName(file: string): string {
  return relative(sourceRoot, file).split('\\').join('/');
}

/** One line per import the table forbids between folders of one layer, its exceptions aside. */
function forbiddenWithinLayer(graph: ImportGraph): string[] {
  const arrows: string[] = [];
  for (const [importer, targets] of graph) {
    const from = sourceName(importer);
    const never = Object.entries(NEVER_IMPORTS).find(([folder]) => from.startsWith(folder))?.[1] ?? [];
    for (const target of targets) {
      const arrow = `${relativeName(importer)} → ${relativeName(target)}`;
      const to = sourceName(target);
      if (never.some((folder) => to.startsWith(folder)) && !KNOWN_EXCEPTIONS.includes(arrow))
        arrows.push(arrow);
    }
  }
  return arrows.sort();
}

/**
 * The folder of a module, as the graph of folders counts it: a command's noun
 * (`src/commands/charge`), another folder of src/ (`src/api`), or the file itself at the top of
 * src/ or of src/commands/.
 */
function folderOf(file: string): string {
  const parts = sourceName(file).split('/');
  const depth = parts[0] === 'commands' ? 2 : 1;
  return `src/${parts.slice(0, parts.length > depth ? depth : parts.length).join('/')}`;
}

/** The import graph of the folders: an arrow wherever a module of one imports a module of another. */
function folderGraphOf(graph: ImportGraph): ImportGraph {
  const folders: ImportGraph = new Map();
  for (const [importer, targets] of graph) {
    const from = join(repositoryRoot, folderOf(importer));
    const arrows = folders.get(from) ?? [];
    for (const target of targets) {
      const to = join(repositoryRoot, folderOf(target));
      if (to !== from && !arrows.includes(to)) arrows.push(to);
    }
    folders.set(from, arrows);
  }
  return folders;
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

  it('has no import circles, dynamic imports included', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('puts every source file in a layer, and has no import of a higher layer', () => {
    for (const file of files) expect(() => layerOf(file)).not.toThrow();
    expect(arrowsUp(graph, layerOf)).toEqual([]);
  });

  it('has no import the table forbids between folders of one layer, its exceptions aside', () => {
    expect(forbiddenWithinLayer(graph)).toEqual([]);
    // Each exception is still an import of src/: one that is gone leaves the table.
    const arrows = [...graph].flatMap(([importer, targets]) =>
      targets.map((target) => `${relativeName(importer)} → ${relativeName(target)}`),
    );
    expect(KNOWN_EXCEPTIONS.filter((exception) => !arrows.includes(exception))).toEqual([]);
  });

  it('has no circle between folders: a noun of src/commands/ never reaches itself through another', () => {
    const folders = folderGraphOf(graph);
    // The nouns import each other (auth the sandbox's words): the check below can fail.
    expect(folders.get(join(sourceRoot, 'commands', 'auth'))).toContain(
      join(sourceRoot, 'commands', 'sandbox'),
    );
    expect(importCircles(folders)).toEqual([]);
  });

  it('keeps the catalog a leaf, and words out of the domain, the schemas and the API client', () => {
    const textRoot = join(sourceRoot, 'text');
    const factsOnly = ['domain', 'schemas', 'api'].map((folder) => join(sourceRoot, folder));
    const arrows: string[] = [];
    for (const [importer, targets] of graph) {
      for (const target of targets) {
        const fromText = importer.startsWith(textRoot) && !target.startsWith(textRoot);
        const wordsInFacts =
          factsOnly.some((root) => importer.startsWith(root)) && target.startsWith(textRoot);
        if (fromText || wordsInFacts) arrows.push(`${relativeName(importer)} → ${relativeName(target)}`);
      }
    }
    expect(arrows).toEqual([]);
  });

  it('reads lazy imports: the registry loads the specs of each noun', () => {
    expect(graph.get(join(sourceRoot, 'commands', 'registry.ts'))).toContain(
      join(sourceRoot, 'commands', 'charge', 'spec.ts'),
    );
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

  it('counts import type, side-effect imports, re-exports, dynamic import() and import types', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import './c.js';",
      "export { d } from './d.js';",
      "export type * from './e.js';",
      "const lazy = () => import('./f.js');",
      "let typed: import('./g.js').G;",
    ].join('\n');
    expect(staticSpecifiers('x.ts', text)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js']);
    expect(dynamicSpecifiers('x.ts', text)).toEqual(['./f.js', './g.js']);
  });

  it('names an import of a higher layer, not one of the same layer or below', () => {
    const graph = named({
      'domain/a.ts': ['schemas/b.ts', 'json.ts'],
      'schemas/b.ts': ['domain/a.ts'],
      'commands/x/c.ts': ['commands/registry.ts', 'commands/y/d.ts', 'context.ts'],
      'output/e.ts': ['context.ts', 'config/f.ts'],
    });
    expect(arrowsUp(graph, layerOf)).toEqual([
      'src/commands/x/c.ts → src/commands/registry.ts',
      'src/domain/a.ts → src/schemas/b.ts',
      'src/output/e.ts → src/context.ts',
    ]);
  });

  it('names an import the table forbids within a layer, not its exceptions', () => {
    const graph = named({
      'webhook/log.ts': ['config/trusted-path.ts', 'output/format.ts'],
      'webhook/x.ts': ['config/store.ts'],
      'output/exports.ts': ['api/client.ts', 'domain/money.ts'],
      'config/settings.ts': ['output/formats.ts'],
    });
    expect(forbiddenWithinLayer(graph)).toEqual([
      'src/output/exports.ts → src/api/client.ts',
      'src/webhook/x.ts → src/config/store.ts',
    ]);
  });

  it('finds a circle between folders, a noun of src/commands/ being one folder', () => {
    const graph = named({
      'commands/auth/login.ts': ['commands/sandbox/not-running.ts', 'commands/options.ts'],
      'commands/sandbox/sandbox-url.ts': ['commands/auth/login.ts'],
      'commands/sandbox/not-running.ts': [],
      'commands/options.ts': [],
    });
    expect(importCircles(folderGraphOf(graph))).toEqual([
      'src/commands/auth → src/commands/sandbox → src/commands/auth',
    ]);
    expect(importCircles(graph)).toEqual([]);
  });

  it('catches each arrow back up that was once found in src/, dynamic imports included', () => {
    const graph = named({
      'commands/completion/completion.ts': ['program.ts', 'commands/registry.ts'],
      'commands/completion/spec.ts': ['commands/completion/completion.ts'],
      'commands/registry.ts': ['commands/completion/spec.ts'],
      'output/exports.ts': ['context.ts'],
      'output/wrap.ts': ['io.ts'],
      'io.ts': ['output/wrap.ts'],
      'domain/address.ts': ['schemas/address.ts'],
      'domain/items.ts': ['schemas/charge.ts'],
    });
    expect(arrowsUp(graph, layerOf)).toEqual([
      'src/commands/completion/completion.ts → src/commands/registry.ts',
      'src/commands/completion/completion.ts → src/program.ts',
      'src/domain/address.ts → src/schemas/address.ts',
      'src/domain/items.ts → src/schemas/charge.ts',
      'src/io.ts → src/output/wrap.ts',
      'src/output/exports.ts → src/context.ts',
    ]);
    expect(importCircles(graph)).toEqual([
      'src/commands/completion/completion.ts → src/commands/registry.ts → src/commands/completion/spec.ts → src/commands/completion/completion.ts',
      'src/io.ts → src/output/wrap.ts → src/io.ts',
    ]);
    const lazy = "export const load = async () => (await import('./completion.js')).completion;";
    expect(dynamicSpecifiers('spec.ts', lazy)).toEqual(['./completion.js']);
  });

  it('refuses a file in no layer', () => {
    expect(() => layerOf(join(sourceRoot, 'new-top-level.ts'))).toThrow(/in no layer/);
  });
});
