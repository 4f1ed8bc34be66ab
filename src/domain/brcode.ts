// EMV BR Code (the PIX copy-and-paste string): TLV parse and validation and CRC16, following
// the BCB manual's rules summarised in docs/test-vectors.md (generation is brcode-build.ts).
// Lengths count characters (code points: an emoji is one character, never cut in half).
//
// What the reader refuses is only what is structurally broken: a TLV overrun, a
// missing or wrong CRC, a missing mandatory field, no PIX account at all. Everything a bank may
// still accept (a txid outside the strict alphabet, a long name, a value out of the usual set) is
// a warning in `problems`: the current BCB manuals allow codes our own generator never makes, such
// as Pix Automático's (field 26 holding only the GUI, field 80 with the recurrence URL).
import { ruleBroken, sentenceOf } from '../errors.js';

/** The BR Code amount field (54) holds at most 13 characters, 9999999999.99: in centavos. */
export const BR_CODE_MAX_AMOUNT = 999_999_999_999;

export interface BrCodeField {
  id: string;
  length: number;
  value: string;
  /** Nested fields of a template (26–51, 62, 64, 80–99 when they parse as TLV). */
  fields?: BrCodeField[];
}

/** The `charge qr --json` contract, plus the errors that make it invalid. */
export interface BrCode {
  valid: boolean;
  /** Structural problems: the code cannot be paid as it is. */
  errors: string[];
  /** Warnings: the code is readable, but something is unusual (shown, never a rejection). */
  problems: string[];
  initiation: 'static' | 'dynamic' | null;
  key: string | null;
  url: string | null;
  /** Pix Automático: the recurrence's payload location (field 80-25), or null. */
  recurrence_url: string | null;
  merchant_name: string | null;
  merchant_city: string | null;
  /** Centavos. */
  amount: number | null;
  txid: string | null;
  crc: string | null;
  fields: BrCodeField[];
}

export const PIX_GUI = 'br.gov.bcb.pix';
export const CRC_FIELD_PREFIX = '6304';
export const MAX_FIELD_LENGTH = 99;
export const BR_CODE_MERCHANT_NAME_MAX_LENGTH = 25;
export const BR_CODE_MERCHANT_CITY_MAX_LENGTH = 15;
export const AMOUNT_MAX_LENGTH = 13;
export const REFERENCE_LABEL_MAX_LENGTH = 25;
const AMOUNT_PATTERN = /^(\d+)(?:\.(\d{1,2}))?$/;
// 62-05: letters and digits, or `***` when the code carries no txid (dynamic codes).
export const REFERENCE_LABEL_PATTERN = /^(?:[A-Za-z0-9]{1,25}|\*\*\*)$/;
const TXID_PATTERN = /^[a-zA-Z0-9]{26,35}$/;

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection) of the UTF-8 bytes: 4 upper hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A charge txid of the Pix API: 26 to 35 letters and digits. */
export function isValidTxid(txid: string): boolean {
  return TXID_PATTERN.test(txid);
}

/** Reads a TLV sequence; stops at the first structural problem and reports it. */
function parseTlv(text: string): { fields: BrCodeField[]; error: string | null } {
  const fields: BrCodeField[] = [];
  // By code point: a length counts characters, and a character outside the BMP is two UTF-16 units.
  const characters = Array.from(text);
  let position = 0;
  while (position < characters.length) {
    const header = characters.slice(position, position + 4).join('');
    if (!/^\d{4}$/.test(header)) {
      const error =
        header.length < 4
          ? ruleBroken('brTlvCutShort', { position })
          : ruleBroken('brTlvBadHeader', { header, position });
      return { fields, error: sentenceOf(error) };
    }
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const valueStart = position + 4;
    if (valueStart + length > characters.length) {
      return {
        fields,
        error: sentenceOf(
          ruleBroken('brTlvOverrun', { id, length, remaining: characters.length - valueStart }),
        ),
      };
    }
    fields.push({ id, length, value: characters.slice(valueStart, valueStart + length).join('') });
    position = valueStart + length;
  }
  return { fields, error: null };
}

function isTemplateId(id: string): boolean {
  const number = Number(id);
  return (number >= 26 && number <= 51) || number === 62 || number === 64 || number >= 80;
}

function subfield(field: BrCodeField | undefined, id: string): BrCodeField | undefined {
  return field?.fields?.find((child) => child.id === id);
}

/** Parses and validates a BR Code. Never throws: problems are listed in `errors`. */
export function parseBrCode(emv: string): BrCode {
  const text = emv.trim();
  const result: BrCode = {
    valid: false,
    errors: [],
    initiation: null,
    key: null,
    url: null,
    recurrence_url: null,
    merchant_name: null,
    merchant_city: null,
    amount: null,
    txid: null,
    crc: null,
    fields: [],
    problems: [],
  };
  if (text === '') {
    result.errors.push(sentenceOf(ruleBroken('brEmpty')));
    return result;
  }
  result.fields = readFields(text, result.errors);
  const byId = (id: string) => result.fields.find((field) => field.id === id);
  checkHeader(result.fields, byId, result);
  checkMerchantAccount(result.fields, result);
  checkCategoryAndCurrency(byId, result);
  readAmount(byId('54'), result);
  readMerchant(byId, result);
  readAdditionalData(byId('62'), result);
  checkCrc(text, result.fields, result);
  result.valid = result.errors.length === 0;
  return result;
}

type FieldById = (id: string) => BrCodeField | undefined;

/** The top-level fields, templates read into theirs, and each field at most once. */
function readFields(text: string, errors: string[]): BrCodeField[] {
  const parsed = parseTlv(text);
  if (parsed.error) errors.push(parsed.error);
  for (const field of parsed.fields) {
    if (!isTemplateId(field.id)) continue;
    const nested = parseTlv(field.value);
    if (nested.error === null) {
      field.fields = nested.fields;
    } else if (field.id === '62') {
      // Unknown templates (80–99, other schemes' 26–51) are tolerated even when not TLV.
      errors.push(sentenceOf(ruleBroken('brAdditionalDataTlv', { problem: nested.error })));
    }
  }
  const seen = new Set<string>();
  for (const field of parsed.fields) {
    if (seen.has(field.id)) errors.push(sentenceOf(ruleBroken('brFieldTwice', { id: field.id })));
    seen.add(field.id);
  }
  return parsed.fields;
}

/** 00 (payload format, first) and 01 (point of initiation). */
function checkHeader(fields: BrCodeField[], byId: FieldById, result: BrCode): void {
  if (fields[0]?.id !== '00' || fields[0].value !== '01') {
    result.errors.push(sentenceOf(ruleBroken('brPayloadFormat')));
  }
  const initiationMethod = byId('01');
  if (initiationMethod && initiationMethod.value !== '11' && initiationMethod.value !== '12') {
    result.problems.push(sentenceOf(ruleBroken('brInitiation', { value: initiationMethod.value })));
  }
}

/** 52 (merchant category code) and 53 (currency, 986). */
function checkCategoryAndCurrency(byId: FieldById, result: BrCode): void {
  const categoryCode = byId('52');
  if (!categoryCode) result.errors.push(sentenceOf(ruleBroken('brCategoryMissing')));
  else if (!/^\d{4}$/.test(categoryCode.value))
    result.problems.push(sentenceOf(ruleBroken('brCategoryDigits')));
  const currency = byId('53');
  if (!currency) result.errors.push(sentenceOf(ruleBroken('brCurrencyMissing')));
  else if (currency.value !== '986')
    result.problems.push(sentenceOf(ruleBroken('brCurrency', { value: currency.value })));
}

/** 54 (amount, optional) in centavos. */
function readAmount(amount: BrCodeField | undefined, result: BrCode): void {
  if (!amount) return;
  const match = AMOUNT_PATTERN.exec(amount.value);
  if (amount.value.length > AMOUNT_MAX_LENGTH) {
    result.errors.push(
      sentenceOf(ruleBroken('brAmountLength', { length: amount.value.length, max: AMOUNT_MAX_LENGTH })),
    );
  } else if (!match) {
    result.errors.push(sentenceOf(ruleBroken('brAmountForm', { value: amount.value })));
  } else {
    // String math: "10.5" is 1050 centavos, with no float in between.
    result.amount = Number(match[1]!) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  }
}

/** 58 (country), 59 (merchant name), 60 (merchant city). */
function readMerchant(byId: FieldById, result: BrCode): void {
  const country = byId('58');
  if (!country) result.errors.push(sentenceOf(ruleBroken('brCountryMissing')));
  else if (country.value !== 'BR')
    result.problems.push(sentenceOf(ruleBroken('brCountry', { value: country.value })));
  const name = byId('59');
  if (!name) result.errors.push(sentenceOf(ruleBroken('brNameMissing')));
  else {
    result.merchant_name = name.value;
    if (name.length < 1 || name.length > BR_CODE_MERCHANT_NAME_MAX_LENGTH) {
      result.problems.push(sentenceOf(ruleBroken('brNameLength', { max: BR_CODE_MERCHANT_NAME_MAX_LENGTH })));
    }
  }
  const city = byId('60');
  if (!city) result.errors.push(sentenceOf(ruleBroken('brCityMissing')));
  else {
    result.merchant_city = city.value;
    if (city.length < 1 || city.length > BR_CODE_MERCHANT_CITY_MAX_LENGTH) {
      result.problems.push(sentenceOf(ruleBroken('brCityLength', { max: BR_CODE_MERCHANT_CITY_MAX_LENGTH })));
    }
  }
}

/** 62 (additional data) with the txid in 62-05. */
function readAdditionalData(additionalData: BrCodeField | undefined, result: BrCode): void {
  if (!additionalData) {
    result.errors.push(sentenceOf(ruleBroken('brAdditionalDataMissing')));
    return;
  }
  if (!additionalData.fields) return;
  const referenceLabel = subfield(additionalData, '05');
  if (!referenceLabel) {
    result.problems.push(sentenceOf(ruleBroken('brTxidMissing')));
    return;
  }
  result.txid = referenceLabel.value;
  if (!REFERENCE_LABEL_PATTERN.test(referenceLabel.value)) {
    result.problems.push(
      sentenceOf(ruleBroken('brTxidForm', { value: referenceLabel.value, max: REFERENCE_LABEL_MAX_LENGTH })),
    );
  }
}

/** The PIX merchant account template (26–51 with GUI br.gov.bcb.pix): key xor URL. */
function checkMerchantAccount(fields: BrCodeField[], result: BrCode): void {
  const pixAccount = fields.find((field) => {
    const number = Number(field.id);
    return number >= 26 && number <= 51 && subfield(field, '00')?.value.toLowerCase() === PIX_GUI;
  });
  if (!pixAccount) {
    result.errors.push(sentenceOf(ruleBroken('brNoPixAccount', { gui: PIX_GUI })));
    return;
  }
  const key = subfield(pixAccount, '01');
  const url = subfield(pixAccount, '25');
  if (key) result.key = key.value;
  if (url) result.url = url.value;
  // Pix Automático: the recurrence's location in a template 80–99 with the PIX GUI.
  const recurrence = fields.find(
    (field) => Number(field.id) >= 80 && subfield(field, '00')?.value.toLowerCase() === PIX_GUI,
  );
  const recurrenceUrl = subfield(recurrence, '25');
  if (recurrenceUrl) result.recurrence_url = recurrenceUrl.value;
  if (key && url) {
    result.problems.push(sentenceOf(ruleBroken('brKeyAndUrl', { id: pixAccount.id })));
  } else if (!key && !url && !recurrenceUrl) {
    result.errors.push(sentenceOf(ruleBroken('brNeitherKeyNorUrl', { id: pixAccount.id })));
  }
  for (const location of [url, recurrenceUrl]) {
    if (location && /^[a-z][a-z0-9+.-]*:\/\//i.test(location.value)) {
      const owner = location === url ? pixAccount.id : recurrence!.id;
      result.problems.push(sentenceOf(ruleBroken('brUrlScheme', { id: owner })));
    }
  }
  if (url || recurrenceUrl) result.initiation = 'dynamic';
  else if (key) result.initiation = 'static';
}

function checkCrc(text: string, fields: BrCodeField[], result: BrCode): void {
  const crcField = fields.find((field) => field.id === '63');
  if (!crcField) {
    result.errors.push(sentenceOf(ruleBroken('brCrcMissing')));
    return;
  }
  result.crc = crcField.value;
  if (fields[fields.length - 1] !== crcField || !text.endsWith(`${CRC_FIELD_PREFIX}${crcField.value}`)) {
    result.errors.push(sentenceOf(ruleBroken('brCrcLast')));
    return;
  }
  if (!/^[0-9A-Fa-f]{4}$/.test(crcField.value)) {
    result.errors.push(sentenceOf(ruleBroken('brCrcHex', { value: crcField.value })));
    return;
  }
  const expected = crc16(text.slice(0, text.length - 4));
  if (crcField.value.toUpperCase() !== expected) {
    result.errors.push(sentenceOf(ruleBroken('brCrcMismatch', { found: crcField.value, expected })));
  }
}
