// The sandbox's core: state, clock, transitions of charges and payouts, ledger postings and the
// notifications they send. Routes (routes/*.ts) validate requests and call into it; control
// endpoints (control-endpoints.ts) and the scheduler drive the same transitions.
import { paymentSource } from './card-boleto-terms.js';
import { chargePaidDeliveries, webhookTarget } from './deliveries.js';
import { account, chargePaymentPostings } from './ledger.js';
import { type NotificationAttempt, Notifier, type NotifierOptions } from './notifier.js';
import { createIdSource, type IdSource } from './random.js';
import { RateLimiter } from './ratelimit.js';
import type { ChargeRecord, PayoutRecord, SellerRecord, WebhookRecord } from './records.js';
import { Scheduler, type Task } from './scheduler.js';
import { PAYOUT_PROVIDERS, seedSellers } from './seed.js';
import { type PersistedState, SandboxState, writeStateFile } from './state.js';
import { chargeView } from './views.js';

export interface GatewayOptions {
  feeRate: number;
  reserveRate: number;
  rateLimit: number;
  rateLimitOverrides: Record<number, number>;
  autoPayAfterMs: number | undefined;
  payoutProcessingMs: number;
  webhookUrl: string | undefined;
  webhooksApi: boolean;
  seed: number | undefined;
  stateFile: string | undefined;
  clock: { now(): number };
  notifier: NotifierOptions;
  recordLimit: number;
  initialState: PersistedState | undefined;
}

/** How often the state file is rewritten while changes come in. */
export const STATE_SAVE_INTERVAL_MS = 200;

export class Gateway {
  readonly state: SandboxState;
  readonly ids: IdSource;
  readonly scheduler: Scheduler;
  readonly notifier: Notifier;
  readonly limiter: RateLimiter;
  /** Set by the server once it listens (used for checkout_url). */
  baseUrl = '';
  /** True when something changed since the last save. */
  dirty = false;
  private initialSellers: SellerRecord[];

  constructor(readonly options: GatewayOptions) {
    this.ids = createIdSource(options.seed);
    const initial = options.initialState;
    this.state = new SandboxState(initial ? initial.sellers : seedSellers(this.ids));
    if (initial) {
      this.state.load(initial);
      this.ids.setState(initial.prng);
    }
    this.initialSellers = structuredClone(this.state.sellerList());
    this.limiter = new RateLimiter(
      options.rateLimit,
      new Map(Object.entries(options.rateLimitOverrides).map(([k, v]) => [Number(k), v])),
    );
    this.scheduler = new Scheduler(
      () => this.now(),
      (task) => this.runTask(task),
      () => this.save(),
    );
    this.notifier = new Notifier(
      options.notifier,
      () => this.iso(),
      () => `ntf_${this.ids.alnum(12)}`,
      options.recordLimit,
    );
    this.ensureOptionWebhooks();
    this.rescheduleAll();
    this.dirty = true;
  }

  now(): number {
    return this.options.clock.now() + this.state.clockOffsetMs;
  }

  private isoCache = { ms: Number.NaN, text: '' };

  /** ISO 8601 of an epoch-ms time (the last one is cached: many requests share a millisecond). */
  iso(ms: number = this.now()): string {
    const cache = this.isoCache;
    if (cache.ms !== ms) {
      cache.ms = ms;
      cache.text = new Date(ms).toISOString();
    }
    return cache.text;
  }

  /** A fresh id `prefix` + n alphanumerics, unique within `taken`. */
  newId(prefix: string, taken?: { has(id: string): boolean }, n = 12): string {
    for (;;) {
      const id = prefix + this.ids.alnum(n);
      if (!taken?.has(id)) return id;
    }
  }

  advanceClock(ms: number): void {
    this.state.clockOffsetMs += ms;
    this.dirty = true;
    this.scheduler.runDue();
    this.scheduler.arm();
    this.save();
  }

  private saveErrorReported = false;
  private saveTimer: NodeJS.Timeout | undefined;

  /**
   * Saves the state file when there is one and something changed, at most every
   * STATE_SAVE_INTERVAL_MS: rewriting the whole file after each of 2,000 charges took 17 s
   * instead of 1.5 s. close() writes what is left; a kill -9 loses the last interval at most.
   */
  save(): void {
    if (!this.dirty) return;
    if (!this.options.stateFile) {
      this.dirty = false;
      return;
    }
    this.saveTimer ??= setTimeout(() => this.flush(), STATE_SAVE_INTERVAL_MS);
  }

  /** Writes the state file now. Never throws: a failure is reported once on stderr and retried. */
  flush(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    if (!this.dirty || !this.options.stateFile) return;
    try {
      writeStateFile(this.options.stateFile, this.state.toJSON(this.ids.getState()));
      this.dirty = false;
      this.saveErrorReported = false;
    } catch (err) {
      if (!this.saveErrorReported) {
        this.saveErrorReported = true;
        process.stderr.write(`paygate sandbox: cannot write the state file: ${(err as Error).message}\n`);
      }
    }
  }

  /** Back to the state at start: sellers as seeded, nothing else. */
  reset(): void {
    this.scheduler.clear();
    this.notifier.reset();
    this.limiter.reset();
    this.state.clear();
    this.state.setSellers(structuredClone(this.initialSellers));
    this.ensureOptionWebhooks();
    this.dirty = true;
    this.save();
  }

  async close(): Promise<void> {
    this.scheduler.close();
    this.flush();
    await this.notifier.close();
  }

  // ---- sellers --------------------------------------------------------------------------

  seller(id: number): SellerRecord | undefined {
    return this.state.sellers.get(id);
  }

  balanceOf(sellerId: number): { available: number; pending: number; reserved: number; currency: 'BRL' } {
    const l = this.state.ledger;
    return {
      available: l.balance(account.available(sellerId)),
      pending: l.balance(account.pending(sellerId)),
      reserved: l.balance(account.reserved(sellerId)),
      currency: 'BRL',
    };
  }

  // ---- charges --------------------------------------------------------------------------

  addCharge(c: ChargeRecord): void {
    this.state.addCharge(c);
    this.scheduler.add(c.expires_at_ms, 'charge.expire', c.id);
    const autoPay = this.options.autoPayAfterMs;
    if (autoPay !== undefined && autoPay >= 0)
      this.scheduler.add(c.created_at_ms + autoPay, 'charge.autopay', c.id);
    this.dirty = true;
  }

  /** pending → paid: ledger postings, then notifications. */
  payCharge(c: ChargeRecord, at: number = this.now()): void {
    const parts = (c.split ?? [])
      .filter((e) => e.seller_id !== c.seller_id)
      .map((e) => ({ sellerId: e.seller_id, amount: e.amount }));
    const txn = this.state.ledger.post(
      'charge.paid',
      c.id,
      this.iso(at),
      chargePaymentPostings({
        chargeId: c.id,
        amount: c.card?.captured_amount ?? c.amount,
        fee: c.fee,
        mainSellerId: c.seller_id,
        parts,
        reserveRate: this.options.reserveRate,
        source: paymentSource(c),
      }),
    );
    c.status = 'paid';
    c.paid_at = this.iso(at);
    c.updated_at = c.paid_at;
    c.payment_txn = txn.id;
    this.dirty = true;
    this.notifyChargePaid(c);
  }

  failCharge(c: ChargeRecord, reason: string, at: number = this.now()): void {
    c.status = 'failed';
    c.failure_reason = reason;
    c.failed_at = this.iso(at);
    c.updated_at = c.failed_at;
    this.dirty = true;
  }

  expireCharge(c: ChargeRecord, at: number = this.now()): void {
    c.status = 'expired';
    c.failure_reason = null;
    c.expired_at = this.iso(at);
    c.updated_at = c.expired_at;
    this.dirty = true;
  }

  /**
   * Why the payment of `c` cannot be reversed now, or undefined: a seller it credited has since
   * paid that money out, and the sandbox keeps balances at zero or above.
   */
  refundShortfall(c: ChargeRecord): string | undefined {
    const txn = c.payment_txn === null ? undefined : this.state.ledger.find(c.payment_txn);
    const takenBack = new Map<string, number>();
    for (const posting of txn?.postings ?? []) {
      if (/^seller:\d+:available$/.test(posting.account))
        takenBack.set(posting.account, (takenBack.get(posting.account) ?? 0) + posting.amount);
    }
    for (const [account, amount] of takenBack) {
      const available = this.state.ledger.balance(account);
      if (amount > 0 && available < amount) {
        const seller = account.split(':')[1];
        return `Seller ${seller} has ${available} centavos available; the refund takes back ${amount}`;
      }
    }
    return undefined;
  }

  /** paid → refunded: the payment's postings reversed exactly (fee included). */
  refundCharge(c: ChargeRecord, at: number = this.now()): void {
    const txn = c.payment_txn === null ? undefined : this.state.ledger.find(c.payment_txn);
    if (txn) this.state.ledger.reverse(txn, 'charge.refunded', this.iso(at));
    c.status = 'refunded';
    c.refunded_at = this.iso(at);
    c.updated_at = c.refunded_at;
    this.dirty = true;
  }

  private readonly chargeJson = new WeakMap<ChargeRecord, { key: string; json: string }>();

  /**
   * The charge view serialised, cached per charge until it changes (every transition sets status
   * and updated_at): charge lookups and lists are the hot path of polling and exporting clients.
   */
  chargeJsonOf(c: ChargeRecord): string {
    const key = c.status + c.updated_at;
    const hit = this.chargeJson.get(c);
    if (hit !== undefined && hit.key === key) return hit.json;
    const json = JSON.stringify(chargeView(c));
    this.chargeJson.set(c, { key, json });
    return json;
  }

  // ---- payouts --------------------------------------------------------------------------

  addPayout(p: PayoutRecord): void {
    this.state.addPayout(p);
    const ms = this.options.payoutProcessingMs;
    if (ms > 0) {
      this.scheduler.add(p.created_at_ms + Math.floor(ms / 2), 'payout.process', p.id);
      this.scheduler.add(p.created_at_ms + ms, 'payout.complete', p.id);
    }
    this.dirty = true;
  }

  pickProvider(): string {
    return PAYOUT_PROVIDERS[this.ids.int(PAYOUT_PROVIDERS.length)]!;
  }

  processPayout(p: PayoutRecord, at: number = this.now()): void {
    p.status = 'processing';
    p.updated_at = this.iso(at);
    this.dirty = true;
  }

  completePayout(p: PayoutRecord, at: number = this.now()): void {
    this.state.ledger.post('payout.completed', p.id, this.iso(at), [
      { account: account.payoutsInFlight(p.seller_id), amount: -p.amount },
      { account: account.pixOut, amount: p.amount, memo: `payout ${p.id} via ${p.provider}` },
    ]);
    p.status = 'completed';
    p.completed_at = this.iso(at);
    p.updated_at = p.completed_at;
    this.dirty = true;
    const payload = { event: 'payout.completed', id: p.id, status: 'completed', amount: p.amount };
    for (const w of this.state.webhooksOf(p.seller_id)) {
      if (w.enabled) void this.notify(w, 'payout.completed', payload);
    }
  }

  /** Failure gives the money back to `available`. */
  failPayout(p: PayoutRecord, reason: string, at: number = this.now()): void {
    this.state.ledger.post('payout.failed', p.id, this.iso(at), [
      { account: account.payoutsInFlight(p.seller_id), amount: -p.amount },
      { account: account.available(p.seller_id), amount: p.amount, memo: `payout ${p.id} failed: restored` },
    ]);
    p.status = 'failed';
    p.failure_reason = reason;
    p.failed_at = this.iso(at);
    p.updated_at = p.failed_at;
    this.dirty = true;
  }

  // ---- webhooks and notifications -------------------------------------------------------

  addWebhook(sellerId: number, url: string, enabled = true): WebhookRecord {
    const at = this.iso();
    const w: WebhookRecord = {
      id: this.newId('wh_', this.state.webhooks),
      seller_id: sellerId,
      url,
      enabled,
      created_at: at,
      updated_at: at,
    };
    this.state.webhooks.set(w.id, w);
    this.dirty = true;
    return w;
  }

  notify(w: WebhookRecord, event: string, payload: unknown): Promise<NotificationAttempt> {
    return this.notifier.send(webhookTarget(w), event, payload);
  }

  private notifyChargePaid(c: ChargeRecord): void {
    const enabled = (sellerId: number) => this.state.webhooksOf(sellerId).filter((w) => w.enabled);
    for (const delivery of chargePaidDeliveries(c, enabled)) {
      void this.notifier.send(delivery.target, delivery.event, delivery.payload);
    }
  }

  /** The `webhookUrl` option: a global webhook of every seller (once). */
  private ensureOptionWebhooks(): void {
    const url = this.options.webhookUrl;
    if (!url) return;
    for (const s of this.state.sellers.values()) {
      if (!this.state.webhooksOf(s.seller_id).some((w) => w.url === url)) this.addWebhook(s.seller_id, url);
    }
  }

  // ---- time-driven transitions ----------------------------------------------------------

  private runTask(task: Task): void {
    if (task.kind === 'charge.expire' || task.kind === 'charge.autopay') {
      const c = this.state.charges.get(task.id);
      // An authorised card charge lapses at the end of its capture window, like an unpaid PIX.
      if (c?.status === 'authorized' && task.kind === 'charge.expire') this.expireCharge(c, task.due);
      if (c?.status !== 'pending') return;
      if (task.kind === 'charge.expire') this.expireCharge(c, task.due);
      else if (task.due < c.expires_at_ms) this.payCharge(c, task.due);
      return;
    }
    const p = this.state.payouts.get(task.id);
    if (!p) return;
    if (task.kind === 'payout.process' && p.status === 'pending') this.processPayout(p, task.due);
    else if (task.kind === 'payout.complete' && (p.status === 'pending' || p.status === 'processing')) {
      this.completePayout(p, task.due);
    }
  }

  /** Tasks of a loaded state (expiry, auto-pay, payout progress). */
  private rescheduleAll(): void {
    this.scheduler.clear();
    const autoPay = this.options.autoPayAfterMs;
    for (const c of this.state.charges.values()) {
      if (c.status === 'authorized') this.scheduler.add(c.expires_at_ms, 'charge.expire', c.id);
      if (c.status !== 'pending') continue;
      this.scheduler.add(c.expires_at_ms, 'charge.expire', c.id);
      if (autoPay !== undefined && autoPay >= 0)
        this.scheduler.add(c.created_at_ms + autoPay, 'charge.autopay', c.id);
    }
    const ms = this.options.payoutProcessingMs;
    if (ms > 0) {
      for (const p of this.state.payouts.values()) {
        if (p.status === 'pending')
          this.scheduler.add(p.created_at_ms + Math.floor(ms / 2), 'payout.process', p.id);
        if (p.status === 'pending' || p.status === 'processing') {
          this.scheduler.add(p.created_at_ms + ms, 'payout.complete', p.id);
        }
      }
    }
  }
}
