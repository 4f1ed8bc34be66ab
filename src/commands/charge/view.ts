// One charge printed in the chosen output format: json/ndjson the API's data exactly; csv the
// export columns; plain the detail fields; table the fields it has, then its PIX code if asked.
import type { Context } from '../../context.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { findPixCode, idOf, namesRead, resourceId } from '../../domain/resource-fields.js';
import { chargeOutcome, readStatus } from '../../domain/status.js';
import { shellQuote } from '../../output/format.js';
import { otherFields, writeObject } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { chargeStatusWords } from '../shared/status-words.js';
import { chargeFields } from './detail-fields.js';
import { writeQrBlock } from './qr-block.js';
import { warnIfInvalidBoletoLine } from './received-code-checks.js';

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
  /**
   * False when what is printed is an action's own answer, not the charge (a refund object): its
   * money names are not the API's (src/domain/money-reading.ts).
   */
  apiMoneyNames?: boolean;
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
  const known = chargeFields(
    context.clock.now(),
    chargeStatusWords(context),
    declaredMoneyUnit(context),
    { apiNames: options.apiMoneyNames },
    context.output === 'table',
  );
  let fields = known;
  // People see the fields this charge has, and the ones paygate does not recognise by name;
  // csv/plain keep every column, for scripts.
  if (context.output === 'table') {
    fields = fields.filter((field) => !isEmpty(field.value(charge)));
    // A failed (declined) charge was never paid, so never charged a fee: its figures would read as
    // money taken. They stay in --json, csv and plain, as the gateway sent them.
    if (readStatus(charge.status, chargeStatusWords(context)) === 'failed') {
      fields = fields.filter((field) => field.key !== 'fee' && field.key !== 'net');
    }
    fields = [...fields, ...otherFields(charge, known, [...CHARGE_FIELDS_NOT_SHOWN, ...namesRead(charge)])];
  }
  writeObject(out, context.output, charge, fields, { colors: context.colors });
  if (context.output !== 'table') return;
  // A card or boleto charge has no PIX code to draw; a boleto's line is checked here instead.
  if (charge.payment_method === 'boleto') warnIfInvalidBoletoLine(context, charge);
  if (charge.payment_method !== undefined && charge.payment_method !== 'pix') return;
  const statusWords = chargeStatusWords(context);
  if ((options.qr || options.emv) && chargeOutcome(charge.status, statusWords) !== 'in_progress') {
    // A paid, expired or failed charge's code takes no payment: drawn, it would look payable.
    const status = sanitizeForTerminal(
      statusText(readStatus(charge.status, statusWords) ?? String(charge.status)),
    );
    context.log.warn(sayCharge('qrNotShown', { id: sanitizeForTerminal(idOf(charge)), status }));
    return;
  }
  const emv = findPixCode(charge);
  if (emv === undefined) {
    if (options.qr || options.emv) context.log.warn(sayCharge('noPixCode'));
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
