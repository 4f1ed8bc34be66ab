// zod issues → sandbox errors: the first issue becomes a 400 invalid_request_error whose `field`
// is the dotted path (`split[0].percentage`) and whose `code` names the rule broken. Codes per
// field are given by a table; anything not in it falls back to missing_field / invalid_type /
// invalid_value. Every code is listed in ERRORS.md.
import type { z } from 'zod';
import { invalidRequest, type SandboxError } from './errors.js';
import { fieldPath, typeName, valueAt } from './route-shapes.js';

/** Field pattern (indexes written `[]`) → code for a value of the right type that breaks a rule. */
export type CodeTable = Record<string, string>;

/**
 * POST /v1/charges: its rules come first (src/schemas/charge-rules.ts, with their own codes); the
 * schema then gives the typed request, and what only it checks is the split entries' shape.
 */
export const CHARGE_CODES: CodeTable = {
  'split[].description': 'description_too_long',
  'split[].percentage': 'split_percentage_out_of_range',
  'split[].amount': 'invalid_split_amount',
  'split[].seller_id': 'invalid_seller_id',
};

export const PAYOUT_CODES: CodeTable = {
  amount: 'invalid_amount',
  description: 'description_too_long',
};

export const TOKEN_CODES: CodeTable = {
  exp_month: 'invalid_expiry_month',
  exp_year: 'invalid_expiry_year',
};

export const WEBHOOK_CODES: CodeTable = {
  url: 'invalid_url',
};

export function issueToError(issue: z.core.$ZodIssue, root: unknown, table: CodeTable): SandboxError {
  const field = fieldPath(issue.path);
  const pattern = field.replace(/\[\d+\]/g, '[]');
  const value = valueAt(root, issue.path);
  const tableCode = table[pattern];
  if (issue.code === 'invalid_type' && value === undefined) {
    return invalidRequest('missing_field', `${field} is required`, field);
  }
  const isIntOnNumber =
    issue.code === 'invalid_type' && issue.expected === 'int' && typeof value === 'number';
  if (issue.code === 'invalid_type' && !isIntOnNumber) {
    const expected = issue.expected === 'int' ? 'integer' : issue.expected;
    return invalidRequest(
      'invalid_type',
      `${field || 'body'} must be ${article(expected)} (got ${typeName(value)})`,
      field,
    );
  }
  const message = describeRule(field, issue, value);
  return invalidRequest(tableCode ?? 'invalid_value', message, field);
}

function describeRule(field: string, issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return `${field} must be an integer (got ${String(value)})`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return `${field} must not be empty`;
      if (issue.origin === 'array') return `${field} must have at least ${min} entries`;
      return `${field} must be ${issue.inclusive ? 'at least' : 'greater than'} ${min} (got ${String(value)})`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string')
        return `${field} must be at most ${max} characters (got ${String((value as string).length)})`;
      if (issue.origin === 'array') return `${field} must have at most ${max} entries`;
      return `${field} must be ${issue.inclusive ? 'at most' : 'less than'} ${max} (got ${String(value)})`;
    }
    case 'invalid_format':
      return `${field}: ${issue.message}`;
    case 'invalid_value':
      return `${field} must be ${issue.values.map((allowed) => JSON.stringify(allowed)).join(' or ')}`;
    default:
      return `${field || 'body'}: ${issue.message}`;
  }
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`;
}

/** Parses `body` with `schema` or throws the first issue as a SandboxError. */
export function parseWith<S extends z.ZodType>(schema: S, body: unknown, table: CodeTable): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw issueToError(result.error.issues[0]!, body, table);
}
