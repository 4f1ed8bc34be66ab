// Boletos checked offline: the 47-digit bank digitable line (linha digitável) and
// its 44-digit barcode, the 48-digit convênio/arrecadação line and its 44-digit barcode. Every
// check digit is verified and each problem names its field; conversion goes both ways. Pure: the
// caller injects "today" (the due-date factor has two cycles, see dueDateCandidates).
import { ruleBroken, sentenceOf } from '../errors.js';

/** The largest amount a boleto's 10-digit value field holds (centavos). */
export const BOLETO_MAX_AMOUNT = 9_999_999_999;

export type BoletoKind = 'bank' | 'convenio';

/** What `boleto inspect` shows (its --json is a subset of these names, src/commands/boleto/inspect.ts). */
export interface Boleto {
  valid: boolean;
  kind: BoletoKind | null;
  /** What the input was: a digitable line or a barcode (null when neither length). */
  input: 'line' | 'barcode' | null;
  /** Digits only. */
  line: string | null;
  barcode: string | null;
  /** 3 digits (bank boletos). */
  bank: string | null;
  /** Centavos; null when a convênio boleto carries a reference instead of a value (7 or 9). */
  amount: number | null;
  due_date: string | null;
  due_date_candidates: string[];
  /** Why due_date is the one chosen (two cycles), or why there is none. */
  due_date_note: string | null;
  segment: string | null;
  problems: string[];
}

/** Mod 10 (weights 2,1,2… from the right, products' digits summed): the field digits. */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index--) {
    const product = Number(digits[index]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Σ digit × (2…9 cycling from the right), mod 11. */
function mod11Remainder(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let index = digits.length - 1; index >= 0; index--) {
    sum += Number(digits[index]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  return sum % 11;
}

/** The bank barcode's general digit: 11 − r, where 0, 10 and 11 become 1. */
export function bankMod11(digits: string): number {
  const digit = 11 - mod11Remainder(digits);
  return digit === 0 || digit === 10 || digit === 11 ? 1 : digit;
}

/** The convênio mod 11: remainders 0 and 1 give 0, otherwise 11 − r (so 10 gives 1). */
export function convenioMod11(digits: string): number {
  const remainder = mod11Remainder(digits);
  return remainder < 2 ? 0 : 11 - remainder;
}

/** Digits of what a person pasted: spaces, dots and hyphens are the usual punctuation. */
export function normalizeBoletoInput(input: string): string {
  return input.replace(/[\s.-]/g, '');
}

// ---- bank boletos: barcode = bank(3) currency(1) DV(1) factor(4) amount(10) free(25) ----

/** The 47-digit line of a 44-digit bank barcode (field digits computed, general digit copied). */
export function bankBarcodeToLine(barcode: string): string {
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  return (
    field1 +
    mod10(field1) +
    field2 +
    mod10(field2) +
    field3 +
    mod10(field3) +
    barcode[4] +
    barcode.slice(5, 19)
  );
}

/** The 44-digit barcode of a 47-digit bank line (field digits dropped). */
export function bankLineToBarcode(line: string): string {
  return (
    line.slice(0, 4) +
    line[32] +
    line.slice(33, 47) +
    line.slice(4, 9) +
    line.slice(10, 20) +
    line.slice(21, 31)
  );
}

// ---- convênio: barcode = 8, segment(1), value id(1), DV(1), value(11), company…, four blocks of 11 ----

function convenioBlockDigit(valueId: string): (digits: string) => number {
  return valueId === '8' || valueId === '9' ? convenioMod11 : mod10;
}

/** The 48-digit line of a 44-digit convênio barcode: four blocks of 11 digits, each with its digit. */
export function convenioBarcodeToLine(barcode: string): string {
  const blockDigit = convenioBlockDigit(barcode[2]!);
  let line = '';
  for (let block = 0; block < 4; block++) {
    const digits = barcode.slice(block * 11, block * 11 + 11);
    line += digits + blockDigit(digits);
  }
  return line;
}

/** The 44-digit barcode of a 48-digit convênio line (block digits dropped). */
export function convenioLineToBarcode(line: string): string {
  return [0, 1, 2, 3].map((block) => line.slice(block * 12, block * 12 + 11)).join('');
}

/** Either kind, by length and first digit; the check digits are not verified. */
export function boletoLineToBarcode(line: string): string {
  return line.length === 48 ? convenioLineToBarcode(line) : bankLineToBarcode(line);
}

export function boletoBarcodeToLine(barcode: string): string {
  return barcode.startsWith('8') ? convenioBarcodeToLine(barcode) : bankBarcodeToLine(barcode);
}

/** `00190.50095 40144.816069 06809.350314 3 37370000000100` / four blocks of 12 for convênio. */
export function formatBoletoLine(line: string): string {
  if (line.length === 48) return (line.match(/\d{12}/g) ?? [line]).join(' ');
  if (line.length !== 47) return line;
  const dotted = (field: string, at: number) => `${field.slice(0, at)}.${field.slice(at)}`;
  return [
    dotted(line.slice(0, 10), 5),
    dotted(line.slice(10, 21), 5),
    dotted(line.slice(21, 32), 5),
    line[32],
    line.slice(33),
  ].join(' ');
}

// ---- due-date factor ----

const DAY_MS = 86_400_000;
/** Factor 0 of the first cycle (so factor 1000 is 2000-07-03). */
const FIRST_CYCLE_BASE = Date.UTC(1997, 9, 7);
/** The factor restarted at 1000 on this day (after 9999 on 2025-02-21). */
const SECOND_CYCLE_START = Date.UTC(2025, 1, 22);
const FACTOR_MIN = 1000;
const FACTOR_MAX = 9999;

const isoDate = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

export interface DueDateReading {
  /** ISO dates, first cycle first. */
  candidates: string[];
  chosen: string | null;
  note: string | null;
}

/**
 * The dates a factor can mean: first cycle (1997-10-07 + factor days) and, for 1000–9999, second
 * cycle (2025-02-22 + factor − 1000 days). The chosen one is the nearest to `todayMs`. Factor 0 is
 * a boleto without a due date.
 */
export function dueDateCandidates(factor: number, todayMs: number): DueDateReading {
  if (factor === 0) return { candidates: [], chosen: null, note: sentenceOf(ruleBroken('boletoFactorZero')) };
  const dates = [FIRST_CYCLE_BASE + factor * DAY_MS];
  if (factor >= FACTOR_MIN) dates.push(SECOND_CYCLE_START + (factor - FACTOR_MIN) * DAY_MS);
  const candidates = dates.map(isoDate);
  if (dates.length === 1) return { candidates, chosen: candidates[0]!, note: null };
  const today = Math.floor(todayMs / DAY_MS) * DAY_MS;
  const nearest = Math.abs(dates[0]! - today) <= Math.abs(dates[1]! - today) ? 0 : 1;
  const other = candidates[1 - nearest]!;
  return {
    candidates,
    chosen: candidates[nearest]!,
    note: sentenceOf(ruleBroken('boletoFactorTwice', { factor, other })),
  };
}

/** The last due date a barcode's factor can carry (factor 9999 of the second cycle). */
export const BOLETO_LAST_DUE_DATE = '2049-10-13';

/** The factor of a due date (YYYY-MM-DD) in the cycle that contains it; RangeError outside both. */
export function dueDateFactor(dueDate: string): number {
  const epochMs = Date.parse(`${dueDate}T00:00:00Z`);
  if (Number.isNaN(epochMs) || isoDate(epochMs) !== dueDate) {
    throw new RangeError(`not a date: ${JSON.stringify(dueDate)}`);
  }
  const factor =
    epochMs >= SECOND_CYCLE_START
      ? FACTOR_MIN + Math.round((epochMs - SECOND_CYCLE_START) / DAY_MS)
      : Math.round((epochMs - FIRST_CYCLE_BASE) / DAY_MS);
  if (factor < FACTOR_MIN || factor > FACTOR_MAX) {
    throw new RangeError(`${dueDate} has no due-date factor (outside 2000-07-03 … ${BOLETO_LAST_DUE_DATE})`);
  }
  return factor;
}

export interface BankBoletoParts {
  bank: string;
  /** Centavos, at most 10 digits. */
  amount: number;
  /** YYYY-MM-DD, or null for no due date (factor 0000). */
  dueDate: string | null;
  /** The bank's 25-digit free field. */
  freeField: string;
}

/** A valid bank barcode and its line, from their parts (the sandbox issues these). */
export function buildBankBoleto(parts: BankBoletoParts): { barcode: string; line: string } {
  if (!/^\d{3}$/.test(parts.bank) || !/^\d{25}$/.test(parts.freeField)) {
    throw new RangeError('a bank code is 3 digits and a free field 25 digits');
  }
  if (!Number.isSafeInteger(parts.amount) || parts.amount < 0 || parts.amount > BOLETO_MAX_AMOUNT) {
    throw new RangeError(`amount ${parts.amount} does not fit a boleto's 10 digits`);
  }
  const factor = parts.dueDate === null ? 0 : dueDateFactor(parts.dueDate);
  const body = `${parts.bank}9${String(factor).padStart(4, '0')}${String(parts.amount).padStart(10, '0')}${parts.freeField}`;
  const barcode = body.slice(0, 4) + bankMod11(body) + body.slice(4);
  return { barcode, line: bankBarcodeToLine(barcode) };
}

// ---- inspection ----

/** Convênio segments (2nd digit), as FEBRABAN's arrecadação layout names them. */
const SEGMENTS: Readonly<Record<string, string>> = {
  '1': 'city halls',
  '2': 'sanitation',
  '3': 'electricity and gas',
  '4': 'telecommunications',
  '5': 'government bodies',
  '6': 'companies identified by CNPJ',
  '7': 'traffic fines',
  '9': "the bank's own use",
};

function emptyBoleto(problems: string[]): Boleto {
  return {
    valid: false,
    kind: null,
    input: null,
    line: null,
    barcode: null,
    bank: null,
    amount: null,
    due_date: null,
    due_date_candidates: [],
    due_date_note: null,
    segment: null,
    problems,
  };
}

/** A check digit that is not the one its digits give, said with the field it closes. */
type DigitField =
  | { kind: 'field' | 'block'; number: number }
  | { kind: 'general'; source: 'line' | 'barcode' };

function digitProblem(field: DigitField, found: string, expected: number): string | null {
  if (found === String(expected)) return null;
  const values = { found, expected };
  if (field.kind === 'general') {
    const key = field.source === 'line' ? 'boletoGeneralDigitLine' : 'boletoGeneralDigitBarcode';
    return sentenceOf(ruleBroken(key, values));
  }
  const key = field.kind === 'field' ? 'boletoFieldDigit' : 'boletoBlockDigit';
  return sentenceOf(ruleBroken(key, { ...values, number: field.number }));
}

function bankProblems(line: string, barcode: string, input: 'line' | 'barcode'): string[] {
  const problems: (string | null)[] = [];
  if (input === 'line') {
    const fields: [number, number][] = [
      [0, 9],
      [10, 20],
      [21, 31],
    ];
    fields.forEach(([start, end], index) => {
      problems.push(
        digitProblem({ kind: 'field', number: index + 1 }, line[end]!, mod10(line.slice(start, end))),
      );
    });
  }
  const general = bankMod11(barcode.slice(0, 4) + barcode.slice(5));
  problems.push(digitProblem({ kind: 'general', source: input }, barcode[4]!, general));
  return problems.filter((problem) => problem !== null);
}

function convenioProblems(line: string, barcode: string, input: 'line' | 'barcode'): string[] {
  if (barcode[0] !== '8') return [sentenceOf(ruleBroken('boletoConvenioProduct'))];
  const valueId = barcode[2]!;
  if (!'6789'.includes(valueId)) {
    return [sentenceOf(ruleBroken('boletoValueIdentifier', { value: valueId }))];
  }
  const blockDigit = convenioBlockDigit(valueId);
  const problems: (string | null)[] = [];
  if (input === 'line') {
    for (let block = 0; block < 4; block++) {
      const digits = line.slice(block * 12, block * 12 + 11);
      problems.push(
        digitProblem({ kind: 'block', number: block + 1 }, line[block * 12 + 11]!, blockDigit(digits)),
      );
    }
  }
  const general = blockDigit(barcode.slice(0, 3) + barcode.slice(4));
  problems.push(digitProblem({ kind: 'general', source: input }, barcode[3]!, general));
  if (SEGMENTS[barcode[1]!] === undefined)
    problems.push(sentenceOf(ruleBroken('boletoSegment', { value: barcode[1]! })));
  return problems.filter((problem) => problem !== null);
}

/**
 * Reads a line or barcode of either kind: converts it to the other form, checks every digit
 * (each problem names its field) and reads bank, amount, due date (nearest `todayMs` of the two
 * factor cycles) or segment.
 */
export function inspectBoleto(text: string, todayMs: number): Boleto {
  const digits = normalizeBoletoInput(text);
  const stray = /\D/.exec(digits);
  if (stray)
    return emptyBoleto([sentenceOf(ruleBroken('boletoNotDigit', { value: JSON.stringify(stray[0]) }))]);
  const input =
    digits.length === 44 ? 'barcode' : digits.length === 47 || digits.length === 48 ? 'line' : null;
  if (input === null) return emptyBoleto([sentenceOf(ruleBroken('boletoLength', { count: digits.length }))]);
  const kind: BoletoKind =
    digits.length === 48 || (input === 'barcode' && digits[0] === '8') ? 'convenio' : 'bank';
  const barcode = input === 'barcode' ? digits : boletoLineToBarcode(digits);
  const line = input === 'line' ? digits : boletoBarcodeToLine(digits);
  const result: Boleto = { ...emptyBoleto([]), kind, input, line, barcode };
  if (kind === 'bank') {
    result.problems = bankProblems(line, barcode, input);
    result.bank = barcode.slice(0, 3);
    result.amount = Number(barcode.slice(9, 19));
    const dueDate = dueDateCandidates(Number(barcode.slice(5, 9)), todayMs);
    result.due_date = dueDate.chosen;
    result.due_date_candidates = dueDate.candidates;
    result.due_date_note = dueDate.note;
  } else {
    result.problems = convenioProblems(line, barcode, input);
    result.segment = SEGMENTS[barcode[1]!] ?? null;
    // 6 and 8 carry the value in centavos; 7 and 9 a reference (a quantity or index).
    result.amount = barcode[2] === '6' || barcode[2] === '8' ? Number(barcode.slice(4, 15)) : null;
  }
  result.valid = result.problems.length === 0;
  return result;
}
