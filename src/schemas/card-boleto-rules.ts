// The rules of a card or a boleto charge's own part : the shapes of ./card-boleto.ts
// and the rules of src/domain/card-boleto.ts, each broken one as a RequestIssue.
import {
  boletoChargeViolations,
  boletoPayerViolations,
  cardChargeViolations,
  type RuleViolation,
} from '../domain/card-boleto.js';
import { isJsonObject } from '../json.js';
import {
  BOLETO_INSTRUCTIONS_MAX_LENGTH,
  boletoRequestSchema,
  cardRequestSchema,
  INSTALLMENTS_MAX,
  INSTALLMENTS_MIN,
  STATEMENT_DESCRIPTOR_MAX_LENGTH,
} from './card-boleto.js';
import { type IssueList, withoutField } from './request-issues.js';

type Json = Record<string, unknown>;

/** Codes of card/boleto fields whose value breaks their schema (a wrong type is invalid_type). */
export const METHOD_FIELD_CODES: Readonly<Record<string, string>> = {
  'card.token': 'invalid_card_token',
  'card.installments': 'invalid_installments',
  'card.capture': 'invalid_type',
  'card.statement_descriptor': 'statement_descriptor_too_long',
  'boleto.due_date': 'invalid_due_date',
  'boleto.discount_until': 'invalid_discount_date',
  'boleto.fine': 'invalid_fine',
  'boleto.interest': 'invalid_interest',
  'boleto.discount': 'invalid_discount',
  'boleto.instructions': 'instructions_too_long',
};

/** What each card/boleto field must be, in words (zod's own messages are for developers). */
const METHOD_FIELD_RULES: Record<string, string> = {
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

export function checkCard(body: Json, issues: IssueList): void {
  if (body.card === undefined) {
    issues.missing('card.token', 'a card charge needs a card token (tok_… from `paygate token card`)');
  } else {
    schemaIssues('card', cardRequestSchema.safeParse(body.card), body.card, issues);
  }
  for (const violation of cardChargeViolations(body as never)) addViolation(violation, issues);
}

export function checkBoleto(body: Json, issues: IssueList, today: string): void {
  const parsed = body.boleto === undefined ? undefined : boletoRequestSchema.safeParse(body.boleto);
  if (parsed === undefined) {
    issues.missing('boleto.due_date', 'a boleto needs a due date (YYYY-MM-DD, DD/MM/YYYY or +Nd)');
  } else {
    schemaIssues('boleto', parsed, body.boleto, issues);
  }
  // Every problem at once, as for a card: the payer is checked even when the terms are missing or
  // unreadable (the gateway's first refusal stays the due date's).
  const violations = parsed?.success
    ? boletoChargeViolations(body as never, parsed.data, today)
    : boletoPayerViolations(body as never);
  for (const violation of violations) addViolation(violation, issues);
}

/** A rule of src/domain/card-boleto.ts: a required value is said as missing (named by its flag). */
function addViolation(violation: RuleViolation, issues: IssueList): void {
  if (violation.rule.endsWith('_required')) {
    const what = /\(([^)]+)\)/.exec(violation.message)?.[1] ?? violation.field;
    const method = violation.rule === 'billing_address_required' ? 'a card charge' : 'a boleto';
    issues.list.push({
      field: violation.field,
      code: violation.rule,
      rule: `${what} is required for ${method}`,
      missing: true,
    });
    return;
  }
  issues.add(violation.field, violation.rule, withoutField(violation));
}

function schemaIssues(
  root: string,
  result: { success: boolean; error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } },
  value: unknown,
  issues: IssueList,
): void {
  if (result.success) return;
  if (!isJsonObject(value)) {
    issues.typed(root, 'must be an object');
    return;
  }
  for (const issue of result.error?.issues ?? []) {
    const field = [root, ...issue.path.map(String)].join('.');
    const rule = METHOD_FIELD_RULES[field] ?? issue.message;
    const part = value[String(issue.path[0])];
    if (part === undefined) issues.missing(field, rule);
    else issues.add(field, METHOD_FIELD_CODES[field] ?? 'invalid_value', rule);
  }
}
