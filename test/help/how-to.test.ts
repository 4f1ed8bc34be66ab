// docs/how-to.md's "Add a command" is the walk of a new command kept as a recipe: every file it
// names exists (or is marked `(new)` in a folder that exists), every code name it cites is
// declared in a file it names or in its own code, and its code imports what it names from files
// that export it. A rename that leaves the recipe behind fails here.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A path, not a URL's: a clone whose path has a space (%20 in a URL) reads the same files.
const root = fileURLToPath(new URL('../..', import.meta.url));
const howTo = readFileSync(join(root, 'docs/how-to.md'), 'utf8');

/** The text of the section whose heading starts with `title`, up to the next `## `. */
function section(title: string): string {
  const start = howTo.indexOf(`\n## ${title}`);
  expect(start, `docs/how-to.md has a "## ${title}" section`).toBeGreaterThan(-1);
  const end = howTo.indexOf('\n## ', start + 1);
  return howTo.slice(start, end === -1 ? undefined : end);
}

const recipe = section('Add a command');
const CODE_BLOCK = /```ts\n([\s\S]*?)```/g;
const code = [...recipe.matchAll(CODE_BLOCK)]
  // A block inside a list item is indented with it.
  .map((match) => (match[1] as string).replace(/^ {3}/gm, ''))
  .join('\n');
const prose = recipe.replace(CODE_BLOCK, '');

/** Every path of the repository's src/, test/ or docs/ the recipe names, with or without backticks. */
const paths = [
  ...new Set([...prose.matchAll(/(?<![\w./-])((?:src|test|docs)\/[\w./-]*\w)/g)].map((m) => m[1]!)),
];
/** The paths the recipe marks as files to create: "`src/…` (new)". */
const newPaths = new Set([...prose.matchAll(/`((?:src|test)\/[\w./-]+)` \(new\)/g)].map((m) => m[1]!));
const existing = paths.filter((path) => !newPaths.has(path));
const sources = existing
  .filter((path) => path.endsWith('.ts') && existsSync(join(root, path)))
  .map((path) => readFileSync(join(root, path), 'utf8'));

const escapeName = (name: string) => name.replace(/[$]/g, '\\$&');

/** Whether `text` declares `name`: a const, function, class, interface or type, or a member. */
function isDeclared(text: string, name: string): boolean {
  const id = escapeName(name);
  return (
    new RegExp(`\\b(?:const|let|function|class|interface|type|enum)\\s+${id}\\b`).test(text) ||
    new RegExp(`(?:^|[\\s{,(])(?:readonly\\s+|async\\s+)?${id}\\??\\s*[:(<]`, 'm').test(text)
  );
}

/** Whether `text` exports `name`. */
function isExported(text: string, name: string): boolean {
  const id = escapeName(name);
  return (
    new RegExp(
      `\\bexport\\s+(?:declare\\s+)?(?:async\\s+)?(?:const|let|function|class|interface|type|enum)\\s+${id}\\b`,
    ).test(text) || new RegExp(`\\bexport\\s+(?:type\\s+)?\\{[^}]*\\b${id}\\b[^}]*\\}`).test(text)
  );
}

describe('docs/how-to.md, "Add a command"', () => {
  it('names files that exist, and new ones only in folders that exist', () => {
    expect(paths.length).toBeGreaterThan(10);
    for (const path of existing)
      expect(existsSync(join(root, path)), `${path} (cited, not marked new)`).toBe(true);
    expect([...newPaths].sort()).toEqual([
      'src/commands/payout/cancel.ts',
      'test/commands/payout/cancel-run.test.ts',
    ]);
    for (const path of newPaths)
      expect(existsSync(join(root, dirname(path))), `the folder of ${path}`).toBe(true);
  });

  it('cites only code names that are declared in a file it names, or in its own code', () => {
    const names = [...new Set([...prose.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)].map((m) => m[1]!))];
    // The shape's module, its parameters and the handler's seam are among them.
    expect(names).toEqual(
      expect.arrayContaining([
        'runResourceAction',
        'ActedResource',
        'ResourceAction',
        'getCommand',
        'send',
        'write',
      ]),
    );
    for (const name of names) {
      const found =
        sources.some((text) => isDeclared(text, name)) || new RegExp(`\\b${escapeName(name)}\\b`).test(code);
      expect(found, `\`${name}\` is declared in a file the recipe names, or in its code`).toBe(true);
    }
  });

  it("imports in its code what the files it imports from export (the new file's place)", () => {
    const file = [...newPaths].find((path) => path.startsWith('src/'))!;
    const imports = [...code.matchAll(/^import (?:type )?\{([^}]*)\} from '(\.[^']+)';$/gm)];
    expect(imports.length).toBeGreaterThan(5);
    for (const [, list, specifier] of imports) {
      const target = posix.join(posix.dirname(file), specifier!).replace(/\.js$/, '.ts');
      expect(existsSync(join(root, target)), `${specifier} from ${file}`).toBe(true);
      const text = readFileSync(join(root, target), 'utf8');
      for (const name of list!.split(',').map((part) => part.trim().replace(/^type /, ''))) {
        if (name !== '') expect(isExported(text, name), `${name} exported by ${target}`).toBe(true);
      }
    }
  });
});
