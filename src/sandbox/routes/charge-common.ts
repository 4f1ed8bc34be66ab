// What every charge method shares in the sandbox: the request's common rules (payment_method,
// structure, currency, URLs, customer, items, split and each receiving seller's eligibility), the
// pending charge record built from them, and the lookup of a seller's own charge. PIX (charges.ts)
// and card/boleto (card-boleto.ts) build on it.
import { resolvePixAddress } from '../../domain/address.js';
import { brazilDate } from '../../domain/card-boleto.js';
import { computeFee, computeSplit, type SplitViolation } from '../../domain/split.js';
import { chargeCreateRequestSchema, type ValidChargeRequest } from '../../schemas/charge.js';
import { withDeclaredFields } from '../../schemas/charge-request-fields.js';
import { checkChargeRequest } from '../../schemas/charge-rules.js';
import { invalidRequest, notFound, type SandboxError } from '../errors.js';
import type { Gateway } from '../gateway.js';
import type { ChargeRecord, SellerRecord, StoredChargeRequest, StoredSplitEntry } from '../records.js';
import type { RouteContext } from '../route-shapes.js';
import { CHARGE_CODES, parseWith } from '../validate.js';

/** Rule ids of src/domain/split.ts → sandbox error codes (ERRORS.md). */
const SPLIT_RULE_CODES: Record<string, string> = {
  seller_required: 'missing_field',
  seller_id_invalid: 'invalid_seller_id',
  one_share: 'split_exactly_one_share',
  mixed_modes: 'split_mixed_modes',
  percentage_range: 'split_percentage_out_of_range',
  percentage_total: 'split_percentage_total',
  amount_integer: 'invalid_split_amount',
  amount_total: 'split_amount_exceeds_total',
  minimum_amount: 'split_entry_below_minimum',
  description_length: 'description_too_long',
  amount_positive: 'invalid_amount',
};

function violationError(violation: SplitViolation): SandboxError {
  return invalidRequest(
    SPLIT_RULE_CODES[violation.rule] ?? violation.rule,
    violation.message,
    violation.field,
  );
}

/** Split rule 5: every receiving seller exists, is active, approved, with PIX enabled. */
function checkEligible(gateway: Gateway, sellerId: number, index: number): SellerRecord {
  const field = `split[${index}].seller_id`;
  const receiver = gateway.seller(sellerId);
  if (!receiver)
    throw invalidRequest('split_seller_not_found', `split[${index}]: no seller ${sellerId}`, field);
  if (receiver.status !== 'active') {
    throw invalidRequest(
      'split_seller_inactive',
      `split[${index}]: seller ${sellerId} is ${receiver.status}, not active`,
      field,
    );
  }
  if (receiver.compliance_status !== 'approved') {
    throw invalidRequest(
      'split_seller_not_approved',
      `split[${index}]: seller ${sellerId} has compliance ${receiver.compliance_status}, not approved`,
      field,
    );
  }
  if (!receiver.pix_enabled) {
    throw invalidRequest(
      'split_seller_pix_disabled',
      `split[${index}]: seller ${sellerId} does not have PIX enabled`,
      field,
    );
  }
  return receiver;
}

/** What every method shares once the body passed the common rules. */
export interface ValidatedCharge {
  request: ValidChargeRequest;
  currency: string;
  items: unknown[] | null;
  fee: number;
  net: number;
  mainSellerAmount: number;
  split: StoredSplitEntry[] | null;
}

/**
 * The request's rules, the ones `charge create` checks (src/schemas/charge-rules.ts): the first
 * broken one is the 400. Then the split (domain/split.ts) and each receiving seller's eligibility.
 */
export function validateCommon(
  gateway: Gateway,
  body: Record<string, unknown>,
  feeRate: number,
): ValidatedCharge {
  const check = checkChargeRequest(body, brazilDate(gateway.now()));
  const issue = check.issues[0];
  if (issue) throw invalidRequest(issue.code, `${issue.field}: ${issue.rule}`, issue.field);
  // Typed, and the split entries' shape (their rules are computeSplit's, below); a declared field
  // the schema does not type is kept as sent.
  const request = withDeclaredFields(parseWith(chargeCreateRequestSchema, body, CHARGE_CODES), body);
  const currency = request.currency ?? 'BRL';
  if (currency !== 'BRL') {
    // A gateway's choice, not a rule of the request: a card may be charged in another currency.
    throw invalidRequest(
      'unsupported_currency',
      `currency: the sandbox charges in BRL only (got ${currency})`,
      'currency',
    );
  }
  const items: unknown[] | null = check.items ?? null;

  const fee = computeFee(request.amount, feeRate);
  const common: ValidatedCharge = {
    request,
    currency,
    items,
    fee,
    net: request.amount - fee,
    mainSellerAmount: request.amount - fee,
    split: null,
  };
  if (request.split !== undefined && request.split.length > 0) {
    const preview = computeSplit({
      amount: request.amount,
      feeRate,
      entries: request.split.map((entry) => ({
        sellerId: entry.seller_id,
        ...(entry.percentage !== undefined ? { percentage: entry.percentage } : {}),
        ...(entry.amount !== undefined ? { amount: entry.amount } : {}),
        ...(entry.description !== undefined ? { description: entry.description } : {}),
      })),
    });
    const violation = preview.violations[0];
    if (violation) throw violationError(violation);
    const receivers = request.split.map((entry, index) => checkEligible(gateway, entry.seller_id, index));
    common.fee = preview.fee;
    common.net = preview.net;
    common.mainSellerAmount = preview.main_seller_amount ?? preview.net;
    common.split = preview.entries.map((entry, index) => ({
      seller_id: receivers[index]!.seller_id,
      seller_name: receivers[index]!.name,
      amount: entry.amount ?? 0,
      percentage: entry.percentage,
      description: entry.description,
    }));
  }
  return common;
}

/** A pending charge of `method` without its method's part (pix, card, boleto: the caller's). */
export function baseCharge(
  gateway: Gateway,
  seller: SellerRecord,
  common: ValidatedCharge,
  method: ChargeRecord['payment_method'],
): ChargeRecord {
  const { request } = common;
  const now = gateway.now();
  const at = gateway.iso(now);
  const id = gateway.newId('ci_', gateway.state.charges);
  return {
    id,
    seller_id: seller.seller_id,
    status: 'pending',
    amount: request.amount,
    currency: common.currency,
    payment_method: method,
    request: storedRequest(request),
    pix: null,
    expires_at_ms: now,
    fee: common.fee,
    net: common.net,
    split: common.split,
    main_seller_amount: common.mainSellerAmount,
    checkout: request.checkout
      ? {
          mode: 'redirect',
          success_url: request.checkout.success_url ?? null,
          cancel_url: request.checkout.cancel_url ?? null,
        }
      : null,
    checkout_url: request.checkout ? `${gateway.baseUrl}/checkout/${id}` : null,
    external_id: request.external_id ?? null,
    store_id: request.store_id ?? seller.default_store_id,
    pix_address: resolvePixAddress(request),
    items: common.items,
    callback_url: request.callback_url ?? null,
    failure_reason: null,
    created_at: at,
    created_at_ms: now,
    updated_at: at,
    paid_at: null,
    expired_at: null,
    failed_at: null,
    refunded_at: null,
    payment_txn: null,
  };
}

/** The request as the charge keeps it: the split, card and boleto parts are kept as the charge's own. */
function storedRequest(request: ValidChargeRequest): StoredChargeRequest {
  const { split: _split, card: _card, boleto: _boleto, ...kept } = request as StoredChargeRequest;
  return structuredClone(kept);
}

export function ownCharge({ gateway, seller, params }: RouteContext): ChargeRecord {
  const charge = gateway.state.charges.get(params[0]!);
  if (!charge || charge.seller_id !== seller.seller_id)
    throw notFound('charge_not_found', `No charge ${params[0]}`);
  return charge;
}
