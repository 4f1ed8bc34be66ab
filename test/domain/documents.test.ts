import { describe, expect, it } from 'vitest';
import {
  cnpjCheckDigits,
  documentKind,
  formatDocument,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  normalizeDocument,
} from '../../src/domain/documents.js';

describe('normalizeDocument', () => {
  it('strips dots, hyphens, slashes and spaces and uppercases', () => {
    expect(normalizeDocument('529.982.247-25')).toBe('52998224725');
    expect(normalizeDocument('11.222.333/0001-81')).toBe('11222333000181');
    expect(normalizeDocument(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });
});

describe('isValidCpf (docs/test-vectors.md)', () => {
  it.each(['529.982.247-25', '111.444.777-35', '123.456.789-09', '52998224725'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    '529.982.247-24', // wrong second check digit
    '529.982.247-15', // wrong first check digit
    '111.111.111-11', // all the same digit
    '000.000.000-00',
    '1234567890', // 10 digits
    '529.982.247-250', // 12 digits
    '5299822472A',
    '',
  ])('rejects %j', (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe('isValidCnpj (docs/test-vectors.md)', () => {
  it.each(['11.222.333/0001-81', '11.444.777/0001-61', '11222333000181'])('accepts numeric %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    '11.222.333/0001-80', // wrong check digit
    '11.222.333/0001-71',
    '00.000.000/0000-00', // passes the arithmetic, but all the same digit
    '11.222.333/0001-8', // 13 characters
    '11.222.333/0001-AB', // check digits are always digits
    '',
  ])('rejects %j', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it('computes the check digits of an alphanumeric base (character value = ASCII − 48)', () => {
    // By hand: values 1,2,17,18,19,3,4,5,0,1,20,21; weights 5,4,3,2,9,8,7,6,5,4,3,2 give 459,
    // 459 mod 11 = 8, dv1 = 3; with dv1 and weights 6,5,4,3,2,9,8,7,6,5,4,3,2 the sum is 424,
    // 424 mod 11 = 6, dv2 = 5. (The Receita Federal's own example is 12.ABC.345/01DE-35.)
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(cnpjCheckDigits('112223330001')).toBe('81');
    expect(() => cnpjCheckDigits('12abc34501de')).toThrow(RangeError);
  });

  it('accepts the alphanumeric CNPJ, formatted, bare or lowercase', () => {
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
  });

  it('rejects an alphanumeric CNPJ with a wrong check digit or a bad character', () => {
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DF-35')).toBe(false);
    expect(isValidCnpj('12.AB*.345/01DE-35')).toBe(false);
  });
});

describe('isValidCep (docs/test-vectors.md)', () => {
  it.each(['01310-100', '70040010', ' 70040-010 '])('accepts %j', (cep) => {
    expect(isValidCep(cep)).toBe(true);
  });

  it.each(['0131-0100', '7004001', '700400100', '01310.100', 'ABCDE-FGH', ''])('rejects %j', (cep) => {
    expect(isValidCep(cep)).toBe(false);
  });
});

describe('documentKind', () => {
  it.each([
    ['529.982.247-25', 'cpf'],
    ['11.222.333/0001-81', 'cnpj'],
    ['12.ABC.345/01DE-35', 'cnpj'],
    ['529.982.247-24', null],
    ['11.222.333/0001-80', null],
    ['hello', null],
  ])('%s is %s', (document, kind) => {
    expect(documentKind(document)).toBe(kind);
  });
});

describe('formatDocument', () => {
  it('writes a valid CPF and CNPJ as people read them; anything else as given', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('529.982.247-25')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('11222333000182')).toBe('11222333000182');
    expect(formatDocument('x')).toBe('x');
  });
});
