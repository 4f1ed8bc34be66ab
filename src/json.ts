/** A JSON object (not null, not an array): what an API body, a file or a config must be. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof WrittenNumber)
  );
}

/** Nesting deeper than this is refused, in answers and in input alike: no real body comes near it. */
export const MAX_JSON_DEPTH = 1000;

/** The deepest nesting of `[` and `{` in JSON text (strings skipped), in one pass. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      if (++depth > deepest) deepest = depth;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return deepest;
}

/**
 * JSON text from the user (a flag, a file, stdin) parsed, or why not: deep nesting is refused
 * before the parse, since every later walk of the value (redaction, sanitising, printing) recurses.
 * The reason never quotes the text (it may hold a card number).
 */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; tooDeep: boolean } {
  // Which of the two failures, not a sentence: the caller says it in the run's language (and
  // never V8's message, which may quote a token of the input).
  if (jsonDepth(text) > MAX_JSON_DEPTH) return { ok: false, tooDeep: true };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, tooDeep: false };
  }
}

/**
 * A number as the JSON text wrote it, when that text says more than a JavaScript number can: a
 * literal with a fraction or an exponent (`150.00`, `1500.5`, `1e3`), or an integer beyond the
 * safe range. To a money tool `150.00` and `150` differ (reais against centavos), so such a
 * literal is never a plain number: `Number.isSafeInteger` and `typeof … === 'number'` are false
 * for it, so money readers leave it uncomputed, while arithmetic and comparisons (`valueOf`) still
 * work for numbers that are not money (percentages). `String()` and stringifyJson give its text.
 */
export class WrittenNumber extends Number {
  readonly text: string;
  constructor(text: string) {
    super(Number(text));
    this.text = text;
  }
  override toString(): string {
    return this.text;
  }
  override toLocaleString(): string {
    return this.text;
  }
  /** Inside stringifyJson: a placeholder it replaces by the text; elsewhere the number. */
  toJSON(): unknown {
    if (!writtenTexts) return Number(this.text);
    writtenTexts.push(this.text);
    return `${PLACEHOLDER_PREFIX}${writtenTexts.length - 1}`;
  }
}

/** A number literal whose text a JavaScript number would change: see WrittenNumber. */
function keepsItsText(literal: string): boolean {
  if (/[.eE]/.test(literal)) return true;
  return !Number.isSafeInteger(Number(literal));
}

/** The texts of the WrittenNumbers met by the stringifyJson under way (undefined outside it). */
let writtenTexts: string[] | undefined;
// U+0000 is written `\u0000` in JSON text; with a random tag no received string can look like it.
const PLACEHOLDER_TAG = Math.random().toString(36).slice(2, 10);
const PLACEHOLDER_PREFIX = `\u0000${PLACEHOLDER_TAG}:`;
/** Their pattern, made when one is first written: a pattern is parsed when made (bench/CHOICES.md). */
let placeholderPattern: RegExp | undefined;

/**
 * JSON.stringify, with each WrittenNumber written as its own text (`150.00` stays `150.00`):
 * `--json` prints numbers as the gateway wrote them.
 */
export function stringifyJson(value: unknown, space?: number): string {
  const outer = writtenTexts;
  const texts: string[] = [];
  writtenTexts = texts;
  let json: string | undefined;
  try {
    json = JSON.stringify(value, null, space);
  } finally {
    writtenTexts = outer;
  }
  if (json === undefined) return '';
  if (texts.length === 0) return json;
  placeholderPattern ??= new RegExp(`"\\\\u0000${PLACEHOLDER_TAG}:(\\d+)"`, 'g');
  return json.replace(placeholderPattern, (_, index) => texts[Number(index)]!);
}

/** Whether JSON text has a number literal that JSON.parse would change (a fraction, an exponent, a long integer). */
function hasWrittenNumbers(text: string): boolean {
  let inString = false;
  let digits = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code >= 0x30 && code <= 0x39) {
      // 16 digits may already pass Number.MAX_SAFE_INTEGER.
      if (++digits >= 16) return true;
      continue;
    } else if (digits > 0 && (code === 0x2e || code === 0x65 || code === 0x45)) return true;
    digits = 0;
  }
  return false;
}

/**
 * JSON.parse that keeps number literals as written (see WrittenNumber): text without such
 * literals is JSON.parse's own result; text with them is checked by JSON.parse (its errors) and
 * then read by a small reader that keeps their text. Throws as JSON.parse does.
 */
export function parseJsonLossless(text: string): unknown {
  const value = JSON.parse(text);
  return hasWrittenNumbers(text) ? new LosslessReader(text).document() : value;
}

/** A reader of JSON text already known to be valid (JSON.parse accepted it). */
class LosslessReader {
  #index = 0;
  constructor(private readonly text: string) {}

  document(): unknown {
    const value = this.#value();
    this.#space();
    return value;
  }

  #space(): void {
    const text = this.text;
    while (this.#index < text.length) {
      const code = text.charCodeAt(this.#index);
      if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) break;
      this.#index++;
    }
  }

  #value(): unknown {
    this.#space();
    const char = this.text[this.#index];
    if (char === '{') return this.#object();
    if (char === '[') return this.#array();
    if (char === '"') return this.#string();
    if (char === 't') return this.#word('true', true);
    if (char === 'f') return this.#word('false', false);
    if (char === 'n') return this.#word('null', null);
    return this.#number();
  }

  #word(word: string, value: unknown): unknown {
    this.#index += word.length;
    return value;
  }

  #number(): number | WrittenNumber {
    const match = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    match.lastIndex = this.#index;
    const literal = match.exec(this.text)?.[0];
    if (!literal) throw new SyntaxError(`unexpected character at position ${this.#index}`);
    this.#index += literal.length;
    return keepsItsText(literal) ? new WrittenNumber(literal) : Number(literal);
  }

  #string(): string {
    const start = this.#index;
    let index = start + 1;
    let escaped = false;
    for (; index < this.text.length; index++) {
      const code = this.text.charCodeAt(index);
      if (code === 0x5c) {
        escaped = true;
        index++;
      } else if (code === 0x22) break;
    }
    this.#index = index + 1;
    const literal = this.text.slice(start, index + 1);
    return escaped ? (JSON.parse(literal) as string) : literal.slice(1, -1);
  }

  #array(): unknown[] {
    this.#index++;
    const items: unknown[] = [];
    this.#space();
    if (this.text[this.#index] === ']') {
      this.#index++;
      return items;
    }
    for (;;) {
      items.push(this.#value());
      this.#space();
      if (this.text[this.#index++] === ']') return items;
    }
  }

  #object(): Record<string, unknown> {
    this.#index++;
    const object: Record<string, unknown> = {};
    this.#space();
    if (this.text[this.#index] === '}') {
      this.#index++;
      return object;
    }
    for (;;) {
      this.#space();
      const key = this.#string();
      this.#space();
      this.#index++; // the colon
      const value = this.#value();
      // As JSON.parse: `__proto__` is an own field, never the object's prototype.
      if (key === '__proto__')
        Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      else object[key] = value;
      this.#space();
      if (this.text[this.#index++] === '}') return object;
    }
  }
}
