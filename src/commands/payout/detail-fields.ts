// The detail view of one payout (create, get, watch, reconcile): its fields as people read them,
// from what the gateway sent (money as received, never guessed), and its PIX key masked.
import type { MoneyUnit } from '../../domain/money-reading.js';
import {
  amountCentavos,
  findAmount,
  findCreatedAt,
  readAmount,
  resourceId,
} from '../../domain/resource-fields.js';
import { NO_STATUS_WORDS, type PayoutStatus, payoutOutcome, type StatusWords } from '../../domain/status.js';
import { statusColor } from '../../output/colors.js';
import { formatReading, formatTimestamp, receivedText } from '../../output/format.js';
import type { Field } from '../../output/render.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { sayFor } from '../../text/in-english.js';

const text = receivedText;

/** A payout's creation time under any of its common names, as a local time when it reads as one. */
export function createdText(payout: Payout, now?: number): string {
  const value = findCreatedAt(payout)?.value;
  return typeof value === 'string' ? formatTimestamp(value, now, { past: true }) : text(value);
}

/**
 * A PIX key shown partially: enough to recognise it, not enough to copy it. Digits of a CPF/CNPJ
 * or phone keep the first 2 and last 2 (punctuation kept); an e-mail keeps its first letter and
 * domain; anything else its first 4 and last 4 characters.
 */
export function maskPixKey(key: string, type?: string): string {
  let value = key;
  const kind = (type ?? '').toLowerCase();
  if (kind === 'email' || (kind === '' && value.includes('@'))) {
    const at = value.lastIndexOf('@');
    if (at > 0) return `${value[0]}***${value.slice(at)}`;
  }
  let digits = value.replace(/\D/g, '');
  // Bare document digits read better with their usual punctuation.
  if (value === digits && kind === 'cnpj' && digits.length === 14) {
    value = digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  } else if (value === digits && kind === 'cpf' && digits.length === 11) {
    value = digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  }
  digits = value.replace(/\D/g, '');
  if (
    ['cpf', 'cnpj', 'phone'].includes(kind) ||
    (kind === '' && /^[\d.\-/+() ]+$/.test(value) && digits.length >= 8)
  ) {
    let seen = 0;
    return Array.from(value)
      .map((char) => {
        if (!/\d/.test(char)) return char;
        seen++;
        return seen <= 2 || seen > digits.length - 2 ? char : '*';
      })
      .join('');
  }
  if (value.length <= 8) return `${value.slice(0, 2)}…`;
  return `${value.slice(0, 4)}…${value.slice(-4)}`;
}

export function destinationText(payout: Pick<Payout, 'pix_key'>): string {
  const key = payout.pix_key;
  if (!key || typeof key.value !== 'string') return '';
  const type = typeof key.type === 'string' ? key.type : '';
  return `${type ? `${type.toUpperCase()} ` : ''}${maskPixKey(key.value, type)}`;
}

/**
 * When a failed payout failed: its `failed_at`, else the `updated_at` of a failed one (the last
 * change of a final payout is its failure); undefined for any other payout.
 */
function failedAt(payout: Payout, words: StatusWords<PayoutStatus>): unknown {
  if (payoutOutcome(payout.status, words) !== 'failure') return undefined;
  return (payout as { failed_at?: unknown }).failed_at ?? payout.updated_at;
}

/** Detail view of a payout (create, get, watch); money in the profile's declared unit, if any. */
export function payoutFields(
  now: number,
  words: StatusWords<PayoutStatus> = NO_STATUS_WORDS,
  declared?: MoneyUnit,
  forPeople = false,
): Field<Payout>[] {
  // A table's labels in the run's language; `-o plain` labels are a script's keys (English).
  const label = sayFor(sayPayout, forPeople);
  return [
    { label: label('labelId'), key: 'id', value: (payout) => resourceId(payout) },
    {
      label: label('labelStatus'),
      key: 'status',
      value: (payout) => payout.status,
      display: (payout, colors) => statusColor(payout.status, colors, words),
    },
    {
      label: label('labelAmount'),
      value: (payout) => findAmount(payout)?.value,
      script: (payout) => amountCentavos(payout, declared),
      display: (payout) => formatReading(readAmount(payout, declared)),
    },
    {
      label: label('labelDestination'),
      key: 'pix_key',
      value: (payout) => text(payout.pix_key?.value),
      display: (payout) => destinationText(payout),
    },
    { label: label('labelProvider'), key: 'provider', value: (payout) => text(payout.provider) },
    { label: label('labelDescription'), key: 'description', value: (payout) => text(payout.description) },
    {
      label: label('labelFailureReason'),
      key: 'failure_reason',
      value: (payout) => text(payout.failure_reason),
    },
    {
      label: label('labelFailed'),
      key: 'failed_at',
      value: (payout) => text(failedAt(payout, words)),
      display: (payout) => {
        const at = failedAt(payout, words);
        return typeof at === 'string' ? formatTimestamp(at) : text(at);
      },
    },
    {
      label: label('labelCompleted'),
      key: 'completed_at',
      value: (payout) => text((payout as { completed_at?: unknown }).completed_at),
      display: (payout) => {
        const at = (payout as { completed_at?: unknown }).completed_at;
        return typeof at === 'string' ? formatTimestamp(at) : '';
      },
    },
    {
      label: label('labelCreated'),
      value: (payout) => text(findCreatedAt(payout)?.value),
      display: (payout) => createdText(payout, now),
    },
  ];
}
