// The fields of a charge request (POST /v1/charges), each declared once: its body path, the flag
// of `charge create` that sets it (help included), how that flag's text is read, the payment
// methods it belongs to, and the --from-csv column that sets it. `charge create` derives from this
// table its flags, the body it drafts, the flag it names a problem by and its CSV columns; the
// request rules derive the keys a request may have. A new request field is a row here (and its
// rule in charge-rules.ts when it has one).
import { PAYMENT_METHODS, type PaymentMethod } from '../domain/payment-methods.js';
import { setValueAt, valueAt } from '../domain/resource-fields.js';

/**
 * How a flag's text becomes the field's value, by name: `charge create`'s readers
 * (src/commands/charge/field-readers.ts) are the functions. Named rather than imported here so
 * that `charge create`'s flags (its help, completions) load without the parsers.
 */
export type FieldReaderName =
  | 'money'
  | 'trimmed'
  | 'upperCased'
  | 'seconds'
  | 'address'
  | 'positiveId'
  | 'cardToken'
  | 'installments'
  | 'captureMode'
  | 'date'
  | 'percent';

export interface ChargeRequestField {
  /** The body field, dotted: `pix.expires_in`. */
  path: string;
  /** The flag of `charge create` that sets it, commander syntax (`--expires-in <duration>`); none: only a request file sets it. */
  flag?: string;
  /** The flag's help text. */
  help?: string;
  /** Only with these payment methods (another one is refused, naming the flag). Default: all. */
  methods?: readonly PaymentMethod[];
  /** The field's value from the flag's text (a UsageError names the flag). Default: the text. */
  read?: FieldReaderName;
  /**
   * When the text cannot be read: `text` sends it as typed (the rules then name what is wrong
   * with it), `nan` puts NaN (a missing amount must not be asked for). Default: left out.
   */
  unreadable?: 'text' | 'nan';
  /** The --from-csv column that sets it as the flag would (a repeatable flag's values split on `|`). */
  column?: string;
  /** The flag may be given several times. */
  repeatable?: true;
  /** The flag's allowed values (commander checks them, the shells complete them). */
  choices?: readonly string[];
  /**
   * The flag's value is drafted by `charge create` itself rather than set as read: a list merged
   * into the file's (`items`, `metadata`), a switch (`checkout`), a split to resolve (`split`).
   */
  drafted?: 'items' | 'metadata' | 'checkout' | 'split';
}

/** Every field of a charge request, in the order of `charge create`'s flags. */
export const CHARGE_REQUEST_FIELDS = [
  {
    path: 'amount',
    flag: '-a, --amount <money>',
    help: 'amount to charge',
    read: 'money',
    unreadable: 'nan',
    column: 'amount',
  },
  {
    path: 'currency',
    flag: '--currency <code>',
    help: 'currency code (default BRL; PIX and boleto: BRL only)',
    read: 'upperCased',
    column: 'currency',
  },
  {
    path: 'pix.description',
    flag: '-d, --description <text>',
    help: 'PIX description shown to the payer (max 255)',
    methods: ['pix'],
    column: 'description',
  },
  {
    path: 'pix.expires_in',
    flag: '--expires-in <duration>',
    help: 'PIX expiry, 60s to 1d (default 30m)',
    methods: ['pix'],
    read: 'seconds',
    column: 'expires_in',
  },
  {
    path: 'customer.name',
    flag: '--customer-name <name>',
    help: 'customer name',
    read: 'trimmed',
    column: 'customer_name',
  },
  {
    path: 'customer.email',
    flag: '--customer-email <email>',
    help: 'customer e-mail',
    read: 'trimmed',
    column: 'customer_email',
  },
  {
    path: 'customer.document',
    flag: '--customer-document <cpf|cnpj>',
    help: 'customer CPF or CNPJ (check digits verified)',
    read: 'trimmed',
    column: 'customer_document',
  },
  {
    path: 'customer.phone',
    flag: '--customer-phone <phone>',
    help: 'customer phone',
    read: 'trimmed',
    column: 'customer_phone',
  },
  {
    path: 'customer.address',
    flag: '--customer-address <address>',
    help: 'street,number,city,UF,CEP or JSON; with complemento and bairro: street,number,complemento,bairro,city,UF,CEP',
    read: 'address',
    column: 'customer_address',
  },
  {
    path: 'shipping.address',
    flag: '--shipping-address <address>',
    help: 'delivery address: street,number,city,UF,CEP (or with complemento,bairro) or JSON',
    read: 'address',
    column: 'shipping_address',
  },
  {
    path: 'items',
    flag: '--item <name:qty:unit_price>',
    help: 'an item (repeatable)',
    repeatable: true,
    drafted: 'items',
    column: 'item',
  },
  {
    path: 'metadata',
    flag: '--metadata <key=value>',
    help: 'metadata entry (repeatable)',
    repeatable: true,
    drafted: 'metadata',
  },
  {
    path: 'external_id',
    flag: '--external-id <id>',
    help: 'your own reference, returned in webhooks; a charge that already has it is named before creating',
    column: 'external_id',
  },
  {
    path: 'store_id',
    flag: '--store-id <id>',
    help: 'dashboard operation (default: the seller default)',
    read: 'positiveId',
    column: 'store_id',
  },
  {
    path: 'product_id',
    flag: '--product-id <id>',
    help: 'dashboard product, for association only',
    read: 'positiveId',
    column: 'product_id',
  },
  {
    path: 'callback_url',
    flag: '--callback-url <url>',
    help: 'extra notification URL for this charge',
    column: 'callback_url',
  },
  {
    path: 'checkout.mode',
    flag: '--checkout-redirect',
    help: 'hosted checkout: the response has a checkout_url',
    drafted: 'checkout',
  },
  {
    path: 'checkout.success_url',
    flag: '--success-url <url>',
    help: 'checkout redirect after payment',
    column: 'success_url',
  },
  {
    path: 'checkout.cancel_url',
    flag: '--cancel-url <url>',
    help: 'checkout redirect on cancel',
    column: 'cancel_url',
  },
  {
    path: 'split',
    flag: '--split <entry>',
    help: 'split entry SELLER=SHARE[:description] (repeatable)',
    repeatable: true,
    drafted: 'split',
    column: 'split',
  },
  { path: 'split', flag: '--split-file <file>', help: 'JSON array of split entries', drafted: 'split' },
  {
    path: 'payment_method',
    flag: '--method <method>',
    help: 'payment method: pix (default), card or boleto',
    choices: PAYMENT_METHODS,
  },
  {
    path: 'card.token',
    flag: '--card-token <token>',
    help: 'card: a token from `paygate token card` (- reads it from stdin)',
    methods: ['card'],
    read: 'cardToken',
  },
  {
    path: 'card.installments',
    flag: '--installments <n>',
    help: 'card: installments, 1 to 12 (default 1)',
    methods: ['card'],
    read: 'installments',
  },
  {
    path: 'card.capture',
    flag: '--capture <mode>',
    help: 'card: auto (default) or manual (authorise now, `charge capture` later)',
    methods: ['card'],
    choices: ['auto', 'manual'],
    read: 'captureMode',
  },
  {
    path: 'card.statement_descriptor',
    flag: '--statement-descriptor <text>',
    help: "card: text on the payer's statement (max 13)",
    methods: ['card'],
  },
  {
    path: 'boleto.due_date',
    flag: '--due-date <date>',
    help: 'boleto: due date, YYYY-MM-DD, DD/MM/YYYY or +Nd (e.g. +3d)',
    methods: ['boleto'],
    read: 'date',
    unreadable: 'text',
  },
  {
    path: 'boleto.fine',
    flag: '--fine <percent>',
    help: 'boleto: fine after the due date, percent of the amount',
    methods: ['boleto'],
    read: 'percent',
  },
  {
    path: 'boleto.interest',
    flag: '--interest <percent>',
    help: 'boleto: interest after the due date, percent a month',
    methods: ['boleto'],
    read: 'percent',
  },
  {
    path: 'boleto.discount',
    flag: '--discount <money>',
    help: 'boleto: discount when paid by --discount-until',
    methods: ['boleto'],
    read: 'money',
  },
  {
    path: 'boleto.discount_until',
    flag: '--discount-until <date>',
    help: 'boleto: last day of the discount (default: the due date)',
    methods: ['boleto'],
    read: 'date',
    unreadable: 'text',
  },
  {
    path: 'boleto.instructions',
    flag: '--instructions <text>',
    help: 'boleto: instructions printed on it (max 255)',
    methods: ['boleto'],
  },
] as const satisfies readonly ChargeRequestField[];

/** The top-level keys of a request's fields (`pix` for `pix.expires_in`), in the table's order. */
export function topLevelKeys(fields: readonly ChargeRequestField[]): string[] {
  return [...new Set(fields.map((field) => field.path.split('.')[0]!))];
}

/** The keys declared inside one object of the request (`pix` → expires_in, description). */
export function keysUnder(fields: readonly ChargeRequestField[], parent: string): string[] {
  const prefix = `${parent}.`;
  return [
    ...new Set(
      fields
        .filter((field) => field.path.startsWith(prefix))
        .map((field) => field.path.slice(prefix.length).split('.')[0]!),
    ),
  ];
}

/**
 * The typed request with every declared field of `body` (the table's paths) that its schema has
 * no place for put back as sent: a zod object strips what it does not name, and a field declared
 * in the table must reach whoever keeps the request (the sandbox's charge record) all the same.
 * What the table does not declare stays out.
 */
export function withDeclaredFields<Request extends object>(
  request: Request,
  body: Record<string, unknown>,
  fields: readonly ChargeRequestField[] = CHARGE_REQUEST_FIELDS,
): Request {
  const kept = request as Record<string, unknown>;
  for (const { path } of fields) {
    const sent = valueAt(body, path);
    if (sent !== undefined && valueAt(kept, path) === undefined) setValueAt(kept, path, sent);
  }
  return request;
}
