// Commands paygate prints for a person (hints, "resume with:", answers kept): found in its
// output and run as a shell would split them.
import { expect } from 'vitest';
import { run } from './run-cli.js';

/** The words of a command line as a POSIX shell splits it (shellQuote's single quotes). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)) {
    words.push(match[1] !== undefined ? match[1].replace(/'\\''/g, "'") : match[2]!);
  }
  return words;
}

/** The command after `marker` in `text` (to the end of the line or the closing backtick). */
export function printedCommand(text: string, marker: string): string {
  const start = text.indexOf(marker);
  expect(start, `"${marker}" in:\n${text}`).toBeGreaterThanOrEqual(0);
  return text
    .slice(start + marker.length)
    .split(/[`\n]/)[0]!
    .trim();
}

/** Runs a printed `paygate …` line in process (the program word dropped). */
export function runPrinted(line: string, env: Record<string, string>, extra: Parameters<typeof run>[1] = {}) {
  const words = shellWords(line);
  expect(words[0]).toBe('paygate');
  return run(words.slice(1), { env, ...extra });
}
