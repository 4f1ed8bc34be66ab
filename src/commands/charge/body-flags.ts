// `charge create`'s side of the table of charge request fields (src/schemas/charge-request-fields.ts):
// the flags that set a field, the option each sets, the flag a field's problem is named by and
// the --from-csv columns, all derived from the table's rows, so that a new request field is a
// row there and nothing here.
import { CHARGE_REQUEST_FIELDS, type ChargeRequestField } from '../../schemas/charge-request-fields.js';
import type { FlagSpec } from '../types.js';

/** The FlagSpec of a row with a flag, typed from the row (declared `as const`), so its option is typed too. */
type FlagSpecOf<Field> = Field extends { flag: infer Flags extends string; help: infer Help extends string }
  ? [
      { flags: Flags; description: Help } & (Field extends { repeatable: true }
        ? { repeatable: true }
        : unknown) &
        (Field extends { choices: infer Choices extends readonly string[] } ? { choices: Choices } : unknown),
    ]
  : [];
type FlagSpecsOf<Fields extends readonly unknown[]> = Fields extends readonly [infer First, ...infer Rest]
  ? [...FlagSpecOf<First>, ...FlagSpecsOf<Rest>]
  : [];

/** The flags of the rows that have one, in the table's order, as `charge create` declares them. */
export function requestFieldFlags<const Fields extends readonly ChargeRequestField[]>(
  fields: Fields,
): FlagSpecsOf<Fields> {
  const specs: FlagSpec[] = [];
  for (const field of fields) {
    if (field.flag === undefined) continue;
    if (field.help === undefined) throw new Error(`${field.path}: its flag ${field.flag} has no help`);
    specs.push({
      flags: field.flag,
      description: field.help,
      ...(field.repeatable ? { repeatable: true } : {}),
      ...(field.choices ? { choices: field.choices } : {}),
    });
  }
  return specs as FlagSpecsOf<Fields>;
}

/** A request field set by a flag: the row, its flag's long name and the option it sets. */
export interface BodyFlag {
  field: ChargeRequestField & { flag: string };
  /** `--expires-in`: how messages name it. */
  flag: `--${string}`;
  /** `expiresIn`: the option commander (and readFlags) sets. */
  option: string;
}

/** Every row with a flag, with its long name and option. */
export function bodyFlagsOf(fields: readonly ChargeRequestField[]): BodyFlag[] {
  return fields.flatMap((field) => {
    if (field.flag === undefined) return [];
    const long = /--([a-z][a-z0-9-]*)/.exec(field.flag)?.[1];
    if (long === undefined) throw new Error(`${field.path}: its flag ${field.flag} has no long name`);
    return [
      {
        field: field as ChargeRequestField & { flag: string },
        flag: `--${long}` as const,
        // As commander names the option (specs stay free of commander: scripts bundle them).
        option: long.replace(/-([a-z0-9])/g, (_dash, letter: string) => letter.toUpperCase()),
      },
    ];
  });
}

/** The flags of the request fields, `charge create`'s first flags. */
export const REQUEST_FIELD_FLAGS = requestFieldFlags(CHARGE_REQUEST_FIELDS);

export const BODY_FLAGS: readonly BodyFlag[] = bodyFlagsOf(CHARGE_REQUEST_FIELDS);

/** The flags whose text is read into their field as it is (the others are drafted by draft.ts itself). */
export const READ_BODY_FLAGS: readonly BodyFlag[] = BODY_FLAGS.filter(
  (entry) => entry.field.drafted === undefined,
);

/** The row of a body flag by its option (`expiresIn`). */
export function bodyFlagOf(option: string): BodyFlag {
  const entry = BODY_FLAGS.find((candidate) => candidate.option === option);
  if (entry === undefined) throw new Error(`no request field is set by the option ${option}`);
  return entry;
}

/** The flag that sets each field (the first one when several do), to name it in messages. */
export function fieldFlagsOf(flags: readonly BodyFlag[]): Readonly<Record<string, string>> {
  const names: Record<string, string> = {};
  for (const entry of flags) names[entry.field.path] ??= entry.flag;
  return names;
}

export const FIELD_FLAGS: Readonly<Record<string, string>> = fieldFlagsOf(BODY_FLAGS);

/** A --from-csv column: the option it sets as its flag would, a list when the flag repeats. */
export interface CsvColumn {
  option: string;
  list: boolean;
}

/** The --from-csv columns, by name, in the table's order. */
export function csvColumnsOf(flags: readonly BodyFlag[]): ReadonlyMap<string, CsvColumn> {
  const columns = new Map<string, CsvColumn>();
  for (const entry of flags) {
    if (entry.field.column === undefined) continue;
    columns.set(entry.field.column, { option: entry.option, list: entry.field.repeatable === true });
  }
  return columns;
}

export const CSV_COLUMNS: ReadonlyMap<string, CsvColumn> = csvColumnsOf(BODY_FLAGS);
