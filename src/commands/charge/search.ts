// Finding charges by txid or external id (`charge find`, and `charge create --external-id`'s look
// for a charge that already has it). The gateway's list filter is tried first and every item it
// returns is checked, so a gateway that ignores the filter cannot give a wrong answer: the listing
// then goes on as a scan, bounded by the pages the caller allows.
import { InvalidRequestError } from '../../api/errors.js';
import { type ListAllSummary, Listing } from '../../api/pagination.js';
import type { Context } from '../../context.js';
import { hasExternalId, hasTxid } from '../../domain/resource-fields.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import type { Charge } from '../../schemas/charge.js';
import { sayCharge } from '../../text/en/charge.js';

const PAGE_SIZE = 100;

/** A search of the charges: the flag it answers, the gateway's filter and the check of each charge. */
export interface Target {
  flag: '--txid' | '--external-id';
  label: string;
  value: string;
  query: Record<string, string>;
  matches: (charge: Charge) => boolean;
}

/** How a search reads the list: the gateway's filter, and the check of each charge it returns. */
export function targetOf({ flag, value }: Pick<Target, 'flag' | 'value'>): Target {
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

export interface ScanResult {
  found: Charge | undefined;
  /** Every match read: an external id may be reused (a txid never is). */
  all: Charge[];
  pages: number;
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
  const result: ScanResult = { found: undefined, all: [], pages: 0 };
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
    if (!target.matches(charge)) continue;
    result.found ??= charge;
    result.all.push(charge);
    pageOfFirst ||= result.pages;
    if (target.flag === '--txid') return result;
  }
  result.summary = listing.summary;
  return result;
}

/**
 * The charges `target` names, read with the gateway's filter, or without it when the gateway
 * refuses the filter parameter itself; at most `maxPages` pages.
 */
export async function searchCharges(context: Context, target: Target, maxPages: number): Promise<ScanResult> {
  try {
    return await scan(context, target, maxPages, true);
  } catch (error) {
    if (!(error instanceof InvalidRequestError)) throw error;
    context.log.debug(
      `the gateway refused the ${target.label} filter (${error.message}): scanning without it`,
    );
    return await scan(context, target, maxPages, false);
  }
}
