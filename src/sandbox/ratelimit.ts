// Fixed-window rate limits, per seller and per endpoint category (method + path template, e.g.
// `GET /v1/charges/:id`). Windows are 1 minute long and aligned to the sandbox clock (a window
// starts at a multiple of 60 s of Unix time). Each (seller, category) keeps one small mutable
// counter and every call fills the same result object: no allocation per request.

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the current window ends and the counter restarts. */
  reset: number;
  /** Seconds until the reset, at least 1 (sent as Retry-After on 429). */
  retryAfter: number;
}

interface Counter {
  window: number;
  count: number;
}

export class RateLimiter {
  readonly #counters = new Map<number, Map<string, Counter>>();
  readonly #result: RateDecision = { allowed: true, limit: 0, remaining: 0, reset: 0, retryAfter: 1 };
  readonly #windowMs: number;

  constructor(
    public defaultLimit: number,
    public readonly overrides: Map<number, number> = new Map(),
    windowMs = 60_000,
  ) {
    this.#windowMs = windowMs;
  }

  limitFor(sellerId: number): number {
    return this.overrides.get(sellerId) ?? this.defaultLimit;
  }

  /** Counts one request and says whether it is allowed. The returned object is reused. */
  hit(sellerId: number, category: string, now: number): RateDecision {
    return this.#compute(sellerId, category, now, true);
  }

  /** The state of a counter without counting (for responses that are not attributed). */
  peek(sellerId: number | null, category: string, now: number): RateDecision {
    return this.#compute(sellerId, category, now, false);
  }

  reset(): void {
    this.#counters.clear();
  }

  #compute(sellerId: number | null, category: string, now: number, count: boolean): RateDecision {
    const window = Math.floor(now / this.#windowMs);
    const limit = sellerId === null ? this.defaultLimit : this.limitFor(sellerId);
    let used = 0;
    if (sellerId !== null) {
      let perSeller = this.#counters.get(sellerId);
      if (perSeller === undefined) {
        perSeller = new Map();
        this.#counters.set(sellerId, perSeller);
      }
      let counter = perSeller.get(category);
      if (counter === undefined) {
        counter = { window, count: 0 };
        perSeller.set(category, counter);
      }
      if (counter.window !== window) {
        counter.window = window;
        counter.count = 0;
      }
      if (count) counter.count++;
      used = counter.count;
    }
    const end = (window + 1) * this.#windowMs;
    const decision = this.#result;
    decision.allowed = used <= limit;
    decision.limit = limit;
    decision.remaining = Math.max(0, limit - used);
    decision.reset = Math.ceil(end / 1000);
    decision.retryAfter = Math.max(1, Math.ceil((end - now) / 1000));
    return decision;
  }
}
