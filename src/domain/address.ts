// Addresses (SPEC.md "Address structure") typed on the command line, and the PIX address
// fallback the gateway applies when a PIX charge carries none.
import { UsageError } from '../errors.js';
import { type Address, addressSchema } from '../schemas/address.js';
import { isValidCep } from './documents.js';

/** The fields of an address (SPEC.md): anything else is a typo. */
export const ADDRESS_KEYS = [
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state',
  'zipcode',
  'country',
];
const ADDRESS_FORMS =
  'street,number,city,UF,CEP (or street,city,UF,CEP) e.g. "Av. Paulista,1578,São Paulo,SP,01310-200", or JSON';
const BRAZILIAN_STATES = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);

/**
 * Reads `--customer-address` / `--shipping-address`: JSON (`{"street": ...}`) or the comma form
 * `street,number,city,UF,CEP` (number optional: 4 parts). The CEP may be written `01310-100` and
 * comes out as 8 digits; the state comes out uppercase and must be a Brazilian UF unless a
 * country other than BR is given.
 */
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

export function parseAddressArgument(text: string, field: string): Address {
  const fail = (problem: string): never => {
    throw new UsageError(`${field}: ${problem}`, { field });
  };
  const trimmed = text.trim();
  let candidate: Record<string, unknown>;
  const isJson = trimmed.startsWith('{');
  if (isJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return fail(`is not valid JSON; expected ${ADDRESS_FORMS}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return fail(`must be a JSON object; expected ${ADDRESS_FORMS}`);
    }
    candidate = { ...(parsed as Record<string, unknown>) };
    const unknownKeys = Object.keys(candidate).filter((key) => !ADDRESS_KEYS.includes(key));
    if (unknownKeys.length > 0) {
      fail(
        `unknown key ${unknownKeys.map((key) => JSON.stringify(key)).join(', ')}; keys are ${ADDRESS_KEYS.join(', ')}`,
      );
    }
  } else {
    const parts = trimmed.split(',').map((part) => part.trim());
    if (parts.length === 5) {
      const [street, number, city, state, zipcode] = parts;
      candidate = { street, number, city, state, zipcode };
    } else if (parts.length === 4) {
      const [street, city, state, zipcode] = parts;
      candidate = { street, city, state, zipcode };
    } else {
      return fail(
        `${JSON.stringify(text)} has ${parts.length} comma-separated parts; expected ${ADDRESS_FORMS}`,
      );
    }
  }

  normalizeAddress(candidate);

  const result = addressSchema.safeParse(candidate);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = String(issue.path[0] ?? 'address');
    const problem =
      candidate[key] === undefined || candidate[key] === ''
        ? `${key} is required (an address needs street, city, state and zipcode)`
        : issue.code === 'invalid_type'
          ? `${key} must be text`
          : issue.message;
    // In the comma form a missing or extra part shifts the others: show the form too.
    return fail(isJson ? problem : `${problem}; expected ${ADDRESS_FORMS}`);
  }
  const address = result.data;
  const country = address.country?.toUpperCase();
  if ((country === undefined || country === 'BR') && !BRAZILIAN_STATES.has(address.state)) {
    fail(`state ${JSON.stringify(address.state)} is not a Brazilian state (UF), e.g. SP`);
  }
  return address;
}

export type PixAddressSource = 'shipping.address' | 'customer.address' | 'customer' | 'default';

/** The generic minimal address the gateway uses when a PIX charge gives none. */
export const DEFAULT_PIX_ADDRESS: Readonly<Partial<Address>> = Object.freeze({
  city: 'São Paulo',
  state: 'SP',
  country: 'BR',
});

/**
 * The address the gateway will use for a PIX charge, in SPEC.md's order: shipping.address,
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
