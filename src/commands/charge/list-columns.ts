// The columns of charge tables (`charge list`, `charge get -`, a reused external id in `charge find`).
import type { MoneyUnit } from '../../domain/money-reading.js';
import { findAmount, findCreatedAt, readAmount, resourceId } from '../../domain/resource-fields.js';
import { type ChargeStatus, NO_STATUS_WORDS, type StatusWords } from '../../domain/status.js';
import { statusColor } from '../../output/colors.js';
import { formatReading, formatTimestamp, localTimeHeader, receivedText } from '../../output/format.js';
import type { Column } from '../../output/render.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { chargeCreatedAt } from './detail-fields.js';

const text = receivedText;

/**
 * Columns of `charge list` and `charge get -` tables; money in the profile's declared unit, if any.
 * Headers are for people (a table): csv is the export's own columns (src/output/exports.ts).
 */
export function chargeColumns(
  words: StatusWords<ChargeStatus> = NO_STATUS_WORDS,
  declared?: MoneyUnit,
): Column<Charge>[] {
  return [
    { key: 'id', header: sayCharge('headerId'), value: (charge) => resourceId(charge) },
    {
      key: 'status',
      header: sayCharge('headerStatus'),
      value: (charge) => charge.status,
      display: (charge, colors) => statusColor(charge.status, colors, words),
    },
    {
      key: 'amount',
      header: sayCharge('headerAmount'),
      value: (charge) => findAmount(charge)?.value,
      display: (charge) => formatReading(readAmount(charge, declared)),
      align: 'right',
    },
    {
      key: 'created_at',
      header: localTimeHeader(sayCharge('headerCreated')),
      value: (charge) => text(findCreatedAt(charge)?.value),
      display: (charge) => {
        const at = chargeCreatedAt(charge);
        return at !== undefined ? formatTimestamp(at) : text(findCreatedAt(charge)?.value);
      },
    },
    {
      key: 'external_id',
      header: sayCharge('headerExternalId'),
      value: (charge) => text(charge.external_id),
    },
    {
      key: 'description',
      header: sayCharge('headerDescription'),
      value: (charge) => text(charge.description ?? charge.pix?.description),
    },
    { key: 'txid', header: sayCharge('headerTxid'), value: (charge) => text(charge.pix?.txid) },
  ];
}
