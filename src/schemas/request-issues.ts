// A broken rule of a request, as both sides report it: `charge create` lists every one (named by
// its flag or field), the sandbox answers the first with its code.
import type { RuleViolation } from '../domain/card-boleto.js';
import type { Fact } from '../errors.js';
import { sentenceOf } from '../errors.js';

/** One broken rule: the field (dotted path), the gateway's error code, the rule in words. */
export interface RequestIssue {
  field: string;
  code: string;
  rule: string;
  /** The value is absent: the CLI names the flag that gives it. */
  missing?: boolean;
}

/** The issues found so far, in the order the rules were checked. */
export class IssueList {
  readonly list: RequestIssue[] = [];

  add(field: string, code: string, rule: string | Fact): void {
    this.list.push({ field, code, rule: sentenceOf(rule) });
  }

  missing(field: string, rule: string | Fact): void {
    this.list.push({ field, code: 'missing_field', rule: sentenceOf(rule), missing: true });
  }

  /** A value of the wrong JSON type (code invalid_type), or absent where it is required. */
  typed(field: string, rule: string | Fact): void {
    this.add(field, 'invalid_type', rule);
  }
}

/** A domain violation's message without the field it starts with ("items[0].name: is required"). */
export function withoutField(violation: RuleViolation): string {
  const { message, field } = violation;
  if (message.startsWith(`${field}: `)) return message.slice(field.length + 2);
  if (message.startsWith(`${field} `)) return message.slice(field.length + 1);
  return message;
}
