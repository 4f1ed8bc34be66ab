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
//   becomes `(function (…) {…})` (an expression body, `{return …}`); one that reads `this` alone
//   too, its `this` read from `var __paygateThis=this;`, declared first in the function whose
//   `this` it is (not a derived class's constructor, a class field or the top level);
// - a function expression not yet in parentheses is put in them;
// - a function declaration at the top of the file or of a function's body becomes
//   `var name = (function (…) {…});`, moved to the start of that body (after its directives),
//   where a declaration is made before any statement runs; its name is inferred from the `var`.
// - a class's methods (not static, private, accessor or computed; none that uses `super`, nor one
//   that a `super.name` of the class reads) become function expressions in an object literal that
//   a static block, first in the class body, puts between the class's prototype and the prototype
//   it extends (`__paygateEagerMethods`): inside the class body, they still read its private names
//   and its name. V8 has no such sign for a method; defining each on the prototype instead copied
//   its property layout once per method (bench/CHOICES.md). A moved method is enumerable on that
//   object: a `for…in` over an instance would list it (none of the start-up files does one).
// - a class's constructor (of a class that extends none, reading no `new.target` and returning no
//   value of its own), private methods and accessors (not static; none that reads `super`), in a
//   class with a name its body can reach it by, have their bodies as function expressions in an
//   array that a static private field holds (`#paygateEagerBodies`, first in the class body), and
//   each member becomes a call of its own (`constructor(){Made.#paygateEagerBodies[0].apply(this,
//   arguments)}`): V8 has no sign for these members, and the call is compiled when called, small,
//   where the body was (bench/CHOICES.md). The member's `length` is 0.
// Declarations inside blocks are left as they are: V8 has no such sign for them. The build
// rewrites only the functions the hot commands call (scripts/start-up-coverage.mjs): one written
// eagerly and never called still costs each run its code read from the cache, and on Node 20,
// which has no cache, its compiling.
import { compileFunction } from 'node:vm';
import ts from 'typescript';

/** The static private field of a class that holds the bodies of its members V8 compiles when called. */
const EAGER_TABLE = '#paygateEagerBodies';

/** Nodes with a `this` and `arguments` of their own: what they read is not an enclosing arrow's. */
const ownsThis = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isClassLike(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isAccessor(node) ||
  ts.isConstructorDeclaration(node);

/**
 * What an arrow reads of its surrounding function that a function expression would rebind: `this`,
 * and `other` for `arguments`, `super` or `new.target`.
 */
function bindingsRead(arrow) {
  const read = { this: false, other: false };
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.ThisKeyword) read.this = true;
    else if (
      node.kind === ts.SyntaxKind.SuperKeyword ||
      ts.isMetaProperty(node) ||
      (ts.isIdentifier(node) && node.text === 'arguments')
    )
      read.other = true;
    if (ts.isClassLike(node)) {
      // A class's `extends` and computed member names are read in the arrow's scope. A `this`
      // there is one the rewrite would not rename (render() stops at the class): not rewritten.
      for (const clause of node.heritageClauses ?? []) visitOuter(clause);
      for (const member of node.members)
        if (member.name && ts.isComputedPropertyName(member.name)) visitOuter(member.name);
    } else if (!ownsThis(node)) ts.forEachChild(node, visit);
  };
  const visitOuter = (node) => {
    const before = read.this;
    read.this = false;
    visit(node);
    if (read.this) read.other = true;
    read.this ||= before;
  };
  ts.forEachChild(arrow, visit);
  return read;
}

/**
 * The function whose `this` an arrow reads, if a `var` of it can be declared first in its body: not
 * a derived class's constructor (`this` is not made before `super()`), a class field or static block,
 * the file's top level, or a function whose parameters hold the arrow (they do not see its body).
 */
function thisOwner(arrow) {
  for (let inner = arrow, node = arrow.parent; node !== undefined; inner = node, node = node.parent) {
    if (ts.isArrowFunction(node)) continue;
    if (ts.isClassLike(node) || ts.isPropertyDeclaration(node) || ts.isClassStaticBlockDeclaration(node))
      return undefined;
    if (!ownsThis(node)) continue;
    if (node.body === undefined || !ts.isBlock(node.body) || inner !== node.body) return undefined;
    if (ts.isConstructorDeclaration(node) && (node.parent.heritageClauses ?? []).length > 0) return undefined;
    return node;
  }
  return undefined;
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

  // The arrows written as function expressions; among them, those whose `this` is read from a
  // `var` of their function's, and those functions.
  const eagerArrows = new Set();
  const aliasedArrows = new Set();
  const thisOwners = new Set();
  const findArrows = (node) => {
    if (ts.isArrowFunction(node) && wanted(node)) {
      const read = bindingsRead(node);
      const owner = read.this && !read.other ? thisOwner(node) : undefined;
      if (!read.this && !read.other) eagerArrows.add(node);
      else if (owner !== undefined) {
        eagerArrows.add(node);
        aliasedArrows.add(node);
        thisOwners.add(owner);
      }
    }
    ts.forEachChild(node, findArrows);
  };
  findArrows(source);
  /** Whether a `this` rendered now is an aliased arrow's. */
  let aliasThis = false;
  const withAlias = (alias, render) => {
    const before = aliasThis;
    aliasThis = alias;
    try {
      return render();
    } finally {
      aliasThis = before;
    }
  };

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
    return withAlias(aliasedArrows.has(node), () => {
      const parameters = node.parameters.map(render).join(',');
      const body = ts.isBlock(node.body) ? functionBody(node.body) : `{return ${render(node.body)}}`;
      return `(${isAsync(node) ? 'async ' : ''}function${node.asteriskToken ? '*' : ''}(${parameters})${body})`;
    });
  }

  /** How many statements at the start of `list` are directives (`"use strict"`). */
  function directiveCount(list) {
    let directives = 0;
    while (
      directives < list.length &&
      ts.isExpressionStatement(list[directives]) &&
      ts.isStringLiteral(list[directives].expression)
    )
      directives += 1;
    return directives;
  }

  /**
   * Statements from `from` to `to`, the function declarations among them made first, as `var`s,
   * after `first` (a declaration of the function's own).
   */
  function statements(list, from, to, first = '') {
    const directives = directiveCount(list);
    const afterDirectives = directives > 0 ? list[directives - 1].end : from;
    const rest = list.slice(directives);
    let text =
      code.slice(from, afterDirectives) +
      (directives > 0 ? ';' : '') +
      first +
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
    const first = thisOwners.has(block.parent) ? 'var __paygateThis=this;' : '';
    return `{${statements(block.statements, start(block) + 1, block.end - 1, first)}}`;
  }

  /** `super.name` read in `node` (`*` for a computed `super[…]`). */
  function superNames(node, names = new Set()) {
    if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword)
      names.add(node.name.text);
    else if (ts.isElementAccessExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword)
      names.add('*');
    // A callback's truthy return would stop forEachChild.
    ts.forEachChild(node, (child) => {
      superNames(child, names);
    });
    return names;
  }

  let movedMethods = false;

  /** The name a class's own body can reach it by: its own, or that of the `var` it is made for. */
  function classBinding(node) {
    if (node.name !== undefined) return node.name.text;
    const declaration = node.parent;
    return ts.isVariableDeclaration(declaration) &&
      ts.isIdentifier(declaration.name) &&
      declaration.initializer === node
      ? declaration.name.text
      : undefined;
  }

  /** Whether `node` reads `new.target`, or returns a value of its own (a constructor's result). */
  function newTargetOrOwnReturn(node) {
    let found = false;
    const visit = (inner, own) => {
      if (ts.isMetaProperty(inner)) found = true;
      if (own && ts.isReturnStatement(inner) && inner.expression !== undefined) found = true;
      ts.forEachChild(inner, (child) => {
        visit(child, own && !ts.isFunctionLike(child));
      });
    };
    ts.forEachChild(node, (child) => {
      visit(child, true);
    });
    return found;
  }

  /**
   * A class's called constructor (of a class that extends none), private methods and accessors,
   * none static, none that reads `super`: those V8 has no sign for. Each body goes to a function
   * expression of an array that a static private field, first in the class body, holds; the member
   * stays, as a call of it (classWithEagerMethods). `binding` is classBinding(node).
   */
  function calledByTable(node, binding) {
    if (binding === undefined) return [];
    if (node.members.some((member) => member.name?.getText(source) === EAGER_TABLE)) return [];
    return node.members.filter(
      (member) =>
        member.body !== undefined &&
        wanted(member) &&
        !(member.modifiers ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword) &&
        superNames(member).size === 0 &&
        (ts.isConstructorDeclaration(member)
          ? (node.heritageClauses ?? []).length === 0 && !newTargetOrOwnReturn(member)
          : ts.isAccessor(member) || (ts.isMethodDeclaration(member) && ts.isPrivateIdentifier(member.name))),
    );
  }

  /** The member left in the class body in place of one whose body went to the table. */
  function tableCall(member, binding, index) {
    const entry = `${binding}.${EAGER_TABLE}[${index}]`;
    if (ts.isConstructorDeclaration(member)) return `constructor(){${entry}.apply(this,arguments)}`;
    const name = code.slice(start(member.name), member.name.end);
    if (ts.isGetAccessor(member)) return `get ${name}(){return ${entry}.call(this)}`;
    if (ts.isSetAccessor(member)) return `set ${name}(__paygateValue){${entry}.call(this,__paygateValue)}`;
    return `${name}(){return ${entry}.apply(this,arguments)}`;
  }

  /** A class with its called methods moved to an eagerly compiled object literal, as described above. */
  function classWithEagerMethods(node) {
    const memberName = (member) =>
      member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
        ? member.name.text
        : undefined;
    const counts = new Map();
    for (const member of node.members) {
      const name = memberName(member);
      if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const readBySuper = superNames(node);
    if (readBySuper.has('*')) return inside(node);
    const binding = classBinding(node);
    const tabled = calledByTable(node, binding);
    const moved = node.members.filter(
      (member) =>
        ts.isMethodDeclaration(member) &&
        member.body !== undefined &&
        wanted(member) &&
        !(member.modifiers ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword) &&
        memberName(member) !== undefined &&
        memberName(member) !== '__proto__' &&
        counts.get(memberName(member)) === 1 &&
        !readBySuper.has(memberName(member)) &&
        // A method reads `super` only as `super.name` or `super[…]` (`super()` is a constructor's).
        superNames(member).size === 0,
    );
    if (moved.length === 0 && tabled.length === 0) return inside(node);
    movedMethods ||= moved.length > 0;
    const literal = moved
      .map((member) => `${code.slice(start(member.name), member.name.end)}:${functionExpression(member)}`)
      .join(',');
    // The table, then the static block, go first in the body, right after its `{`: made before
    // anything of the class can run. A literal that starts with `__proto__:null` is made as a
    // dictionary: its methods go in without a hidden class made for each one (its prototype is set
    // right after, so it reads as any other).
    const bodyStart = node.members.pos;
    const staticBlock =
      (tabled.length > 0 ? `static ${EAGER_TABLE}=[${tabled.map(functionExpression).join(',')}];` : '') +
      (moved.length > 0 ? `static{__paygateEagerMethods(this,{__proto__:null,${literal}})}` : '');
    let text = '';
    let at = start(node);
    for (const child of childrenOf(node)) {
      const childStart = start(child);
      if (childStart < at) continue;
      text +=
        child === node.members[0]
          ? code.slice(at, bodyStart) + staticBlock + code.slice(bodyStart, childStart)
          : code.slice(at, childStart);
      text += moved.includes(child)
        ? ''
        : tabled.includes(child)
          ? tableCall(child, binding, tabled.indexOf(child))
          : render(child);
      at = child.end;
    }
    return text + code.slice(at, node.end);
  }

  function render(node) {
    if (node.kind === ts.SyntaxKind.ThisKeyword && aliasThis) return '__paygateThis';
    if (ownsThis(node)) return withAlias(false, () => renderOwn(node));
    return renderOwn(node);
  }

  function renderOwn(node) {
    if (ts.isClassLike(node)) return classWithEagerMethods(node);
    if (eagerArrows.has(node)) return functionExpression(node);
    if (ts.isFunctionExpression(node) && wanted(node) && !ts.isParenthesizedExpression(node.parent))
      return `(${inside(node)})`;
    if (ts.isBlock(node) && ts.isFunctionLike(node.parent)) return functionBody(node);
    return inside(node);
  }

  let result = statements(source.statements, 0, code.length);
  if (movedMethods) {
    // After the file's directives (a `"use strict"` must stay first), before any class is made.
    const directives = directiveCount(source.statements);
    const at = directives > 0 ? source.statements[directives - 1].end : 0;
    result = `${result.slice(0, at)};var __paygateEagerMethods=(function(made,methods){Object.setPrototypeOf(methods,Object.getPrototypeOf(made.prototype));Object.setPrototypeOf(made.prototype,methods)});${result.slice(at)}`;
  }
  // The rewritten file must compile as Node compiles a CommonJS file.
  compileFunction(result, ['exports', 'require', 'module', '__filename', '__dirname'], {
    filename: fileName,
  });
  return result;
}
