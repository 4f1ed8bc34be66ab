// `paygate charge find --txid T | --external-id E`. The gateway's list filter is tried first and
// every item it returns is checked, so a gateway that ignores the filter cannot give a wrong
// answer: the listing then goes on as a scan, bounded by --max-pages. Exit 3 when none matches
// in the whole list; a search that did not reach the end of the list (--max-pages, or paging the
// gateway does not let us drive) is exit 10 and says how far it got, never "not found".
import { InvalidRequestError } from '../../api/errors.js';
import { incompleteListing, type ListAllSummary, Listing } from '../../api/pagination.js';
import type { Context } from '../../context.js';
import { isValidTxid } from '../../domain/brcode.js';
import { declaredMoneyUnit } from '../../domain/money-reading.js';
import { hasExternalId, hasTxid } from '../../domain/resource-fields.js';
import { ExitCode, IncompleteError, PaygateError, UsageError } from '../../errors.js';
import { shellQuote } from '../../output/format.js';
import { writeList } from '../../output/render.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';
import { readArguments, readFlags } from '../options.js';
import { chargeStatusWords } from '../shared/status-words.js';
import type { CommandHandler, FlagValues } from '../types.js';
import { CHARGE_FIND_ARGUMENTS, CHARGE_FIND_FLAGS } from './flags.js';
import { identifierKind } from './id-argument.js';
import { chargeColumns } from './list-columns.js';
import { writeCharge } from './view.js';

const PAGE_SIZE = 100;

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

interface Target {
  flag: '--txid' | '--external-id';
  label: string;
  value: string;
  query: Record<string, string>;
  matches: (charge: Charge) => boolean;
}

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

/** How a search reads the list: the gateway's filter, and the check of each charge it returns. */
function targetOf({ flag, value }: ChargeFindOptions): Target {
  return flag === '--txid'
    ? {
        flag,
        label: sayCharge('searchTxid'),
        value,
        query: { txid: value },
        matches: (charge) => hasTxid(charge, value),
      }
    : {
        flag,
        label: sayCharge('searchExternalId'),
        value,
        query: { external_id: value },
        matches: (charge) => hasExternalId(charge, value),
      };
}

interface ScanResult {
  found: Charge | undefined;
  /** Every match read: an external id may be reused (a txid never is). */
  all: Charge[];
  /** Matches on the page where the first one was found (more than one: the id is reused). */
  samePage: number;
  pages: number;
  items: number;
  /** How the listing ended, when it ran to its end (not when a match stopped it). */
  summary?: ListAllSummary;
}

async function scan(
  context: Context,
  target: Target,
  maxPages: number,
  useFilter: boolean,
): Promise<ScanResult> {
  const client = await context.client();
  const result: ScanResult = { found: undefined, all: [], samePage: 0, pages: 0, items: 0 };
  // Whether the gateway applied the filter (every item of the first page matched): then the rest
  // of the filtered list is cheap to read, and every reuse of an external id is listed.
  let filterApplied = true;
  let pageOfFirst = 0;
  let warnedScan = false;
  const listing = new Listing(
    client.charges.listAll(useFilter ? target.query : {}, {
      pageSize: PAGE_SIZE,
      maxPages,
      signal: context.signal,
      onPage: (page) => {
        result.pages++;
        const matching = page.items.filter(target.matches).length;
        if (matching < page.items.length) filterApplied = false;
        if (result.found === undefined) result.samePage = matching;
        if (!warnedScan && matching < page.items.length) {
          warnedScan = true;
          context.log.debug(
            useFilter
              ? `the gateway ignored the ${target.label} filter: scanning up to ${maxPages} pages`
              : `scanning up to ${maxPages} pages`,
          );
          if (page.hasMore && matching === 0) {
            context.log.info(
              sayCharge('scanning', { label: target.label, value: sanitizeForTerminal(target.value) }),
            );
          }
        }
      },
    }),
  );
  for await (const charge of listing) {
    // Past the page of the first match on a scan: stop (the next matches may be far away).
    if (
      result.found !== undefined &&
      (!filterApplied || target.flag === '--txid') &&
      result.pages > pageOfFirst
    )
      break;
    result.items++;
    if (!target.matches(charge)) continue;
    result.found ??= charge;
    result.all.push(charge);
    pageOfFirst ||= result.pages;
    if (target.flag === '--txid') return result;
  }
  result.summary = listing.summary;
  return result;
}

async function findCharge(options: ChargeFindOptions, context: Context): Promise<number> {
  const target = targetOf(options);
  const { maxPages } = options;
  let result: ScanResult;
  try {
    result = await scan(context, target, maxPages, true);
  } catch (error) {
    // A gateway that refuses the filter parameter itself: scan without it.
    if (!(error instanceof InvalidRequestError)) throw error;
    context.log.debug(
      `the gateway refused the ${target.label} filter (${error.message}): scanning without it`,
    );
    result = await scan(context, target, maxPages, false);
  }

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
      {
        colors: context.colors,
      },
    );
    return 0;
  }
  await writeCharge(context, result.found);
  return 0;
}
