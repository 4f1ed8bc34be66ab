// The global options, declared once: commander's options, the type handlers get
// (`GlobalOptions`), the scan of argv for the command word, help and completions all follow
// from this table.
import { OUTPUT_FORMATS } from './output/formats.js';

export interface GlobalOptionSpec {
  /** commander's attribute name (`--base-url` → `baseUrl`, `--no-color` → `color`). */
  key: string;
  flags: string;
  description: string;
  choices?: readonly string[];
  default?: string;
}

export const GLOBAL_OPTIONS = [
  { key: 'profile', flags: '--profile <name>', description: 'profile to use (default: the current profile)' },
  { key: 'baseUrl', flags: '--base-url <url>', description: 'gateway URL (overrides the profile)' },
  { key: 'output', flags: '-o, --output <format>', description: 'output format', choices: OUTPUT_FORMATS },
  { key: 'json', flags: '--json', description: 'JSON output (same as -o json)' },
  {
    key: 'excel',
    flags: '--excel',
    description:
      'CSV a pt-BR spreadsheet opens as columns (;, BOM, 1,50, DD/MM/AAAA HH:MM in TZ or Sao Paulo)',
  },
  { key: 'color', flags: '--no-color', description: 'no colour' },
  { key: 'input', flags: '--no-input', description: 'never prompt; a missing value is an error' },
  { key: 'quiet', flags: '-q, --quiet', description: 'only data and errors' },
  {
    key: 'debug',
    flags: '--debug',
    description: 'print HTTP requests and responses (secrets redacted) to stderr',
  },
  {
    key: 'requestTimeout',
    flags: '--request-timeout <duration>',
    description: 'timeout of each HTTP request',
    default: '30s',
  },
] as const satisfies readonly GlobalOptionSpec[];

type GlobalOption = (typeof GLOBAL_OPTIONS)[number];
type ValueOf<S> = S extends { choices: readonly (infer Choice)[] }
  ? Choice
  : S extends { flags: `${string}<${string}>` }
    ? string
    : boolean;

/** What the global options parse to (absent when not given and without a default). */
export type GlobalOptions = { [S in GlobalOption as S['key']]?: ValueOf<S> };

export const GLOBAL_OPTION_KEYS: readonly GlobalOption['key'][] = GLOBAL_OPTIONS.map((option) => option.key);

/** The global options that take a value (`--profile NAME`), short and long: skipped when looking for the command word. */
export const GLOBAL_VALUE_OPTIONS: ReadonlySet<string> = new Set(
  GLOBAL_OPTIONS.filter((option) => option.flags.includes('<')).flatMap((option) =>
    option.flags.split(/[ ,]+/).filter((word) => word.startsWith('-')),
  ),
);
