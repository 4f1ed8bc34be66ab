// The rules of a charge request (POST /v1/charges), once. `charge create` lists every broken rule
// before it sends anything, each named by the flag or file field that set it; the sandbox answers
// the first as its 400 (code per ERRORS.md). Split rules are domain/split.ts's computeSplit, which
// both call after these. What only a gateway can know (a seller's eligibility, a card token's
// existence) is the sandbox's own.
//
// A function over the raw body rather than zod refinements: `charge create` must list every
// problem at once, and zod skips an object's refinements once one of its fields has the wrong
// type. The shapes of card and boleto are still the zod schemas of ./card-boleto.ts.

import { addressProblems } from '../domain/address.js';
import { BOLETO_MAX_AMOUNT } from '../domain/boleto.js';
import { BR_CODE_MAX_AMOUNT } from '../domain/brcode.js';
import { documentKind, isValidCep } from '../domain/documents.js';
import { isEmailAddress } from '../domain/email.js';
import { isHttpUrl } from '../domain/http-url.js';
import { resolveItems } from '../domain/items.js';
import type { PaymentMethod } from '../domain/payment-methods.js';
import { durationValue, ruleBroken } from '../errors.js';
import { isJsonObject } from '../json.js';
import { checkBoleto, checkCard } from './card-boleto-rules.js';
import { type Item, PIX_EXPIRES_IN_MAX, PIX_EXPIRES_IN_MIN } from './charge.js';
import { CHARGE_REQUEST_FIELDS, keysUnder } from './charge-request-fields.js';
import { IssueList, type RequestIssue, withoutField } from './request-issues.js';

export const DESCRIPTION_MAX_LENGTH = 255;
/** The keys of a request's `pix` object (the table of request fields declares them). */
const PIX_REQUEST_KEYS = keysUnder(CHARGE_REQUEST_FIELDS, 'pix');

export interface ChargeRequestCheck {
  issues: RequestIssue[];
  /** The items as resolved (unit prices spread) when they broke no rule. */
  items?: Item[];
  warnings: string[];
}

type Json = Record<string, unknown>;

/** Other names of card methods: refused with a clear code (the card method is "card"). */
const UNSUPPORTED_METHODS = new Set(['credit_card', 'debit_card']);

/** Rule ids of src/domain/items.ts → error codes (ERRORS.md). */
const RULE_CODES: Record<string, string> = {
  name_required: 'invalid_item_name',
  quantity_positive: 'invalid_item_quantity',
  unit_price_integer: 'invalid_unit_price',
  unit_price_positive: 'unit_price_not_positive',
};

/** Every rule of a charge request the body breaks, in the order the gateway checks them. */
export function checkChargeRequest(body: Json, today: string): ChargeRequestCheck {
  const issues = new IssueList();
  const method = checkPaymentMethod(body.payment_method, issues);
  const amount = checkAmount(body.amount, method, issues);
  checkCurrency(body.currency, method, issues);
  if (body.pix !== undefined) {
    if (method === 'pix' || method === undefined) checkPix(body.pix, issues);
    else issues.add('pix', 'pix_only_for_pix', ruleBroken('pixOnlyForPix'));
  }
  if (body.customer !== undefined) checkCustomer(body.customer, issues);
  if (body.shipping !== undefined) {
    if (!isJsonObject(body.shipping) || body.shipping.address === undefined) {
      issues.typed('shipping', ruleBroken('shippingShape'));
    } else {
      checkAddress(body.shipping.address, 'shipping.address', issues);
    }
  }
  const check: ChargeRequestCheck = { issues: issues.list, warnings: [] };
  if (body.items !== undefined) {
    if (!Array.isArray(body.items) || !body.items.every(isJsonObject)) {
      issues.typed('items', ruleBroken('itemsShape'));
    } else {
      const resolution = resolveItems(body.items as Item[], amount ?? 0);
      for (const violation of resolution.violations) {
        issues.add(violation.field, RULE_CODES[violation.rule] ?? violation.rule, withoutField(violation));
      }
      check.warnings.push(...resolution.warnings);
      if (resolution.violations.length === 0) check.items = resolution.items;
    }
  }
  checkOther(body, issues);
  if (method === 'card') checkCard(body, issues);
  if (method === 'boleto') checkBoleto(body, issues, today);
  return check;
}

function checkPaymentMethod(method: unknown, issues: IssueList): PaymentMethod | undefined {
  if (method === undefined) {
    issues.missing('payment_method', ruleBroken('paymentMethodRequired'));
  } else if (typeof method !== 'string') {
    issues.typed('payment_method', ruleBroken('paymentMethodInvalid', { value: JSON.stringify(method) }));
  } else if (UNSUPPORTED_METHODS.has(method)) {
    issues.add(
      'payment_method',
      'payment_method_not_supported',
      ruleBroken('paymentMethodUnsupported', { value: method }),
    );
  } else if (method === 'pix' || method === 'card' || method === 'boleto') {
    return method;
  } else {
    issues.add(
      'payment_method',
      'invalid_payment_method',
      ruleBroken('paymentMethodInvalid', { value: `"${method}"` }),
    );
  }
  return undefined;
}

/** The amount when it is a valid one (later rules depend on it). */
function checkAmount(amount: unknown, method: string | undefined, issues: IssueList): number | undefined {
  if (amount === undefined) {
    issues.missing('amount', ruleBroken('amountRequired'));
    return undefined;
  }
  if (!(Number.isSafeInteger(amount) && (amount as number) > 0)) {
    const code = typeof amount === 'number' ? 'invalid_amount' : 'invalid_type';
    issues.add('amount', code, ruleBroken('amountPositiveCentavos', { value: JSON.stringify(amount) }));
    return undefined;
  }
  const value = amount as number;
  if (method === 'pix' && value > BR_CODE_MAX_AMOUNT) {
    issues.add('amount', 'invalid_amount', ruleBroken('amountBrCodeMax', { max: BR_CODE_MAX_AMOUNT }));
  }
  if (method === 'boleto' && value > BOLETO_MAX_AMOUNT) {
    issues.add('amount', 'invalid_amount', ruleBroken('amountBoletoMax', { max: BOLETO_MAX_AMOUNT }));
  }
  return value;
}

function checkCurrency(currency: unknown, method: string | undefined, issues: IssueList): void {
  if (currency === undefined) return;
  const code = typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : undefined;
  // PIX and boleto move reais only (the BR Code's currency is always 986): another currency
  // could only be refused by the gateway after the fact.
  if (code === undefined) {
    issues.add('currency', 'unsupported_currency', ruleBroken('currencyCode'));
  } else if (code !== 'BRL' && method !== 'card') {
    issues.add(
      'currency',
      'unsupported_currency',
      ruleBroken('currencyBrl', { method: method ?? 'pix', value: code }),
    );
  }
}

function checkPix(pix: unknown, issues: IssueList): void {
  if (!isJsonObject(pix)) {
    issues.typed('pix', ruleBroken('pixShape', { keys: `{${PIX_REQUEST_KEYS.join(', ')}}` }));
    return;
  }
  const unknown = Object.keys(pix).filter((key) => !PIX_REQUEST_KEYS.includes(key));
  if (unknown.length > 0) {
    issues.add(
      'pix',
      'unknown_field',
      ruleBroken('unknownFieldRule', { keys: unknown.map((key) => JSON.stringify(key)).join(', ') }),
    );
  }
  const expiresIn = pix.expires_in;
  if (expiresIn !== undefined) {
    if (typeof expiresIn !== 'number') {
      issues.typed('pix.expires_in', ruleBroken('wholeSeconds'));
    } else if (!Number.isSafeInteger(expiresIn)) {
      issues.add('pix.expires_in', 'expires_in_out_of_range', ruleBroken('wholeSeconds'));
    } else if (expiresIn < PIX_EXPIRES_IN_MIN || expiresIn > PIX_EXPIRES_IN_MAX) {
      issues.add(
        'pix.expires_in',
        'expires_in_out_of_range',
        ruleBroken('expiryOutOfRange', {
          duration: durationValue(expiresIn * 1000),
          min: PIX_EXPIRES_IN_MIN,
          max: PIX_EXPIRES_IN_MAX,
        }),
      );
    }
  }
  const description = pix.description;
  if (description !== undefined) {
    if (typeof description !== 'string') {
      issues.typed('pix.description', ruleBroken('mustBeText'));
    } else if (description.length > DESCRIPTION_MAX_LENGTH) {
      issues.add(
        'pix.description',
        'description_too_long',
        ruleBroken('descriptionLength', { length: description.length, max: DESCRIPTION_MAX_LENGTH }),
      );
    }
  }
}

function checkCustomer(value: unknown, issues: IssueList): void {
  if (!isJsonObject(value)) {
    issues.typed('customer', ruleBroken('mustBeObject'));
    return;
  }
  const customer = value;
  for (const key of ['name', 'email', 'document', 'phone', 'city', 'state', 'zipcode']) {
    if (customer[key] !== undefined && typeof customer[key] !== 'string') {
      issues.typed(`customer.${key}`, ruleBroken('mustBeText'));
    }
  }
  if (typeof customer.email === 'string' && !isEmailAddress(customer.email)) {
    issues.add(
      'customer.email',
      'invalid_email',
      ruleBroken('emailInvalid', { value: JSON.stringify(customer.email) }),
    );
  }
  if (typeof customer.document === 'string' && documentKind(customer.document) === null) {
    issues.add(
      'customer.document',
      'invalid_document',
      ruleBroken('documentInvalid', { value: JSON.stringify(customer.document) }),
    );
  }
  if (typeof customer.phone === 'string' && !/^\+?[\d\s().-]{8,20}$/.test(customer.phone)) {
    issues.add(
      'customer.phone',
      'invalid_phone',
      ruleBroken('phoneInvalid', { value: JSON.stringify(customer.phone) }),
    );
  }
  if (typeof customer.zipcode === 'string' && !isValidCep(customer.zipcode)) {
    issues.add('customer.zipcode', 'invalid_zipcode', ruleBroken('zipcodeInvalid'));
  }
  if (typeof customer.state === 'string' && !/^[A-Za-z]{2}$/.test(customer.state)) {
    issues.add('customer.state', 'invalid_state', ruleBroken('stateInvalid'));
  }
  if (customer.address !== undefined) checkAddress(customer.address, 'customer.address', issues);
}

/** An address of the body (customer's or shipping's): the API's fields, street to zipcode required. */
function checkAddress(value: unknown, field: string, issues: IssueList): void {
  if (!isJsonObject(value)) {
    issues.typed(field, ruleBroken('addressShape'));
    return;
  }
  for (const problem of addressProblems(value)) {
    issues.add(problem.key === '' ? field : `${field}.${problem.key}`, problem.code, problem.rule);
  }
}

/** metadata, external_id, store and product ids, callback and checkout URLs. */
function checkOther(body: Json, issues: IssueList): void {
  if (body.metadata !== undefined && !isJsonObject(body.metadata)) {
    issues.typed('metadata', ruleBroken('metadataShape'));
  }
  if (body.external_id !== undefined) {
    if (typeof body.external_id !== 'string') issues.typed('external_id', ruleBroken('nonEmptyText'));
    else if (body.external_id.trim() === '')
      issues.add('external_id', 'invalid_external_id', ruleBroken('nonEmptyText'));
  }
  for (const key of ['store_id', 'product_id'] as const) {
    const value = body[key];
    if (value === undefined || (Number.isSafeInteger(value) && (value as number) >= 1)) continue;
    if (typeof value !== 'number') issues.typed(key, ruleBroken('positiveWholeNumber'));
    else issues.add(key, `invalid_${key}`, ruleBroken('positiveWholeNumber'));
  }
  if (body.callback_url !== undefined && !isHttpUrl(body.callback_url)) {
    issues.add('callback_url', 'invalid_callback_url', ruleBroken('httpUrl'));
  }
  if (body.checkout !== undefined) {
    if (!isJsonObject(body.checkout)) {
      issues.typed('checkout', ruleBroken('checkoutShape'));
      return;
    }
    if (body.checkout.mode !== 'redirect') {
      issues.add('checkout.mode', 'invalid_checkout_mode', ruleBroken('checkoutRedirect'));
    }
    for (const key of ['success_url', 'cancel_url'] as const) {
      if (body.checkout[key] !== undefined && !isHttpUrl(body.checkout[key])) {
        issues.add(`checkout.${key}`, 'invalid_url', ruleBroken('httpUrl'));
      }
    }
  }
}
