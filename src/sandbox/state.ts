// The sandbox's state: sellers, charges, payouts, webhooks, card tokens, the ledger journal.
// Kept in memory; with a state file it is saved atomically (temp file + rename) after each
// mutation and loaded on start.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Ledger, type LedgerTxn } from './ledger.js';
import type { IdSource } from './random.js';

export type PersonType = 'PJ' | 'PF';

export interface PixKey {
  type: 'cnpj' | 'cpf' | 'email' | 'phone' | 'evp';
  value: string;
}

export interface SellerRecord {
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
  city: string;
  pix_key: PixKey;
  whitelisted_ips: string[];
  default_store_id: number;
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

export interface StoredSplitEntry {
  seller_id: number;
  seller_name: string;
  amount: number;
  percentage: number | null;
  description: string | null;
}

/** `authorized`: a card charge with manual capture, not yet captured (or voided, or lapsed). */
export type ChargeStatus = 'pending' | 'authorized' | 'paid' | 'expired' | 'failed' | 'refunded';

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

export interface ChargeRecord {
  id: string;
  seller_id: number;
  status: ChargeStatus;
  amount: number;
  currency: string;
  payment_method: 'pix' | 'card' | 'boleto';
  description: string | null;
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
  store_id: number;
  product_id: number | null;
  customer: Record<string, unknown> | null;
  shipping: Record<string, unknown> | null;
  /** The address used for the PIX charge after SPEC.md's fallback (src/domain/address.ts). */
  pix_address: { source: string; address: Record<string, unknown> };
  items: unknown[] | null;
  metadata: Record<string, unknown> | null;
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

export type PayoutStatus = 'pending' | 'processing' | 'completed' | 'failed';

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

export const PAYOUT_PROVIDERS = ['sandbox-bank-alfa', 'sandbox-bank-beta', 'sandbox-bank-gama'] as const;

interface SellerSeed {
  name: string;
  email: string;
  person_type: PersonType;
  status: string;
  compliance_status: string;
  pix_enabled: boolean;
  document: string;
  city: string;
  whitelisted: boolean;
}

/** The seeded sellers, main first; ids 1001, 1002, … in this order. */
const SELLER_SEEDS: SellerSeed[] = [
  {
    name: 'Loja Exemplo Ltda',
    email: 'financeiro@lojaexemplo.com.br',
    person_type: 'PJ',
    status: 'active',
    compliance_status: 'approved',
    pix_enabled: true,
    document: '11222333000181',
    city: 'Sao Paulo',
    whitelisted: true,
  },
  {
    name: 'Parceiro Alfa Ltda',
    email: 'contato@parceiroalfa.com.br',
    person_type: 'PJ',
    status: 'active',
    compliance_status: 'approved',
    pix_enabled: true,
    document: '11444777000161',
    city: 'Rio de Janeiro',
    whitelisted: false,
  },
  {
    name: 'Parceiro Beta ME',
    email: 'vendas@parceirobeta.com.br',
    person_type: 'PJ',
    status: 'active',
    compliance_status: 'approved',
    pix_enabled: true,
    document: '23654789000108',
    city: 'Belo Horizonte',
    whitelisted: false,
  },
  {
    name: 'Nova Loja Ltda',
    email: 'cadastro@novaloja.com.br',
    person_type: 'PJ',
    status: 'active',
    compliance_status: 'pending',
    pix_enabled: true,
    document: '45871236000131',
    city: 'Curitiba',
    whitelisted: false,
  },
  {
    name: 'Loja Encerrada Ltda',
    email: 'admin@lojaencerrada.com.br',
    person_type: 'PJ',
    status: 'inactive',
    compliance_status: 'approved',
    pix_enabled: true,
    document: '67120345000150',
    city: 'Porto Alegre',
    whitelisted: false,
  },
  {
    name: 'Loja Sem Pix Ltda',
    email: 'contato@lojasempix.com.br',
    person_type: 'PJ',
    status: 'active',
    compliance_status: 'approved',
    pix_enabled: false,
    document: '89301456000103',
    city: 'Recife',
    whitelisted: false,
  },
  {
    name: 'Maria Silva',
    email: 'maria.silva@example.com.br',
    person_type: 'PF',
    status: 'active',
    compliance_status: 'approved',
    pix_enabled: true,
    document: '52998224725',
    city: 'Salvador',
    whitelisted: false,
  },
];

export const MAIN_SELLER_ID = 1001;

export function seedSellers(ids: IdSource): SellerRecord[] {
  return SELLER_SEEDS.map((seed, i) => {
    const seller_id = MAIN_SELLER_ID + i;
    return {
      seller_id,
      name: seed.name,
      email: seed.email,
      person_type: seed.person_type,
      status: seed.status,
      compliance_status: seed.compliance_status,
      pix_enabled: seed.pix_enabled,
      document: seed.document,
      secret_key: `sk_test_${ids.alnum(24)}`,
      public_key: `pk_test_${ids.alnum(24)}`,
      city: seed.city,
      pix_key: { type: seed.person_type === 'PJ' ? 'cnpj' : 'cpf', value: seed.document },
      whitelisted_ips: seed.whitelisted ? ['127.0.0.1', '::1'] : [],
      default_store_id: seller_id + 6000,
    };
  });
}

export function publicSeller(s: SellerRecord): SeededSeller {
  return {
    seller_id: s.seller_id,
    name: s.name,
    email: s.email,
    person_type: s.person_type,
    status: s.status,
    compliance_status: s.compliance_status,
    pix_enabled: s.pix_enabled,
    document: s.document,
    secret_key: s.secret_key,
    public_key: s.public_key,
  };
}

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

export const STATE_VERSION = 1;

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
