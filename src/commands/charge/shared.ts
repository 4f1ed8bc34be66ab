// Helpers shared by the charge commands: the detail fields and list columns, the human view of a
// charge (summary, QR code, copy-and-paste line), status classes and small stdin readers.
import { OutcomeUnknownError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import { formatBoletoLine, inspectBoleto } from '../../domain/boleto.js';
import { parseBrCode } from '../../domain/brcode.js';
import { formatDuration } from '../../domain/duration.js';
import {
  findAmount,
  findCreatedAt,
  findPixCode,
  idOf,
  namesRead,
  resourceId,
} from '../../domain/resource-fields.js';
import { chargeOutcome, statusKey } from '../../domain/status.js';
import { UsageError } from '../../errors.js';
import { type Colors, statusColor } from '../../output/colors.js';
import { errorMessage } from '../../output/error-text.js';
import {
  formatAmount,
  formatTimestamp,
  localTimeHeader,
  receivedText,
  shellQuote,
} from '../../output/format.js';
import type { QrMode } from '../../output/qr.js';
import { type Column, type Field, otherFields, writeObject } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge } from '../../schemas/charge.js';

/** Whether a watch keeps polling: every status but the closed list of final ones (domain/status.ts). */
export function isChargeInProgress(status: string): boolean {
  return chargeOutcome(status) === 'in_progress';
}

/** The PIX expiry as ms since the epoch, when the charge has a readable one. */
export function expiresAtMs(charge: Charge): number | undefined {
  const iso = charge.pix?.expires_at;
  if (typeof iso !== 'string') return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `expires in 29m 59s`, `expired 3m ago`-like text for a charge's PIX code. */
export function describeExpiry(charge: Charge, now: number): string | undefined {
  const expiresAt = expiresAtMs(charge);
  if (expiresAt === undefined) return undefined;
  const left = expiresAt - now;
  return left > 0 ? `expires in ${formatDuration(left)}` : 'past its expiry';
}

/** The split for people: one seller a line (a table keeps the lines in the value's column). */
function splitText(charge: Charge): string {
  const entries = (Array.isArray(charge.split) ? charge.split : []).filter(
    (entry) => record(entry) !== undefined,
  );
  return entries
    .map((entry) => {
      const who = entry.seller_name
        ? `${entry.seller_name} (${entry.seller_id})`
        : `seller ${entry.seller_id}`;
      const share =
        entry.percentage !== null && entry.percentage !== undefined
          ? ` (${receivedText(entry.percentage)}%)`
          : '';
      return `${who} ${formatAmount(entry.amount)}${share}`;
    })
    .join('\n');
}

const text = receivedText;

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A money field at `name` as received: integer centavos, or another form, never guessed. */
function moneyField(charge: Charge, name: string): unknown {
  const value = (charge as Record<string, unknown>)[name];
  return value === null ? undefined : value;
}

/** A charge's creation time under any of its common names, when it is text. */
function createdAt(charge: Charge): string | undefined {
  const value = findCreatedAt(charge)?.value;
  return typeof value === 'string' ? value : undefined;
}

function dateText(value: unknown): string {
  return typeof value === 'string' && value !== '' ? formatTimestamp(value) : '';
}

/** An authorised card charge not yet captured (nor voided). */
function awaitsCapture(charge: Charge): boolean {
  return statusKey(charge.status) === 'authorized' && record(charge.card)?.captured !== true;
}

/** `visa •••• 1111, 3x, captured (auth 123456)`, from what the gateway sent. */
function cardText(charge: Charge): string {
  const card = record(charge.card);
  if (!card) return '';
  const last4 = card.last4 ?? card.last_digits ?? card.last_four;
  const parts = [
    [card.brand, last4 !== undefined && last4 !== null ? `•••• ${last4}` : undefined]
      .filter((part) => typeof part === 'string')
      .join(' '),
    typeof card.installments === 'number' && card.installments > 1 ? `${card.installments}x` : '',
    captureState(charge, card),
    typeof card.authorization_code === 'string' ? `auth ${card.authorization_code}` : '',
  ];
  return parts.filter((part) => part !== '').join(', ');
}

/**
 * Where the card payment stands, from the charge's status first: a declined or voided charge was
 * never captured, but it is not "authorised, not captured" either.
 */
function captureState(charge: Charge, card: Record<string, unknown>): string {
  const status = statusKey(charge.status);
  if (status === 'failed') return statusKey(charge.failure_reason) === 'voided' ? 'voided' : 'declined';
  if (card.captured === true) return 'captured';
  return status === 'authorized' ? 'authorised, not captured' : '';
}

function boletoField(charge: Charge, ...names: string[]): unknown {
  const boleto = record(charge.boleto);
  for (const name of names) if (boleto?.[name] !== undefined && boleto[name] !== null) return boleto[name];
  return undefined;
}

/** Detail view of a charge (get, watch, refund, create's summary). `now` gives the time left. */
export function chargeFields(now: number): Field<Charge>[] {
  return [
    { label: 'ID', key: 'id', value: (charge) => resourceId(charge) },
    {
      label: 'Status',
      key: 'status',
      value: (charge) => charge.status,
      display: (charge, colors) => statusColor(charge.status, colors),
    },
    {
      label: 'Amount',
      value: (charge) => findAmount(charge)?.value,
      display: (charge) => formatAmount(findAmount(charge)?.value),
    },
    {
      label: 'Fee',
      key: 'fee',
      value: (charge) => moneyField(charge, 'fee') ?? '',
      display: (charge) => formatAmount(moneyField(charge, 'fee')),
    },
    {
      label: 'Net',
      key: 'net',
      value: (charge) => moneyField(charge, 'net') ?? '',
      display: (charge) => formatAmount(moneyField(charge, 'net')),
    },
    {
      label: 'Method',
      key: 'payment_method',
      value: (charge) =>
        charge.payment_method && charge.payment_method !== 'pix' ? charge.payment_method : '',
    },
    { label: 'Card', key: 'card', value: (charge) => cardText(charge) },
    {
      // Only while there is something to capture.
      label: 'Capture by',
      value: (charge) => (awaitsCapture(charge) ? text(record(charge.card)?.capture_before) : ''),
      display: (charge) => (awaitsCapture(charge) ? dateText(record(charge.card)?.capture_before) : ''),
    },
    {
      label: 'Boleto line',
      key: 'boleto',
      value: (charge) => text(boletoField(charge, 'line', 'digitable_line')),
      display: (charge) => {
        const line = boletoField(charge, 'line', 'digitable_line');
        return typeof line === 'string' ? formatBoletoLine(line) : '';
      },
    },
    { label: 'Due date', value: (charge) => text(boletoField(charge, 'due_date')) },
    { label: 'Boleto PDF', value: (charge) => text(boletoField(charge, 'pdf_url')) },
    { label: 'Description', key: 'description', value: (charge) => text(charge.description ?? '') },
    { label: 'External ID', key: 'external_id', value: (charge) => text(charge.external_id) },
    { label: 'TXID', key: 'pix', value: (charge) => text(charge.pix?.txid) },
    {
      label: 'Paid',
      key: 'paid_at',
      value: (charge) => text(charge.paid_at),
      display: (charge) => dateText(charge.paid_at),
    },
    {
      label: 'Refunded',
      key: 'refunded_at',
      value: (charge) => text(charge.refunded_at),
      display: (charge) => dateText(charge.refunded_at),
    },
    { label: 'Failure', key: 'failure_reason', value: (charge) => text(charge.failure_reason) },
    {
      label: 'Expires',
      value: (charge) => text(charge.pix?.expires_at),
      display: (charge) => {
        const iso = charge.pix?.expires_at;
        // Once a charge is over, its expiry says nothing more.
        if (typeof iso !== 'string' || !isChargeInProgress(charge.status)) return '';
        const left = isChargeInProgress(charge.status) ? describeExpiry(charge, now) : undefined;
        return left ? `${formatTimestamp(iso)} (${left})` : formatTimestamp(iso);
      },
    },
    {
      label: 'Created',
      value: (charge) => text(findCreatedAt(charge)?.value),
      display: (charge) => {
        const at = createdAt(charge);
        return at !== undefined ? formatTimestamp(at, now) : text(findCreatedAt(charge)?.value);
      },
    },
    {
      label: 'Split',
      key: 'split',
      value: (charge) => charge.split ?? '',
      display: (charge) => splitText(charge),
    },
    { label: 'Checkout URL', key: 'checkout_url', value: (charge) => text(charge.checkout_url) },
  ];
}

/** Charge fields paygate knows and leaves out of the detail view (they are in --json). */
const CHARGE_FIELDS_NOT_SHOWN = [
  'currency',
  'store_id',
  'product_id',
  'pix_address',
  'customer',
  'shipping',
  'items',
  'metadata',
  'callback_url',
  'updated_at',
  'expired_at',
  'main_seller_amount',
];

/** Columns of `charge list` and `charge get -` tables. */
export function chargeColumns(): Column<Charge>[] {
  return [
    { key: 'id', header: 'ID', value: (charge) => resourceId(charge) },
    {
      key: 'status',
      header: 'STATUS',
      value: (charge) => charge.status,
      display: (charge, colors) => statusColor(charge.status, colors),
    },
    {
      key: 'amount',
      header: 'AMOUNT',
      value: (charge) => findAmount(charge)?.value,
      display: (charge) => formatAmount(findAmount(charge)?.value),
      align: 'right',
    },
    {
      key: 'created_at',
      header: localTimeHeader('CREATED'),
      value: (charge) => text(findCreatedAt(charge)?.value),
      display: (charge) => {
        const at = createdAt(charge);
        return at !== undefined ? formatTimestamp(at) : text(findCreatedAt(charge)?.value);
      },
    },
    { key: 'external_id', header: 'EXTERNAL ID', value: (charge) => text(charge.external_id) },
    {
      key: 'description',
      header: 'DESCRIPTION',
      value: (charge) => text(charge.description ?? charge.pix?.description),
    },
    { key: 'txid', header: 'TXID', value: (charge) => text(charge.pix?.txid) },
  ];
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

export interface WriteChargeOptions {
  /** Draw the QR code and the copy-and-paste line (table output only). */
  qr?: boolean;
  /** Print the copy-and-paste line (table output only), with or without the QR. */
  emv?: boolean;
}

/**
 * Prints one charge in the chosen format: json/ndjson the API's data exactly; csv/plain the
 * detail fields; table the detail fields, then the QR code and the copy-and-paste line if asked.
 */
export async function writeCharge(
  context: Context,
  charge: Charge,
  options: WriteChargeOptions = {},
): Promise<void> {
  const out = context.io.stdout;
  if (context.output === 'csv') {
    // The export columns, the same as `charge list -o csv` (src/output/exports.ts).
    const { CHARGE_EXPORT, exportFormatOf, exportText } = await import('../../output/exports.js');
    out.write(exportText([charge], CHARGE_EXPORT, exportFormatOf(context)));
    return;
  }
  const known = chargeFields(context.clock.now());
  let fields = known;
  // People see the fields this charge has, and the ones paygate does not recognise by name;
  // csv/plain keep every column, for scripts.
  if (context.output === 'table') {
    fields = fields.filter((field) => !isEmpty(field.value(charge)));
    fields = [...fields, ...otherFields(charge, known, [...CHARGE_FIELDS_NOT_SHOWN, ...namesRead(charge)])];
  }
  writeObject(out, context.output, charge, fields, { colors: context.colors });
  if (context.output !== 'table') return;
  // A card or boleto charge has no PIX code to draw; a boleto's line is checked here instead.
  if (charge.payment_method === 'boleto') warnIfInvalidBoletoLine(context, charge);
  if (charge.payment_method !== undefined && charge.payment_method !== 'pix') return;
  const emv = findPixCode(charge);
  if (emv === undefined) {
    if (options.qr || options.emv) context.log.warn('this charge has no PIX code (pix.emv) to show');
    return;
  }
  if (options.qr || options.emv) {
    out.write('\n');
    await writeQrBlock(context, emv, {
      qr: options.qr ?? false,
      emvLine: true,
      ...(resourceId(charge) !== undefined
        ? { showAgain: `paygate charge get ${shellQuote(sanitizeForTerminal(idOf(charge)))} --qr` }
        : {}),
    });
  }
}

/**
 * The QR code (colour on a colour TTY, plain characters otherwise) and/or the copy-and-paste line
 * of a PIX code. A code that does not parse as a valid BR Code (bad CRC...) is drawn anyway, with
 * a loud warning on stderr: a payer's bank would reject it.
 */
export async function writeQrBlock(
  context: Context,
  emv: string,
  options: { qr?: boolean; emvLine: boolean; check?: boolean; showAgain?: string },
): Promise<void> {
  const out = context.io.stdout;
  if (options.check !== false) warnIfInvalidEmv(context, emv);
  const emvLine = () =>
    out.write(`${context.colors.bold('PIX copy and paste:')}\n${sanitizeForTerminal(emv)}\n`);
  if (options.qr === false) {
    if (options.emvLine) emvLine();
    return;
  }
  // Drawn to fit the terminal with the copy-and-paste line (src/output/qr.ts): the whole code
  // on the last screen whenever it can be.
  const { renderQrForTerminal, wrappedLines } = await import('../../output/qr.js');
  const size = context.io.terminalSize?.();
  const linesAfter = options.emvLine ? 2 + wrappedLines(emv.length, size?.columns ?? 80) : 0;
  const qr = await renderQrForTerminal(emv, {
    mode: qrMode(context),
    ...size,
    linesAfter,
    ...(options.showAgain !== undefined ? { showAgain: options.showAgain } : {}),
  });
  if (options.emvLine && qr.linesAfterFirst) {
    emvLine();
    out.write('\n');
  }
  out.write(qr.text);
  if (options.emvLine && !qr.linesAfterFirst) {
    out.write('\n');
    emvLine();
  }
  const advice = qr.advice;
  if (advice) context.log.warn(advice);
  if (context.io.stdoutIsTTY && context.setting('qr') === 'auto' && !context.color) {
    // Colours are off (NO_COLOR, --no-color): drawn in the terminal's own ink, which reads
    // inverted on a dark background, and many phones then cannot scan it. Said, not guessed.
    context.log.info(
      "The QR code is drawn in your terminal's own colours (colour is off): on a dark background, " +
        'run `paygate config set qr plain-dark`, or `paygate config set qr color` for black on white.',
    );
  }
}

/** The QR drawing mode: the `qr` setting, else black on white when colours are on. */
function qrMode(context: Context): QrMode {
  const setting = context.setting('qr');
  if (setting === 'color' || setting === 'plain' || setting === 'plain-dark') return setting;
  return context.color ? 'color' : 'plain';
}

/** Checks a boleto's digitable line received from the gateway; a broken one is reported loudly. */
export function warnIfInvalidBoletoLine(context: Context, charge: Charge): void {
  const boleto = record(charge.boleto);
  const line = boleto?.line ?? boleto?.digitable_line;
  if (typeof line !== 'string' || line === '') return;
  const reading = inspectBoleto(line, context.clock.now());
  if (reading.valid) return;
  const c: Colors = context.errorColors;
  context.io.stderr.write(
    `${c.red(c.bold('WARNING: the boleto line the gateway returned is NOT valid'))}: ${reading.problems.map(sanitizeForTerminal).join('; ')}.\n` +
      `${c.red("A payer's bank will reject it: do not hand it out; report it to the gateway.")}\n`,
  );
}

/** Checks a PIX code received from the gateway; a broken one is reported loudly on stderr. */
export function warnIfInvalidEmv(context: Context, emv: string): boolean {
  const code = parseBrCode(emv);
  if (code.valid) return true;
  const c: Colors = context.errorColors;
  const problems = code.errors.map((problem) => sanitizeForTerminal(problem)).join('; ');
  context.io.stderr.write(
    `${c.red(c.bold('WARNING: the PIX code the gateway returned is NOT valid'))}: ${problems}.\n` +
      `${c.red("A payer's bank will reject it: do not hand it out; report it to the gateway.")}\n`,
  );
  return false;
}

/** A charge id from an argument: opaque (`ci_…`), but not empty and without spaces or slashes. */
export function chargeIdArgument(value: string | undefined): string {
  const id = (value ?? '').trim();
  if (id === '' || /[\s/?#]/.test(id)) {
    throw new UsageError(
      `id: ${JSON.stringify(sanitizeForTerminal(value ?? ''))} is not a charge id (ci_…)`,
      {
        field: 'id',
      },
    );
  }
  return id;
}

/** The command that picks a watch up again. */
export function watchResumeCommand(id: string): string {
  return `paygate charge watch ${id}`;
}

/** Exit 9 for an action on a charge (refund, cancel, capture) whose answer never came. */
export function actionOutcomeUnknown(
  verb: string,
  id: string,
  error: OutcomeUnknownError,
): OutcomeUnknownError {
  return new OutcomeUnknownError(
    `the ${verb} of charge ${sanitizeForTerminal(id)} may or may not have happened: ` +
      `no answer came after it was sent (${errorMessage(error)})`,
    {
      method: error.method,
      url: error.url,
      code: error.code,
      status: error.status,
      cause: error,
      hint: `check with \`paygate charge get ${id}\` before trying again`,
    },
  );
}

/**
 * The charge after an action (refund, cancel, capture), whose answer SPEC does not show: the
 * charge the gateway returned when it looks like one, else the charge fetched again.
 */
export async function chargeAfterAction(
  context: Context,
  id: string,
  answer: Partial<Charge>,
): Promise<Charge> {
  if (
    resourceId(answer) !== undefined &&
    typeof answer.status === 'string' &&
    findAmount(answer) !== undefined
  ) {
    return answer as Charge;
  }
  const client = await context.client();
  return client.charges.get(id, { signal: context.signal });
}
