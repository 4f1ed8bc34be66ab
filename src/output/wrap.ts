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

// The spaces of a command are held as this character while the words around it are placed, so
// that it is never broken (help-text.ts holds its backticked commands the same way).
export const HELD_SPACE = '\u0000';

/**
 * `text` with the spaces of its commands held (HELD_SPACE): each one in backticks, and the rest of
 * the line from `program` on (a command printed without backticks, `retome com: paygate …`, ends
 * where its line does). `program` is how this run's printed commands begin (printed-commands.ts).
 */
export function holdCommands(text: string, program?: string): string {
  const held = text.replace(/`[^`]*`/g, (code) => code.replaceAll(' ', HELD_SPACE));
  if (program === undefined) return held;
  // The first bare `program ` at a word's start (a backticked one's space is held already).
  let start = held.indexOf(`${program} `);
  while (start > 0 && !' ('.includes(held[start - 1]!)) start = held.indexOf(`${program} `, start + 1);
  return start < 0 ? held : held.slice(0, start) + held.slice(start).replaceAll(' ', HELD_SPACE);
}

/**
 * A command on a line of its own: after `indent` (and in backticks when `quoted`) when that fits
 * `width`; else alone, unindented and bare, so that the terminal's own wrap of it still copies (a
 * triple-click selects it) as exactly the command: a long clone path makes `node /…/paygate.js`
 * long. The QR code's "show it again with" (qr.ts) and a wrapped message's command alike.
 */
export function commandOnItsOwnLine(command: string, width: number, indent: string, quoted = false): string {
  const indented = quoted ? `${indent}\`${command}\`` : `${indent}${command}`;
  return [...indented].length <= width ? indented : command;
}

/**
 * A message for stderr at a terminal: each line longer than `width` broken at spaces, its
 * continuation indented two spaces past the line's own indent, so the terminal never cuts a word.
 * A command in it (in backticks, or from `program` to the end of the line) is never broken: the
 * prose before it wraps, and one that does not fit after the indent starts a line of its own.
 */
export function wrapMessage(text: string, width: number, program?: string): string {
  return text
    .split('\n')
    .flatMap((line) => {
      if ([...line].length <= width) return [line];
      const indent = `${/^ */.exec(line)![0]}  `;
      return wrapWords(holdCommands(line, program), width, indent).map((wrapped, index) => {
        const released = wrapped.replaceAll(HELD_SPACE, ' ');
        // Only a command alone on its line is longer than the width (the first line keeps its own).
        return index > 0 && wrapped.includes(HELD_SPACE)
          ? commandOnItsOwnLine(released.slice(indent.length), width, indent)
          : released;
      });
    })
    .join('\n');
}

/**
 * A message as stderr shows it: at a terminal a long one-line message is broken between words
 * (wrapMessage, its commands kept whole: `program` is how they begin); one of several lines is
 * laid out by whoever wrote it (a command alone on its line), and a pipe or a file gets it whole.
 */
export function fitToStderr(
  io: Partial<Pick<IO, 'stderrIsTTY' | 'terminalSize'>>,
  text: string,
  program?: string,
): string {
  return io.stderrIsTTY === true && !text.includes('\n')
    ? wrapMessage(text, wrapWidth(io, true), program)
    : text;
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
