// The flags of `charge create` that set a field of the request body, as one table: which option,
// which flag, which field, how its text is read, and for which payment method. draftBody fills
// the body from it, and problems name the flag that set a field from it (FIELD_FLAGS): a new
// body flag is one row here and its FlagSpec in flags.ts (which also types the option); the
// other files a new request field touches are listed in docs/how-to.md.
import { parseAddressArgument } from '../../domain/address.js';
import { parseDueDate } from '../../domain/card-boleto.js';
import { parseDuration } from '../../domain/duration.js';
import { parseMoney } from '../../domain/money.js';
import { parsePercent } from '../../domain/percent.js';
import { UsageError } from '../../errors.js';
import type { Options } from './draft.js';

/** What reading a flag may need beyond its text. */
export interface FlagReading {
  /** Today in Brazil (YYYY-MM-DD): due dates are read against it. */
  today: string;
  /** `--card-token -`: the token piped in on stdin. */
  tokenFromStdin(): Promise<string | undefined>;
}

export interface BodyFlag {
  option: keyof Options & string;
  flag: `--${string}`;
  /** The body field it sets, dotted: `pix.expires_in`. */
  field: string;
  /** Only with this payment method (another one is refused, naming the flag). */
  method?: 'pix' | 'card' | 'boleto';
  /** The field's value from the flag's text; a UsageError names the flag. Default: the text. */
  read?: (text: string, flag: string, reading: FlagReading) => unknown;
  /**
   * When the text cannot be read: `text` sends it as typed (the rules then name what is wrong
   * with it), `nan` puts NaN (a missing amount must not be asked for). Default: left out.
   */
  unreadable?: 'text' | 'nan';
}

const trimmed = (text: string) => text.trim();

export const BODY_FLAGS: readonly BodyFlag[] = [
  {
    option: 'amount',
    flag: '--amount',
    field: 'amount',
    read: (text, flag) => parseMoney(text, flag),
    unreadable: 'nan',
  },
  { option: 'description', flag: '--description', field: 'pix.description', method: 'pix' },
  {
    option: 'expiresIn',
    flag: '--expires-in',
    field: 'pix.expires_in',
    method: 'pix',
    read: expiresInSeconds,
  },
  { option: 'customerName', flag: '--customer-name', field: 'customer.name', read: trimmed },
  { option: 'customerEmail', flag: '--customer-email', field: 'customer.email', read: trimmed },
  { option: 'customerDocument', flag: '--customer-document', field: 'customer.document', read: trimmed },
  { option: 'customerPhone', flag: '--customer-phone', field: 'customer.phone', read: trimmed },
  {
    option: 'customerAddress',
    flag: '--customer-address',
    field: 'customer.address',
    read: parseAddressArgument,
  },
  {
    option: 'shippingAddress',
    flag: '--shipping-address',
    field: 'shipping.address',
    read: parseAddressArgument,
  },
  { option: 'externalId', flag: '--external-id', field: 'external_id' },
  { option: 'storeId', flag: '--store-id', field: 'store_id', read: positiveIdFlag },
  { option: 'productId', flag: '--product-id', field: 'product_id', read: positiveIdFlag },
  { option: 'callbackUrl', flag: '--callback-url', field: 'callback_url' },
  { option: 'successUrl', flag: '--success-url', field: 'checkout.success_url' },
  { option: 'cancelUrl', flag: '--cancel-url', field: 'checkout.cancel_url' },
  { option: 'method', flag: '--method', field: 'payment_method' },
  {
    option: 'cardToken',
    flag: '--card-token',
    field: 'card.token',
    method: 'card',
    read: (text, _flag, reading) => (text === '-' ? reading.tokenFromStdin() : text.trim()),
  },
  {
    option: 'installments',
    flag: '--installments',
    field: 'card.installments',
    method: 'card',
    // A number when it is one; anything else goes as typed, for the rules to name.
    read: (text) => (/^\d{1,3}$/.test(text.trim()) ? Number(text) : text),
  },
  {
    option: 'capture',
    flag: '--capture',
    field: 'card.capture',
    method: 'card',
    read: (text) => text === 'auto',
  },
  {
    option: 'statementDescriptor',
    flag: '--statement-descriptor',
    field: 'card.statement_descriptor',
    method: 'card',
  },
  {
    option: 'dueDate',
    flag: '--due-date',
    field: 'boleto.due_date',
    method: 'boleto',
    read: (text, flag, reading) => parseDueDate(text, reading.today, flag),
    unreadable: 'text',
  },
  {
    option: 'fine',
    flag: '--fine',
    field: 'boleto.fine',
    method: 'boleto',
    read: (text, flag) => parsePercent(text, flag),
  },
  {
    option: 'interest',
    flag: '--interest',
    field: 'boleto.interest',
    method: 'boleto',
    read: (text, flag) => parsePercent(text, flag),
  },
  {
    option: 'discount',
    flag: '--discount',
    field: 'boleto.discount',
    method: 'boleto',
    read: (text, flag) => parseMoney(text, flag),
  },
  {
    option: 'discountUntil',
    flag: '--discount-until',
    field: 'boleto.discount_until',
    method: 'boleto',
    read: (text, flag, reading) => parseDueDate(text, reading.today, flag),
    unreadable: 'text',
  },
  { option: 'instructions', flag: '--instructions', field: 'boleto.instructions', method: 'boleto' },
];

/** The flag that sets a field, to name it in messages when the value came from the flag. */
export const FIELD_FLAGS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(BODY_FLAGS.map((entry) => [entry.field, entry.flag])),
  // Read by hand in draftBody (lists and key=value pairs), named here all the same.
  items: '--item',
  metadata: '--metadata',
};

export function positiveIdFlag(value: string, flag: string): number {
  const text = value.trim();
  const number = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(number) || number < 1) {
    throw new UsageError(`${flag}: ${JSON.stringify(value)} must be a positive whole number`, {
      field: flag,
    });
  }
  return number;
}

export function expiresInSeconds(text: string, flag: string): number {
  const ms = parseDuration(text, flag);
  if (ms % 1000 !== 0) throw new UsageError(`${flag}: must be whole seconds`, { field: flag });
  return ms / 1000;
}
