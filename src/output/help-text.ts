// --help laid out for the terminal's width: descriptions as prose (their source line breaks are
// spaces; each line takes every word that fits, so none ends early at a wide terminal) and
// examples broken the way a shell reads a long command (` \` and an indent), never past the last
// column.
import { sayProgram } from '../text/en/program.js';
import { HELD_SPACE, holdCommands, wrapCommand, wrapWords } from './wrap.js';

/** Below this many columns a description is left unwrapped (as commander does): one word a line reads worse. */
const MIN_WIDTH_TO_WRAP = 40;

/**
 * A description (of a command, an option, an argument) wrapped to `width`: paragraphs are
 * separated by a blank line; a paragraph with indented lines is laid out by hand and kept as it is.
 */
export function wrapHelpText(text: string, width: number): string {
  if (width < MIN_WIDTH_TO_WRAP) return text;
  return text
    .split(/\n[^\S\n]*\n/)
    .map((paragraph) => (/\n[^\S\n]/.test(paragraph) ? paragraph : wrapProse(paragraph, width)))
    .join('\n\n');
}

// A command in backticks (`paygate token card`) is not broken: its spaces are held while the words
// are placed (an amount, `R$ 100,00`, wrapWords keeps whole itself).
function wrapProse(paragraph: string, width: number): string {
  const words = holdCommands(paragraph.trim().replace(/\s+/g, ' '));
  return wrapWords(words, width).join('\n').replaceAll(HELD_SPACE, ' ');
}

/** The Examples: section of a command's help, each `$ command` wrapped to `width`. */
export function examplesSection(examples: readonly string[], width: number): string {
  const prompt = '  $ ';
  const lines = examples.map((example) =>
    wrapCommand(shellWordsAsWritten(example), width - prompt.length, '  ')
      .split('\n')
      .map((line, index) => (index === 0 ? prompt : ' '.repeat(prompt.length)) + line)
      .join('\n'),
  );
  return `\n${sayProgram('examplesTitle')}\n${lines.join('\n')}\n`;
}

/**
 * A command line split at the spaces the shell splits it at, each word as written (quotes kept):
 * a quoted string or a `$(…)` with spaces inside stays one word.
 */
export function shellWordsAsWritten(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: '"' | "'" | undefined;
  let depth = 0;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && index + 1 < line.length) {
        word += char;
        index += 1;
        word += line[index];
        continue;
      }
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '$' && line[index + 1] === '(') {
      depth += 1;
    } else if (char === ')' && depth > 0) {
      depth -= 1;
    } else if (char === ' ' && depth === 0) {
      if (word !== '') words.push(word);
      word = '';
      continue;
    }
    word += char;
  }
  if (word !== '') words.push(word);
  return words;
}
