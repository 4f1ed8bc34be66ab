// The messages a command writes for people on stderr (context.log): a long line fitted to a
// terminal, the commands in it as this run would type them.
import type { IO } from '../io.js';
import { sayCommon } from '../text/en/common.js';
import type { Colors } from './colors.js';
import { sanitizeMultiline } from './sanitize.js';
import { fitToStderr } from './wrap.js';

export interface Logger {
  /** Progress and confirmations for people; silenced by --quiet. */
  info(message: string): void;
  /** Always shown (on stderr). */
  warn(message: string): void;
  /** --debug traces. */
  debug(message: string): void;
}

/** Messages for people on stderr: info unless --quiet, warnings always, debug lines with --debug. */
export function stderrLogger(
  io: IO,
  globals: { quiet?: boolean; debug?: boolean },
  errorColors: Colors,
  commands: (text: string) => string,
  printedProgram: () => string | undefined,
): Logger {
  const write = (text: string) => io.stderr.write(`${text}\n`);
  // At a terminal a long line is broken between words, not cut mid-word by the terminal, and
  // never inside a command it prints.
  const fitted = (text: string) => fitToStderr(io, text, printedProgram());
  return {
    info: (message) => {
      if (!globals.quiet) write(fitted(commands(message)));
    },
    warn: (message) => {
      const prefix = sayCommon('warningPrefix');
      const text = fitted(`${prefix} ${commands(message)}`);
      write(`${errorColors.yellow(prefix)}${text.slice(prefix.length)}`);
    },
    // Trace lines quote answers (HTML, text): no escape sequence of theirs reaches the terminal.
    debug: (message) => {
      if (globals.debug) write(errorColors.gray(sanitizeMultiline(message)));
    },
  };
}
