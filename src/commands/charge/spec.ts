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
import type { CommandSpec, FlagSpec, GroupSpec, ProgramSpecs } from '../types.js';

const chargeGroups: GroupSpec[] = [{ path: 'charge', summary: 'Create, watch and look up PIX charges' }];

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

const chargeCommands: CommandSpec[] = [
  {
    path: 'charge create',
    summary: 'Create a PIX charge and show its QR code',
    description:
      'Every rule of the API is checked before anything is sent (exit 2 naming the field).\n' +
      'Money: integer centavos (1500) or reais with two decimals (15.00, 15,00, "R$ 15,00").\n' +
      'Split entries: SELLER=SHARE[:description], SELLER a seller id or e-mail, SHARE 30% or a money value.',
    flags: CHARGE_CREATE_FLAGS,
    examples: [
      'paygate charge create --amount 25.00 --description "Pedido 123"',
      'paygate charge create --amount 10000 --split 1003=70% --split contato@parceiroalfa.com.br=30% --watch',
      'paygate charge create --from-file body.json --external-id order-42 --json',
      'paygate charge create --amount 15,00 --dry-run',
      'paygate charge create --amount 99.90 --key invoice-2026-11-0042 --json',
      'paygate charge create --from-csv invoices.csv --key-column invoice -o csv > results.csv',
      'paygate charge create --method card --card-token - --amount 300.00 --installments 3 --customer-name "Ana Lima" --customer-address "Rua A,10,Recife,PE,50000000"',
      'paygate charge create --method boleto --amount 150.00 --due-date +3d --customer-name "Ana Lima" --customer-document 52998224725 --pdf boleto.pdf',
    ],
    load: async () => (await import('./create.js')).handleChargeCreate,
  },
  {
    path: 'charge get',
    summary: 'Show a charge; with - read ids from stdin (one a line) and print each',
    arguments: [{ name: 'id', description: 'charge id (ci_…), or - for ids on stdin', required: true }],
    flags: CHARGE_GET_FLAGS,
    examples: [
      'paygate charge get ci_a1b2c3d4e5f6',
      'paygate charge get ci_a1b2c3d4e5f6 --qr',
      'cut -f1 ids.txt | paygate charge get - -o ndjson',
    ],
    load: async () => (await import('./get.js')).handleChargeGet,
  },
  {
    path: 'charge find',
    summary: 'Find a charge by PIX txid or external id',
    flags: CHARGE_FIND_FLAGS,
    examples: [
      'paygate charge find --txid 7978c0c97ea847e78e8849634473c1f1',
      'paygate charge find --external-id order-42 --json',
    ],
    load: async () => (await import('./find.js')).handleChargeFind,
  },
  {
    path: 'charge list',
    summary: 'List charges, newest first',
    flags: CHARGE_LIST_FLAGS,
    examples: [
      'paygate charge list --status paid --since 7d',
      'paygate charge list --status paid,refunded --since 2026-11-01 -o csv --excel > novembro.csv',
      'paygate charge list --all -o csv > charges.csv',
    ],
    load: async () => (await import('./list.js')).handleChargeList,
  },
  {
    path: 'charge watch',
    summary: 'Follow a charge until it is no longer pending',
    description: 'Exit 0 paid, 7 expired/failed/refunded, 8 still pending at --timeout, 130 on Ctrl-C.',
    arguments: [{ name: 'id', description: 'charge id', required: true }],
    flags: CHARGE_WATCH_FLAGS,
    examples: [
      'paygate charge watch ci_a1b2c3d4e5f6',
      'paygate charge watch ci_a1b2c3d4e5f6 --timeout 10m --json',
    ],
    load: async () => (await import('./watch.js')).handleChargeWatch,
  },
  {
    path: 'charge refund',
    summary: 'Refund a paid charge',
    arguments: [{ name: 'id', description: 'charge id', required: true }],
    flags: CHARGE_REFUND_FLAGS,
    examples: ['paygate charge refund ci_a1b2c3d4e5f6', 'paygate charge refund ci_a1b2c3d4e5f6 --yes --json'],
    load: async () => (await import('./refund.js')).handleChargeRefund,
  },
  {
    path: 'charge reconcile',
    summary: 'Settle a keyed charge whose outcome is unknown (exit 9), through its external_id',
    flags: [{ flags: '--key <key>', description: 'the journal key of `charge create --key`' }],
    examples: ['paygate charge reconcile --key invoice-2026-11-0042'],
    load: async () => (await import('./reconcile.js')).handleChargeReconcile,
  },
  {
    path: 'charge cancel',
    summary: 'Cancel a pending charge, or void an authorised card charge',
    arguments: [{ name: 'id', description: 'charge id', required: true }],
    flags: CHARGE_CANCEL_FLAGS,
    examples: ['paygate charge cancel ci_a1b2c3d4e5f6 --yes'],
    load: async () => (await import('./refund.js')).handleChargeCancel,
  },
  {
    path: 'charge capture',
    summary: 'Capture an authorised card charge, all of it or part',
    description:
      'Card charges created with manual capture stay authorized until captured (or voided with\n' +
      '`charge cancel`). --amount captures part (at most the authorised amount). A gateway without\n' +
      'the capture endpoint answers 404: exit 3, saying so.',
    arguments: [{ name: 'id', description: 'charge id', required: true }],
    flags: CHARGE_CAPTURE_FLAGS,
    examples: [
      'paygate charge capture ci_a1b2c3d4e5f6',
      'paygate charge capture ci_a1b2c3d4e5f6 --amount 60.00 --json',
    ],
    load: async () => (await import('./capture.js')).handleChargeCapture,
  },
  {
    path: 'charge qr',
    summary: 'Check a PIX copy-and-paste code (structure, CRC) and draw it',
    arguments: [{ name: 'emv', description: 'the code, or - to read it from stdin', required: true }],
    flags: CHARGE_QR_FLAGS,
    examples: [
      "paygate charge qr '00020126580014br.gov.bcb.pix…6304ABCD'",
      'pbpaste | paygate charge qr - --json',
    ],
    load: async () => (await import('./qr.js')).handleChargeQr,
  },
];

export const specs: ProgramSpecs = { commands: chargeCommands, groups: chargeGroups };
