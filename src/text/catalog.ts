// The catalog: every text a person reads, per area, in English and in Portuguese (docs/language.md).
// An area's English texts are a module of src/text/en/ that the code making the text imports
// (a command loads its own words and no others); the Portuguese ones are in src/text/pt-BR/,
// registered only when a run speaks Portuguese (src/text/pt-BR/index.ts), so a run in English
// pays nothing for them. As built, an area's texts, in either language, are read on the first
// text of it said (TextsOrLater). A text missing in Portuguese falls back to English.
//
// A text is a string with `{name}` placeholders, or a pair `{ one, other }` chosen by `{count}`.
// The placeholders are types: a call must give each of them, and a translation must use the
// same ones (portuguese() below), checked when the code is compiled.
//
// This folder imports nothing else of paygate's: it is a leaf any layer that makes words for a
// person may use (domain and API code return facts and never import it).
import type { Language } from './language.js';

/** A text: a string with `{name}` placeholders, or the two forms of a count. */
export type Text = string | { readonly one: string; readonly other: string };
export type Texts = Readonly<Record<string, Text>>;

/** The names of the `{name}` placeholders of a string (a brace not around a plain name is text). */
type PlaceholdersOfString<Value> = Value extends `${string}{${infer Name}}${infer Rest}`
  ?
      | (Name extends `${string}${' ' | '"' | ':' | ',' | '{'}${string}` ? never : Name)
      | PlaceholdersOfString<Rest>
  : never;

/** The placeholders of a text; a counted text always has `count`. */
export type PlaceholdersOf<Entry> = Entry extends string
  ? PlaceholdersOfString<Entry>
  : Entry extends { one: infer One; other: infer Other }
    ? PlaceholdersOfString<One> | PlaceholdersOfString<Other> | 'count'
    : never;

/** A placeholder's value: what is written in its place. */
export type PlaceholderValue = string | number;

/** The arguments a text's placeholders need: none, or an object naming each one. */
export type ValuesFor<Entry> = [PlaceholdersOf<Entry>] extends [never]
  ? []
  : [values: { readonly [Name in PlaceholdersOf<Entry>]: PlaceholderValue }];

/** An area's texts said in the run's language: `say('created', { id })`. */
export type Say<Area extends Texts> = <Key extends keyof Area & string>(
  key: Key,
  ...values: ValuesFor<Area[Key]>
) => string;

let chosenLanguage: Language = 'en';
/**
 * An area's texts, or the function that makes them: the build turns each area's object into a
 * function that reads the area's JSON file (scripts/build.mjs, catalogAsJson), so that an area
 * costs its reading only in a run that says one of its texts. The typed sources pass the object
 * itself.
 */
export type TextsOrLater = Texts | (() => Texts);

const portugueseAreas = new Map<string, TextsOrLater>();
const englishAreas = new Map<string, TextsOrLater>();

/** An area's texts, made on first use when they came as a function. */
function textsOf(areas: Map<string, TextsOrLater>, area: string): Texts | undefined {
  const texts = areas.get(area);
  if (typeof texts !== 'function') return texts;
  const made = texts();
  areas.set(area, made);
  return made;
}

/**
 * The language every text of this process is said in. A process runs one command line (tests run
 * them one after another), and its language is chosen before any text is made (src/cli.ts).
 */
export function useLanguage(language: Language): void {
  chosenLanguage = language;
}

export function currentLanguage(): Language {
  return chosenLanguage;
}

/** Registers an area's Portuguese texts (src/text/pt-BR/index.ts). */
export function addPortuguese(area: string, texts: TextsOrLater): void {
  portugueseAreas.set(area, texts);
}

/**
 * The Portuguese areas as built (scripts/build.mjs, catalogAsJson): the function that reads an
 * area's file, and two tables in plain text, so that a Portuguese run registers 42 areas without
 * making an object for each at start-up (bench/CHOICES.md). `areas` is `area=file` pairs; `help`
 * is `file=word,word…` (a help file and the first words of its keys, in the order of registration);
 * entries are separated by a space.
 */
let portugueseFiles: { readonly read: (file: string) => Texts; readonly areas: string } | undefined;
let portugueseHelpFiles = '';

export function addPortugueseFiles(read: (file: string) => Texts, areas: string, help: string): void {
  portugueseFiles = { read, areas: ` ${areas} ` };
  portugueseHelpFiles = help;
}

/** An area's Portuguese texts, read on first use; none when the area has no Portuguese. */
function portugueseTextsOf(area: string): Texts | undefined {
  const texts = textsOf(portugueseAreas, area);
  if (texts !== undefined || portugueseFiles === undefined) return texts;
  const found = portugueseFiles.areas.indexOf(` ${area}=`);
  if (found === -1) return undefined;
  const file = found + area.length + 2;
  const made = portugueseFiles.read(
    portugueseFiles.areas.slice(file, portugueseFiles.areas.indexOf(' ', file)),
  );
  portugueseAreas.set(area, made);
  return made;
}

/** The areas whose English texts are loaded, and those with Portuguese ones (the catalog's test). */
export function loadedAreas(): {
  english: ReadonlyMap<string, Texts>;
  portuguese: ReadonlyMap<string, Texts>;
} {
  const made = (areas: Map<string, TextsOrLater>) =>
    new Map([...areas.keys()].map((area) => [area, textsOf(areas, area)!] as const));
  for (const entry of portugueseFiles?.areas.trim().split(' ') ?? []) portugueseTextsOf(entry.split('=')[0]!);
  return { english: made(englishAreas), portuguese: made(portugueseAreas) };
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Writes each `{name}` of `template` as its value; a name without a value stays as written. */
export function fillPlaceholders(
  template: string,
  values: Readonly<Record<string, PlaceholderValue>> = {},
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** The form of a text for its values: a counted text's `one` when `count` is 1, else `other`. */
function formOf(text: Text, values: Readonly<Record<string, PlaceholderValue>>): string {
  if (typeof text === 'string') return text;
  return Number(values.count) === 1 ? text.one : text.other;
}

/**
 * An area's English texts and the function that says them in the run's language. Each area is
 * declared once, by the module of src/text/en/ that holds it.
 */
export function englishTexts<const Area extends Texts>(area: string, texts: Area): Say<Area> {
  englishAreas.set(area, texts);
  return ((key: string, values: Readonly<Record<string, PlaceholderValue>> = {}) => {
    const translated = chosenLanguage === 'pt-BR' ? portugueseTextsOf(area)?.[key] : undefined;
    return fillPlaceholders(formOf(translated ?? textsOf(englishAreas, area)![key]!, values), values);
  }) as Say<Area>;
}

/**
 * A registered area's text in the run's language, by area and key: how an error made of a fact
 * (errors.ts, `Fact`) is said. The area's English module must be loaded (errors.ts loads the
 * areas facts use); an unknown area or key is said as the fact itself, never thrown.
 */
export function sayRegistered(
  area: string,
  key: string,
  values: Readonly<Record<string, PlaceholderValue>> = {},
): string {
  const translated = chosenLanguage === 'pt-BR' ? portugueseTextsOf(area)?.[key] : undefined;
  const text = translated ?? textsOf(englishAreas, area)?.[key];
  return text === undefined
    ? `${area}.${key} ${JSON.stringify(values)}`
    : fillPlaceholders(formOf(text, values), values);
}

/** The same placeholder names on both sides. */
type SamePlaceholders<English, Portuguese> = [PlaceholdersOf<English>] extends [PlaceholdersOf<Portuguese>]
  ? [PlaceholdersOf<Portuguese>] extends [PlaceholdersOf<English>]
    ? true
    : false
  : false;

/**
 * A translation of `English` (an area's texts, `typeof` the object given to englishTexts): every
 * key, no other, and each text with exactly the English placeholders, or it does not compile.
 */
export type Translation<English extends Texts, Portuguese> = {
  readonly [Key in keyof English]: Key extends keyof Portuguese
    ? SamePlaceholders<English[Key], Portuguese[Key]> extends true
      ? Portuguese[Key]
      : { placeholders_must_be: PlaceholdersOf<English[Key]> }
    : Text;
} & { readonly [Key in Exclude<keyof Portuguese, keyof English>]: never };

/**
 * Checks an area's Portuguese texts against its English ones when compiled:
 * `portuguese<typeof chargeEnglish>()({ … })`. Only the English type is imported, never its module.
 */
export function portuguese<English extends Texts>() {
  return <const Portuguese extends Texts>(texts: Portuguese & Translation<English, Portuguese>): Portuguese =>
    texts;
}

/**
 * Help is written in English in the commands' specs (src/commands/<noun>/spec.ts, flags.ts), which
 * also make the completions and the README's command list; its Portuguese is kept by the key of
 * what it describes (`charge create`, `charge create --amount`, …: src/text/pt-BR/help-*.ts),
 * and test/text/help-catalog.test.ts holds the two in step.
 */
/** Each help key's Portuguese, and the place of its area among those registered. */
const portugueseHelp = new Map<string, { readonly text: string; readonly order: number }>();
type HelpTexts = Readonly<Record<string, string>>;
/**
 * A help area as built (scripts/build.mjs): the function that reads its texts, and the first words
 * of its keys (`split` for `split preview --amount`), so that a run reads only the help areas of
 * the words it shows. The typed sources pass the object itself.
 */
type HelpTextsLater = (() => HelpTexts) & { readonly firstWords: readonly string[] };
/** Help texts registered and not read yet (read on the first look-up of one of their words). */
const pendingHelp: { readonly texts: HelpTexts | HelpTextsLater; readonly order: number }[] = [];
let helpAreasRegistered = 0;

/** Registers Portuguese help texts by key (src/text/pt-BR/index.ts). */
export function addPortugueseHelp(texts: HelpTexts | HelpTextsLater): void {
  pendingHelp.push({ texts, order: helpAreasRegistered++ });
}

/**
 * Reads the pending help areas that have keys starting with `word`, or all of them. A key in two
 * areas says the text of the one registered last, whichever was read first.
 */
function readPendingHelp(word?: string): void {
  // The built help files (addPortugueseFiles), made pending on the first help looked up.
  if (portugueseHelpFiles) {
    const read = portugueseFiles!.read;
    for (const entry of portugueseHelpFiles.split(' ')) {
      const [file, words] = entry.split('=') as [string, string];
      addPortugueseHelp(Object.assign(() => read(file) as HelpTexts, { firstWords: words.split(',') }));
    }
    portugueseHelpFiles = '';
  }
  for (let index = 0; index < pendingHelp.length; ) {
    const { texts, order } = pendingHelp[index]!;
    if (typeof texts === 'function' && word !== undefined && !texts.firstWords.includes(word)) {
      index += 1;
      continue;
    }
    pendingHelp.splice(index, 1);
    for (const [key, text] of Object.entries(typeof texts === 'function' ? texts() : texts)) {
      if ((portugueseHelp.get(key)?.order ?? -1) < order) portugueseHelp.set(key, { text, order });
    }
  }
}

/** A help text in the run's language: its Portuguese when there is one, else the spec's English. */
export function helpText(key: string, english: string): string {
  if (chosenLanguage !== 'pt-BR') return english;
  readPendingHelp(key.split(' ')[0]);
  return portugueseHelp.get(key)?.text ?? english;
}

/** The Portuguese help keys loaded (the help catalog's test). */
export function portugueseHelpKeys(): readonly string[] {
  readPendingHelp();
  return [...portugueseHelp.keys()];
}
