// JSON read and written without losing how a number was written: JSON.parse reads `150.00` and
// `150` as one number, and writing it back prints `150`. A gateway that writes money as reais
// (`150.00`) must reach paygate exactly as it wrote it, so the fixtures are parsed here into
// plain objects whose numbers are RawNumber (the literal text), and written back from that text.

/** A JSON number as it was written (`150.00`, `1e3`, `-0.5`). */
export class RawNumber {
  readonly text: string;
  constructor(text: string) {
    if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) throw new Error(`not a JSON number: ${text}`);
    this.text = text;
  }
  valueOf(): number {
    return Number(this.text);
  }
}

export type RawJson = null | boolean | string | RawNumber | RawJson[] | { [key: string]: RawJson };
export type RawObject = { [key: string]: RawJson };

/** Parses JSON text, keeping every number's literal text. */
export function parseRaw(text: string): RawJson {
  let index = 0;
  const fail = (what: string): never => {
    throw new Error(`invalid JSON at ${index}: ${what}`);
  };
  const space = () => {
    while (index < text.length && ' \t\n\r'.includes(text[index]!)) index++;
  };
  const value = (): RawJson => {
    space();
    const char = text[index];
    if (char === '{') {
      index++;
      const object: RawObject = {};
      space();
      if (text[index] === '}') {
        index++;
        return object;
      }
      for (;;) {
        space();
        if (text[index] !== '"') fail('expected a member name');
        const key = string();
        space();
        if (text[index++] !== ':') fail('expected :');
        object[key] = value();
        space();
        const next = text[index++];
        if (next === '}') return object;
        if (next !== ',') fail('expected , or }');
      }
    }
    if (char === '[') {
      index++;
      const array: RawJson[] = [];
      space();
      if (text[index] === ']') {
        index++;
        return array;
      }
      for (;;) {
        array.push(value());
        space();
        const next = text[index++];
        if (next === ']') return array;
        if (next !== ',') fail('expected , or ]');
      }
    }
    if (char === '"') return string();
    for (const [word, result] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, index)) {
        index += word.length;
        return result;
      }
    }
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(index, index + 64));
    if (!number) return fail('unexpected character');
    index += number[0].length;
    return new RawNumber(number[0]);
  };
  const string = (): string => {
    const start = index;
    index++;
    while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
    index++;
    // A string literal alone is valid JSON: JSON.parse decodes its escapes exactly.
    return JSON.parse(text.slice(start, index)) as string;
  };
  const result = value();
  space();
  if (index !== text.length) fail('text after the value');
  return result;
}

/** Compact JSON text of a value, numbers as written. */
export function stringifyRaw(value: RawJson): string {
  if (value === null) return 'null';
  if (value instanceof RawNumber) return value.text;
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stringifyRaw).join(',')}]`;
  return `{${Object.entries(value)
    .map(([key, member]) => `${JSON.stringify(key)}:${stringifyRaw(member)}`)
    .join(',')}}`;
}

/** A deep copy (RawNumbers are immutable and shared). */
export function cloneRaw<T extends RawJson>(value: T): T {
  if (value === null || typeof value !== 'object' || value instanceof RawNumber) return value;
  if (Array.isArray(value)) return value.map(cloneRaw) as T;
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, cloneRaw(member)])) as T;
}

/** The value as JSON.parse would give it (numbers as numbers): for comparisons in tests. */
export function plainRaw(value: RawJson): unknown {
  return JSON.parse(stringifyRaw(value));
}

/**
 * JSON text without the whitespace between tokens (strings and numbers untouched): two texts
 * that differ only in indentation compact to the same string, `150.00` and `150` do not.
 */
export function compactJsonText(text: string): string {
  let out = '';
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      out += char;
      if (char === '\\') out += text[++index] ?? '';
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (!' \t\n\r'.includes(char)) out += char;
  }
  return out;
}

/** Sets `path` (`a.b.c`) in an object, creating the objects on the way. */
export function setPath(target: RawObject, path: string, value: RawJson): void {
  const names = path.split('.');
  let at = target;
  for (const name of names.slice(0, -1)) {
    const next = at[name];
    if (next === null || typeof next !== 'object' || Array.isArray(next) || next instanceof RawNumber) {
      at[name] = {};
    }
    at = at[name] as RawObject;
  }
  at[names.at(-1)!] = value;
}
