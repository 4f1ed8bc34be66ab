// The columns of charge tables (`charge list`, `charge get -`, a reused external id in `charge find`).
import type { MoneyUnit } from '../../domain/money-reading.js';
import { amountCentavos, findCreatedAt, readAmount, resourceId } from '../../domain/resource-fields.js';
import { type ChargeStatus, NO_STATUS_WORDS, type StatusWords } from '../../domain/status.js';
import { statusColor } from '../../output/colors.js';
import { formatReading, formatTimestamp, localTimeHeader, receivedText } from '../../output/format.js';
import type { Column } from '../../output/render.js';
import type { Charge } from '../../schemas/charge.js';
import { type ChargeLabel, chargeLabel } from '../../text/en/charge.js';
import { chargeCreatedAt } from './detail-fields.js';

const text = receivedText;

/**
 * Columns of `charge list` and `charge get -` tables; money in the profile's declared unit, if any.
 * `forPeople` (a table): headers in the run's language; else (a csv made of these columns, as
 * `charge find` writes one) the English ones, the same bytes for scripts in every language.
 */
export function chargeColumns(
  words: StatusWords<ChargeStatus> = NO_STATUS_WORDS,
  declared?: MoneyUnit,
  forPeople = false,
): Column<Charge>[] {
  const header = (key: ChargeLabel) => chargeLabel(key, forPeople);
  return [
    { key: 'id', header: header('headerId'), value: (charge) => resourceId(charge) },
    {
      key: 'status',
      header: header('headerStatus'),
      value: (charge) => charge.status,
      display: (charge, colors) => statusColor(charge.status, colors, words),
    },
    {
      key: 'amount',
      header: header('headerAmount'),
      value: (charge) => amountCentavos(charge, declared),
      display: (charge) => formatReading(readAmount(charge, declared)),
      align: 'right',
    },
    {
      key: 'created_at',
      header: localTimeHeader(header('headerCreated')),
      value: (charge) => text(findCreatedAt(charge)?.value),
      display: (charge) => {
        const at = chargeCreatedAt(charge);
        return at !== undefined ? formatTimestamp(at) : text(findCreatedAt(charge)?.value);
      },
    },
    {
      key: 'external_id',
      header: header('headerExternalId'),
      value: (charge) => text(charge.external_id),
    },
    {
      key: 'description',
      header: header('headerDescription'),
      value: (charge) => text(charge.description ?? charge.pix?.description),
    },
    { key: 'txid', header: header('headerTxid'), value: (charge) => text(charge.pix?.txid) },
  ];
}
