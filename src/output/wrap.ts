// Text for people wrapped to a terminal's width (the demo's notes and printed commands, the
// interactive create's guidance).
import type { IO } from '../io.js';

/** The columns to wrap a stream's text to: the terminal's, none when it is a file or a pipe. */
export function wrapWidth(io: Pick<IO, 'terminalSize'>, isTerminal: boolean): number {
  return isTerminal ? (io.terminalSize?.()?.columns ?? 80) : Number.POSITIVE_INFINITY;
}

/**
 * `text` broken at spaces into lines of at most `width` characters, every line after the first
 * starting with `indent` (a word longer than a line stays whole: a URL is never cut, and an
 * amount, `R$ 25,00`, is one word).
 */
export function wrapWords(text: string, width: number, indent = ''): string[] {
  const lead = /^ */.exec(text)![0];
  const lines: string[] = [];
  let line = '';
  for (const word of text.slice(lead.length).split(/(?<!R\$) | (?!\d)/)) {
    const prefix = lines.length === 0 ? lead : indent;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && [...prefix, ...candidate].length > width) {
      lines.push(`${prefix}${line}`);
      line = word;
    } else {
      line = candidate;
    }
  }
  lines.push(`${lines.length === 0 ? lead : indent}${line}`);
  return lines;
}

/**
 * A message for stderr at a terminal: each line longer than `width` broken at spaces, its
 * continuation indented two spaces past the line's own indent, so the terminal never cuts a word.
 * A line that holds a command (in backticks) is left whole, to be copied as it is.
 */
export function wrapMessage(text: string, width: number): string {
  return text
    .split('\n')
    .flatMap((line) => {
      if (line.includes('`') || [...line].length <= width) return [line];
      const indent = `${/^ */.exec(line)![0]}  `;
      return wrapWords(line, width, indent);
    })
    .join('\n');
}

/**
 * A message as stderr shows it: at a terminal a long one-line message is broken between words
 * (wrapMessage); one of several lines is laid out by whoever wrote it (a command alone on its
 * line), and a pipe or a file gets it whole.
 */
export function fitToStderr(io: Partial<Pick<IO, 'stderrIsTTY' | 'terminalSize'>>, text: string): string {
  return io.stderrIsTTY === true && !text.includes('\n') ? wrapMessage(text, wrapWidth(io, true)) : text;
}

/**
 * A shell command line (already quoted words joined by spaces) wrapped as a shell reads it: each
 * line but the last ends in ` \`, the following ones are indented. Breaks only between words,
 * never between a flag and its value.
 */
export function wrapCommand(words: readonly string[], width: number, indent = '    '): string {
  // A flag stays on the line of its value (`--description 'Pedido 1042'`).
  const units: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index]!;
    const next = words[index + 1];
    if (word.startsWith('-') && next !== undefined && !next.startsWith('-')) {
      units.push(`${word} ${next}`);
      index += 1;
    } else {
      units.push(word);
    }
  }
  const lines: string[] = [];
  let line = '';
  for (const word of units) {
    const candidate = line === '' ? word : `${line} ${word}`;
    const prefix = lines.length === 0 ? '' : indent;
    // Two columns kept for the ` \` that ends a broken line.
    if (line !== '' && [...prefix, ...candidate].length > width - 2) {
      lines.push(`${prefix}${line} \\`);
      line = word;
    } else {
      line = candidate;
    }
  }
  lines.push(`${lines.length === 0 ? '' : indent}${line}`);
  return lines.join('\n');
}
