// One payout printed in the chosen output format: json/ndjson the API's data exactly; csv the
// export columns; plain the detail fields; table the fields it has (a failed one also says so on stderr).
import type { Context } from '../../context.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { idOf, namesRead } from '../../domain/resource-fields.js';
import { payoutOutcome } from '../../domain/status.js';
import { exportFormatOf, exportText, PAYOUT_EXPORT } from '../../output/exports.js';
import { receivedText } from '../../output/format.js';
import { otherFields, writeObject } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Payout } from '../../schemas/payout.js';
import { sayPayout } from '../../text/en/payout.js';
import { payoutStatusWords } from '../shared/status-words.js';
import { payoutFields } from './detail-fields.js';

const text = receivedText;

/** Payout fields paygate knows and leaves out of the detail view (they are in --json). */
const PAYOUT_FIELDS_NOT_SHOWN = ['updated_at', 'failed_at'];

/** One payout: json/ndjson the API's data exactly; a table leaves out empty optional rows. */
export function writePayout(context: Context, payout: Payout): void {
  if (context.output === 'csv') {
    // The export columns, the same as `payout list -o csv`.
    context.io.stdout.write(exportText([payout], PAYOUT_EXPORT, exportFormatOf(context)));
    return;
  }
  const words = payoutStatusWords(context);
  const known = payoutFields(
    context.clock.now(),
    words,
    declaredMoneyUnit(context),
    context.output === 'table',
  );
  let fields = known;
  if (context.output === 'table') {
    // By the field each row shows (its label is in the run's language); `Failed` has none.
    const optional = new Set(['description', 'failure_reason', 'failed_at', 'provider', 'pix_key']);
    fields = fields.filter((field) => !optional.has(field.key ?? '') || text(field.value(payout)) !== '');
    // Fields paygate does not recognise are listed (name: value), never dropped.
    fields = [...fields, ...otherFields(payout, known, [...PAYOUT_FIELDS_NOT_SHOWN, ...namesRead(payout)])];
  }
  writeObject(context.io.stdout, context.output, payout, fields, { colors: context.colors });
  if (context.output === 'table' && payoutOutcome(payout.status, words) === 'failure') {
    // The gateway restores a failed payout's amount (docs/gateway-api.md, "Statuses").
    context.log.info(sayPayout('payoutFailed', { id: sanitizeForTerminal(idOf(payout)) }));
  }
}
