// Card charges in `charge create`: the card token piped in. Their flags are rows of the table of
// request fields (src/schemas/charge-request-fields.ts); their rules are
// src/schemas/charge-rules.ts's, the sandbox's own.
import type { Context } from '../../context.js';
import { isJsonObject } from '../../json.js';
import { sayCharge } from '../../text/en/charge.js';
import { readAllStdin } from '../shared/read-input.js';
import type { Problems } from './request-rules.js';

/**
 * `--card-token -`: the token from stdin, as `token card` prints it: the id alone (a table's or
 * plain's `Token  tok_…` line included) or its --json object. Only the id is kept.
 */
export async function tokenFromStdin(context: Context, problems: Problems): Promise<string | undefined> {
  const text = (await readAllStdin(context)).trim();
  if (text.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(text);
      if (isJsonObject(value) && typeof value.id === 'string') return value.id;
    } catch {
      // reported below
    }
  }
  const match = /^(?:Token\s+)?(\S+)$/m.exec(text);
  if (match && !/\s/.test(match[1]!)) return match[1];
  problems.add('card.token', sayCharge('noTokenOnStdin'));
  return undefined;
}
