// Building a BR Code (the PIX copy-and-paste code): static with a key, or dynamic with the URL
// of its payload; its reading and checking are brcode.ts.
import {
  AMOUNT_MAX_LENGTH,
  BR_CODE_MERCHANT_CITY_MAX_LENGTH,
  BR_CODE_MERCHANT_NAME_MAX_LENGTH,
  CRC_FIELD_PREFIX,
  crc16,
  MAX_FIELD_LENGTH,
  PIX_GUI,
  REFERENCE_LABEL_MAX_LENGTH,
  REFERENCE_LABEL_PATTERN,
} from './brcode.js';

export interface BuildBrCodeInput {
  /** PIX key: makes a static code. Exactly one of key and url. */
  key?: string;
  /** Payload location (scheme stripped if given): makes a dynamic code. */
  url?: string;
  merchantName: string;
  merchantCity: string;
  /** Centavos; omitted or 0 leaves the amount to the payer. */
  amount?: number;
  /**
   * Written to 62-05 on a static code (1–25 letters and digits, or `***`). On a dynamic code
   * 62-05 is always `***`: the payer's bank reads the txid from the payload at the URL.
   */
  txid: string;
  /** Free text for the payer (26-02, static codes only); accents stripped, cut to what fits. */
  description?: string;
  /** CEP (field 61), 8 digits; a hyphen is accepted. */
  postalCode?: string;
}

/**
 * Builds a valid BR Code. Throws RangeError for input that cannot make one (both or neither of
 * key/url, a static txid that does not fit 62-05, a name or city with no usable character).
 */
export function buildBrCode(input: BuildBrCodeInput): string {
  const hasKey = input.key !== undefined && input.key !== '';
  const hasUrl = input.url !== undefined && input.url !== '';
  if (hasKey === hasUrl) {
    throw new RangeError('buildBrCode needs exactly one of key (static code) and url (dynamic code)');
  }
  const accountFields = [tlv('00', PIX_GUI)];
  if (hasUrl) {
    accountFields.push(tlv('25', input.url!.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')));
  } else {
    accountFields.push(tlv('01', input.key!));
    const room = Math.max(0, MAX_FIELD_LENGTH - accountFields.join('').length - 4);
    const description = input.description ? toBrCodeText(input.description, room) : '';
    if (description !== '') accountFields.push(tlv('02', description));
  }

  const referenceLabel = hasUrl ? '***' : input.txid;
  if (!REFERENCE_LABEL_PATTERN.test(referenceLabel)) {
    throw new RangeError(
      `a static BR Code carries a txid of 1 to ${REFERENCE_LABEL_MAX_LENGTH} letters and digits (or ***), ` +
        `not ${JSON.stringify(input.txid)}; use url for a dynamic code`,
    );
  }
  const merchantName = toBrCodeText(input.merchantName, BR_CODE_MERCHANT_NAME_MAX_LENGTH);
  const merchantCity = toBrCodeText(input.merchantCity, BR_CODE_MERCHANT_CITY_MAX_LENGTH);
  if (merchantName === '' || merchantCity === '') {
    throw new RangeError('buildBrCode needs a merchant name and city with at least one ASCII character');
  }

  const parts = [tlv('00', '01')];
  if (hasUrl) parts.push(tlv('01', '12'));
  parts.push(tlv('26', accountFields.join('')), tlv('52', '0000'), tlv('53', '986'));
  if (input.amount !== undefined && input.amount !== 0)
    parts.push(tlv('54', formatBrCodeAmount(input.amount)));
  parts.push(tlv('58', 'BR'), tlv('59', merchantName), tlv('60', merchantCity));
  if (input.postalCode !== undefined) {
    const postalCode = input.postalCode.replace('-', '');
    if (!/^\d{8}$/.test(postalCode))
      throw new RangeError(`postal code must be 8 digits, not ${input.postalCode}`);
    parts.push(tlv('61', postalCode));
  }
  parts.push(tlv('62', tlv('05', referenceLabel)));
  const withoutCrc = `${parts.join('')}${CRC_FIELD_PREFIX}`;
  return `${withoutCrc}${crc16(withoutCrc)}`;
}

function tlv(id: string, value: string): string {
  if (value.length > MAX_FIELD_LENGTH) {
    throw new RangeError(
      `BR Code field ${id} would have ${value.length} characters, at most ${MAX_FIELD_LENGTH}`,
    );
  }
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Centavos as `10.00`, by integer math. */
function formatBrCodeAmount(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) {
    throw new RangeError(`amount must be a non-negative integer number of centavos, not ${centavos}`);
  }
  const text = `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
  if (text.length > AMOUNT_MAX_LENGTH)
    throw new RangeError(`amount ${centavos} does not fit in 13 characters`);
  return text;
}

/**
 * Payer apps show names and cities from a restricted character set: accents are stripped
 * (São Paulo → Sao Paulo), anything else outside printable ASCII dropped, spaces collapsed,
 * and the result cut to `maxLength`.
 */
function toBrCodeText(text: string, maxLength: number): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
}
