// A split rule checked before sending (docs/gateway-api.md): each e-mail entry is looked up and
// must be an eligible seller (active, compliance approved, the payment method enabled); used by
// `charge create` and `charge create --from-csv`.
import type { Client } from '../../api/client.js';
import { NotFoundError } from '../../api/errors.js';
import type { Context } from '../../context.js';
import type { SplitInput } from '../../domain/split.js';
import { isStatus } from '../../domain/status.js';
import { sanitizeForTerminal } from '../../output/sanitize.js';
import { accountStatusText } from '../../output/status-text.js';
import { sayCharge } from '../../text/en/charge.js';
import { Problems } from './request-rules.js';

/**
 * Split rule 5 before sending: each e-mail is looked up (GET /v1/sellers/search) and must be an
 * active, approved seller with PIX enabled. Returns the entries with seller ids.
 */
export async function resolveSplitSellers(
  client: Client,
  entries: SplitInput[],
  context: Context,
): Promise<SplitInput[]> {
  const problems = new Problems();
  const cache = new Map<string, Awaited<ReturnType<Client['sellers']['searchByEmail']>>>();
  const resolved: SplitInput[] = [];
  for (const [index, entry] of entries.entries()) {
    if (entry.sellerId !== undefined || entry.email === undefined) {
      resolved.push(entry);
      continue;
    }
    const field = `split[${index}]`;
    const key = entry.email.toLowerCase();
    if (!cache.has(key)) {
      try {
        cache.set(key, await client.sellers.searchByEmail(entry.email, { signal: context.signal }));
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        cache.set(key, null);
      }
    }
    const seller = cache.get(key);
    const who = sanitizeForTerminal(entry.email);
    if (!seller) {
      problems.list.push({ field, message: sayCharge('noSellerWithEmail', { field, email: who }) });
      continue;
    }
    const name = `${sanitizeForTerminal(seller.name)} (${seller.seller_id}, ${who})`;
    const reasons: string[] = [];
    // Statuses in the words of the seller tables; one outside SPEC's list as the gateway sent it.
    const statusOf = (status: unknown) => sanitizeForTerminal(accountStatusText(status));
    if (!isStatus(seller.status, 'active'))
      reasons.push(sayCharge('sellerNotActive', { status: statusOf(seller.status) }));
    if (!isStatus(seller.compliance_status, 'approved')) {
      reasons.push(sayCharge('sellerNotApproved', { status: statusOf(seller.compliance_status) }));
    }
    if (seller.pix_enabled === false) reasons.push(sayCharge('sellerPixDisabled'));
    if (reasons.length > 0) {
      problems.list.push({
        field,
        message: sayCharge('sellerCannotReceive', { field, name, reasons: reasons.join('; ') }),
      });
      continue;
    }
    context.log.debug(`${field}: ${who} is seller ${seller.seller_id}`);
    resolved.push({ ...entry, sellerId: seller.seller_id });
  }
  problems.throwIfAny();
  return resolved;
}
