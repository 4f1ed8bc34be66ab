// Reads a documented shell line (an example of --help, a line of the README) the way sh would,
// enough to find the `paygate …` command in it: quotes, escapes, comments, pipes, redirections.

export interface ShellCommand {
  /** The words of one simple command, quotes removed. */
  argv: string[];
  /** `> file` / `>> file` of that command, if any. */
  stdoutTo?: string;
}

const OPERATORS = ['&&', '||', '>>', '2>', '|', ';', '>', '<'];

/**
 * Splits a line into simple commands (at `|`, `;`, `&&`, `||`), each with its words and its
 * stdout redirection. `$(…)` and `$NAME` / `${…}` are replaced from `substitutions` when listed
 * there (exact text, e.g. `$(date +%F)`), and kept as written otherwise.
 */
export function parseShellLine(line: string, substitutions: Record<string, string> = {}): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let current: ShellCommand = { argv: [] };
  let word: string | undefined;
  let redirect: '>' | '<' | '2>' | undefined;
  const endWord = () => {
    if (word === undefined) return;
    if (redirect === '>') current.stdoutTo = word;
    else if (redirect === undefined) current.argv.push(word);
    redirect = undefined;
    word = undefined;
  };
  const text = line;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '#' && word === undefined) break; // a comment
    if (/\s/.test(char)) {
      endWord();
      i += 1;
      continue;
    }
    // `2>` only starts a word (`a2>b` is not a redirection of stderr).
    const operator = OPERATORS.find((op) => text.startsWith(op, i) && (op !== '2>' || word === undefined));
    if (operator) {
      endWord();
      if (operator === '>' || operator === '>>') redirect = '>';
      else if (operator === '<') redirect = '<';
      else if (operator === '2>') redirect = '2>';
      else {
        commands.push(current);
        current = { argv: [] };
      }
      i += operator.length;
      continue;
    }
    const substitution = Object.keys(substitutions).find((from) => text.startsWith(from, i));
    if (substitution !== undefined) {
      word = (word ?? '') + substitutions[substitution];
      i += substitution.length;
      continue;
    }
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated ' in: ${line}`);
      word = (word ?? '') + text.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (char === '"') {
      let value = '';
      i += 1;
      while (i < text.length && text[i] !== '"') {
        const found = Object.keys(substitutions).find((from) => text.startsWith(from, i));
        if (found !== undefined) {
          value += substitutions[found];
          i += found.length;
        } else if (text[i] === '\\' && /["\\$`]/.test(text[i + 1] ?? '')) {
          value += text[i + 1];
          i += 2;
        } else {
          value += text[i];
          i += 1;
        }
      }
      if (i >= text.length) throw new Error(`unterminated " in: ${line}`);
      word = (word ?? '') + value;
      i += 1;
      continue;
    }
    if (char === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[i + 1];
      i += 2;
      continue;
    }
    word = (word ?? '') + char;
    i += 1;
  }
  endWord();
  commands.push(current);
  return commands.filter((command) => command.argv.length > 0);
}

/**
 * The `paygate` command of a line: its arguments (after `paygate`, or a path ending in
 * `/paygate`; words before it, such as `VAR=value` or a crontab schedule, are skipped) and
 * its redirection.
 */
export function paygateCommand(
  line: string,
  substitutions: Record<string, string> = {},
): { args: string[]; stdoutTo?: string; stdinFromPipe: boolean } | undefined {
  const commands = parseShellLine(line, substitutions);
  for (const [index, command] of commands.entries()) {
    const at = command.argv.findIndex((word) => /(^|\/)paygate$/.test(word));
    if (at < 0) continue;
    return {
      args: command.argv.slice(at + 1),
      ...(command.stdoutTo ? { stdoutTo: command.stdoutTo } : {}),
      stdinFromPipe: index > 0,
    };
  }
  return undefined;
}
