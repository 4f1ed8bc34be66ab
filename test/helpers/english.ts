// Finds English left in a text meant to be Portuguese: a line with a word that English has and
// Portuguese does not (the, and, is, with, …), outside what stays as typed (commands, flags,
// `code`, URLs, JSON) and what a gateway wrote. A heuristic, kept strict: a line it flags is
// either translated or named in the test's own list of lines allowed to stay as they are.

/** Words of English that are not words of Portuguese (so "a", "no", "for" are not here). */
const ENGLISH_ONLY_WORDS = [
  'the',
  'and',
  'is',
  'are',
  'was',
  'were',
  'of',
  'with',
  'not',
  'this',
  'that',
  'from',
  'your',
  'you',
  'be',
  'been',
  'has',
  'have',
  'will',
  'which',
  'must',
  'should',
  'would',
  'can',
  'cannot',
  'only',
  'when',
  'than',
  'into',
  'its',
  'it',
  'to',
  'or',
  'by',
  'an',
  'at',
  'on',
  'in',
  'if',
  'run',
  'see',
  'show',
  'shows',
  'create',
  'created',
  'list',
  'lists',
  'error',
  'hint',
  'usage',
  'options',
  'commands',
  'arguments',
  'default',
  'none',
  'yes',
  'sent',
  'paid',
  'pending',
] as const;

const ENGLISH_WORD = new RegExp(
  `(^|[^\\p{L}\\p{N}_'’-])(${ENGLISH_ONLY_WORDS.join('|')})(?=$|[^\\p{L}\\p{N}_'’-])`,
  'iu',
);

/** A line with what stays as typed taken out: `code`, commands, flags, URLs, quoted values, JSON. */
function proseOf(line: string): string {
  return line
    .replace(/`[^`]*`/g, ' ')
    .replace(/\bpaygate(\s+[^\s,;.:)]+)*/g, ' ')
    .replace(/(^|\s)--?[A-Za-z][\w-]*(=\S*)?/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/"[^"]*"|'[^']*'|“[^”]*”/g, ' ')
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/<[^<>]*>|\[[^[\]]*\]/g, ' ')
    .replace(/\b[A-Z][A-Z0-9_]+\b/g, ' ')
    .replace(/\b[a-z]+(?:_[a-z]+)+\b|\b[a-z]+\.[a-z_]+\b/g, ' ');
}

/** The lines of `text` that read as English (what stays as typed aside), minus `allowed` ones. */
export function englishLinesIn(text: string, allowed: readonly (string | RegExp)[] = []): string[] {
  return text
    .split('\n')
    .filter((line) => ENGLISH_WORD.test(proseOf(line)))
    .filter(
      (line) => !allowed.some((rule) => (typeof rule === 'string' ? line.includes(rule) : rule.test(line))),
    );
}
