// `charge`'s flags and positional arguments, declared once: the spec builds its commands from them
// and each handler reads its options from them (readFlags, readArguments). They live apart from
// spec.ts so that a handler never imports the spec that loads it.
import { PAYMENT_METHODS } from '../../config/settings.js';
import { CHARGE_STATUSES } from '../../schemas/statuses.js';
import {
  LIMIT_FLAG,
  positiveWholeNumber,
  SINCE_FLAG,
  UNTIL_FLAG,
  wholeNumberBetween,
  YES_FLAG,
} from '../shared/flags.js';
import type { ArgumentSpec, FlagSpec } from '../types.js';

const watchFlags = [
  {
    flags: '--interval <duration>',
    description: 'time between status checks (default: watch.interval setting, 2s)',
  },
  { flags: '--timeout <duration>', description: 'give up after this long (default: until expiry + 1m)' },
] as const satisfies readonly FlagSpec[];

/**
 * `charge create`'s flags: its handler's options are typed and read from these (readFlags); the
 * ones that set a body field are also rows of body-flags.ts.
 */
export const CHARGE_CREATE_FLAGS = [
  { flags: '-a, --amount <money>', description: 'amount to charge' },
  { flags: '-d, --description <text>', description: 'PIX description shown to the payer (max 255)' },
  { flags: '--expires-in <duration>', description: 'PIX expiry, 60s to 1d (default 30m)' },
  { flags: '--customer-name <name>', description: 'customer name' },
  { flags: '--customer-email <email>', description: 'customer e-mail' },
  {
    flags: '--customer-document <cpf|cnpj>',
    description: 'customer CPF or CNPJ (check digits verified)',
  },
  { flags: '--customer-phone <phone>', description: 'customer phone' },
  { flags: '--customer-address <address>', description: 'street,number,city,UF,CEP or JSON' },
  {
    flags: '--shipping-address <address>',
    description: 'delivery address: street,number,city,UF,CEP or JSON',
  },
  { flags: '--item <name:qty:unit_price>', description: 'an item (repeatable)', repeatable: true },
  { flags: '--metadata <key=value>', description: 'metadata entry (repeatable)', repeatable: true },
  { flags: '--external-id <id>', description: 'your own reference, returned in webhooks' },
  { flags: '--store-id <id>', description: 'dashboard operation (default: the seller default)' },
  { flags: '--product-id <id>', description: 'dashboard product, for association only' },
  { flags: '--callback-url <url>', description: 'extra notification URL for this charge' },
  { flags: '--checkout-redirect', description: 'hosted checkout: the response has a checkout_url' },
  { flags: '--success-url <url>', description: 'checkout redirect after payment' },
  { flags: '--cancel-url <url>', description: 'checkout redirect on cancel' },
  {
    flags: '--split <entry>',
    description: 'split entry SELLER=SHARE[:description] (repeatable)',
    repeatable: true,
  },
  { flags: '--split-file <file>', description: 'JSON array of split entries' },
  {
    flags: '--method <method>',
    description: 'payment method: pix (default), card or boleto',
    choices: PAYMENT_METHODS,
  },
  {
    flags: '--card-token <token>',
    description: 'card: a token from `paygate token card` (- reads it from stdin)',
  },
  { flags: '--installments <n>', description: 'card: installments, 1 to 12 (default 1)' },
  {
    flags: '--capture <mode>',
    description: 'card: auto (default) or manual (authorise now, `charge capture` later)',
    choices: ['auto', 'manual'],
  },
  { flags: '--statement-descriptor <text>', description: "card: text on the payer's statement (max 13)" },
  { flags: '--due-date <date>', description: 'boleto: due date, YYYY-MM-DD or +Nd (e.g. +3d)' },
  { flags: '--fine <percent>', description: 'boleto: fine after the due date, percent of the amount' },
  { flags: '--interest <percent>', description: 'boleto: interest after the due date, percent a month' },
  { flags: '--discount <money>', description: 'boleto: discount when paid by --discount-until' },
  {
    flags: '--discount-until <date>',
    description: 'boleto: last day of the discount (default: the due date)',
  },
  { flags: '--instructions <text>', description: 'boleto: instructions printed on it (max 255)' },
  { flags: '--pdf <file>', description: 'boleto: download its PDF to FILE' },
  { flags: '--force', description: 'with --pdf: replace FILE if it exists' },
  { flags: '--fee-rate <percent>', description: 'fee rate for the preview (default: fee.pix setting)' },
  { flags: '--from-file <file>', description: 'request body as JSON (flags override its fields)' },
  {
    flags: '--from-csv <file>',
    description:
      'one charge per CSV row (columns as the flags: amount, description, customer_email…), each journaled by its key; - for stdin',
    conflicts: ['fromFile', 'key', 'watch'],
  },
  {
    flags: '--key-column <name>',
    description: "the --from-csv column with each row's journal key",
    default: 'key',
  },
  {
    flags: '--dry-run',
    description: 'print the body, the fee/split preview and the PIX address; send nothing',
  },
  {
    flags: '--key <key>',
    description: 'journal key: a rerun prints the charge already made, never a second one',
  },
  { flags: '--no-qr', description: 'do not draw the QR code' },
  { flags: '-w, --watch', description: 'after creating, watch the charge until it is paid' },
  ...watchFlags,
] as const satisfies readonly FlagSpec[];

export const CHARGE_LIST_FLAGS = [
  {
    flags: '--status <status>',
    description: 'only charges with this status (repeatable, or paid,refunded)',
    choices: CHARGE_STATUSES,
    repeatable: true,
  },
  { flags: '--external-id <id>', description: 'only charges with this external id' },
  SINCE_FLAG,
  UNTIL_FLAG,
  LIMIT_FLAG,
  { flags: '--all', description: 'every page, streamed (use -o ndjson or csv for exports)' },
] as const satisfies readonly FlagSpec[];

/** Most ids `charge get -` fetches at once. */
export const MAX_CONCURRENCY = 64;

export const CHARGE_GET_FLAGS = [
  { flags: '--qr', description: 'draw its QR code again' },
  {
    flags: '--concurrency <n>',
    description: 'parallel requests when reading ids from stdin',
    default: '8',
    parse: wholeNumberBetween(1, MAX_CONCURRENCY),
  },
] as const satisfies readonly FlagSpec[];

export const CHARGE_FIND_FLAGS = [
  { flags: '--txid <txid>', description: 'PIX transaction id' },
  { flags: '--external-id <id>', description: 'your reference given at creation' },
  {
    flags: '--max-pages <n>',
    description: 'pages to scan when the gateway has no filter',
    default: '50',
    parse: positiveWholeNumber,
  },
] as const satisfies readonly FlagSpec[];

export const CHARGE_WATCH_FLAGS = watchFlags;

export const CHARGE_REFUND_FLAGS = [YES_FLAG] as const satisfies readonly FlagSpec[];

export const CHARGE_CANCEL_FLAGS = [YES_FLAG] as const satisfies readonly FlagSpec[];

export const CHARGE_CAPTURE_FLAGS = [
  { flags: '-a, --amount <money>', description: 'amount to capture (default: all that was authorised)' },
] as const satisfies readonly FlagSpec[];

export const CHARGE_QR_FLAGS = [
  { flags: '--no-qr', description: 'only the fields, no drawing' },
] as const satisfies readonly FlagSpec[];

export const CHARGE_RECONCILE_FLAGS = [
  { flags: '--key <key>', description: 'the journal key of `charge create --key`' },
] as const satisfies readonly FlagSpec[];

/** The one argument of the commands that act on a charge: watch, refund, cancel, capture. */
const CHARGE_ID_ARGUMENTS = [
  { name: 'id', description: 'charge id', required: true },
] as const satisfies readonly ArgumentSpec[];

export const CHARGE_GET_ARGUMENTS = [
  { name: 'id', description: 'charge id (ci_…), or - for ids on stdin', required: true },
] as const satisfies readonly ArgumentSpec[];

/** Taken only to say which flag (or command) the value needs: a bare value is ambiguous. */
export const CHARGE_FIND_ARGUMENTS = [
  { name: 'value', description: 'give it as --txid or --external-id', required: false },
] as const satisfies readonly ArgumentSpec[];

export const CHARGE_WATCH_ARGUMENTS = CHARGE_ID_ARGUMENTS;

export const CHARGE_REFUND_ARGUMENTS = CHARGE_ID_ARGUMENTS;

export const CHARGE_CANCEL_ARGUMENTS = CHARGE_ID_ARGUMENTS;

export const CHARGE_CAPTURE_ARGUMENTS = CHARGE_ID_ARGUMENTS;

export const CHARGE_QR_ARGUMENTS = [
  { name: 'emv', description: 'the code, or - to read it from stdin', required: true },
] as const satisfies readonly ArgumentSpec[];
