// The sandbox's state: sellers, charges, payouts, webhooks, card tokens, the ledger journal.
// Kept in memory; with a state file it is saved atomically (temp file + rename) after each
// mutation and loaded on start.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Ledger, type LedgerTxn } from './ledger.js';
import type { ChargeRecord, PayoutRecord, SellerRecord, TokenRecord, WebhookRecord } from './records.js';

/** In-memory state with the indexes the routes need. */
export class SandboxState {
  readonly sellers = new Map<number, SellerRecord>();
  readonly bySecretKey = new Map<string, SellerRecord>();
  readonly byPublicKey = new Map<string, SellerRecord>();
  readonly charges = new Map<string, ChargeRecord>();
  /** Charges of each seller in creation order (lists walk it backwards: newest first). */
  readonly chargesBySeller = new Map<number, ChargeRecord[]>();
  readonly payouts = new Map<string, PayoutRecord>();
  readonly payoutsBySeller = new Map<number, PayoutRecord[]>();
  readonly webhooks = new Map<string, WebhookRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly ledger = new Ledger();
  clockOffsetMs = 0;

  constructor(sellers: SellerRecord[]) {
    this.setSellers(sellers);
  }

  setSellers(sellers: SellerRecord[]): void {
    this.sellers.clear();
    this.bySecretKey.clear();
    this.byPublicKey.clear();
    for (const seller of sellers) {
      this.sellers.set(seller.seller_id, seller);
      this.bySecretKey.set(seller.secret_key, seller);
      this.byPublicKey.set(seller.public_key, seller);
    }
  }

  sellerList(): SellerRecord[] {
    return [...this.sellers.values()];
  }

  findSellerByEmail(email: string): SellerRecord | undefined {
    const wanted = email.trim().toLowerCase();
    for (const seller of this.sellers.values()) if (seller.email.toLowerCase() === wanted) return seller;
    return undefined;
  }

  addCharge(charge: ChargeRecord): void {
    this.charges.set(charge.id, charge);
    let list = this.chargesBySeller.get(charge.seller_id);
    if (list === undefined) {
      list = [];
      this.chargesBySeller.set(charge.seller_id, list);
    }
    list.push(charge);
  }

  addPayout(payout: PayoutRecord): void {
    this.payouts.set(payout.id, payout);
    let list = this.payoutsBySeller.get(payout.seller_id);
    if (list === undefined) {
      list = [];
      this.payoutsBySeller.set(payout.seller_id, list);
    }
    list.push(payout);
  }

  webhooksOf(sellerId: number): WebhookRecord[] {
    const out: WebhookRecord[] = [];
    for (const webhook of this.webhooks.values()) if (webhook.seller_id === sellerId) out.push(webhook);
    return out;
  }

  /** Forgets everything but the sellers. */
  clear(): void {
    this.charges.clear();
    this.chargesBySeller.clear();
    this.payouts.clear();
    this.payoutsBySeller.clear();
    this.webhooks.clear();
    this.tokens.clear();
    this.ledger.reset();
    this.clockOffsetMs = 0;
  }

  toJSON(prng: number | null): PersistedState {
    return {
      version: STATE_VERSION,
      prng,
      clock_offset_ms: this.clockOffsetMs,
      sellers: this.sellerList(),
      charges: [...this.charges.values()],
      payouts: [...this.payouts.values()],
      webhooks: [...this.webhooks.values()],
      tokens: [...this.tokens.values()],
      ledger: [...this.ledger.journal],
    };
  }

  load(data: PersistedState): void {
    this.clear();
    this.setSellers(data.sellers);
    for (const charge of data.charges) this.addCharge(charge);
    for (const payout of data.payouts) this.addPayout(payout);
    for (const webhook of data.webhooks) this.webhooks.set(webhook.id, webhook);
    for (const token of data.tokens) this.tokens.set(token.id, token);
    this.ledger.load(data.ledger);
    this.clockOffsetMs = data.clock_offset_ms;
  }
}

export const STATE_VERSION = 2;

/**
 * A charge saved by a version-1 sandbox kept its request's fields on the record itself
 * (description, product_id, customer, shipping, metadata); version 2 keeps the request whole.
 */
function chargeFromVersion1(saved: Record<string, unknown>): ChargeRecord {
  const { description, product_id, customer, shipping, metadata, ...record } = saved;
  const request: Record<string, unknown> = {
    amount: record.amount,
    currency: record.currency,
    payment_method: record.payment_method,
  };
  if (typeof description === 'string') request.pix = { description };
  for (const [name, value] of Object.entries({
    product_id,
    customer,
    shipping,
    metadata,
    external_id: record.external_id,
    callback_url: record.callback_url,
  })) {
    if (value !== null && value !== undefined) request[name] = value;
  }
  return { ...record, request } as unknown as ChargeRecord;
}

export interface PersistedState {
  version: number;
  prng: number | null;
  clock_offset_ms: number;
  sellers: SellerRecord[];
  charges: ChargeRecord[];
  payouts: PayoutRecord[];
  webhooks: WebhookRecord[];
  tokens: TokenRecord[];
  ledger: LedgerTxn[];
}

/** Reads a state file; undefined when it does not exist. Throws on a corrupt or foreign file. */
export function readStateFile(path: string): PersistedState | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`sandbox state file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const state = data as Partial<PersistedState> | null;
  if (
    state === null ||
    typeof state !== 'object' ||
    (state.version !== STATE_VERSION && state.version !== 1) ||
    !Array.isArray(state.sellers) ||
    !Array.isArray(state.charges) ||
    !Array.isArray(state.payouts) ||
    !Array.isArray(state.webhooks) ||
    !Array.isArray(state.tokens) ||
    !Array.isArray(state.ledger)
  ) {
    throw new Error(`sandbox state file ${path} is not a paygate sandbox state (version ${STATE_VERSION})`);
  }
  return {
    ...(state as PersistedState),
    version: STATE_VERSION,
    charges:
      state.version === 1
        ? (state.charges as unknown as Record<string, unknown>[]).map(chargeFromVersion1)
        : state.charges,
    clock_offset_ms: typeof state.clock_offset_ms === 'number' ? state.clock_offset_ms : 0,
  };
}

let temporaryCounter = 0;

/** Writes the state file atomically: a temp file next to it, then rename over it. */
export function writeStateFile(path: string, data: PersistedState): void {
  const temporaryPath = `${path}.${process.pid}.${++temporaryCounter}.tmp`;
  writeFileSync(temporaryPath, JSON.stringify(data), { mode: 0o600 });
  renameSync(temporaryPath, path);
}
