// The columns of payout tables (`payout list`, and the payouts `payout reconcile` lists).
import type { MoneyUnit } from '../../domain/money-reading.js';
import { amountCentavos, findCreatedAt, readAmount, resourceId } from '../../domain/resource-fields.js';
import { NO_STATUS_WORDS, type PayoutStatus, type StatusWords } from '../../domain/status.js';
import { statusColor } from '../../output/colors.js';
import { formatReading, localTimeHeader, receivedText } from '../../output/format.js';
import type { Column } from '../../output/render.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { sayFor } from '../../text/in-english.js';
import { createdText, destinationText } from './detail-fields.js';

const text = receivedText;

/** Columns of `payout list`. csv/plain get the raw values (centavos, full key). */
export function payoutColumns(
  words: StatusWords<PayoutStatus> = NO_STATUS_WORDS,
  declared?: MoneyUnit,
  forPeople = false,
): Column<Payout>[] {
  // A table's headers in the run's language; a csv header is a script's keys (English).
  const header = sayFor(sayPayout, forPeople);
  return [
    { key: 'id', header: header('headerId'), value: (payout) => resourceId(payout) },
    {
      key: 'status',
      header: header('headerStatus'),
      value: (payout) => payout.status,
      display: (payout, colors) => statusColor(payout.status, colors, words),
    },
    {
      key: 'amount',
      header: header('headerAmount'),
      value: (payout) => amountCentavos(payout, declared),
      display: (payout) => formatReading(readAmount(payout, declared)),
      align: 'right',
    },
    {
      key: 'destination',
      header: header('headerDestination'),
      value: (payout) => text(payout.pix_key?.value),
      display: (payout) => destinationText(payout),
    },
    {
      key: 'provider',
      header: header('headerProvider'),
      value: (payout) => text(payout.provider),
      table: 'never',
    },
    {
      key: 'failure_reason',
      header: header('headerFailure'),
      value: (payout) => text(payout.failure_reason),
      table: 'only',
    },
    {
      key: 'created_at',
      header: localTimeHeader(header('headerCreated')),
      value: (payout) => text(findCreatedAt(payout)?.value),
      display: (payout) => createdText(payout),
    },
    { key: 'description', header: header('headerDescription'), value: (payout) => text(payout.description) },
  ];
}
