// Text for people wrapped to a terminal's width (the demo's notes and printed commands, the
// interactive create's guidance).
import type { IO } from '../io.js';

/** The columns to wrap a stream's text to: the terminal's, none when it is a file or a pipe. */
export function wrapWidth(io: Pick<IO, 'terminalSize'>, isTerminal: boolean): number {
  return isTerminal ? (io.terminalSize?.()?.columns ?? 80) : Number.POSITIVE_INFINITY;
}

/**
 * `text` broken at spaces into lines of at most `width` characters, every line after the first
 * starting with `indent` (a word longer than a line stays whole: a URL is never cut).
 */
export function wrapWords(text: string, width: number, indent = ''): string[] {
  const lead = /^ */.exec(text)![0];
  const lines: string[] = [];
  let line = '';
  for (const word of text.slice(lead.length).split(' ')) {
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

/**
 * `text` broken at spaces into the fewest lines of at most `width` characters, the breaks chosen
 * (least total cost, below) so that lines run nearly full and no last line is a lone word or two
 * left over from the line above. A word longer than `width` keeps a line of its own.
 */
export function wrapBalanced(text: string, width: number): string[] {
  const words = text.split(' ').filter((word) => word !== '');
  if (words.length === 0) return [''];
  const lengths = words.map((word) => [...word].length);
  const lineCount = wrapWords(words.join(' '), width).length;
  // Length of the line holding words [from, to).
  const lengthOf = (from: number, to: number) =>
    lengths.slice(from, to).reduce((sum, length) => sum + length, 0) + (to - from - 1);
  // A line costs the square of the room it leaves; the last line only if it is under half the
  // width, and then heavily: lines run full, and the text does not end on a word or two.
  const cost = (from: number, to: number) => {
    const length = lengthOf(from, to);
    if (length > width) return to - from === 1 ? 0 : Number.POSITIVE_INFINITY;
    if (to === words.length) return Math.max(0, width - 2 * length) ** 2;
    return (width - length) ** 2;
  };
  // least[lines][end]: the least cost of words [0, end) on that many lines; start: where the last begins.
  const least: number[][] = [new Array(words.length + 1).fill(Number.POSITIVE_INFINITY)];
  least[0]![0] = 0;
  const start: number[][] = [[]];
  for (let lines = 1; lines <= lineCount; lines += 1) {
    least[lines] = new Array(words.length + 1).fill(Number.POSITIVE_INFINITY);
    start[lines] = new Array(words.length + 1).fill(0);
    for (let end = 1; end <= words.length; end += 1) {
      for (let from = end - 1; from >= 0; from -= 1) {
        const line = cost(from, end);
        if (line === Number.POSITIVE_INFINITY) break;
        const total = least[lines - 1]![from]! + line;
        if (total < least[lines]![end]!) {
          least[lines]![end] = total;
          start[lines]![end] = from;
        }
      }
    }
  }
  const lines: string[] = [];
  for (let count = lineCount, end = words.length; count > 0; count -= 1) {
    const from = start[count]![end]!;
    lines.unshift(words.slice(from, end).join(' '));
    end = from;
  }
  return lines;
}
