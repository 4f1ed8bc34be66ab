// The rules of a card or a boleto charge's own part : the shapes of ./card-boleto.ts
// and the rules of src/domain/card-boleto.ts, each broken one as a RequestIssue.
import {
  boletoChargeViolations,
  boletoPayerViolations,
  cardChargeViolations,
  type RuleViolation,
} from '../domain/card-boleto.js';
import { type Fact, ruleBroken, sentenceOf } from '../errors.js';
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

/** What each card/boleto field must be, as a rule (zod's own messages are for developers). */
const METHOD_FIELD_RULES: Record<string, () => Fact> = {
  'card.token': () => ruleBroken('cardTokenRequired'),
  'card.installments': () =>
    ruleBroken('installmentsRange', { min: INSTALLMENTS_MIN, max: INSTALLMENTS_MAX }),
  'card.capture': () => ruleBroken('captureAutoOrManual'),
  'card.statement_descriptor': () =>
    ruleBroken('statementDescriptorLength', { max: STATEMENT_DESCRIPTOR_MAX_LENGTH }),
  'boleto.due_date': () => ruleBroken('boletoDateForm'),
  'boleto.discount_until': () => ruleBroken('boletoDateForm'),
  'boleto.fine': () => ruleBroken('boletoFineRange'),
  'boleto.interest': () => ruleBroken('boletoInterestRange'),
  'boleto.discount': () => ruleBroken('positiveAmount'),
  'boleto.instructions': () => ruleBroken('instructionsLength', { max: BOLETO_INSTRUCTIONS_MAX_LENGTH }),
};

export function checkCard(body: Json, issues: IssueList): void {
  if (body.card === undefined) {
    issues.missing('card.token', ruleBroken('cardTokenMissing'));
  } else {
    schemaIssues('card', cardRequestSchema.safeParse(body.card), body.card, issues);
  }
  for (const violation of cardChargeViolations(body as never)) addViolation(violation, issues);
}

export function checkBoleto(body: Json, issues: IssueList, today: string): void {
  const parsed = body.boleto === undefined ? undefined : boletoRequestSchema.safeParse(body.boleto);
  if (parsed === undefined) {
    issues.missing('boleto.due_date', ruleBroken('boletoDueDateMissing'));
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

/** The required values of src/domain/card-boleto.ts, said as what is missing (the CLI names its flag). */
const MISSING_RULES: Record<string, () => Fact> = {
  billing_address_required: () => ruleBroken('billingAddressMissing'),
  payer_name_required: () => ruleBroken('payerNameMissing'),
  payer_document_required: () => ruleBroken('payerDocumentMissing'),
};

/** A rule of src/domain/card-boleto.ts: a required value is said as missing (named by its flag). */
function addViolation(violation: RuleViolation, issues: IssueList): void {
  const missing = MISSING_RULES[violation.rule];
  if (missing !== undefined) {
    issues.list.push({
      field: violation.field,
      code: violation.rule,
      rule: sentenceOf(missing()),
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
    issues.typed(root, ruleBroken('mustBeObject'));
    return;
  }
  for (const issue of result.error?.issues ?? []) {
    const field = [root, ...issue.path.map(String)].join('.');
    const rule = METHOD_FIELD_RULES[field]?.() ?? issue.message;
    const part = value[String(issue.path[0])];
    if (part === undefined) issues.missing(field, rule);
    else issues.add(field, METHOD_FIELD_CODES[field] ?? 'invalid_value', rule);
  }
}
