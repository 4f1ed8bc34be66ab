// Card and boleto charges (DESIGN.md §11) in `charge create` (their flags are rows of
// body-flags.ts): the card token piped in, and their rules, which are the ones the sandbox answers with (the zod schemas of
// src/schemas/card-boleto.ts and the rules of src/domain/card-boleto.ts), each problem named by
// the flag or file field that set it.
import type { Context } from '../../context.js';
import {
  boletoChargeViolations,
  cardChargeViolations,
  type RuleViolation,
} from '../../domain/card-boleto.js';
import { isJsonObject } from '../../json.js';
import {
  BOLETO_INSTRUCTIONS_MAX_LENGTH,
  boletoRequestSchema,
  cardRequestSchema,
  INSTALLMENTS_MAX,
  INSTALLMENTS_MIN,
  STATEMENT_DESCRIPTOR_MAX_LENGTH,
} from '../../schemas/card-boleto.js';
import type { Json, Problems } from './request-rules.js';
import { readAllStdin } from './shared.js';

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
  problems.add('card.token', 'stdin holds no card token (pipe `paygate token card --stdin` into it)');
  return undefined;
}

/** The rules of a card or boleto charge (the sandbox's own), or nothing for PIX. */
export function checkMethod(body: Json, problems: Problems, today: string): void {
  const method = body.payment_method;
  if (method === 'card') {
    if (body.pix !== undefined)
      problems.add('pix', 'only for PIX charges (--description and --expires-in too)');
    if (body.card === undefined)
      problems.addMissing('card.token', 'a card charge needs a card token (tok_… from `paygate token card`)');
    else addSchemaIssues('card', cardRequestSchema.safeParse(body.card), problems);
    for (const violation of cardChargeViolations(body as never)) addViolation(violation, problems);
  } else if (method === 'boleto') {
    if (body.pix !== undefined)
      problems.add('pix', 'only for PIX charges (--description and --expires-in too)');
    if (body.boleto === undefined) {
      problems.addMissing('boleto.due_date', 'a boleto needs a due date (YYYY-MM-DD or +Nd)');
      return;
    }
    const parsed = boletoRequestSchema.safeParse(body.boleto);
    addSchemaIssues('boleto', parsed, problems);
    if (parsed.success) {
      for (const violation of boletoChargeViolations(body as never, parsed.data, today))
        addViolation(violation, problems);
    }
  } else if (method !== undefined && method !== 'pix') {
    problems.add('payment_method', 'must be "pix", "card" or "boleto"');
  }
}

/** A rule of src/domain/card-boleto.ts, its message without the field it starts with. */
function addViolation(violation: RuleViolation, problems: Problems): void {
  if (violation.rule.endsWith('_required')) {
    const what = /\(([^)]+)\)/.exec(violation.message)?.[1] ?? violation.field;
    const method = violation.rule === 'billing_address_required' ? 'a card charge' : 'a boleto';
    problems.addMissing(violation.field, `${what} is required for ${method}`);
    return;
  }
  const message = violation.message.startsWith(`${violation.field} `)
    ? violation.message.slice(violation.field.length + 1)
    : violation.message;
  problems.add(violation.field, message);
}

/** What each card/boleto field must be, in words (zod's own messages are for developers). */
const FIELD_RULES: Record<string, string> = {
  'card.token': 'a card token is required (tok_… from `paygate token card`)',
  'card.installments': `must be a whole number from ${INSTALLMENTS_MIN} to ${INSTALLMENTS_MAX}`,
  'card.capture': 'must be auto or manual',
  'card.statement_descriptor': `must have 1 to ${STATEMENT_DESCRIPTOR_MAX_LENGTH} characters`,
  'boleto.due_date': 'must be a date YYYY-MM-DD (or +Nd)',
  'boleto.discount_until': 'must be a date YYYY-MM-DD (or +Nd)',
  'boleto.fine': 'must be a percentage from 0 to 100 with at most 2 decimals',
  'boleto.interest': 'must be a percentage per month from 0 to 100 with at most 2 decimals',
  'boleto.discount': 'must be a positive amount',
  'boleto.instructions': `must have at most ${BOLETO_INSTRUCTIONS_MAX_LENGTH} characters`,
};

function addSchemaIssues(
  root: string,
  result: { success: boolean; error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } },
  problems: Problems,
): void {
  if (result.success) return;
  for (const issue of result.error?.issues ?? []) {
    const field = [root, ...issue.path.map(String)].join('.');
    problems.add(field, FIELD_RULES[field] ?? issue.message);
  }
}
