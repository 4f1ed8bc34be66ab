// Rate limits (docs/gateway-api.md, "Rate limits"): every response's X-RateLimit-* headers are
// read, and a pacer holds requests back when the announced budget of their category is used up,
// until the window resets. Bulk commands (list --all, get of thousands of ids with bounded
// concurrency) thereby spend the whole budget without ever receiving a 429; a 429 that happens
// anyway (another process using the same key, a clock off by a second) is retried by the client.

export interface RateLimitState {
  /** X-RateLimit-Limit: requests allowed in the window. */
  limit: number;
  /** X-RateLimit-Remaining: left in the current window, as last seen. */
  remaining: number;
  /** X-RateLimit-Reset as epoch milliseconds: when the counter restarts. */
  resetAt: number;
}

export type HeaderBag = Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

function integer(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+(?:\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/**
 * X-RateLimit-Reset as epoch ms. docs/gateway-api.md says a Unix timestamp (seconds); values that are plainly
 * milliseconds (> 1e12) or a delay in seconds (< 1e9, as some gateways send) are read as such.
 */
export function parseReset(text: string | undefined, now: number): number | undefined {
  const value = integer(text);
  if (value === undefined) return undefined;
  if (value > 1e12) return value;
  if (value >= 1e9) return value * 1000;
  return now + value * 1000;
}

/** The X-RateLimit-* headers of a response, or undefined when it has none. */
export function parseRateLimit(headers: HeaderBag, now: number): RateLimitState | undefined {
  const limit = integer(header(headers, 'x-ratelimit-limit'));
  const remaining = integer(header(headers, 'x-ratelimit-remaining'));
  const resetAt = parseReset(header(headers, 'x-ratelimit-reset'), now);
  if (remaining === undefined || resetAt === undefined) return undefined;
  return { limit: limit ?? remaining, remaining, resetAt };
}

/** Retry-After in ms (seconds or an HTTP date), or undefined. */
export function parseRetryAfter(text: string | undefined, now: number): number | undefined {
  if (text === undefined) return undefined;
  const seconds = integer(text.trim());
  if (seconds !== undefined) return Math.ceil(seconds * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** How long to wait after a 429: Retry-After, else until X-RateLimit-Reset (+ margin), else undefined. */
export function retryAfterMs(headers: HeaderBag, now: number, marginMs = 0): number | undefined {
  const retryAfter = parseRetryAfter(header(headers, 'retry-after'), now);
  if (retryAfter !== undefined) return retryAfter;
  const reset = parseReset(header(headers, 'x-ratelimit-reset'), now);
  if (reset !== undefined) return Math.max(0, reset - now) + marginMs;
  return undefined;
}

export interface PacerOptions {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Added to the reset time before a held request goes (the reset is only to the second). Default 100 ms. */
  marginMs?: number;
  /** Longest single hold; longer resets (a clock far off) are not waited for. Default 120 s. */
  maxWaitMs?: number;
  /** Told about each hold (for --debug). */
  onWait?: (category: string, ms: number) => void;
}

interface Category {
  state: RateLimitState | undefined;
  inFlight: number;
  /** Requests waiting for an answer of this category to know whether budget is left. */
  waiters: Array<() => void>;
}

/**
 * Per-category budget keeper. `acquire(category)` before sending, `release(category, headers)`
 * when the answer (or failure) came. A request is held while the category's last known
 * `remaining` minus the requests in flight is ≤ 0 and its window has not reset yet; it then
 * waits until the reset (+ margin). Before any answer the budget is unknown and nothing is held.
 */
export class Pacer {
  readonly #now: () => number;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #margin: number;
  readonly #maxWait: number;
  readonly #onWait: ((category: string, ms: number) => void) | undefined;
  readonly #categories = new Map<string, Category>();
  /** Requests held so far, and total ms held: for tests and --debug. */
  holds = 0;
  heldMs = 0;

  constructor(options: PacerOptions) {
    this.#now = options.now;
    this.#sleep = options.sleep;
    this.#margin = options.marginMs ?? 100;
    this.#maxWait = options.maxWaitMs ?? 120_000;
    this.#onWait = options.onWait;
  }

  #category(key: string): Category {
    let category = this.#categories.get(key);
    if (!category) {
      category = { state: undefined, inFlight: 0, waiters: [] };
      this.#categories.set(key, category);
    }
    return category;
  }

  /** The last known state of a category (undefined before any answer). */
  state(key: string): RateLimitState | undefined {
    return this.#categories.get(key)?.state;
  }

  /** Requests of a category sent and not answered yet. */
  inFlight(key: string): number {
    return this.#categories.get(key)?.inFlight ?? 0;
  }

  /**
   * How long a request of this category must wait now: 0 to go; the time to the window's reset
   * (+ margin) when the budget is spent; -1 when what is left is taken by requests in flight, whose
   * answers will tell (wait for one of them rather than for the reset).
   */
  delay(key: string): number {
    const category = this.#categories.get(key);
    const state = category?.state;
    if (!category || !state) return 0;
    const now = this.#now();
    if (now >= state.resetAt) return 0;
    if (state.remaining - category.inFlight > 0) return 0;
    if (state.remaining > 0 && category.inFlight > 0) return -1;
    return Math.min(this.#maxWait, state.resetAt - now + this.#margin);
  }

  /** Waits until a request of `key` may go, then counts it in flight. */
  async acquire(key: string, signal?: AbortSignal): Promise<void> {
    for (;;) {
      const wait = this.delay(key);
      if (wait === 0) break;
      if (wait < 0) {
        await this.#nextRelease(key, signal);
        continue;
      }
      this.holds++;
      this.heldMs += wait;
      this.#onWait?.(key, wait);
      await this.#sleep(wait, signal);
      // Loop: once the window is over delay() is 0; if an answer moved the reset, wait again.
    }
    this.#category(key).inFlight++;
  }

  #nextRelease(key: string, signal?: AbortSignal): Promise<void> {
    const category = this.#category(key);
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        category.waiters = category.waiters.filter((waiter) => waiter !== done);
        reject(signal?.reason);
      };
      const done = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      category.waiters.push(done);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** The request is over; `observed` (parsed headers of its answer) updates the category. */
  release(key: string, observed?: RateLimitState): void {
    const category = this.#category(key);
    category.inFlight = Math.max(0, category.inFlight - 1);
    if (observed) this.observe(key, observed);
    const waiters = category.waiters;
    category.waiters = [];
    for (const waiter of waiters) waiter();
  }

  /**
   * Records an answer's headers. Answers can arrive out of order: within one window the lowest
   * `remaining` wins; a later reset time starts a new window.
   */
  observe(key: string, observed: RateLimitState): void {
    const category = this.#category(key);
    const state = category.state;
    if (!state || observed.resetAt > state.resetAt + 500) {
      category.state = { ...observed };
    } else if (observed.resetAt >= state.resetAt - 500) {
      category.state = {
        limit: observed.limit,
        remaining: Math.min(state.remaining, observed.remaining),
        resetAt: Math.max(state.resetAt, observed.resetAt),
      };
    } // else: an answer from an older window, ignored
  }

  /** A 429: nothing more of this category until `untilMs` (epoch ms). */
  block(key: string, untilMs: number, limit?: number): void {
    const category = this.#category(key);
    category.state = { limit: limit ?? category.state?.limit ?? 0, remaining: 0, resetAt: untilMs };
  }
}
