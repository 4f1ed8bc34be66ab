// `charge create`'s side of the request rules: every problem collected and reported at once,
// each named by the flag or file field that set it. The rules themselves are
// src/schemas/charge-rules.ts, the ones the sandbox answers with.
import { normalizeAddress } from '../../domain/address.js';
import { weekendDayOf } from '../../domain/card-boleto.js';
import { documentKind, isValidCep, normalizeDocument } from '../../domain/documents.js';
import { durationValue, ruleBroken, UsageError } from '../../errors.js';
import { isJsonObject } from '../../json.js';
import { formatTimestamp } from '../../output/format.js';
import type { Item } from '../../schemas/charge.js';
import { PIX_EXPIRES_IN_MAX, PIX_EXPIRES_IN_MIN } from '../../schemas/charge.js';
import { checkChargeRequest } from '../../schemas/charge-rules.js';
import { sayCharge } from '../../text/en/charge.js';
import { FIELD_FLAGS } from './body-flags.js';

export type Json = Record<string, unknown>;

/** Collects every problem before anything is sent; reported at once as one usage error. */
export class Problems {
  readonly list: Array<{ field: string; message: string }> = [];
  /** Fields whose value came from a flag (messages name the flag). */
  readonly fromFlag = new Set<string>();

  name(field: string): string {
    const flag = FIELD_FLAGS[field];
    return flag && this.fromFlag.has(field) ? flag : field;
  }

  add(field: string, rule: string): void {
    this.#push(field, `${this.name(field)}: ${rule}`);
  }

  /** One problem a field: a value that failed to parse is not then also reported by a later rule. */
  #push(field: string, message: string): void {
    const shown = message.slice(0, message.indexOf(':') + 1);
    if (shown !== '' && this.list.some((problem) => problem.message.startsWith(shown))) return;
    this.list.push({ field, message });
  }

  /** A required value nobody gave: named by its flag, the way to give it. */
  addMissing(field: string, rule: string): void {
    const flag = FIELD_FLAGS[field] ?? field;
    this.#push(flag, `${flag}: ${rule}`);
  }

  /** Runs a parser that throws UsageError; its message is kept as it is. */
  attempt<T>(field: string, parse: () => T): T | undefined {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      this.#push(field, error.message);
      return undefined;
    }
  }

  throwIfAny(): void {
    if (this.list.length === 0) return;
    const first = this.list[0]!;
    const field = first.field.startsWith('-') ? first.field : this.name(first.field);
    if (this.list.length === 1) {
      throw new UsageError(sayCharge('problemNothingSent', { problem: first.message }), { field });
    }
    const lines = this.list.map((problem) => `  - ${problem.message}`).join('\n');
    throw new UsageError(sayCharge('problemsNothingSent', { count: this.list.length, problems: lines }), {
      field,
    });
  }
}

export function checkExpiresIn(seconds: number, field: string): void {
  if (seconds < PIX_EXPIRES_IN_MIN || seconds > PIX_EXPIRES_IN_MAX) {
    throw new UsageError(
      ruleBroken('expiryOutOfRangeFlag', {
        field,
        duration: durationValue(seconds * 1000),
        min: PIX_EXPIRES_IN_MIN,
        max: PIX_EXPIRES_IN_MAX,
      }),
      { field },
    );
  }
}

/**
 * Every rule of the drafted body (src/schemas/charge-rules.ts) into `problems`; `today` is the
 * Brazilian calendar date (boleto due dates are checked against it). Values written more than one
 * way (an address's CEP, a document with its dots) are normalised in place first.
 */
export function checkBody(
  body: Json,
  problems: Problems,
  warnings: string[],
  today: string,
): Item[] | undefined {
  body.payment_method ??= 'pix';
  for (const key of ['store_id', 'product_id'] as const) if (body[key] === undefined) delete body[key];
  normalizeBody(body);
  const check = checkChargeRequest(body, today);
  for (const issue of check.issues) {
    // A value whose flag failed to parse was reported then (NaN marks it).
    if (issue.field === 'amount' && Number.isNaN(body.amount)) continue;
    if (issue.missing) problems.addMissing(issue.field, issue.rule);
    else problems.add(issue.field, issue.rule);
  }
  warnings.push(...check.warnings);
  const dueDate = isJsonObject(body.boleto) ? body.boleto.due_date : undefined;
  const weekendDay = typeof dueDate === 'string' ? weekendDayOf(dueDate) : undefined;
  if (body.payment_method === 'boleto' && weekendDay !== undefined) {
    warnings.push(
      sayCharge(weekendDay === 'Saturday' ? 'dueDateOnSaturday' : 'dueDateOnSunday', {
        // As tables write dates: 05/12/2026 in Portuguese.
        date: formatTimestamp(String(dueDate)),
      }),
    );
  }
  if (isJsonObject(body.customer) && typeof body.customer.document === 'string') {
    if (documentKind(body.customer.document) !== null) {
      body.customer.document = normalizeDocument(body.customer.document);
    }
  }
  return check.items;
}

/**
 * The required fields the drafted body lacks (dotted paths), when lacking them is all that is wrong
 * with it; undefined when any other rule is broken (those are reported first, nothing is asked).
 * The body is not touched.
 */
export function missingRequiredFields(body: Json, today: string): string[] | undefined {
  const draft = structuredClone(body);
  draft.payment_method ??= 'pix';
  normalizeBody(draft);
  const { issues } = checkChargeRequest(draft, today);
  if (issues.some((issue) => !issue.missing)) return undefined;
  return issues.map((issue) => issue.field);
}

/** The CEPs and addresses of the body as the API wants them (a file may write them otherwise). */
function normalizeBody(body: Json): void {
  const customer = body.customer;
  if (isJsonObject(customer)) {
    if (typeof customer.zipcode === 'string' && isValidCep(customer.zipcode)) {
      customer.zipcode = customer.zipcode.trim().replace('-', '');
    }
    if (isJsonObject(customer.address)) normalizeAddress(customer.address);
  }
  if (isJsonObject(body.shipping) && isJsonObject(body.shipping.address)) {
    normalizeAddress(body.shipping.address);
  }
}
