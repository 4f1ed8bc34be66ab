// What every charge method shares in the sandbox: the request's common rules (payment_method,
// structure, currency, URLs, customer, items, split and each receiving seller's eligibility), the
// pending charge record built from them, and the lookup of a seller's own charge. PIX (charges.ts)
// and card/boleto (card-boleto.ts) build on it.
import type { z } from 'zod';
import { resolvePixAddress } from '../../domain/address.js';
import { brazilDate } from '../../domain/card-boleto.js';
import { computeFee, computeSplit, type SplitViolation } from '../../domain/split.js';
import { chargeCreateRequestSchema, type ValidChargeRequest } from '../../schemas/charge.js';
import { withDeclaredFields } from '../../schemas/charge-request-fields.js';
import { checkChargeRequest } from '../../schemas/charge-rules.js';
import { invalidRequest, notFound, type SandboxError } from '../errors.js';
import type { Gateway } from '../gateway.js';
import type { RouteContext } from '../http.js';
import type { ChargeRecord, SellerRecord, StoredChargeRequest, StoredSplitEntry } from '../records.js';
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

function violationError(v: SplitViolation): SandboxError {
  return invalidRequest(SPLIT_RULE_CODES[v.rule] ?? v.rule, v.message, v.field);
}

/** Split rule 5: every receiving seller exists, is active, approved, with PIX enabled. */
function checkEligible(gateway: Gateway, sellerId: number, index: number): SellerRecord {
  const field = `split[${index}].seller_id`;
  const s = gateway.seller(sellerId);
  if (!s) throw invalidRequest('split_seller_not_found', `split[${index}]: no seller ${sellerId}`, field);
  if (s.status !== 'active') {
    throw invalidRequest(
      'split_seller_inactive',
      `split[${index}]: seller ${sellerId} is ${s.status}, not active`,
      field,
    );
  }
  if (s.compliance_status !== 'approved') {
    throw invalidRequest(
      'split_seller_not_approved',
      `split[${index}]: seller ${sellerId} has compliance ${s.compliance_status}, not approved`,
      field,
    );
  }
  if (!s.pix_enabled) {
    throw invalidRequest(
      'split_seller_pix_disabled',
      `split[${index}]: seller ${sellerId} does not have PIX enabled`,
      field,
    );
  }
  return s;
}

/** What every method shares once the body passed the common rules. */
export interface ValidatedCharge {
  req: z.output<typeof chargeCreateRequestSchema>;
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
  const req = withDeclaredFields(parseWith(chargeCreateRequestSchema, body, CHARGE_CODES), body);
  const currency = req.currency ?? 'BRL';
  if (currency !== 'BRL') {
    // A gateway's choice, not a rule of the request: a card may be charged in another currency.
    throw invalidRequest(
      'unsupported_currency',
      `currency: the sandbox charges in BRL only (got ${currency})`,
      'currency',
    );
  }
  const items: unknown[] | null = check.items ?? null;

  const fee = computeFee(req.amount, feeRate);
  const common: ValidatedCharge = {
    req,
    currency,
    items,
    fee,
    net: req.amount - fee,
    mainSellerAmount: req.amount - fee,
    split: null,
  };
  if (req.split !== undefined && req.split.length > 0) {
    const preview = computeSplit({
      amount: req.amount,
      feeRate,
      entries: req.split.map((e) => ({
        sellerId: e.seller_id,
        ...(e.percentage !== undefined ? { percentage: e.percentage } : {}),
        ...(e.amount !== undefined ? { amount: e.amount } : {}),
        ...(e.description !== undefined ? { description: e.description } : {}),
      })),
    });
    const v = preview.violations[0];
    if (v) throw violationError(v);
    const receivers = req.split.map((e, i) => checkEligible(gateway, e.seller_id, i));
    common.fee = preview.fee;
    common.net = preview.net;
    common.mainSellerAmount = preview.main_seller_amount ?? preview.net;
    common.split = preview.entries.map((e, i) => ({
      seller_id: receivers[i]!.seller_id,
      seller_name: receivers[i]!.name,
      amount: e.amount ?? 0,
      percentage: e.percentage,
      description: e.description,
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
  const { req } = common;
  const now = gateway.now();
  const at = gateway.iso(now);
  const id = gateway.newId('ci_', gateway.state.charges);
  return {
    id,
    seller_id: seller.seller_id,
    status: 'pending',
    amount: req.amount,
    currency: common.currency,
    payment_method: method,
    request: storedRequest(req),
    pix: null,
    expires_at_ms: now,
    fee: common.fee,
    net: common.net,
    split: common.split,
    main_seller_amount: common.mainSellerAmount,
    checkout: req.checkout
      ? {
          mode: 'redirect',
          success_url: req.checkout.success_url ?? null,
          cancel_url: req.checkout.cancel_url ?? null,
        }
      : null,
    checkout_url: req.checkout ? `${gateway.baseUrl}/checkout/${id}` : null,
    external_id: req.external_id ?? null,
    store_id: req.store_id ?? seller.default_store_id,
    pix_address: resolvePixAddress(req),
    items: common.items,
    callback_url: req.callback_url ?? null,
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
  const c = gateway.state.charges.get(params[0]!);
  if (!c || c.seller_id !== seller.seller_id) throw notFound('charge_not_found', `No charge ${params[0]}`);
  return c;
}
