// `charge create --external-id E`: before sending, a look for a charge that already has E (the
// search of `charge find --external-id`), so a second one is never made without a word. At a
// terminal the person is asked (default No); a script is warned and goes on, for scripts reuse an
// external id on purpose, unless --unique-external-id refuses. A look-up that cannot finish says
// so and never reads as "no duplicate".
import { incompleteListing } from '../../api/pagination.js';
import type { Context } from '../../context.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { idOf, readAmount } from '../../domain/resource-fields.js';
import { CancelledError, IncompleteError, RefusedError } from '../../errors.js';
import { errorMessage } from '../../output/error-text.js';
import { formatReading, receivedText, shellQuote } from '../../output/format.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { statusText } from '../../output/status-text.js';
import { wrapWidth, wrapWords } from '../../output/wrap.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { sayCommon } from '../../text/en/common.js';
import { chargeStatusWords } from '../shared/status-words.js';
import { type ScanResult, searchCharges, targetOf } from './search.js';

/** Pages of 100 charges the look-up reads at most: `charge find`'s --max-pages default (flags.ts). */
export const EXTERNAL_ID_LOOKUP_MAX_PAGES = 50;

export interface ExternalIdCheck {
  /** --yes: no question, the warning only. */
  yes: boolean;
  /** --unique-external-id: a charge that has it, or a look-up that cannot finish, sends nothing. */
  unique: boolean;
}

/** Looks for a charge with `externalId` and asks, warns or refuses as above; returns to go on. */
export async function checkExternalIdUnused(
  context: Context,
  externalId: string,
  { yes, unique }: ExternalIdCheck,
): Promise<void> {
  const shown = sanitizeForTerminal(externalId);
  let result: ScanResult;
  try {
    result = await searchCharges(
      context,
      targetOf({ flag: '--external-id', value: externalId }),
      EXTERNAL_ID_LOOKUP_MAX_PAGES,
    );
  } catch (error) {
    // Ctrl-C stops the run; a refusal of the look-up (or no list at all) only leaves it unchecked.
    if (unique || context.signal?.aborted) throw error;
    context.log.warn(sayCharge('externalIdNotChecked', { externalId: shown, reason: errorMessage(error) }));
    return;
  }
  const existing = result.found;
  if (existing === undefined) {
    const incomplete = incompleteListing(result.summary, 'charges');
    if (incomplete === undefined) return;
    const said = { externalId: shown, reason: incomplete.message };
    if (unique) {
      throw new IncompleteError(sayCharge('externalIdUncheckable', said), {
        code: incomplete.details.code,
        field: '--external-id',
      });
    }
    context.log.warn(sayCharge('externalIdNotChecked', said));
    return;
  }
  const found = {
    externalId: shown,
    count: result.all.length,
    charge: chargeInBrief(context, existing),
  };
  const hint = sayCharge('externalIdFindHint', { count: found.count, externalId: shellQuote(shown) });
  if (unique) {
    throw new RefusedError(sayCharge('externalIdTaken', found), { field: '--external-id', hint });
  }
  if (context.canPrompt && !yes) {
    context.log.info(atTerminalWidth(context, sayCharge('externalIdExists', found)));
    const again = await context.prompter.confirm({
      message: sayCharge('externalIdCreateAnother', { externalId: shown }),
      default: false,
    });
    if (!again) throw new CancelledError();
    return;
  }
  const warning = atTerminalWidth(
    context,
    sayCharge('externalIdCreatingAnother', found),
    sayCommon('warningPrefix'),
  );
  context.log.warn(`${warning}\n${hint}`);
}

/**
 * `text` broken at spaces to the terminal's width, after `prefix` (the "warning:" the log puts
 * first) when there is one: a charge id is never cut in two at 80 columns. Unbroken off a terminal.
 */
function atTerminalWidth(context: Context, text: string, prefix?: string): string {
  const lead = prefix === undefined ? '' : `${prefix} `;
  const width = wrapWidth(context.io, context.io.stderrIsTTY);
  return wrapWords(`${lead}${text}`, width, '  ').join('\n').slice(lead.length);
}

/** `ci_… (paid, R$ 15,00)`: what a person needs to recognise the charge (its amount read in its currency). */
function chargeInBrief(context: Context, charge: Charge): string {
  return sayCharge('externalIdCharge', {
    id: sanitizeForTerminal(idOf(charge)),
    status: sanitizeForTerminal(statusText(receivedText(charge.status), chargeStatusWords(context))),
    amount: sanitizeForTerminal(formatReading(readAmount(charge, declaredMoneyUnit(context)))),
  });
}
