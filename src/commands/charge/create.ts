// `paygate charge create`: builds the POST /v1/charges body from flags and/or --from-file (flags
// win), checks every rule of SPEC.md locally (exit 2 naming each field, nothing sent), resolves
// split e-mails to eligible sellers, then creates the charge and shows its summary, QR code and
// copy-and-paste line; --dry-run shows the body, the fee/split preview and the PIX address only.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Client } from '../../api/client.js';
import { NotFoundError, OutcomeUnknownError } from '../../api/errors.js';
import { checkJournalKey } from '../../config/journal.js';
import type { Context } from '../../context.js';
import { parseAddressArgument, resolvePixAddress } from '../../domain/address.js';
import { documentKind, isValidCep, normalizeDocument } from '../../domain/documents.js';
import { formatDuration, parseDuration } from '../../domain/duration.js';
import { parseItemArgument, resolveItems } from '../../domain/items.js';
import { formatMoney, parseMoney } from '../../domain/money.js';
import {
  computeSplit,
  ESTIMATE_WARNING,
  parseSplitArgument,
  type SplitInput,
  type SplitPreview,
  toSplitRequest,
} from '../../domain/split.js';
import { UsageError } from '../../errors.js';
import { isJsonObject, parseJsonText } from '../../json.js';
import { formatAmount, shellQuote } from '../../output/format.js';
import { formatJson } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Address } from '../../schemas/address.js';
import {
  type Charge,
  type ChargeCreateRequest,
  type Item,
  PIX_EXPIRES_IN_MAX,
  PIX_EXPIRES_IN_MIN,
} from '../../schemas/charge.js';
import { parseOptions, requireValue } from '../options.js';
import type { CommandInput } from '../types.js';
import { createOnce } from './keyed.js';
import { readAllStdin, writeCharge } from './shared.js';
import { type ChargeWatchTiming, chargeWatchTiming, watchAndReport } from './watch.js';

const DESCRIPTION_MAX_LENGTH = 255;

const schema = z.object({
  amount: z.string().optional(),
  description: z.string().optional(),
  expiresIn: z.string().optional(),
  customerName: z.string().optional(),
  customerEmail: z.string().optional(),
  customerDocument: z.string().optional(),
  customerPhone: z.string().optional(),
  customerAddress: z.string().optional(),
  shippingAddress: z.string().optional(),
  item: z.array(z.string()).optional(),
  metadata: z.array(z.string()).optional(),
  externalId: z.string().optional(),
  storeId: z.string().optional(),
  productId: z.string().optional(),
  callbackUrl: z.string().optional(),
  checkoutRedirect: z.boolean().optional(),
  successUrl: z.string().optional(),
  cancelUrl: z.string().optional(),
  split: z.array(z.string()).optional(),
  splitFile: z.string().optional(),
  feeRate: z.string().optional(),
  fromFile: z.string().optional(),
  dryRun: z.boolean().optional(),
  key: z.string().optional(),
  qr: z.boolean().default(true),
  watch: z.boolean().optional(),
  interval: z.string().optional(),
  timeout: z.string().optional(),
});
type Options = z.output<typeof schema>;

/** Top-level fields of the request (SPEC.md "Request fields of POST /v1/charges"). */
const REQUEST_FIELDS = [
  'amount',
  'currency',
  'payment_method',
  'customer',
  'shipping',
  'items',
  'metadata',
  'external_id',
  'store_id',
  'product_id',
  'pix',
  'checkout',
  'callback_url',
  'split',
] as const;

/** The flag that sets a field, to name it in messages when the value came from the flag. */
const FIELD_FLAGS: Record<string, string> = {
  amount: '--amount',
  'pix.description': '--description',
  'pix.expires_in': '--expires-in',
  'customer.name': '--customer-name',
  'customer.email': '--customer-email',
  'customer.document': '--customer-document',
  'customer.phone': '--customer-phone',
  'customer.address': '--customer-address',
  'shipping.address': '--shipping-address',
  items: '--item',
  metadata: '--metadata',
  external_id: '--external-id',
  store_id: '--store-id',
  product_id: '--product-id',
  callback_url: '--callback-url',
  'checkout.success_url': '--success-url',
  'checkout.cancel_url': '--cancel-url',
};

type Json = Record<string, unknown>;

/** Collects every problem before anything is sent; reported at once as one usage error. */
class Problems {
  readonly list: Array<{ field: string; message: string }> = [];
  /** Fields whose value came from a flag (messages name the flag). */
  readonly fromFlag = new Set<string>();

  name(field: string): string {
    const flag = FIELD_FLAGS[field];
    return flag && this.fromFlag.has(field) ? flag : field;
  }

  add(field: string, rule: string): void {
    this.list.push({ field, message: `${this.name(field)}: ${rule}` });
  }

  /** Runs a parser that throws UsageError; its message is kept as it is. */
  attempt<T>(field: string, parse: () => T): T | undefined {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      this.list.push({ field, message: error.message });
      return undefined;
    }
  }

  throwIfAny(): void {
    if (this.list.length === 0) return;
    const first = this.list[0]!;
    const field = first.field.startsWith('-') ? first.field : this.name(first.field);
    if (this.list.length === 1) {
      throw new UsageError(`${first.message} (nothing was sent)`, { field });
    }
    const lines = this.list.map((problem) => `  - ${problem.message}`).join('\n');
    throw new UsageError(`${this.list.length} problems, nothing was sent:\n${lines}`, { field });
  }
}

async function readJsonFile(path: string, flag: string, context: Context): Promise<unknown> {
  let text: string;
  try {
    text = path === '-' ? await readAllStdin(context) : await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UsageError(`${flag}: cannot read ${JSON.stringify(path)} (${reason})`, { field: flag });
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok)
    throw new UsageError(`${flag}: ${JSON.stringify(path)} is ${parsed.reason}`, { field: flag });
  return parsed.value;
}

const URL_RULE = 'must be an absolute http:// or https:// URL';
function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function positiveIdFlag(value: string, flag: string): number {
  const trimmed = value.trim();
  const number = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(number) || number < 1) {
    throw new UsageError(`${flag}: ${JSON.stringify(value)} must be a positive whole number`, {
      field: flag,
    });
  }
  return number;
}

/** --expires-in: a duration of whole seconds, 60s to 1d. */
function expiresInSeconds(text: string, flag: string): number {
  const ms = parseDuration(text, flag);
  if (ms % 1000 !== 0) throw new UsageError(`${flag}: must be whole seconds`, { field: flag });
  return ms / 1000;
}

function feeRateOf(options: Options, context: Context): number {
  const text = options.feeRate ?? String(context.setting('fee.pix') ?? '3.99');
  const flag = options.feeRate !== undefined ? '--fee-rate' : 'fee.pix';
  const cleaned = text.trim().replace(/%$/, '').replace(',', '.');
  const rate = Number(cleaned);
  if (!/^\d{1,3}(?:\.\d+)?$/.test(cleaned) || rate > 100) {
    throw new UsageError(`${flag}: ${JSON.stringify(text)} must be a percentage from 0 to 100, e.g. 3.99`, {
      field: flag,
    });
  }
  return rate;
}

/** One entry of --split-file or of the body's `split`: `{seller_id|email, percentage|amount, description}` or "SELLER=SHARE". */
function splitInputFromJson(value: unknown, field: string): SplitInput {
  if (typeof value === 'string') return parseSplitArgument(value, field);
  if (!isJsonObject(value)) {
    throw new UsageError(
      `${field}: must be an object {seller_id or email, percentage or amount} or "SELLER=SHARE"`,
      {
        field,
      },
    );
  }
  const known = ['seller_id', 'email', 'seller', 'percentage', 'amount', 'description'];
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new UsageError(`${field}: unknown field ${unknown.map((key) => JSON.stringify(key)).join(', ')}`, {
      field,
    });
  }
  const entry: SplitInput = {};
  const seller = value.seller_id ?? value.seller;
  if (typeof seller === 'number') entry.sellerId = seller;
  else if (typeof seller === 'string' && /^\d+$/.test(seller.trim())) entry.sellerId = Number(seller.trim());
  else if (typeof seller === 'string' && seller.includes('@')) entry.email = seller.trim();
  else if (seller !== undefined)
    throw new UsageError(`${field}.seller_id: must be a seller id (a number)`, { field });
  if (typeof value.email === 'string') entry.email = value.email.trim();
  if (value.percentage !== undefined) {
    const percentage =
      typeof value.percentage === 'string'
        ? Number(value.percentage.replace(/%$/, '').replace(',', '.'))
        : value.percentage;
    if (typeof percentage !== 'number' || !Number.isFinite(percentage)) {
      throw new UsageError(`${field}.percentage: must be a number from 0 to 100`, { field });
    }
    entry.percentage = percentage;
  }
  if (value.amount !== undefined) {
    if (typeof value.amount === 'string')
      entry.amount = parseMoney(value.amount, `${field}.amount`, { allowZero: true });
    else if (typeof value.amount === 'number') entry.amount = value.amount;
    else throw new UsageError(`${field}.amount: must be integer centavos`, { field });
  }
  if (value.description !== undefined) {
    if (typeof value.description !== 'string')
      throw new UsageError(`${field}.description: must be text`, { field });
    entry.description = value.description;
  }
  return entry;
}

/** Everything decided before sending: the body (split still by e-mail), the split inputs, the checks' results. */
interface Plan {
  body: Json;
  split: SplitInput[] | undefined;
  preview: SplitPreview | undefined;
  /** The items with their unit prices as the gateway will spread them (when all were 0). */
  items: Item[] | undefined;
  warnings: string[];
  pixAddress: ReturnType<typeof resolvePixAddress>;
  feeRate: number;
}

/** Reads --from-file and the flags into a body; flags override the file's fields. */
async function draftBody(
  options: Options,
  context: Context,
  problems: Problems,
): Promise<{ body: Json; split?: SplitInput[] }> {
  let body: Json = {};
  if (options.fromFile !== undefined) {
    const file = await readJsonFile(options.fromFile, '--from-file', context);
    if (!isJsonObject(file))
      throw new UsageError('--from-file: must hold a JSON object (the request body)', {
        field: '--from-file',
      });
    const unknown = Object.keys(file).filter((key) => !(REQUEST_FIELDS as readonly string[]).includes(key));
    if (unknown.length > 0) {
      throw new UsageError(
        `--from-file: unknown field ${unknown.map((key) => JSON.stringify(key)).join(', ')}; ` +
          `the fields are ${REQUEST_FIELDS.join(', ')} (pix.expires_in and pix.description go inside "pix")`,
        { field: '--from-file' },
      );
    }
    body = structuredClone(file);
  }
  const flag = (field: string) => problems.fromFlag.add(field);
  const object = (key: string): Json => {
    const current = body[key];
    if (!isJsonObject(current)) body[key] = {};
    return body[key] as Json;
  };

  if (options.amount !== undefined) {
    flag('amount');
    body.amount = problems.attempt('--amount', () => parseMoney(options.amount!, '--amount')) ?? Number.NaN;
  }
  if (options.description !== undefined) {
    flag('pix.description');
    object('pix').description = options.description;
  }
  if (options.expiresIn !== undefined) {
    flag('pix.expires_in');
    const seconds = problems.attempt('--expires-in', () =>
      expiresInSeconds(options.expiresIn!, '--expires-in'),
    );
    if (seconds !== undefined) object('pix').expires_in = seconds;
  }
  const customerFlags = [
    ['name', options.customerName],
    ['email', options.customerEmail],
    ['document', options.customerDocument],
    ['phone', options.customerPhone],
  ] as const;
  for (const [key, value] of customerFlags) {
    if (value === undefined) continue;
    flag(`customer.${key}`);
    object('customer')[key] = value.trim();
  }
  if (options.customerAddress !== undefined) {
    flag('customer.address');
    const address = problems.attempt('--customer-address', () =>
      parseAddressArgument(options.customerAddress!, '--customer-address'),
    );
    if (address) object('customer').address = address;
  }
  if (options.shippingAddress !== undefined) {
    flag('shipping.address');
    const address = problems.attempt('--shipping-address', () =>
      parseAddressArgument(options.shippingAddress!, '--shipping-address'),
    );
    if (address) body.shipping = { ...(isJsonObject(body.shipping) ? body.shipping : {}), address };
  }
  if (options.item !== undefined && options.item.length > 0) {
    flag('items');
    const items = options.item.map((text) => problems.attempt('--item', () => parseItemArgument(text)));
    body.items = items.filter((item): item is Item => item !== undefined);
  }
  if (options.metadata !== undefined && options.metadata.length > 0) {
    flag('metadata');
    const metadata = isJsonObject(body.metadata) ? { ...body.metadata } : {};
    for (const entry of options.metadata) {
      const equals = entry.indexOf('=');
      if (equals < 1) {
        problems.add('metadata', `${JSON.stringify(entry)} must be key=value`);
        continue;
      }
      metadata[entry.slice(0, equals).trim()] = entry.slice(equals + 1);
    }
    body.metadata = metadata;
  }
  if (options.externalId !== undefined) {
    flag('external_id');
    body.external_id = options.externalId;
  }
  if (options.storeId !== undefined) {
    flag('store_id');
    body.store_id = problems.attempt('--store-id', () => positiveIdFlag(options.storeId!, '--store-id'));
  }
  if (options.productId !== undefined) {
    flag('product_id');
    body.product_id = problems.attempt('--product-id', () =>
      positiveIdFlag(options.productId!, '--product-id'),
    );
  }
  if (options.callbackUrl !== undefined) {
    flag('callback_url');
    body.callback_url = options.callbackUrl;
  }
  if (options.checkoutRedirect || options.successUrl !== undefined || options.cancelUrl !== undefined) {
    const checkout = object('checkout');
    checkout.mode = 'redirect';
    if (options.successUrl !== undefined) {
      flag('checkout.success_url');
      checkout.success_url = options.successUrl;
    }
    if (options.cancelUrl !== undefined) {
      flag('checkout.cancel_url');
      checkout.cancel_url = options.cancelUrl;
    }
  }

  // Split: --split or --split-file replace the file's split.
  let split: SplitInput[] | undefined;
  if (options.split?.length && options.splitFile !== undefined) {
    throw new UsageError('--split and --split-file: give one or the other', { field: '--split-file' });
  }
  if (options.split?.length) {
    split = options.split
      .map((text) => problems.attempt('--split', () => parseSplitArgument(text, '--split')))
      .filter((entry): entry is SplitInput => entry !== undefined);
  } else if (options.splitFile !== undefined) {
    const file = await readJsonFile(options.splitFile, '--split-file', context);
    if (!Array.isArray(file)) {
      throw new UsageError('--split-file: must hold a JSON array of split entries', {
        field: '--split-file',
      });
    }
    split = file
      .map((value, index) =>
        problems.attempt('--split-file', () => splitInputFromJson(value, `--split-file[${index}]`)),
      )
      .filter((entry): entry is SplitInput => entry !== undefined);
  } else if (body.split !== undefined) {
    if (!Array.isArray(body.split)) problems.add('split', 'must be an array of split entries');
    else {
      split = body.split
        .map((value, index) =>
          problems.attempt(`split[${index}]`, () => splitInputFromJson(value, `split[${index}]`)),
        )
        .filter((entry): entry is SplitInput => entry !== undefined);
    }
  }
  delete body.split;
  return { body, split };
}

/** Asks for what is missing, on a terminal, when the amount was not given. */
async function promptMissing(
  context: Context,
  options: Options,
  draft: { body: Json; split?: SplitInput[] },
): Promise<void> {
  const { body } = draft;
  const ask = context.canPrompt && body.amount === undefined ? context.prompter : undefined;
  const amountText = await requireValue(
    undefined,
    '--amount',
    ask &&
      (() =>
        ask.input({
          message: 'Amount (centavos like 1500, or reais like 15,00):',
          validate: (value) => check(() => parseMoney(value, 'amount')),
        })),
  );
  body.amount = parseMoney(amountText, '--amount');
  if (!ask) return;
  const pix = isJsonObject(body.pix) ? body.pix : {};
  body.pix = pix;
  if (options.description === undefined && pix.description === undefined) {
    const description = await ask.input({
      message: 'Description shown to the payer (optional):',
      validate: (value) =>
        value.length <= DESCRIPTION_MAX_LENGTH ||
        `at most ${DESCRIPTION_MAX_LENGTH} characters (${value.length})`,
    });
    if (description.trim() !== '') pix.description = description.trim();
  }
  if (options.expiresIn === undefined && pix.expires_in === undefined) {
    const expiry = await ask.input({
      message: 'Expires in (60s to 1d):',
      default: '30m',
      validate: (value) => check(() => checkExpiresIn(expiresInSeconds(value, 'expiry'), 'expiry')),
    });
    pix.expires_in = expiresInSeconds(expiry, '--expires-in');
  }
  if (draft.split === undefined && options.splitFile === undefined) {
    const wantsSplit = await ask.confirm({
      message: 'Split this charge with other sellers?',
      default: false,
    });
    if (wantsSplit) {
      const entries: SplitInput[] = [];
      do {
        const text = await ask.input({
          message: 'Split entry (SELLER=SHARE[:description], e.g. 1002=30% or vendor@example.com=15,00):',
          validate: (value) => check(() => parseSplitArgument(value, 'split')),
        });
        entries.push(parseSplitArgument(text, '--split'));
      } while (await ask.confirm({ message: 'Add another split entry?', default: false }));
      draft.split = entries;
    }
  }
  if (Object.keys(pix).length === 0) delete body.pix;
}

function check(parse: () => unknown): true | string {
  try {
    parse();
    return true;
  } catch (error) {
    return error instanceof UsageError ? error.message.replace(/^[^:]+: /, '') : String(error);
  }
}

function checkExpiresIn(seconds: number, field: string): void {
  if (seconds < PIX_EXPIRES_IN_MIN || seconds > PIX_EXPIRES_IN_MAX) {
    throw new UsageError(`${field}: ${formatDuration(seconds * 1000)} is out of range: ${EXPIRY_RANGE}`, {
      field,
    });
  }
}

/** Checks one address of the body (from a file: flags were checked as they were read). */
function checkAddress(
  value: unknown,
  field: string,
  problems: Problems,
  assign: (address: Address) => void,
): void {
  if (problems.fromFlag.has(field)) return;
  if (!isJsonObject(value)) {
    problems.add(field, 'must be an object {street, city, state, zipcode, ...}');
    return;
  }
  const address = problems.attempt(field, () => parseAddressArgument(JSON.stringify(value), field));
  if (address) assign(address);
}

/** Every rule of SPEC.md on the drafted body; fills `problems`, normalises values in place. */
function checkBody(body: Json, problems: Problems, warnings: string[]): Item[] | undefined {
  let items: Item[] | undefined;
  const amountOk = Number.isSafeInteger(body.amount) && (body.amount as number) > 0;
  if (!amountOk && !Number.isNaN(body.amount)) {
    problems.add('amount', `${JSON.stringify(body.amount)} must be a positive whole number of centavos`);
  }
  if (
    body.currency !== undefined &&
    !(typeof body.currency === 'string' && /^[A-Z]{3}$/.test(body.currency))
  ) {
    problems.add('currency', 'must be a 3-letter currency code (BRL)');
  }
  if (body.payment_method === undefined) {
    body.payment_method = 'pix';
  } else if (body.payment_method !== 'pix') {
    problems.add('payment_method', 'must be "pix" (the only method this command creates)');
  }
  if (body.pix !== undefined) checkPix(body.pix, problems);
  if (body.customer !== undefined) checkCustomer(body.customer, problems);
  if (body.shipping !== undefined) {
    if (!isJsonObject(body.shipping) || body.shipping.address === undefined) {
      problems.add('shipping', 'must be an object {address: {...}}');
    } else {
      const shipping = body.shipping;
      checkAddress(shipping.address, 'shipping.address', problems, (address) => {
        shipping.address = address;
      });
    }
  }
  if (body.items !== undefined) {
    if (!Array.isArray(body.items) || !body.items.every(isJsonObject)) {
      problems.add('items', 'must be an array of {name, quantity, unit_price}');
    } else {
      const resolution = resolveItems(body.items as Item[], amountOk ? (body.amount as number) : 0);
      for (const violation of resolution.violations) {
        problems.add(violation.field, violation.message.replace(/^[^:]+: /, ''));
      }
      warnings.push(...resolution.warnings);
      items = resolution.items;
    }
  }
  if (body.metadata !== undefined && !isJsonObject(body.metadata)) {
    problems.add('metadata', 'must be an object of key-value pairs');
  }
  if (
    body.external_id !== undefined &&
    !(typeof body.external_id === 'string' && body.external_id.trim() !== '')
  ) {
    problems.add('external_id', 'must be non-empty text');
  }
  for (const key of ['store_id', 'product_id'] as const) {
    const value = body[key];
    if (value === undefined) {
      delete body[key];
    } else if (!problems.fromFlag.has(key) && !(Number.isSafeInteger(value) && (value as number) >= 1)) {
      problems.add(key, 'must be a positive whole number');
    }
  }
  if (body.callback_url !== undefined && !isHttpUrl(body.callback_url)) {
    problems.add('callback_url', URL_RULE);
  }
  if (body.checkout !== undefined) {
    if (!isJsonObject(body.checkout)) {
      problems.add('checkout', 'must be an object {mode: "redirect", success_url, cancel_url}');
    } else {
      if (body.checkout.mode !== 'redirect') problems.add('checkout.mode', 'must be "redirect"');
      for (const key of ['success_url', 'cancel_url'] as const) {
        if (body.checkout[key] !== undefined && !isHttpUrl(body.checkout[key])) {
          problems.add(`checkout.${key}`, URL_RULE);
        }
      }
    }
  }
  return items;
}

const EXPIRY_RANGE = `from 60s to 1d (${PIX_EXPIRES_IN_MIN} to ${PIX_EXPIRES_IN_MAX} seconds)`;

function checkPix(pix: unknown, problems: Problems): void {
  if (!isJsonObject(pix)) {
    problems.add('pix', 'must be an object {expires_in, description}');
    return;
  }
  const unknown = Object.keys(pix).filter((key) => key !== 'expires_in' && key !== 'description');
  if (unknown.length > 0) {
    problems.add('pix', `unknown field ${unknown.map((key) => JSON.stringify(key)).join(', ')}`);
  }
  const expiresIn = pix.expires_in;
  if (expiresIn !== undefined) {
    if (typeof expiresIn !== 'number' || !Number.isSafeInteger(expiresIn)) {
      problems.add('pix.expires_in', 'must be a whole number of seconds');
    } else if (expiresIn < PIX_EXPIRES_IN_MIN || expiresIn > PIX_EXPIRES_IN_MAX) {
      problems.add('pix.expires_in', `${formatDuration(expiresIn * 1000)} is out of range: ${EXPIRY_RANGE}`);
    }
  }
  const description = pix.description;
  if (description !== undefined) {
    if (typeof description !== 'string') {
      problems.add('pix.description', 'must be text');
    } else if (description.length > DESCRIPTION_MAX_LENGTH) {
      problems.add(
        'pix.description',
        `has ${description.length} characters, at most ${DESCRIPTION_MAX_LENGTH} allowed`,
      );
    }
  }
}

function checkCustomer(value: unknown, problems: Problems): void {
  if (!isJsonObject(value)) {
    problems.add('customer', 'must be an object');
    return;
  }
  const customer = value;
  for (const key of ['name', 'email', 'document', 'phone', 'city', 'state', 'zipcode']) {
    if (customer[key] !== undefined && typeof customer[key] !== 'string') {
      problems.add(`customer.${key}`, 'must be text');
    }
  }
  if (typeof customer.email === 'string' && !EMAIL_PATTERN.test(customer.email)) {
    problems.add('customer.email', `${JSON.stringify(customer.email)} is not an e-mail address`);
  }
  if (typeof customer.document === 'string') {
    if (documentKind(customer.document) === null) {
      problems.add(
        'customer.document',
        `${JSON.stringify(customer.document)} is not a valid CPF or CNPJ (check digits)`,
      );
    } else {
      customer.document = normalizeDocument(customer.document);
    }
  }
  if (typeof customer.phone === 'string' && !/^\+?[\d\s().-]{8,20}$/.test(customer.phone)) {
    problems.add(
      'customer.phone',
      `${JSON.stringify(customer.phone)} is not a phone number (e.g. +55 11 91234-5678)`,
    );
  }
  if (typeof customer.zipcode === 'string') {
    if (isValidCep(customer.zipcode)) customer.zipcode = customer.zipcode.trim().replace('-', '');
    else problems.add('customer.zipcode', 'must be a CEP of 8 digits (01310-100)');
  }
  if (typeof customer.state === 'string' && !/^[A-Za-z]{2}$/.test(customer.state)) {
    problems.add('customer.state', 'must be 2 letters (UF), e.g. SP');
  }
  if (customer.address !== undefined) {
    checkAddress(customer.address, 'customer.address', problems, (address) => {
      customer.address = address;
    });
  }
}

/** Drafts, prompts and checks everything that can be checked without the network. */
async function plan(options: Options, context: Context): Promise<Plan> {
  const problems = new Problems();
  const feeRate = feeRateOf(options, context);
  const draft = await draftBody(options, context, problems);
  if (draft.body.amount === undefined) await promptMissing(context, options, draft);
  const warnings: string[] = [];
  const items = checkBody(draft.body, problems, warnings);

  let preview: SplitPreview | undefined;
  if (draft.split !== undefined && draft.split.length > 0) {
    const amount = Number.isSafeInteger(draft.body.amount) ? (draft.body.amount as number) : 0;
    preview = computeSplit({ amount, feeRate, entries: draft.split });
    for (const violation of preview.violations) {
      if (violation.field === 'amount') continue; // reported once by checkBody
      problems.list.push({ field: violation.field, message: violation.message });
    }
    warnings.push(...preview.warnings.filter((warning) => warning !== ESTIMATE_WARNING));
  }
  problems.throwIfAny();
  const body = draft.body;
  return {
    body,
    split: draft.split?.length ? draft.split : undefined,
    preview,
    items,
    warnings,
    pixAddress: resolvePixAddress(body as Parameters<typeof resolvePixAddress>[0]),
    feeRate,
  };
}

/**
 * Split rule 5 before sending: each e-mail is looked up (GET /v1/sellers/search) and must be an
 * active, approved seller with PIX enabled. Returns the entries with seller ids.
 */
async function resolveSplitSellers(
  client: Client,
  entries: SplitInput[],
  context: Context,
): Promise<SplitInput[]> {
  const problems = new Problems();
  const cache = new Map<string, Awaited<ReturnType<Client['sellers']['searchByEmail']>>>();
  const resolved: SplitInput[] = [];
  for (const [index, entry] of entries.entries()) {
    if (entry.sellerId !== undefined || entry.email === undefined) {
      resolved.push(entry);
      continue;
    }
    const field = `split[${index}]`;
    const key = entry.email.toLowerCase();
    if (!cache.has(key)) {
      try {
        cache.set(key, await client.sellers.searchByEmail(entry.email, { signal: context.signal }));
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        cache.set(key, null);
      }
    }
    const seller = cache.get(key);
    const who = sanitizeForTerminal(entry.email);
    if (!seller) {
      problems.list.push({ field, message: `${field}: no seller with e-mail ${who}` });
      continue;
    }
    const name = `${sanitizeForTerminal(seller.name)} (${seller.seller_id}, ${who})`;
    const reasons: string[] = [];
    if (seller.status !== 'active')
      reasons.push(`status is ${sanitizeForTerminal(String(seller.status))}, not active`);
    if (seller.compliance_status !== 'approved') {
      reasons.push(`compliance is ${sanitizeForTerminal(String(seller.compliance_status))}, not approved`);
    }
    if (seller.pix_enabled === false) reasons.push('PIX is not enabled');
    if (reasons.length > 0) {
      problems.list.push({
        field,
        message: `${field}: seller ${name} cannot receive a split: ${reasons.join('; ')}`,
      });
      continue;
    }
    context.log.debug(`${field}: ${who} is seller ${seller.seller_id}`);
    resolved.push({ ...entry, sellerId: seller.seller_id });
  }
  problems.throwIfAny();
  return resolved;
}

function previewJson(preview: SplitPreview): Json {
  const { violations: _violations, ...rest } = preview;
  return rest;
}

/** The body as it would be sent; e-mail entries (resolved only when creating) are shown by e-mail. */
function dryRunBody(plan: Plan): Json {
  if (!plan.split) return plan.body;
  const split = plan.split.map((entry) => ({
    ...(entry.sellerId !== undefined ? { seller_id: entry.sellerId } : { email: entry.email }),
    ...(entry.percentage !== undefined ? { percentage: entry.percentage } : {}),
    ...(entry.amount !== undefined ? { amount: entry.amount } : {}),
    ...(entry.description !== undefined ? { description: entry.description } : {}),
  }));
  return { ...plan.body, split };
}

function addressText(address: Partial<Address>): string {
  const street = [address.street, address.number, address.complement, address.neighborhood]
    .filter(Boolean)
    .join(', ');
  const cityState = [address.city, address.state].filter(Boolean).join('/');
  return [street, cityState, address.zipcode, address.country].filter(Boolean).join(' · ');
}

function writeDryRun(context: Context, plan: Plan): void {
  const out = context.io.stdout;
  const body = dryRunBody(plan);
  const amount = Number(plan.body.amount);
  const preview = plan.preview ?? computeSplit({ amount, feeRate: plan.feeRate, entries: [] });
  if (context.output !== 'table') {
    const document = { request: body, preview: previewJson(preview), pix_address: plan.pixAddress };
    out.write(formatJson(document, context.output === 'ndjson' ? 'ndjson' : 'json'));
  } else {
    const c = context.colors;
    const lines: string[] = [];
    lines.push(c.bold('Request body (POST /v1/charges):'), JSON.stringify(body, null, 2), '');
    lines.push(c.bold(`Fee and split (estimate, fee rate ${preview.fee_rate}%):`));
    const rows: Array<[string, string]> = [
      ['Amount', formatMoney(preview.amount)],
      ['Fee', formatMoney(preview.fee)],
      ['Net', formatMoney(preview.net)],
    ];
    for (const entry of preview.entries) {
      const who =
        entry.seller_id !== null ? `seller ${entry.seller_id}` : sanitizeForTerminal(entry.email ?? '?');
      const share = entry.percentage !== null ? ` (${entry.percentage}%)` : '';
      const description = entry.description ? ` · ${sanitizeForTerminal(entry.description)}` : '';
      rows.push([
        `  ${who}${share}`,
        `${entry.amount === null ? '?' : formatMoney(entry.amount)}${description}`,
      ]);
    }
    if (preview.main_seller_amount !== null)
      rows.push(['Main seller', formatMoney(preview.main_seller_amount)]);
    const width = Math.max(...rows.map(([label]) => label.length));
    for (const [label, value] of rows) lines.push(`${label.padEnd(width)}  ${value}`);
    lines.push(c.dim(ESTIMATE_WARNING), '');
    if (plan.items?.length) {
      const given = Array.isArray(plan.body.items) ? (plan.body.items as Item[]) : [];
      const spread = given.length > 0 && given.every((item) => item.unit_price === 0);
      lines.push(c.bold(spread ? 'Items (the amount spread over them):' : 'Items:'));
      for (const item of plan.items) {
        lines.push(`  ${item.quantity} × ${sanitizeForTerminal(item.name)}  ${formatMoney(item.unit_price)}`);
      }
      lines.push('');
    }
    const source = plan.pixAddress.source === 'default' ? 'the generic default' : plan.pixAddress.source;
    lines.push(
      `${c.bold('PIX address')} (from ${source}): ${sanitizeForTerminal(addressText(plan.pixAddress.address))}`,
    );
    out.write(`${lines.join('\n')}\n`);
  }
  if (plan.split?.some((entry) => entry.sellerId === undefined)) {
    context.log.info(
      'Split entries given by e-mail are looked up (and checked) only when the charge is created.',
    );
  }
  context.log.info('Dry run: nothing was sent.');
}

/** Warns when the gateway's split differs from the local preview (the gateway's figures win). */
function compareSplit(context: Context, preview: SplitPreview, charge: Charge): void {
  const server = Array.isArray(charge.split) ? charge.split : [];
  const differences: string[] = [];
  if (server.length !== preview.entries.length) {
    differences.push(`${server.length} entries instead of ${preview.entries.length}`);
  }
  preview.entries.forEach((entry, index) => {
    const actual = server[index];
    if (!actual || entry.amount === null) return;
    if (actual.amount !== entry.amount) {
      const who = actual.seller_name
        ? `${sanitizeForTerminal(actual.seller_name)} (${actual.seller_id})`
        : `seller ${actual.seller_id}`;
      differences.push(
        `${who} gets ${formatAmount(actual.amount)}, the preview said ${formatMoney(entry.amount)}`,
      );
    }
  });
  if (differences.length > 0) {
    context.log.warn(
      `the gateway's split differs from the local preview (fee rate ${preview.fee_rate}%; its figures win): ${differences.join('; ')}`,
    );
  }
}

function outcomeUnknown(error: OutcomeUnknownError, externalId: unknown): OutcomeUnknownError {
  const hint =
    typeof externalId === 'string'
      ? `check with \`paygate charge find --external-id ${shellQuote(sanitizeForTerminal(externalId))}\` before creating it again`
      : 'check with `paygate charge list --limit 5` before creating it again; pass --external-id next time, ' +
        'so that `paygate charge find --external-id ID` can tell whether it was created';
  return new OutcomeUnknownError(
    `the charge may or may not have been created: no answer came after the request was sent (${error.message})`,
    { method: error.method, url: error.url, code: error.code, status: error.status, cause: error, hint },
  );
}

/** A value quoted for a shell command line when it needs it. */

export async function handleChargeCreate(input: CommandInput, context: Context): Promise<number> {
  const options = parseOptions(schema, input);
  const timing: ChargeWatchTiming | undefined = options.watch
    ? chargeWatchTiming(context, options)
    : undefined;
  const key = options.key !== undefined ? checkJournalKey(options.key) : undefined;
  const planned = await plan(options, context);
  for (const warning of planned.warnings) context.log.warn(sanitizeForTerminal(warning));
  // A keyed charge can always be found again: without --external-id, the key is its external_id.
  if (key !== undefined) planned.body.external_id ??= key;

  if (options.dryRun) {
    writeDryRun(context, planned);
    return 0;
  }

  const client = await context.client();
  const body = planned.body as ChargeCreateRequest;
  if (planned.split) {
    body.split = toSplitRequest(await resolveSplitSellers(client, planned.split, context));
  }
  const send = async () => {
    try {
      return await client.charges.create(body, { signal: context.signal });
    } catch (error) {
      if (error instanceof OutcomeUnknownError && key === undefined)
        throw outcomeUnknown(error, body.external_id);
      throw error;
    }
  };
  const { charge, already, unrecorded } =
    key !== undefined ? await createOnce(context, key, body, send) : { charge: await send(), already: false };

  if (already) {
    context.log.info(
      `Already created with --key ${key}: charge ${sanitizeForTerminal(charge.id)}. Nothing new was sent.`,
    );
  } else if (context.output === 'table') {
    context.log.info(context.errorColors.green(`✓ Charge ${sanitizeForTerminal(charge.id)} created`));
  }
  if (!timing || context.output === 'table') {
    await writeCharge(context, charge, { qr: options.qr, emv: true });
  }
  if (planned.preview) compareSplit(context, planned.preview, charge);
  // Shown first (the charge exists), then exit 9: the journal still says `sent` for this key.
  if (unrecorded) throw unrecorded;
  if (!timing) return 0;
  return watchAndReport(context, charge.id, timing, { initial: charge, printFinal: false });
}
