import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  DEFAULT_PIX_ADDRESS,
  type Address as DomainAddress,
  parseAddressArgument,
  resolvePixAddress,
} from '../../src/domain/address.js';
import { UsageError } from '../../src/errors.js';
import type { Address } from '../../src/schemas/address.js';

function usageErrorOf(text: string, field = '--customer-address'): UsageError {
  try {
    parseAddressArgument(text, field);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
}

const PAULISTA: Address = {
  street: 'Av. Paulista',
  number: '1578',
  city: 'São Paulo',
  state: 'SP',
  zipcode: '01310200',
};

describe('parseAddressArgument', () => {
  it('reads street,number,city,UF,CEP and normalises the CEP', () => {
    expect(
      parseAddressArgument('Av. Paulista, 1578, São Paulo, sp, 01310-200', '--customer-address'),
    ).toEqual(PAULISTA);
  });

  it('reads street,city,UF,CEP without a number', () => {
    expect(parseAddressArgument('Rua Sem Número,Recife,PE,50030230', '--shipping-address')).toEqual({
      street: 'Rua Sem Número',
      city: 'Recife',
      state: 'PE',
      zipcode: '50030230',
    });
  });

  it('reads street,number,complemento,bairro,city,UF,CEP (a Recife flat) into complement and neighborhood', () => {
    expect(
      parseAddressArgument('Rua da Aurora,325,Apto 1201,Boa Vista,Recife,PE,50050-000', '--customer-address'),
    ).toEqual({
      street: 'Rua da Aurora',
      number: '325',
      complement: 'Apto 1201',
      neighborhood: 'Boa Vista',
      city: 'Recife',
      state: 'PE',
      zipcode: '50050000',
    });
    // An empty complemento, bairro or number is left out, not sent empty.
    expect(
      parseAddressArgument('Rua da Aurora,,,Boa Vista,Recife,PE,50050000', '--customer-address'),
    ).toEqual({
      street: 'Rua da Aurora',
      neighborhood: 'Boa Vista',
      city: 'Recife',
      state: 'PE',
      zipcode: '50050000',
    });
  });

  it('names the 7-part form when a comma form does not fit', () => {
    const { message } = usageErrorOf('Rua da Aurora,325,Apto 1201,Recife,PE,50050000');
    expect(message).toContain(
      'has 6 comma-separated parts; expected street,number,city,UF,CEP (or street,city,UF,CEP)',
    );
    expect(message).toContain('street,number,complemento,bairro,city,UF,CEP');
  });

  it('reads JSON, keeping the optional fields', () => {
    const json = JSON.stringify({
      street: 'Av. Paulista',
      number: 1578,
      complement: 'andar 5',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      zipcode: '01310-200',
      country: 'BR',
    });
    expect(parseAddressArgument(json, '--customer-address')).toEqual({
      ...PAULISTA,
      complement: 'andar 5',
      neighborhood: 'Bela Vista',
      country: 'BR',
    });
  });

  it('accepts a foreign state when the country is not BR', () => {
    const json = '{"street":"Main St","city":"Austin","state":"TX","zipcode":"78701000","country":"US"}';
    expect(parseAddressArgument(json, '--shipping-address').state).toBe('TX');
  });

  it.each([
    ['Av. Paulista', 'has 1 comma-separated parts'],
    ['a,b,c,d,e,f', 'has 6 comma-separated parts'],
    ['a,b,c,d,e,f,g,h', 'has 8 comma-separated parts'],
    ['Av. Paulista,1578,São Paulo,SP,0131-0200', 'zipcode must be 8 digits (CEP)'],
    ['Av. Paulista,1578,São Paulo,SP,1310200', 'zipcode must be 8 digits (CEP)'],
    ['Av. Paulista,1578,São Paulo,São Paulo,01310200', 'state must be 2 letters (UF)'],
    ['Av. Paulista,1578,São Paulo,XX,01310200', 'state "XX" is not a Brazilian state (UF), e.g. SP'],
    [',1578,São Paulo,SP,01310200', 'street is required'],
    ['Av. Paulista,1578,,SP,01310200', 'city is required'],
    ['{"street": "x"', 'is not valid JSON'],
    ['{"street":"x","city":"y","state":"SP"}', 'zipcode is required'],
    ['{"street":"x","city":"y","state":"SP","zipcode":"01310200","cep":"1"}', 'unknown key "cep"'],
    ['{"street":1,"city":"y","state":"SP","zipcode":"01310200"}', 'street must be text'],
    ['{"street":"x","city":"y","state":"SP","zipcode":1310200}', 'zipcode must be text'],
  ])('rejects %j: %s', (text, problem) => {
    const error = usageErrorOf(text);
    expect(error.details.field).toBe('--customer-address');
    expect(error.message).toMatch(/^--customer-address: /);
    expect(error.message).toContain(problem);
  });

  it('rejects a JSON value that is not an object', () => {
    expect(usageErrorOf('[1,2]').message).toMatch(/^--customer-address: /);
    expect(() => parseAddressArgument('{}', '--shipping-address')).toThrow(
      /^--shipping-address: street is required/,
    );
  });

  it('reads 4 parts as street,city,UF,CEP and shows the forms when they do not fit', () => {
    // Without the CEP, "São Paulo" lands in the state and "SP" in the CEP.
    const error = usageErrorOf('Av. Paulista,1578,São Paulo,SP');
    expect(error.message).toContain('state must be 2 letters (UF)');
    expect(error.message).toContain('expected street,number,city,UF,CEP (or street,city,UF,CEP)');
  });

  it('does not append the comma forms to a JSON problem', () => {
    expect(usageErrorOf('{"street":"x","city":"y","state":"SP"}').message).not.toContain('street,number');
  });
});

describe('resolvePixAddress (the PIX address fallback order)', () => {
  const shippingAddress: Address = { street: 'Rua A', city: 'Recife', state: 'PE', zipcode: '50030230' };
  const customerAddress: Address = { ...PAULISTA, country: 'BR' };

  it('uses shipping.address first', () => {
    expect(
      resolvePixAddress({
        shipping: { address: shippingAddress },
        customer: { address: customerAddress, city: 'Natal', state: 'RN', zipcode: '59000000' },
      }),
    ).toEqual({ source: 'shipping.address', address: { ...shippingAddress, country: 'BR' } });
  });

  it('then customer.address', () => {
    expect(
      resolvePixAddress({ shipping: {}, customer: { address: customerAddress, city: 'Natal' } }),
    ).toEqual({
      source: 'customer.address',
      address: customerAddress,
    });
  });

  it('then city, state and zipcode on the customer', () => {
    expect(resolvePixAddress({ customer: { city: 'Natal', state: 'RN', zipcode: '59000000' } })).toEqual({
      source: 'customer',
      address: { city: 'Natal', state: 'RN', zipcode: '59000000', country: 'BR' },
    });
    expect(resolvePixAddress({ customer: { city: 'Natal', state: ' ' } })).toEqual({
      source: 'customer',
      address: { city: 'Natal', country: 'BR' },
    });
  });

  it('then the generic default, São Paulo SP', () => {
    const expected = { source: 'default', address: { city: 'São Paulo', state: 'SP', country: 'BR' } };
    expect(resolvePixAddress({})).toEqual(expected);
    expect(resolvePixAddress({ customer: { city: '' } })).toEqual(expected);
  });

  it('keeps a country that was given, and never hands out the shared default object', () => {
    const foreign = { ...shippingAddress, country: 'PT' };
    expect(resolvePixAddress({ shipping: { address: foreign } }).address.country).toBe('PT');
    const resolved = resolvePixAddress({});
    resolved.address.city = 'Changed';
    expect(DEFAULT_PIX_ADDRESS.city).toBe('São Paulo');
  });
});

describe('the Address of the rules', () => {
  it('is the shape the schema gives (checked by tsc), keys in the API order whatever the typed order', () => {
    expectTypeOf<DomainAddress>().toEqualTypeOf<Address>();
    const typed = '{"zipcode":"01310-200","state":"sp","city":"São Paulo","street":"Av. Paulista"}';
    expect(Object.keys(parseAddressArgument(typed, '--customer-address'))).toEqual([
      'street',
      'city',
      'state',
      'zipcode',
    ]);
  });
});
