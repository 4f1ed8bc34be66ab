// `paygate charge find --txid T | --external-id E`: the search of search.ts (the gateway's filter,
// else a scan), bounded by --max-pages. Exit 3 when none matches in the whole list; a search that
// did not reach the end of the list (--max-pages, or paging the gateway does not let us drive) is
// exit 10 and says how far it got, never "not found".
import { incompleteListing } from '../../api/pagination.js';
import type { Context } from '../../context.js';
import { isValidTxid } from '../../domain/brcode.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { ExitCode, IncompleteError, PaygateError, UsageError } from '../../errors.js';
import { shellQuote } from '../../output/format.js';
import { terminalFit, writeList } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { sayCharge } from '../../text/en/charge.js';
import { readArguments, readFlags } from '../options.js';
import { chargeStatusWords } from '../shared/status-words.js';
import type { CommandHandler, FlagValues } from '../types.js';
import { CHARGE_FIND_ARGUMENTS, CHARGE_FIND_FLAGS } from './flags.js';
import { identifierKind } from './id-argument.js';
import { chargeColumns } from './list-columns.js';
import { searchCharges, targetOf } from './search.js';
import { writeCharge } from './view.js';

/** What to look for: one flag and its value (a txid trimmed and checked), and the pages a scan may read. */
export interface ChargeFindOptions {
  flag: '--txid' | '--external-id';
  value: string;
  maxPages: number;
}

export const chargeFind: CommandHandler<ChargeFindOptions> = {
  parse(input) {
    const flags = readFlags(CHARGE_FIND_FLAGS, input);
    const { value } = readArguments(CHARGE_FIND_ARGUMENTS, input);
    if (value !== undefined) refuseBareValue(value);
    return { ...searchOf(flags), maxPages: flags.maxPages };
  },
  run: findCharge,
};

/** A bare value (`charge find ci_…`, `charge find 7978…`): the command or flag it needs. */
function refuseBareValue(value: string): never {
  const shown = shellQuote(sanitizeForTerminal(value.trim()));
  const kind = identifierKind(value);
  const way =
    kind === 'charge id'
      ? sayCharge('bareChargeId', { value: shown })
      : kind === 'txid'
        ? sayCharge('bareTxid', { value: shown })
        : sayCharge('bareOther', { value: shown });
  throw new UsageError(sayCharge('bareValue', { way }), { field: 'value' });
}

/** The one search flag given, checked. */
function searchOf(options: FlagValues<typeof CHARGE_FIND_FLAGS>): Pick<ChargeFindOptions, 'flag' | 'value'> {
  const given = [options.txid, options.externalId].filter((value) => value !== undefined);
  if (given.length !== 1) {
    throw new UsageError(sayCharge('exactlyOneSearch'), {
      field: given.length === 0 ? '--txid' : '--external-id',
    });
  }
  if (options.txid !== undefined) {
    const txid = options.txid.trim();
    if (!isValidTxid(txid)) {
      throw new UsageError(
        sayCharge('notTxid', { value: JSON.stringify(sanitizeForTerminal(options.txid)) }),
        { field: '--txid' },
      );
    }
    return { flag: '--txid', value: txid };
  }
  const externalId = options.externalId!;
  if (externalId.trim() === '')
    throw new UsageError(sayCharge('externalIdEmpty'), { field: '--external-id' });
  return { flag: '--external-id', value: externalId };
}

async function findCharge(options: ChargeFindOptions, context: Context): Promise<number> {
  const target = targetOf(options);
  const result = await searchCharges(context, target, options.maxPages);

  const shown = sanitizeForTerminal(target.value);
  if (!result.found) {
    // "Not found" is said only of a whole list.
    const incomplete = incompleteListing(result.summary, 'charges', '--max-pages');
    if (incomplete) {
      throw new IncompleteError(
        sayCharge('notFoundIncomplete', { label: target.label, value: shown, reason: incomplete.message }),
        {
          code: incomplete.details.code,
          field: target.flag,
          hint: result.summary?.truncated ? sayCharge('raiseMaxPages') : undefined,
        },
      );
    }
    throw new PaygateError(
      sayCharge('notFound', { label: target.label, value: shown }),
      ExitCode.ApiRefused,
      {
        type: 'not_found',
        field: target.flag,
      },
    );
  }
  if (result.all.length > 1) {
    // An external id used more than once: every charge that has it (a JSON array with --json).
    context.log.warn(
      sayCharge('reusedExternalId', { count: result.all.length, label: target.label, value: shown }),
    );
    await writeList(
      context.io.stdout,
      context.output,
      result.all,
      chargeColumns(chargeStatusWords(context), declaredMoneyUnit(context), context.output === 'table'),
      { colors: context.colors, ...terminalFit(context.io) },
    );
    return 0;
  }
  await writeCharge(context, result.found);
  return 0;
}
