// The detail view of one charge (get, watch, refund, cancel, capture, find, create's summary):
// its fields as people read them, from what the gateway sent (money as received, never guessed).
import { formatBoletoLine } from '../../domain/boleto.js';
import { type MoneyReadingOptions, type MoneyUnit, readMoney } from '../../domain/money-reading.js';
import {
  amountCentavos,
  findAmount,
  findCreatedAt,
  readAmount,
  resourceId,
} from '../../domain/resource-fields.js';
import { type ChargeStatus, NO_STATUS_WORDS, type StatusWords, statusKey } from '../../domain/status.js';
import { statusColor } from '../../output/colors.js';
import { formatPercent, formatReading, formatTimestamp, receivedText } from '../../output/format.js';
import type { Field } from '../../output/render.js';
import type { Charge } from '../../schemas/charge.js';
import { type ChargeLabel, chargeLabel, sayCharge } from '../../text/en/charge.js';
import { sayFor } from '../../text/in-english.js';
import { describeExpiry, isChargeInProgress } from './progress.js';

/**
 * The split for people: one seller a line (a table keeps the lines in the value's column), each
 * amount read as the charge's own, in its currency (src/domain/money-reading.ts).
 */
function splitText(charge: Charge, declared?: MoneyUnit): string {
  const entries = (Array.isArray(charge.split) ? charge.split : []).filter(
    (entry) => record(entry) !== undefined,
  );
  return entries
    .map((entry) => {
      const who = entry.seller_name
        ? sayCharge('sellerNamed', { name: entry.seller_name, id: `${entry.seller_id}` })
        : sayCharge('seller', { id: `${entry.seller_id}` });
      const share =
        entry.percentage !== null && entry.percentage !== undefined
          ? ` (${formatPercent(receivedText(entry.percentage))})`
          : '';
      return `${who} ${moneyText(charge, 'split.amount', entry.amount, declared)}${share}`;
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

/** A money field of the charge (`field` its name) for people: R$ only when centavos of reais. */
function moneyText(charge: Charge, field: string, value: unknown, declared?: MoneyUnit): string {
  if (value === undefined || value === null || value === '') return '';
  return formatReading(readMoney(field, value, declared, { currency: charge.currency }));
}

/** A charge's creation time under any of its common names, when it is text. */
/** A charge's creation time under any of its common names, when it is text. */
export function chargeCreatedAt(charge: Charge): string | undefined {
  const value = findCreatedAt(charge)?.value;
  return typeof value === 'string' ? value : undefined;
}

/** A card or boleto charge's method in the run's language (`cartão`); another word as it came; PIX, the default, left out. */
function methodText(method: unknown): string {
  if (method === 'card') return sayCharge('methodCard');
  if (method === 'boleto') return sayCharge('methodBoleto');
  return method && method !== 'pix' ? text(method) : '';
}

/**
 * A boleto's due date: a calendar date as tables write dates (`30/11/2026` in Portuguese); any other
 * form as received, never moved through a time zone (midnight UTC is the evening before in Brazil).
 */
function dueDateText(value: unknown): string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? formatTimestamp(value)
    : text(value);
}

function dateText(value: unknown): string {
  return typeof value === 'string' && value !== '' ? formatTimestamp(value) : '';
}

/** An authorised card charge not yet captured (nor voided). */
function awaitsCapture(charge: Charge): boolean {
  return statusKey(charge.status) === 'authorized' && record(charge.card)?.captured !== true;
}

/**
 * `visa •••• 1111, 3x, captured (auth 123456)`, from what the gateway sent: for people in the run's
 * language, for scripts (csv, plain) in English.
 */
function cardText(charge: Charge, forPeople: boolean): string {
  const card = record(charge.card);
  if (!card) return '';
  const said = sayFor(sayCharge, forPeople);
  const last4 = card.last4 ?? card.last_digits ?? card.last_four;
  const parts = [
    [card.brand, last4 !== undefined && last4 !== null ? `•••• ${last4}` : undefined]
      .filter((part) => typeof part === 'string')
      .join(' '),
    typeof card.installments === 'number' && card.installments > 1
      ? said('cardInstallments', { count: card.installments })
      : '',
    captureState(charge, card, said),
    typeof card.authorization_code === 'string'
      ? said('cardAuthorisation', { code: card.authorization_code })
      : '',
  ];
  return parts.filter((part) => part !== '').join(', ');
}

/**
 * Where the card payment stands, from the charge's status first: a declined or voided charge was
 * never captured, but it is not "authorised, not captured" either.
 */
function captureState(charge: Charge, card: Record<string, unknown>, said: typeof sayCharge): string {
  const status = statusKey(charge.status);
  if (status === 'failed')
    return said(statusKey(charge.failure_reason) === 'voided' ? 'cardVoided' : 'cardDeclined');
  if (card.captured === true) return said('cardCaptured');
  return status === 'authorized' ? said('cardAuthorisedNotCaptured') : '';
}

function boletoField(charge: Charge, ...names: string[]): unknown {
  const boleto = record(charge.boleto);
  for (const name of names) if (boleto?.[name] !== undefined && boleto[name] !== null) return boleto[name];
  return undefined;
}

/**
 * Detail view of a charge (get, watch, refund, create's summary). `now` gives the time left.
 * `forPeople` (a table): labels in the run's language; else (csv, plain) the English ones.
 */
export function chargeFields(
  now: number,
  words: StatusWords<ChargeStatus> = NO_STATUS_WORDS,
  declared?: MoneyUnit,
  reading: MoneyReadingOptions = {},
  forPeople = false,
): Field<Charge>[] {
  const label = (key: ChargeLabel) => chargeLabel(key, forPeople);
  return [
    { label: label('labelId'), key: 'id', value: (charge) => resourceId(charge) },
    {
      label: label('labelStatus'),
      key: 'status',
      value: (charge) => charge.status,
      display: (charge, colors) => statusColor(charge.status, colors, words),
    },
    {
      label: label('labelAmount'),
      value: (charge) => findAmount(charge)?.value,
      script: (charge) => amountCentavos(charge, declared, reading),
      display: (charge) => formatReading(readAmount(charge, declared, reading)),
    },
    {
      label: label('labelFee'),
      key: 'fee',
      value: (charge) => moneyField(charge, 'fee') ?? '',
      display: (charge) => moneyText(charge, 'fee', moneyField(charge, 'fee'), declared),
    },
    {
      label: label('labelNet'),
      key: 'net',
      value: (charge) => moneyField(charge, 'net') ?? '',
      display: (charge) => moneyText(charge, 'net', moneyField(charge, 'net'), declared),
    },
    {
      label: label('labelMethod'),
      key: 'payment_method',
      value: (charge) =>
        charge.payment_method && charge.payment_method !== 'pix' ? charge.payment_method : '',
      display: (charge) => methodText(charge.payment_method),
    },
    {
      label: label('labelCard'),
      key: 'card',
      value: (charge) => cardText(charge, false),
      display: (charge) => cardText(charge, forPeople),
    },
    {
      // Only while there is something to capture.
      label: label('labelCaptureBy'),
      value: (charge) => (awaitsCapture(charge) ? text(record(charge.card)?.capture_before) : ''),
      display: (charge) => (awaitsCapture(charge) ? dateText(record(charge.card)?.capture_before) : ''),
    },
    {
      label: label('labelBoletoLine'),
      key: 'boleto',
      value: (charge) => text(boletoField(charge, 'line', 'digitable_line')),
      display: (charge) => {
        const line = boletoField(charge, 'line', 'digitable_line');
        return typeof line === 'string' ? formatBoletoLine(line) : '';
      },
    },
    {
      label: label('labelDueDate'),
      value: (charge) => text(boletoField(charge, 'due_date')),
      display: (charge) => dueDateText(boletoField(charge, 'due_date')),
    },
    { label: label('labelBoletoPdf'), value: (charge) => text(boletoField(charge, 'pdf_url')) },
    {
      label: label('labelDescription'),
      key: 'description',
      value: (charge) => text(charge.description ?? ''),
    },
    { label: label('labelExternalId'), key: 'external_id', value: (charge) => text(charge.external_id) },
    { label: label('labelTxid'), key: 'pix', value: (charge) => text(charge.pix?.txid) },
    {
      label: label('labelPaid'),
      key: 'paid_at',
      value: (charge) => text(charge.paid_at),
      display: (charge) => dateText(charge.paid_at),
    },
    {
      label: label('labelRefunded'),
      key: 'refunded_at',
      value: (charge) => text(charge.refunded_at),
      display: (charge) => dateText(charge.refunded_at),
    },
    { label: label('labelFailure'), key: 'failure_reason', value: (charge) => text(charge.failure_reason) },
    {
      label: label('labelExpires'),
      value: (charge) => text(charge.pix?.expires_at),
      display: (charge) => {
        const iso = charge.pix?.expires_at;
        // Once a charge is over, its expiry says nothing more.
        if (typeof iso !== 'string' || !isChargeInProgress(charge.status, words)) return '';
        const left = describeExpiry(charge, now);
        return left ? `${formatTimestamp(iso)} (${left})` : formatTimestamp(iso);
      },
    },
    {
      label: label('labelCreated'),
      value: (charge) => text(findCreatedAt(charge)?.value),
      display: (charge) => {
        const at = chargeCreatedAt(charge);
        return at !== undefined
          ? formatTimestamp(at, now, { past: true })
          : text(findCreatedAt(charge)?.value);
      },
    },
    {
      label: label('labelSplit'),
      key: 'split',
      value: (charge) => charge.split ?? '',
      display: (charge) => splitText(charge, declared),
    },
    { label: label('labelCheckoutUrl'), key: 'checkout_url', value: (charge) => text(charge.checkout_url) },
  ];
}
