/** A JSON object (not null, not an array): what an API body, a file or a config must be. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    return { ok: false, reason: `nested deeper than ${MAX_JSON_DEPTH} levels` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // Not V8's message: it may quote a token of the input.
    return { ok: false, reason: 'not valid JSON' };
  }
}
