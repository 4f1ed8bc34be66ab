// `charge`'s flags and positional arguments, declared once: the spec builds its commands from them
// and each handler reads its options from them (readFlags, readArguments). They live apart from
// spec.ts so that a handler never imports the spec that loads it.
import { CHARGE_STATUSES } from '../../domain/status.js';
import {
  ACTION_FLAGS,
  LIMIT_FLAG,
  LIST_MAX_PAGES_FLAG,
  positiveWholeNumber,
  SINCE_FLAG,
  UNTIL_FLAG,
  wholeNumberBetween,
} from '../shared/flags.js';
import type { ArgumentSpec, FlagSpec, FlagValues } from '../types.js';
import { REQUEST_FIELD_FLAGS } from './body-flags.js';

const watchFlags = [
  {
    flags: '--interval <duration>',
    description: 'time between status checks (default: watch.interval setting, 2s)',
  },
  { flags: '--timeout <duration>', description: 'give up after this long (default: until expiry + 1m)' },
] as const satisfies readonly FlagSpec[];

/**
 * `charge create`'s flags: its handler's options are typed and read from these (readFlags). The
 * first ones set a request field: they are the rows of the table of request fields
 * (src/schemas/charge-request-fields.ts), declared there with their field.
 */
export const CHARGE_CREATE_FLAGS = [
  ...REQUEST_FIELD_FLAGS,
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
  {
    flags: '--unique-external-id',
    description:
      'with --external-id: send nothing when a charge already has it (exit 3) or when that cannot be checked (exit 10)',
    // A keyed create finds its own charge (a charge that only shares the external id is not the
    // key's); --from-csv rows are keyed.
    conflicts: ['fromCsv', 'key'],
  },
  {
    flags: '-y, --yes',
    description: 'do not ask about a bare --amount below 100 or an --external-id already used; warn only',
  },
  { flags: '--no-qr', description: 'do not draw the QR code' },
  { flags: '-w, --watch', description: 'after creating, watch the charge until it is {chargeSuccess}' },
  ...watchFlags,
] as const satisfies readonly FlagSpec[];

/** `charge create`'s options, typed from its flags above, the one declaration of each. */
export type ChargeCreateFlagValues = FlagValues<typeof CHARGE_CREATE_FLAGS>;

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
  LIST_MAX_PAGES_FLAG,
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

export const CHARGE_REFUND_FLAGS = ACTION_FLAGS;

export const CHARGE_CANCEL_FLAGS = ACTION_FLAGS;

export const CHARGE_CAPTURE_FLAGS = [
  { flags: '-a, --amount <money>', description: 'amount to capture (default: all that was authorised)' },
] as const satisfies readonly FlagSpec[];

export const CHARGE_QR_FLAGS = [
  { flags: '--no-qr', description: 'only the fields, no drawing' },
] as const satisfies readonly FlagSpec[];

export const CHARGE_RECONCILE_FLAGS = [
  { flags: '--key <key>', description: 'the journal key of `charge create --key`' },
  {
    flags: '--same-clock',
    description:
      "declare that the clock of the host that wrote the entry agreed with this host's within a minute",
  },
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
  { name: 'value', description: 'give it as --txid or --external-id', required: false, hidden: true },
] as const satisfies readonly ArgumentSpec[];

export const CHARGE_WATCH_ARGUMENTS = CHARGE_ID_ARGUMENTS;

export const CHARGE_REFUND_ARGUMENTS = CHARGE_ID_ARGUMENTS;

export const CHARGE_CANCEL_ARGUMENTS = CHARGE_ID_ARGUMENTS;

export const CHARGE_CAPTURE_ARGUMENTS = CHARGE_ID_ARGUMENTS;

export const CHARGE_QR_ARGUMENTS = [
  { name: 'emv', description: 'the code, or - to read it from stdin', required: true },
] as const satisfies readonly ArgumentSpec[];
