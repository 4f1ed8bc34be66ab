// Rules of card and boleto charges, checked by the CLI before sending and by the
// sandbox on receipt: one list of violations, each naming its field and rule. Pure: "today" is
// given (a Brazilian calendar date, see brazilDate).
import { type Fact, ruleBroken, sentenceOf, UsageError } from '../errors.js';
import { BOLETO_LAST_DUE_DATE } from './boleto.js';
import { calendarDateOf } from './calendar-date.js';
import { documentKind } from './documents.js';
import type { SplitViolation } from './split.js';

export type RuleViolation = SplitViolation;

const DAY_MS = 86_400_000;
/** Brazil has kept UTC−3 all year since 2019: the calendar date a payer sees. */
const BRAZIL_OFFSET_MS = -3 * 3_600_000;

/** The Brazilian calendar date (YYYY-MM-DD) at an epoch-ms instant. */
export function brazilDate(epochMs: number): string {
  return new Date(epochMs + BRAZIL_OFFSET_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const epochMs = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(epochMs) && new Date(epochMs).toISOString().slice(0, 10) === text;
}

/** `date` + `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The weekend day a calendar date (YYYY-MM-DD) falls on, else undefined. Only Saturday and
 * Sunday: holidays differ by city and year, and no list of them is kept.
 */
export function weekendDayOf(date: string): 'Saturday' | 'Sunday' | undefined {
  if (!isCalendarDate(date)) return undefined;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 6 ? 'Saturday' : weekday === 0 ? 'Sunday' : undefined;
}

/**
 * A due date as typed: `YYYY-MM-DD`, `DD/MM/YYYY`, or `+Nd` (N days after `today`, `+0d` being
 * today). A UsageError naming `field` for anything else, an impossible date, or a date before today.
 */
export function parseDueDate(input: string, today: string, field = 'due_date'): string {
  const text = input.trim();
  const relative = /^\+(\d{1,4})d$/.exec(text);
  const date = relative ? addDays(today, Number(relative[1])) : calendarDateOf(text);
  if (date === undefined) {
    throw new UsageError(ruleBroken('dueDateInvalid', { field, value: JSON.stringify(input) }), { field });
  }
  if (date < today) {
    throw new UsageError(ruleBroken('dueDateInPast', { field, date, today }), { field });
  }
  return date;
}

interface AddressLike {
  street?: unknown;
  city?: unknown;
  state?: unknown;
  zipcode?: unknown;
}

interface ChargeLike {
  amount: number;
  customer?: { name?: string; document?: string; address?: AddressLike } | undefined;
}

/** Card charges need the payer's billing address (docs/gateway-api.md): customer.address. */
export function cardChargeViolations(charge: ChargeLike): RuleViolation[] {
  if (charge.customer?.address !== undefined) return [];
  return [
    {
      field: 'customer.address',
      rule: 'billing_address_required',
      message: sentenceOf(ruleBroken('billingAddressRequired')),
    },
  ];
}

export interface BoletoTerms {
  due_date: string;
  discount?: number | undefined;
  discount_until?: string | undefined;
}

/** A boleto's payer: a name and a valid CPF/CNPJ (checked even when its terms cannot be read). */
export function boletoPayerViolations(charge: Omit<ChargeLike, 'amount'>): RuleViolation[] {
  const out: RuleViolation[] = [];
  const add = (field: string, rule: string, fact: Fact) =>
    out.push({ field, rule, message: sentenceOf(fact) });
  if (!charge.customer?.name?.trim()) {
    add('customer.name', 'payer_name_required', ruleBroken('payerNameRequired'));
  }
  const document = charge.customer?.document;
  if (document === undefined || document.trim() === '') {
    add('customer.document', 'payer_document_required', ruleBroken('payerDocumentRequired'));
  } else if (documentKind(document) === null) {
    add('customer.document', 'invalid_document', ruleBroken('payerDocumentInvalid'));
  }
  return out;
}

/**
 * Boleto charges: payer name and a valid CPF/CNPJ; a real due date not before `today`; a
 * discount below the amount, its date a real one between today and the due date.
 */
export function boletoChargeViolations(
  charge: ChargeLike,
  boleto: BoletoTerms,
  today: string,
): RuleViolation[] {
  const out = boletoPayerViolations(charge);
  const add = (field: string, rule: string, fact: Fact) =>
    out.push({ field, rule, message: sentenceOf(fact) });
  if (!isCalendarDate(boleto.due_date)) {
    add(
      'boleto.due_date',
      'invalid_due_date',
      ruleBroken('boletoDueDateNotDate', { value: JSON.stringify(boleto.due_date) }),
    );
  } else if (boleto.due_date < today) {
    add(
      'boleto.due_date',
      'due_date_in_past',
      ruleBroken('boletoDueDateBeforeToday', { date: boleto.due_date, today }),
    );
  } else if (boleto.due_date > BOLETO_LAST_DUE_DATE) {
    add(
      'boleto.due_date',
      'invalid_due_date',
      ruleBroken('boletoDueDateAfterLast', { date: boleto.due_date, last: BOLETO_LAST_DUE_DATE }),
    );
  }
  if (boleto.discount !== undefined && boleto.discount >= charge.amount) {
    add(
      'boleto.discount',
      'discount_too_large',
      ruleBroken('boletoDiscountTooLarge', { amount: charge.amount }),
    );
  }
  const until = boleto.discount_until;
  if (until !== undefined) {
    if (boleto.discount === undefined) {
      add('boleto.discount_until', 'discount_required', ruleBroken('boletoDiscountUntilNeedsDiscount'));
    } else if (!isCalendarDate(until)) {
      add(
        'boleto.discount_until',
        'invalid_discount_date',
        ruleBroken('boletoDiscountUntilNotDate', { value: JSON.stringify(until) }),
      );
    } else if (until < today || (isCalendarDate(boleto.due_date) && until > boleto.due_date)) {
      add(
        'boleto.discount_until',
        'invalid_discount_date',
        ruleBroken('boletoDiscountUntilRange', { today, dueDate: boleto.due_date }),
      );
    }
  }
  return out;
}
