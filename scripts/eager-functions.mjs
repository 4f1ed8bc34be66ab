// The start-up files' functions, written so that V8 compiles them with their file.
//
// V8 compiles a function when it is first called, not when its file is compiled, unless the
// function is a function expression inside parentheses, `(function (…) {…})`: the sign V8 takes
// for a function called at once. Node's compile cache (bin/paygate.js) keeps what V8 compiled with
// the file, so every run compiled again, from source, each function it called: a third of
// `split preview`'s work on Node 24 (bench/CHOICES.md). Written as parenthesized function
// expressions, a start-up file's functions come compiled from the cache.
//
// What is rewritten, each with the same meaning as before:
// - an arrow function that reads no `this`, `arguments`, `super` or `new.target` of its own
//   becomes `(function (…) {…})` (an expression body, `{return …}`);
// - a function expression not yet in parentheses is put in them;
// - a function declaration at the top of the file or of a function's body becomes
//   `var name = (function (…) {…});`, moved to the start of that body (after its directives),
//   where a declaration is made before any statement runs; its name is inferred from the `var`.
// Methods, constructors, accessors and declarations inside blocks are left as they are: V8 has no
// such sign for them. The build rewrites only the functions the hot commands call
// (scripts/start-up-coverage.mjs): one written eagerly and never called still costs each run its
// code read from the cache, and on Node 20, which has no cache, its compiling.
import { compileFunction } from 'node:vm';
import ts from 'typescript';

/** Reads `this`, `arguments`, `super` or `new.target` that a function expression would rebind. */
function readsOwnBinding(arrow) {
  let found = false;
  const visit = (node) => {
    if (found) return;
    if (
      node.kind === ts.SyntaxKind.ThisKeyword ||
      node.kind === ts.SyntaxKind.SuperKeyword ||
      ts.isMetaProperty(node) ||
      (ts.isIdentifier(node) && node.text === 'arguments')
    ) {
      found = true;
      return;
    }
    // These have their own `this` and `arguments`: what they read is not the arrow's.
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isClassLike(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isAccessor(node) ||
      ts.isConstructorDeclaration(node)
    )
      return;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(arrow, visit);
  return found;
}

function childrenOf(node) {
  const children = [];
  ts.forEachChild(node, (child) => {
    children.push(child);
  });
  return children;
}

const isAsync = (node) =>
  node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword) ?? false;

/**
 * `code` (a CommonJS file as built) with its functions eagerly compiled, as described above. Fails
 * when the result does not compile.
 */
export function eagerFunctions(code, fileName, { called } = {}) {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  if (source.parseDiagnostics.length > 0)
    throw new Error(`${fileName}: ${source.parseDiagnostics[0].messageText}`);
  const start = (node) => node.getStart(source);
  const wanted = (node) => called === undefined || called(start(node), node.end);

  const hoisted = (statement) =>
    ts.isFunctionDeclaration(statement) &&
    wanted(statement) &&
    statement.name !== undefined &&
    statement.body !== undefined &&
    (statement.modifiers ?? []).every((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword);

  /** The node's text with its descendants rewritten. */
  function inside(node) {
    let text = '';
    let at = start(node);
    for (const child of childrenOf(node)) {
      const childStart = start(child);
      if (childStart < at) continue;
      text += code.slice(at, childStart) + render(child);
      at = child.end;
    }
    return text + code.slice(at, node.end);
  }

  function functionExpression(node) {
    const parameters = node.parameters.map(render).join(',');
    const body = ts.isBlock(node.body) ? functionBody(node.body) : `{return ${render(node.body)}}`;
    return `(${isAsync(node) ? 'async ' : ''}function${node.asteriskToken ? '*' : ''}(${parameters})${body})`;
  }

  /** Statements from `from` to `to`, the function declarations among them made first, as `var`s. */
  function statements(list, from, to) {
    let directives = 0;
    while (
      directives < list.length &&
      ts.isExpressionStatement(list[directives]) &&
      ts.isStringLiteral(list[directives].expression)
    )
      directives += 1;
    const afterDirectives = directives > 0 ? list[directives - 1].end : from;
    const rest = list.slice(directives);
    let text =
      code.slice(from, afterDirectives) +
      (directives > 0 ? ';' : '') +
      rest
        .filter(hoisted)
        .map((declaration) => `var ${declaration.name.text}=${functionExpression(declaration)};`)
        .join('');
    let at = afterDirectives;
    for (const statement of rest) {
      text += code.slice(at, start(statement)) + (hoisted(statement) ? '' : render(statement));
      at = statement.end;
    }
    return text + code.slice(at, to);
  }

  function functionBody(block) {
    return `{${statements(block.statements, start(block) + 1, block.end - 1)}}`;
  }

  function render(node) {
    if (ts.isArrowFunction(node) && wanted(node) && !readsOwnBinding(node)) return functionExpression(node);
    if (ts.isFunctionExpression(node) && wanted(node) && !ts.isParenthesizedExpression(node.parent))
      return `(${inside(node)})`;
    if (ts.isBlock(node) && ts.isFunctionLike(node.parent)) return functionBody(node);
    return inside(node);
  }

  const result = statements(source.statements, 0, code.length);
  // The rewritten file must compile as Node compiles a CommonJS file.
  compileFunction(result, ['exports', 'require', 'module', '__filename', '__dirname'], {
    filename: fileName,
  });
  return result;
}
