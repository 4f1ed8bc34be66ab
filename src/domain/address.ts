// Addresses (docs/gateway-api.md, "The charge request") typed on the command line, and the PIX address
// fallback the gateway applies when a PIX charge carries none.
import { type Fact, ruleBroken, sentenceOf, UsageError } from '../errors.js';
import { isValidCep } from './documents.js';

/**
 * An address of a charge request (customer.address, shipping.address). Declared here so that the
 * rules need nothing of src/schemas/ (a lower layer, docs/architecture.md); src/schemas/address.ts
 * checks that its schema gives this shape.
 */
export interface Address {
  street: string;
  number?: string;
  complement?: string;
  neighborhood?: string;
  city: string;
  state: string;
  zipcode: string;
  country?: string;
}

/** The fields of an address: anything else is a typo. */
const ADDRESS_KEYS = [
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'zipcode',
  'country',
];
const BRAZILIAN_STATES = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);

/**
 * Writes an address the way the API wants it, in place: parts trimmed, a numeric house number
 * as text, no empty number, the state in capitals, the CEP without its hyphen.
 */
export function normalizeAddress(candidate: Record<string, unknown>): void {
  // A house number is often written as a JSON number; the API wants a string.
  if (typeof candidate.number === 'number') candidate.number = String(candidate.number);
  for (const [key, value] of Object.entries(candidate)) {
    if (typeof value === 'string') candidate[key] = value.trim();
  }
  if (candidate.number === '') delete candidate.number;
  if (typeof candidate.state === 'string') candidate.state = candidate.state.toUpperCase();
  if (typeof candidate.zipcode === 'string' && isValidCep(candidate.zipcode)) {
    candidate.zipcode = candidate.zipcode.replace('-', '');
  }
}

/** A broken rule of an address: the key at fault ('' for the address itself), its code, the rule. */
export interface AddressProblem {
  key: string;
  code: string;
  rule: string;
}

const REQUIRED_KEYS = new Set(['street', 'city', 'state', 'zipcode']);
const FORMATS: Record<string, { pattern: RegExp; code: string; rule: () => Fact }> = {
  state: {
    pattern: /^[A-Za-z]{2}$/,
    code: 'invalid_address_state',
    rule: () => ruleBroken('addressStateFormat'),
  },
  zipcode: {
    pattern: /^\d{8}$/,
    code: 'invalid_address_zipcode',
    rule: () => ruleBroken('addressZipcodeFormat'),
  },
};

/**
 * The shape of an address, key by key in the API's order: no unknown key, street to zipcode present
 * and not blank, every part text, the state 2 letters and the CEP 8 digits.
 */
function shapeProblems(address: Record<string, unknown>): AddressProblem[] {
  const problems: AddressProblem[] = [];
  const unknownKeys = Object.keys(address).filter((key) => !ADDRESS_KEYS.includes(key));
  if (unknownKeys.length > 0) {
    problems.push({
      key: '',
      code: 'unknown_field',
      rule: sentenceOf(
        ruleBroken('addressUnknownKey', {
          keys: unknownKeys.map((key) => JSON.stringify(key)).join(', '),
          known: ADDRESS_KEYS.join(', '),
        }),
      ),
    });
  }
  for (const key of ADDRESS_KEYS) {
    const part = address[key];
    if (REQUIRED_KEYS.has(key) && (part === undefined || (typeof part === 'string' && part.trim() === ''))) {
      const rule = sentenceOf(ruleBroken('addressFieldRequired'));
      problems.push({ key, code: 'address_field_required', rule });
    } else if (part !== undefined && typeof part !== 'string') {
      problems.push({ key, code: 'invalid_type', rule: sentenceOf(ruleBroken('mustBeText')) });
    } else if (typeof part === 'string' && FORMATS[key] && !FORMATS[key].pattern.test(part)) {
      problems.push({ key, code: FORMATS[key].code, rule: sentenceOf(FORMATS[key].rule()) });
    }
  }
  return problems;
}

/** A state that is no Brazilian UF, unless a country other than BR is given. */
function stateProblem(address: Record<string, unknown>): AddressProblem | undefined {
  const country = typeof address.country === 'string' ? address.country.toUpperCase() : undefined;
  const state = String(address.state);
  if ((country !== undefined && country !== 'BR') || BRAZILIAN_STATES.has(state.toUpperCase()))
    return undefined;
  return {
    key: 'state',
    code: 'invalid_address_state',
    rule: sentenceOf(ruleBroken('addressStateNotBrazilian', { value: JSON.stringify(state) })),
  };
}

/** Every rule an address object breaks (a request's customer.address or shipping.address). */
export function addressProblems(address: Record<string, unknown>): AddressProblem[] {
  const shape = shapeProblems(address);
  if (shape.length > 0) return shape;
  const state = stateProblem(address);
  return state ? [state] : [];
}

/**
 * Reads `--customer-address` / `--shipping-address`: JSON (`{"street": ...}`) or the comma form
 * `street,number,city,UF,CEP` (number optional: 4 parts), or with complemento and bairro
 * `street,number,complemento,bairro,city,UF,CEP` (7 parts; either may be left empty). The CEP may be written `01310-100` and
 * comes out as 8 digits; the state comes out uppercase and must be a Brazilian UF unless a
 * country other than BR is given.
 */
export function parseAddressArgument(text: string, field: string): Address {
  const fail = (problem: Fact): never => {
    throw new UsageError(problem, { field });
  };
  const forms = (): string => sentenceOf(ruleBroken('addressForms'));
  const trimmed = text.trim();
  let candidate: Record<string, unknown>;
  const isJson = trimmed.startsWith('{');
  if (isJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return fail(ruleBroken('addressNotJson', { field, forms: forms() }));
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return fail(ruleBroken('addressNotObject', { field, forms: forms() }));
    }
    candidate = { ...(parsed as Record<string, unknown>) };
  } else {
    const parts = trimmed.split(',').map((part) => part.trim());
    if (parts.length === 5) {
      const [street, number, city, state, zipcode] = parts;
      candidate = { street, number, city, state, zipcode };
    } else if (parts.length === 4) {
      const [street, city, state, zipcode] = parts;
      candidate = { street, city, state, zipcode };
    } else if (parts.length === 7) {
      const [street, number, complement, neighborhood, city, state, zipcode] = parts;
      // An empty complemento or bairro (`Rua X,10,,Centro,…`) is left out, as an empty number is.
      candidate = {
        street,
        number,
        ...(complement !== '' ? { complement } : {}),
        ...(neighborhood !== '' ? { neighborhood } : {}),
        city,
        state,
        zipcode,
      };
    } else {
      return fail(
        ruleBroken('addressParts', {
          field,
          value: JSON.stringify(text),
          count: parts.length,
          forms: forms(),
        }),
      );
    }
  }

  normalizeAddress(candidate);
  const shape = shapeProblems(candidate)[0];
  if (shape) {
    const problem = shape.rule;
    const { key } = shape;
    // In the comma form a missing or extra part shifts the others: show the form too.
    if (isJson) {
      return fail(
        key === ''
          ? ruleBroken('addressProblem', { field, problem })
          : ruleBroken('addressKeyProblem', { field, key, problem }),
      );
    }
    return fail(
      key === ''
        ? ruleBroken('addressProblemForms', { field, problem, forms: forms() })
        : ruleBroken('addressKeyProblemForms', { field, key, problem, forms: forms() }),
    );
  }
  const state = stateProblem(candidate);
  if (state) fail(ruleBroken('addressKeyProblem', { field, key: 'state', problem: state.rule }));
  // shapeProblems found no unknown key, every part text, the required ones present: an Address,
  // its keys in the API's order whatever order they were typed in.
  const parts = ADDRESS_KEYS.filter((key) => candidate[key] !== undefined).map((key) => [
    key,
    candidate[key],
  ]);
  return Object.fromEntries(parts) as unknown as Address;
}

export type PixAddressSource = 'shipping.address' | 'customer.address' | 'customer' | 'default';

/** The generic minimal address the gateway uses when a PIX charge gives none. */
export const DEFAULT_PIX_ADDRESS: Readonly<Partial<Address>> = Object.freeze({
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
});

/**
 * The address the gateway will use for a PIX charge, in the gateway's order: shipping.address,
 * customer.address, the city/state/zipcode on the customer, then the generic default. Country
 * defaults to BR throughout, as the gateway does.
 */
export function resolvePixAddress(request: {
  shipping?: { address?: Address };
  customer?: { address?: Address; city?: string; state?: string; zipcode?: string };
}): { source: PixAddressSource; address: Partial<Address> } {
  if (request.shipping?.address) {
    const address = request.shipping.address;
    return { source: 'shipping.address', address: { ...address, country: address.country ?? 'BR' } };
  }
  if (request.customer?.address) {
    const address = request.customer.address;
    return { source: 'customer.address', address: { ...address, country: address.country ?? 'BR' } };
  }
  const customerParts: Partial<Address> = {};
  for (const key of ['city', 'state', 'zipcode'] as const) {
    const value = request.customer?.[key];
    if (value !== undefined && value.trim() !== '') customerParts[key] = value;
  }
  if (Object.keys(customerParts).length > 0) {
    return { source: 'customer', address: { ...customerParts, country: 'BR' } };
  }
  return { source: 'default', address: { ...DEFAULT_PIX_ADDRESS } };
}
