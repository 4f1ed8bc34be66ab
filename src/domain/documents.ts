// Brazilian document numbers checked locally (docs/test-vectors.md): CPF, CNPJ (numeric and the
// alphanumeric form from July 2026) and CEP.

/** Strips the usual punctuation (`.`, `-`, `/`, spaces) and uppercases (alphanumeric CNPJ). */
export function normalizeDocument(document: string): string {
  return document.replace(/[.\-/\s]/g, '').toUpperCase();
}

/** Mod-11 check digit: r = sum mod 11, digit = r < 2 ? 0 : 11 − r. */
function checkDigit(values: number[], weights: number[]): number {
  const sum = values.reduce((total, value, index) => total + value * weights[index]!, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

function allSameCharacter(text: string): boolean {
  return [...text].every((character) => character === text[0]);
}

const CPF_FIRST_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_SECOND_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidCpf(document: string): boolean {
  const cpf = normalizeDocument(document);
  if (!/^\d{11}$/.test(cpf) || allSameCharacter(cpf)) return false;
  const digits = [...cpf].map(Number);
  const first = checkDigit(digits.slice(0, 9), CPF_FIRST_WEIGHTS);
  const second = checkDigit(digits.slice(0, 10), CPF_SECOND_WEIGHTS);
  return digits[9] === first && digits[10] === second;
}

const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a 12-character CNPJ base (digits or uppercase letters). */
export function cnpjCheckDigits(base: string): string {
  if (!/^[0-9A-Z]{12}$/.test(base)) {
    throw new RangeError(`a CNPJ base is 12 digits or uppercase letters, not ${JSON.stringify(base)}`);
  }
  // Value of a character = its ASCII code − 48: digits keep their value, A is 17, Z is 42.
  const values = [...base].map((character) => character.charCodeAt(0) - 48);
  const first = checkDigit(values, CNPJ_FIRST_WEIGHTS);
  const second = checkDigit([...values, first], CNPJ_SECOND_WEIGHTS);
  return `${first}${second}`;
}

/** Numeric or alphanumeric CNPJ: 12 digits or uppercase letters, then 2 check digits. */
export function isValidCnpj(document: string): boolean {
  const cnpj = normalizeDocument(document);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || allSameCharacter(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** CEP: 8 digits, optionally written `01310-100`. */
export function isValidCep(cep: string): boolean {
  return /^\d{5}-?\d{3}$/.test(cep.trim());
}

/** Which document a valid CPF or CNPJ is; null when it is neither. */
export function documentKind(document: string): 'cpf' | 'cnpj' | null {
  if (isValidCpf(document)) return 'cpf';
  if (isValidCnpj(document)) return 'cnpj';
  return null;
}

/**
 * A valid CPF or CNPJ written as people read it (`529.982.247-25`, `11.222.333/0001-81`); anything
 * else as given.
 */
export function formatDocument(document: string): string {
  const digits = normalizeDocument(document);
  switch (documentKind(document)) {
    case 'cpf':
      return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    case 'cnpj':
      return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    default:
      return document;
  }
}
