// How `charge create` reads a flag's text into its request field: the readers the table of
// request fields (src/schemas/charge-request-fields.ts) names. Each refuses a text it cannot read
// with a UsageError naming the flag.
import { parseAddressArgument } from '../../domain/address.js';
import { parseDueDate } from '../../domain/card-boleto.js';
import { parseDuration } from '../../domain/duration.js';
import { parseMoney } from '../../domain/money.js';
import { parsePercent } from '../../domain/percent.js';
import { UsageError } from '../../errors.js';
import type { FieldReaderName } from '../../schemas/charge-request-fields.js';
import { sayCharge } from '../../text/en/charge.js';

/** What reading a flag's text may need beyond the text. */
export interface FieldReading {
  /** Today in Brazil (YYYY-MM-DD): due dates are read against it. */
  today: string;
  /** `--card-token -`: the token piped in on stdin. */
  tokenFromStdin(): Promise<string | undefined>;
}

export type FieldReader = (text: string, flag: string, reading: FieldReading) => unknown;

export const FIELD_READERS: Readonly<Record<FieldReaderName, FieldReader>> = {
  money: (text, flag) => parseMoney(text, flag),
  trimmed: (text) => text.trim(),
  upperCased: (text) => text.trim().toUpperCase(),
  seconds: (text, flag) => expiresInSeconds(text, flag),
  address: (text, flag) => parseAddressArgument(text, flag),
  positiveId: (text, flag) => positiveIdFlag(text, flag),
  cardToken: (text, _flag, reading) => (text === '-' ? reading.tokenFromStdin() : text.trim()),
  // A number when it is one; anything else goes as typed, for the rules to name.
  installments: (text) => (/^\d{1,3}$/.test(text.trim()) ? Number(text) : text),
  captureMode: (text) => text === 'auto',
  date: (text, flag, reading) => parseDueDate(text, reading.today, flag),
  percent: (text, flag) => parsePercent(text, flag),
};

export function positiveIdFlag(value: string, flag: string): number {
  const text = value.trim();
  const number = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(number) || number < 1) {
    throw new UsageError(sayCharge('positiveWholeNumber', { flag, value: JSON.stringify(value) }), {
      field: flag,
    });
  }
  return number;
}

export function expiresInSeconds(text: string, flag: string): number {
  const milliseconds = parseDuration(text, flag);
  if (milliseconds % 1000 !== 0) throw new UsageError(sayCharge('wholeSeconds', { flag }), { field: flag });
  return milliseconds / 1000;
}
