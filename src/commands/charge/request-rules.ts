import { parseAddressArgument } from '../../domain/address.js';
import { BR_CODE_MAX_AMOUNT } from '../../domain/brcode.js';
import { documentKind, isValidCep, normalizeDocument } from '../../domain/documents.js';
import { formatDuration } from '../../domain/duration.js';
import { isEmailAddress } from '../../domain/email.js';
import { HTTP_URL_RULE, isHttpUrl } from '../../domain/http-url.js';
import { resolveItems } from '../../domain/items.js';
import { UsageError } from '../../errors.js';
import { isJsonObject } from '../../json.js';
import type { Address } from '../../schemas/address.js';
import { type Item, PIX_EXPIRES_IN_MAX, PIX_EXPIRES_IN_MIN } from '../../schemas/charge.js';
import { FIELD_FLAGS } from './body-flags.js';
import { checkMethod } from './method.js';

export { expiresInSeconds, positiveIdFlag } from './body-flags.js';

export const DESCRIPTION_MAX_LENGTH = 255;

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
      throw new UsageError(`${first.message} (nothing was sent)`, { field });
    }
    const lines = this.list.map((problem) => `  - ${problem.message}`).join('\n');
    throw new UsageError(`${this.list.length} problems, nothing was sent:\n${lines}`, { field });
  }
}

export function checkExpiresIn(seconds: number, field: string): void {
  if (seconds < PIX_EXPIRES_IN_MIN || seconds > PIX_EXPIRES_IN_MAX) {
    throw new UsageError(`${field}: ${formatDuration(seconds * 1000)} is out of range: ${EXPIRY_RANGE}`, {
      field,
    });
  }
}

/** Checks one address of the body (from a file: flags were checked as they were read). */
export function checkAddress(
  value: unknown,
  field: string,
  problems: Problems,
  assign: (address: Address) => void,
): void {
  if (problems.fromFlag.has(field)) return;
  if (!isJsonObject(value)) {
    problems.add(field, 'must be an object {street, city, state, zipcode, ...}');
    return;
  }
  const address = problems.attempt(field, () => parseAddressArgument(JSON.stringify(value), field));
  if (address) assign(address);
}

/** Every rule of SPEC.md on the drafted body; fills `problems`, normalises values in place. */
/** `today`: the Brazilian calendar date (boleto due dates are checked against it). */
export function checkBody(
  body: Json,
  problems: Problems,
  warnings: string[],
  today: string,
): Item[] | undefined {
  let items: Item[] | undefined;
  const amountOk = Number.isSafeInteger(body.amount) && (body.amount as number) > 0;
  if (!amountOk && !Number.isNaN(body.amount)) {
    problems.add('amount', `${JSON.stringify(body.amount)} must be a positive whole number of centavos`);
  }
  body.payment_method ??= 'pix';
  if (amountOk && body.payment_method === 'pix' && (body.amount as number) > BR_CODE_MAX_AMOUNT) {
    problems.add(
      'amount',
      `must be at most ${BR_CODE_MAX_AMOUNT} centavos (the largest a BR Code can carry)`,
    );
  }
  if (body.currency !== undefined) {
    const code =
      typeof body.currency === 'string' && /^[A-Z]{3}$/.test(body.currency) ? body.currency : undefined;
    // PIX and boleto move reais only (the BR Code's currency is always 986): another currency
    // could only be refused by the gateway after the fact.
    if (code === undefined) problems.add('currency', 'must be a 3-letter currency code (BRL)');
    else if (code !== 'BRL' && body.payment_method !== 'card')
      problems.add('currency', `must be BRL for ${String(body.payment_method)} (got ${code})`);
  }
  checkMethod(body, problems, today);
  if (body.pix !== undefined && body.payment_method === 'pix') checkPix(body.pix, problems);
  if (body.customer !== undefined) checkCustomer(body.customer, problems);
  if (body.shipping !== undefined) {
    if (!isJsonObject(body.shipping) || body.shipping.address === undefined) {
      problems.add('shipping', 'must be an object {address: {...}}');
    } else {
      const shipping = body.shipping;
      checkAddress(shipping.address, 'shipping.address', problems, (address) => {
        shipping.address = address;
      });
    }
  }
  if (body.items !== undefined) {
    if (!Array.isArray(body.items) || !body.items.every(isJsonObject)) {
      problems.add('items', 'must be an array of {name, quantity, unit_price}');
    } else {
      const resolution = resolveItems(body.items as Item[], amountOk ? (body.amount as number) : 0);
      for (const violation of resolution.violations) {
        problems.add(violation.field, violation.message.replace(/^[^:]+: /, ''));
      }
      warnings.push(...resolution.warnings);
      items = resolution.items;
    }
  }
  if (body.metadata !== undefined && !isJsonObject(body.metadata)) {
    problems.add('metadata', 'must be an object of key-value pairs');
  }
  if (
    body.external_id !== undefined &&
    !(typeof body.external_id === 'string' && body.external_id.trim() !== '')
  ) {
    problems.add('external_id', 'must be non-empty text');
  }
  for (const key of ['store_id', 'product_id'] as const) {
    const value = body[key];
    if (value === undefined) {
      delete body[key];
    } else if (!problems.fromFlag.has(key) && !(Number.isSafeInteger(value) && (value as number) >= 1)) {
      problems.add(key, 'must be a positive whole number');
    }
  }
  if (body.callback_url !== undefined && !isHttpUrl(body.callback_url)) {
    problems.add('callback_url', HTTP_URL_RULE);
  }
  if (body.checkout !== undefined) {
    if (!isJsonObject(body.checkout)) {
      problems.add('checkout', 'must be an object {mode: "redirect", success_url, cancel_url}');
    } else {
      if (body.checkout.mode !== 'redirect') problems.add('checkout.mode', 'must be "redirect"');
      for (const key of ['success_url', 'cancel_url'] as const) {
        if (body.checkout[key] !== undefined && !isHttpUrl(body.checkout[key])) {
          problems.add(`checkout.${key}`, HTTP_URL_RULE);
        }
      }
    }
  }
  return items;
}

export const EXPIRY_RANGE = `from 60s to 1d (${PIX_EXPIRES_IN_MIN} to ${PIX_EXPIRES_IN_MAX} seconds)`;

export function checkPix(pix: unknown, problems: Problems): void {
  if (!isJsonObject(pix)) {
    problems.add('pix', 'must be an object {expires_in, description}');
    return;
  }
  const unknown = Object.keys(pix).filter((key) => key !== 'expires_in' && key !== 'description');
  if (unknown.length > 0) {
    problems.add('pix', `unknown field ${unknown.map((key) => JSON.stringify(key)).join(', ')}`);
  }
  const expiresIn = pix.expires_in;
  if (expiresIn !== undefined) {
    if (typeof expiresIn !== 'number' || !Number.isSafeInteger(expiresIn)) {
      problems.add('pix.expires_in', 'must be a whole number of seconds');
    } else if (expiresIn < PIX_EXPIRES_IN_MIN || expiresIn > PIX_EXPIRES_IN_MAX) {
      problems.add('pix.expires_in', `${formatDuration(expiresIn * 1000)} is out of range: ${EXPIRY_RANGE}`);
    }
  }
  const description = pix.description;
  if (description !== undefined) {
    if (typeof description !== 'string') {
      problems.add('pix.description', 'must be text');
    } else if (description.length > DESCRIPTION_MAX_LENGTH) {
      problems.add(
        'pix.description',
        `has ${description.length} characters, at most ${DESCRIPTION_MAX_LENGTH} allowed`,
      );
    }
  }
}

export function checkCustomer(value: unknown, problems: Problems): void {
  if (!isJsonObject(value)) {
    problems.add('customer', 'must be an object');
    return;
  }
  const customer = value;
  for (const key of ['name', 'email', 'document', 'phone', 'city', 'state', 'zipcode']) {
    if (customer[key] !== undefined && typeof customer[key] !== 'string') {
      problems.add(`customer.${key}`, 'must be text');
    }
  }
  if (typeof customer.email === 'string' && !isEmailAddress(customer.email)) {
    problems.add('customer.email', `${JSON.stringify(customer.email)} is not an e-mail address`);
  }
  if (typeof customer.document === 'string') {
    if (documentKind(customer.document) === null) {
      problems.add(
        'customer.document',
        `${JSON.stringify(customer.document)} is not a valid CPF or CNPJ (check digits)`,
      );
    } else {
      customer.document = normalizeDocument(customer.document);
    }
  }
  if (typeof customer.phone === 'string' && !/^\+?[\d\s().-]{8,20}$/.test(customer.phone)) {
    problems.add(
      'customer.phone',
      `${JSON.stringify(customer.phone)} is not a phone number (e.g. +55 11 91234-5678)`,
    );
  }
  if (typeof customer.zipcode === 'string') {
    if (isValidCep(customer.zipcode)) customer.zipcode = customer.zipcode.trim().replace('-', '');
    else problems.add('customer.zipcode', 'must be a CEP of 8 digits (01310-100)');
  }
  if (typeof customer.state === 'string' && !/^[A-Za-z]{2}$/.test(customer.state)) {
    problems.add('customer.state', 'must be 2 letters (UF), e.g. SP');
  }
  if (customer.address !== undefined) {
    checkAddress(customer.address, 'customer.address', problems, (address) => {
      customer.address = address;
    });
  }
}
