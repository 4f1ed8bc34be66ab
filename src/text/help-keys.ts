// The keys of help texts (docs/language.md): what the Portuguese of a summary, a description, a
// flag, an argument, a global option, a setting or a help topic is found by. program.ts says the
// help by these keys, and test/text/help-catalog.test.ts checks the catalog against them.
import { helpText } from './catalog.js';

/** The long name of a flag as typed: `-a, --amount <money>` → `--amount`, `--no-qr` → `--no-qr`. */
export function longFlagOf(flags: string): string {
  return /--[\w-]+/.exec(flags)?.[0] ?? flags;
}

export const helpKey = {
  /** A command's or a group's summary: `charge create`; the program's own description: `paygate`. */
  summary: (path: string) => path,
  description: (path: string) => `${path}: description`,
  /** A flag of one command: `charge create --amount`. */
  flag: (path: string, flags: string) => `${path} ${longFlagOf(flags)}`,
  /** A flag that reads the same in every command that has it (`--yes`), and a global option. */
  anyFlag: (flags: string) => longFlagOf(flags),
  argument: (path: string, name: string) => `${path} <${name}>`,
  setting: (name: string) => `setting ${name}`,
  topic: (name: string) => `topic ${name}`,
  /** A word a flag or an argument takes: `placeholder <money>` (`--amount <money>`). */
  placeholder: (word: string) => `placeholder <${word}>`,
} as const;

/** A flag's help in the run's language: its command's own text, else the one every command shares. */
export function flagHelpText(path: string, flags: string, english: string): string {
  return helpText(helpKey.flag(path, flags), helpText(helpKey.anyFlag(flags), english));
}

/**
 * The name of a command's argument as help and errors say it: the word its usage line shows
 * (`seller find <email>` → `e-mail` in Portuguese). Commander and the handlers know it by its
 * English name, which `--json` errors keep as their `field`.
 */
export function argumentWord(name: string): string {
  return helpText(helpKey.placeholder(name), name);
}

/**
 * `<money>`, `[name]`, `[words...]` in a flag, a usage line or an error naming a flag: each word
 * the flag or argument takes in the run's language (`--amount <valor>`); the flag stays as typed.
 */
export function takenWords(text: string): string {
  return text.replace(
    /([<[])([^<>[\]\s]+?)(\.\.\.)?([>\]])/g,
    (_whole, open: string, word: string, more: string | undefined, close: string) =>
      `${open}${argumentWord(word)}${more ?? ''}${close}`,
  );
}
