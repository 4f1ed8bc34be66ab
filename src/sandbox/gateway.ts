// The sandbox's core: state, clock, transitions of charges and payouts, ledger postings and the
// notifications they send. Routes (routes/*.ts) validate requests and call into it; control
// endpoints (control-endpoints.ts) and the scheduler drive the same transitions.
// Over 400 lines because it is one state machine: every transition posts to the ledger and
// notifies, on the one clock and state that routes, control endpoints and the scheduler share.

import { saySandboxServer } from '../text/en/sandbox-server.js';
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
  /** Reports a problem met while running (one line, no newline): the sandbox's stderr. */
  report: (message: string) => void;
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
  readonly #initialSellers: SellerRecord[];

  constructor(readonly options: GatewayOptions) {
    this.ids = createIdSource(options.seed);
    const initial = options.initialState;
    this.state = new SandboxState(initial ? initial.sellers : seedSellers(this.ids));
    if (initial) {
      this.state.load(initial);
      this.ids.setState(initial.prng);
    }
    this.#initialSellers = structuredClone(this.state.sellerList());
    this.limiter = new RateLimiter(
      options.rateLimit,
      new Map(
        Object.entries(options.rateLimitOverrides).map(([sellerId, limit]) => [Number(sellerId), limit]),
      ),
    );
    this.scheduler = new Scheduler({
      now: () => this.now(),
      run: (task) => this.#runTask(task),
      afterTimerRun: () => this.save(),
      report: options.report,
    });
    this.notifier = new Notifier(
      options.notifier,
      () => this.iso(),
      () => `ntf_${this.ids.alnum(12)}`,
      options.recordLimit,
    );
    this.#ensureOptionWebhooks();
    this.#rescheduleAll();
    this.dirty = true;
  }

  now(): number {
    return this.options.clock.now() + this.state.clockOffsetMs;
  }

  readonly #isoCache = { ms: Number.NaN, text: '' };

  /** ISO 8601 of an epoch-ms time (the last one is cached: many requests share a millisecond). */
  iso(ms: number = this.now()): string {
    const cache = this.#isoCache;
    if (cache.ms !== ms) {
      cache.ms = ms;
      cache.text = new Date(ms).toISOString();
    }
    return cache.text;
  }

  /** A fresh id `prefix` + `length` alphanumerics, unique within `taken`. */
  newId(prefix: string, taken?: { has(id: string): boolean }, length = 12): string {
    for (;;) {
      const id = prefix + this.ids.alnum(length);
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

  #saveErrorReported = false;
  #saveTimer: NodeJS.Timeout | undefined;

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
    this.#saveTimer ??= setTimeout(() => this.flush(), STATE_SAVE_INTERVAL_MS);
  }

  /** Writes the state file now. Never throws: a failure is reported once and retried. */
  flush(): void {
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    if (!this.dirty || !this.options.stateFile) return;
    try {
      writeStateFile(this.options.stateFile, this.state.toJSON(this.ids.getState()));
      this.dirty = false;
      this.#saveErrorReported = false;
    } catch (error) {
      if (!this.#saveErrorReported) {
        this.#saveErrorReported = true;
        this.options.report(saySandboxServer('cannotWriteState', { reason: (error as Error).message }));
      }
    }
  }

  /** Back to the state at start: sellers as seeded, nothing else. */
  reset(): void {
    this.scheduler.clear();
    this.notifier.reset();
    this.limiter.reset();
    this.state.clear();
    this.state.setSellers(structuredClone(this.#initialSellers));
    this.#ensureOptionWebhooks();
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
    const ledger = this.state.ledger;
    return {
      available: ledger.balance(account.available(sellerId)),
      pending: ledger.balance(account.pending(sellerId)),
      reserved: ledger.balance(account.reserved(sellerId)),
      currency: 'BRL',
    };
  }

  // ---- charges --------------------------------------------------------------------------

  addCharge(charge: ChargeRecord): void {
    this.state.addCharge(charge);
    this.scheduler.add(charge.expires_at_ms, 'charge.expire', charge.id);
    const autoPay = this.options.autoPayAfterMs;
    if (autoPay !== undefined && autoPay >= 0)
      this.scheduler.add(charge.created_at_ms + autoPay, 'charge.autopay', charge.id);
    this.dirty = true;
  }

  /** pending → paid: ledger postings, then notifications. */
  payCharge(charge: ChargeRecord, at: number = this.now()): void {
    const parts = (charge.split ?? [])
      .filter((entry) => entry.seller_id !== charge.seller_id)
      .map((entry) => ({ sellerId: entry.seller_id, amount: entry.amount }));
    const txn = this.state.ledger.post(
      'charge.paid',
      charge.id,
      this.iso(at),
      chargePaymentPostings({
        chargeId: charge.id,
        amount: charge.card?.captured_amount ?? charge.amount,
        fee: charge.fee,
        mainSellerId: charge.seller_id,
        parts,
        reserveRate: this.options.reserveRate,
        source: paymentSource(charge),
      }),
    );
    charge.status = 'paid';
    charge.paid_at = this.iso(at);
    charge.updated_at = charge.paid_at;
    charge.payment_txn = txn.id;
    this.dirty = true;
    this.#notifyChargePaid(charge);
  }

  failCharge(charge: ChargeRecord, reason: string, at: number = this.now()): void {
    charge.status = 'failed';
    charge.failure_reason = reason;
    charge.failed_at = this.iso(at);
    charge.updated_at = charge.failed_at;
    this.dirty = true;
  }

  expireCharge(charge: ChargeRecord, at: number = this.now()): void {
    charge.status = 'expired';
    charge.failure_reason = null;
    charge.expired_at = this.iso(at);
    charge.updated_at = charge.expired_at;
    this.dirty = true;
  }

  /**
   * Why the payment of `c` cannot be reversed now, or undefined: a seller it credited has since
   * paid that money out, and the sandbox keeps balances at zero or above.
   */
  refundShortfall(charge: ChargeRecord): string | undefined {
    const txn = charge.payment_txn === null ? undefined : this.state.ledger.find(charge.payment_txn);
    const takenBack = new Map<string, number>();
    for (const posting of txn?.postings ?? []) {
      if (/^seller:\d+:available$/.test(posting.account))
        takenBack.set(posting.account, (takenBack.get(posting.account) ?? 0) + posting.amount);
    }
    for (const [availableAccount, amount] of takenBack) {
      const available = this.state.ledger.balance(availableAccount);
      if (amount > 0 && available < amount) {
        const sellerId = availableAccount.split(':')[1];
        return `Seller ${sellerId} has ${available} centavos available; the refund takes back ${amount}`;
      }
    }
    return undefined;
  }

  /** paid → refunded: the payment's postings reversed exactly (fee included). */
  refundCharge(charge: ChargeRecord, at: number = this.now()): void {
    const txn = charge.payment_txn === null ? undefined : this.state.ledger.find(charge.payment_txn);
    if (txn) this.state.ledger.reverse(txn, 'charge.refunded', this.iso(at));
    charge.status = 'refunded';
    charge.refunded_at = this.iso(at);
    charge.updated_at = charge.refunded_at;
    this.dirty = true;
  }

  readonly #chargeJson = new WeakMap<ChargeRecord, { key: string; json: string }>();

  /**
   * The charge view serialised, cached per charge until it changes (every transition sets status
   * and updated_at): charge lookups and lists are the hot path of polling and exporting clients.
   */
  chargeJsonOf(charge: ChargeRecord): string {
    const key = charge.status + charge.updated_at;
    const hit = this.#chargeJson.get(charge);
    if (hit !== undefined && hit.key === key) return hit.json;
    const json = JSON.stringify(chargeView(charge));
    this.#chargeJson.set(charge, { key, json });
    return json;
  }

  // ---- payouts --------------------------------------------------------------------------

  addPayout(payout: PayoutRecord): void {
    this.state.addPayout(payout);
    const ms = this.options.payoutProcessingMs;
    if (ms > 0) {
      this.scheduler.add(payout.created_at_ms + Math.floor(ms / 2), 'payout.process', payout.id);
      this.scheduler.add(payout.created_at_ms + ms, 'payout.complete', payout.id);
    }
    this.dirty = true;
  }

  pickProvider(): string {
    return PAYOUT_PROVIDERS[this.ids.int(PAYOUT_PROVIDERS.length)]!;
  }

  processPayout(payout: PayoutRecord, at: number = this.now()): void {
    payout.status = 'processing';
    payout.updated_at = this.iso(at);
    this.dirty = true;
  }

  completePayout(payout: PayoutRecord, at: number = this.now()): void {
    this.state.ledger.post('payout.completed', payout.id, this.iso(at), [
      { account: account.payoutsInFlight(payout.seller_id), amount: -payout.amount },
      { account: account.pixOut, amount: payout.amount, memo: `payout ${payout.id} via ${payout.provider}` },
    ]);
    payout.status = 'completed';
    payout.completed_at = this.iso(at);
    payout.updated_at = payout.completed_at;
    this.dirty = true;
    const payload = { event: 'payout.completed', id: payout.id, status: 'completed', amount: payout.amount };
    for (const webhook of this.state.webhooksOf(payout.seller_id)) {
      if (webhook.enabled) void this.notify(webhook, 'payout.completed', payload);
    }
  }

  /** Failure gives the money back to `available`. */
  failPayout(payout: PayoutRecord, reason: string, at: number = this.now()): void {
    this.state.ledger.post('payout.failed', payout.id, this.iso(at), [
      { account: account.payoutsInFlight(payout.seller_id), amount: -payout.amount },
      {
        account: account.available(payout.seller_id),
        amount: payout.amount,
        memo: `payout ${payout.id} failed: restored`,
      },
    ]);
    payout.status = 'failed';
    payout.failure_reason = reason;
    payout.failed_at = this.iso(at);
    payout.updated_at = payout.failed_at;
    this.dirty = true;
  }

  // ---- webhooks and notifications -------------------------------------------------------

  addWebhook(sellerId: number, url: string, enabled = true): WebhookRecord {
    const at = this.iso();
    const webhook: WebhookRecord = {
      id: this.newId('wh_', this.state.webhooks),
      seller_id: sellerId,
      url,
      enabled,
      created_at: at,
      updated_at: at,
    };
    this.state.webhooks.set(webhook.id, webhook);
    this.dirty = true;
    return webhook;
  }

  notify(webhook: WebhookRecord, event: string, payload: unknown): Promise<NotificationAttempt> {
    return this.notifier.send(webhookTarget(webhook), event, payload);
  }

  #notifyChargePaid(charge: ChargeRecord): void {
    const enabled = (sellerId: number) =>
      this.state.webhooksOf(sellerId).filter((webhook) => webhook.enabled);
    for (const delivery of chargePaidDeliveries(charge, enabled)) {
      void this.notifier.send(delivery.target, delivery.event, delivery.payload);
    }
  }

  /** The `webhookUrl` option: a global webhook of every seller (once). */
  #ensureOptionWebhooks(): void {
    const url = this.options.webhookUrl;
    if (!url) return;
    for (const seller of this.state.sellers.values()) {
      if (!this.state.webhooksOf(seller.seller_id).some((webhook) => webhook.url === url))
        this.addWebhook(seller.seller_id, url);
    }
  }

  // ---- time-driven transitions ----------------------------------------------------------

  #runTask(task: Task): void {
    if (task.kind === 'charge.expire' || task.kind === 'charge.autopay') {
      const charge = this.state.charges.get(task.id);
      // An authorised card charge lapses at the end of its capture window, like an unpaid PIX.
      if (charge?.status === 'authorized' && task.kind === 'charge.expire')
        this.expireCharge(charge, task.due);
      if (charge?.status !== 'pending') return;
      if (task.kind === 'charge.expire') this.expireCharge(charge, task.due);
      else if (task.due < charge.expires_at_ms) this.payCharge(charge, task.due);
      return;
    }
    const payout = this.state.payouts.get(task.id);
    if (!payout) return;
    if (task.kind === 'payout.process' && payout.status === 'pending') this.processPayout(payout, task.due);
    else if (
      task.kind === 'payout.complete' &&
      (payout.status === 'pending' || payout.status === 'processing')
    ) {
      this.completePayout(payout, task.due);
    }
  }

  /** Tasks of a loaded state (expiry, auto-pay, payout progress). */
  #rescheduleAll(): void {
    this.scheduler.clear();
    const autoPay = this.options.autoPayAfterMs;
    for (const charge of this.state.charges.values()) {
      if (charge.status === 'authorized')
        this.scheduler.add(charge.expires_at_ms, 'charge.expire', charge.id);
      if (charge.status !== 'pending') continue;
      this.scheduler.add(charge.expires_at_ms, 'charge.expire', charge.id);
      if (autoPay !== undefined && autoPay >= 0)
        this.scheduler.add(charge.created_at_ms + autoPay, 'charge.autopay', charge.id);
    }
    const ms = this.options.payoutProcessingMs;
    if (ms > 0) {
      for (const payout of this.state.payouts.values()) {
        if (payout.status === 'pending')
          this.scheduler.add(payout.created_at_ms + Math.floor(ms / 2), 'payout.process', payout.id);
        if (payout.status === 'pending' || payout.status === 'processing') {
          this.scheduler.add(payout.created_at_ms + ms, 'payout.complete', payout.id);
        }
      }
    }
  }
}
