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
    for (const s of sellers) {
      this.sellers.set(s.seller_id, s);
      this.bySecretKey.set(s.secret_key, s);
      this.byPublicKey.set(s.public_key, s);
    }
  }

  sellerList(): SellerRecord[] {
    return [...this.sellers.values()];
  }

  findSellerByEmail(email: string): SellerRecord | undefined {
    const wanted = email.trim().toLowerCase();
    for (const s of this.sellers.values()) if (s.email.toLowerCase() === wanted) return s;
    return undefined;
  }

  addCharge(c: ChargeRecord): void {
    this.charges.set(c.id, c);
    let list = this.chargesBySeller.get(c.seller_id);
    if (list === undefined) {
      list = [];
      this.chargesBySeller.set(c.seller_id, list);
    }
    list.push(c);
  }

  addPayout(p: PayoutRecord): void {
    this.payouts.set(p.id, p);
    let list = this.payoutsBySeller.get(p.seller_id);
    if (list === undefined) {
      list = [];
      this.payoutsBySeller.set(p.seller_id, list);
    }
    list.push(p);
  }

  webhooksOf(sellerId: number): WebhookRecord[] {
    const out: WebhookRecord[] = [];
    for (const w of this.webhooks.values()) if (w.seller_id === sellerId) out.push(w);
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
    for (const c of data.charges) this.addCharge(c);
    for (const p of data.payouts) this.addPayout(p);
    for (const w of data.webhooks) this.webhooks.set(w.id, w);
    for (const t of data.tokens) this.tokens.set(t.id, t);
    this.ledger.load(data.ledger);
    this.clockOffsetMs = data.clock_offset_ms;
  }
}

export const STATE_VERSION = 2;

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
  } catch (err) {
    throw new Error(`sandbox state file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  const d = data as Partial<PersistedState> | null;
  if (
    d === null ||
    typeof d !== 'object' ||
    d.version !== STATE_VERSION ||
    !Array.isArray(d.sellers) ||
    !Array.isArray(d.charges) ||
    !Array.isArray(d.payouts) ||
    !Array.isArray(d.webhooks) ||
    !Array.isArray(d.tokens) ||
    !Array.isArray(d.ledger)
  ) {
    throw new Error(`sandbox state file ${path} is not a paygate sandbox state (version ${STATE_VERSION})`);
  }
  return {
    ...(d as PersistedState),
    clock_offset_ms: typeof d.clock_offset_ms === 'number' ? d.clock_offset_ms : 0,
  };
}

let tmpCounter = 0;

/** Writes the state file atomically: a temp file next to it, then rename over it. */
export function writeStateFile(path: string, data: PersistedState): void {
  const tmp = `${path}.${process.pid}.${++tmpCounter}.tmp`;
  writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
  renameSync(tmp, path);
}
