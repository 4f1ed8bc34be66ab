// What the sandbox stores: a seller, a charge (with its card or boleto part), a payout, a webhook,
// a card token. The state (state.ts) holds them; the routes shape the answers from them.
import type { PaymentMethod } from '../domain/payment-methods.js';
import type { ChargeStatus, PayoutStatus } from '../domain/status.js';
import type { ValidChargeRequest } from '../schemas/charge.js';

export type PersonType = 'PJ' | 'PF';

export interface PixKey {
  type: 'cnpj' | 'cpf' | 'email' | 'phone' | 'evp';
  value: string;
}

/** A seeded seller as `startSandbox` reports it (and `sandbox start --json` prints it). */
export interface SeededSeller {
  seller_id: number;
  name: string;
  email: string;
  person_type: PersonType;
  status: string;
  compliance_status: string;
  pix_enabled: boolean;
  document: string;
  secret_key: string;
  public_key: string;
}

/** A seller as the sandbox keeps it: what it reports, and what its routes need besides. */
export interface SellerRecord extends SeededSeller {
  city: string;
  pix_key: PixKey;
  whitelisted_ips: string[];
  default_store_id: number;
}

export interface StoredSplitEntry {
  seller_id: number;
  seller_name: string;
  amount: number;
  percentage: number | null;
  description: string | null;
}

/** `authorized`: a card charge with manual capture, not yet captured (or voided, or lapsed). */

/** What the sandbox keeps of a card charge (the card itself is only its token's brand/last4). */
export interface StoredCard {
  token: string;
  brand: string;
  last4: string;
  installments: number;
  capture: boolean;
  captured: boolean;
  captured_amount: number | null;
  authorization_code: string | null;
  statement_descriptor: string | null;
  /** ISO time until which an authorised charge can be captured (manual capture only). */
  capture_before: string | null;
}

export interface StoredBoleto {
  line: string;
  barcode: string;
  pdf_url: string;
  due_date: string;
  fine: number | null;
  interest: number | null;
  discount: number | null;
  discount_until: string | null;
  instructions: string | null;
}

/**
 * A charge request as the sandbox validated it: the typed request with every field the table of
 * request fields declares (src/schemas/charge-request-fields.ts). The split, card and boleto parts
 * are kept as the charge's own (StoredSplitEntry, StoredCard, StoredBoleto).
 */
export type StoredChargeRequest = Omit<ValidChargeRequest, 'split'> & Record<string, unknown>;

export interface ChargeRecord {
  id: string;
  seller_id: number;
  status: ChargeStatus;
  amount: number;
  currency: string;
  payment_method: PaymentMethod;
  /** What was asked for: the charge's answers show its fields from here (views.ts). */
  request: StoredChargeRequest;
  /** PIX charges only. */
  pix: { txid: string; emv: string; expires_at: string } | null;
  /** Card charges only (absent in state files written before card support). */
  card?: StoredCard | null;
  boleto?: StoredBoleto | null;
  /** PIX expiry, a boleto's due date end, an authorisation's capture deadline. */
  expires_at_ms: number;
  fee: number;
  net: number;
  split: StoredSplitEntry[] | null;
  main_seller_amount: number;
  checkout: { mode: 'redirect'; success_url: string | null; cancel_url: string | null } | null;
  checkout_url: string | null;
  external_id: string | null;
  /** The request's, else the seller's default store. */
  store_id: number;
  /** The address used for the PIX charge after the gateway's PIX address fallback (src/domain/address.ts). */
  pix_address: { source: string; address: Record<string, unknown> };
  /** The request's items with their unit prices as spread (when all were 0). */
  items: unknown[] | null;
  callback_url: string | null;
  failure_reason: string | null;
  created_at: string;
  created_at_ms: number;
  updated_at: string;
  paid_at: string | null;
  expired_at: string | null;
  failed_at: string | null;
  refunded_at: string | null;
  /** Ledger transaction of the payment (reversed by a refund). */
  payment_txn: number | null;
}

export interface PayoutRecord {
  id: string;
  seller_id: number;
  status: PayoutStatus;
  amount: number;
  description: string | null;
  pix_key: PixKey;
  provider: string;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  failed_at: string | null;
  created_at_ms: number;
  debit_txn: number;
}

export interface WebhookRecord {
  id: string;
  seller_id: number;
  url: string;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

export interface TokenRecord {
  id: string;
  seller_id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  created_at: string;
}
