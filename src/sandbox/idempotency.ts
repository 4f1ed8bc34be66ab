// `Idempotency-Key` on any POST, per seller, kept 24 hours by the sandbox clock: the same key with
// the same request answers the first answer again (`Idempotent-Replayed: true`) and makes
// nothing new; the same key with another request is refused (422 idempotency_key_reused); while
// the first request with a key has not been answered yet, another gets 409
// idempotency_key_in_use. Only the endpoint's own answers are kept: a request refused before it
// (authentication, rate limit, invalid JSON, an injected fault `before`) leaves the key unused, and
// so does a 5xx of the endpoint, so that a retry is processed.
import { SandboxError } from './errors.js';
import type { Result } from './route-shapes.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** How many kept keys between two sweeps of the expired ones. */
const SWEEP_EVERY = 1000;

/** An answer as it was sent: status, body text and its own headers. */
export interface KeptAnswer {
  status: number;
  text: string;
  extra?: Record<string, string>;
}

interface Kept {
  /** Method, path and body of the first request: what a reuse must repeat exactly. */
  request: string;
  expiresAt: number;
  /** Undefined while the first request is still being answered. */
  answer?: KeptAnswer;
}

/** What the pipeline does with a POST carrying a key. */
export type IdempotencyDecision =
  | { kind: 'replay'; answer: KeptAnswer }
  | { kind: 'first'; complete(answer: KeptAnswer): void };

export class IdempotencyKeys {
  readonly #kept = new Map<string, Kept>();
  #insertsSinceSweep = 0;

  /**
   * The decision for a POST of `sellerId` with `key`; throws the 4xx SandboxError of a key that
   * is malformed, in use or reused with another request.
   */
  begin(sellerId: number, key: string, request: string, now: number): IdempotencyDecision {
    if (key === '' || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new SandboxError(
        400,
        'invalid_request_error',
        'invalid_idempotency_key',
        `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
      );
    }
    const name = `${sellerId}\n${key}`;
    const kept = this.#kept.get(name);
    if (kept && kept.expiresAt > now) {
      if (kept.answer === undefined) {
        throw new SandboxError(
          409,
          'invalid_request_error',
          'idempotency_key_in_use',
          'A request with this Idempotency-Key is still being processed; retry once it has been answered',
        );
      }
      if (kept.request !== request) {
        throw new SandboxError(
          422,
          'invalid_request_error',
          'idempotency_key_reused',
          'This Idempotency-Key was used with another request (method, path or body); use a new key for a new request',
        );
      }
      return { kind: 'replay', answer: kept.answer };
    }
    const entry: Kept = { request, expiresAt: now + IDEMPOTENCY_TTL_MS };
    this.#kept.set(name, entry);
    this.#sweep(now);
    return {
      kind: 'first',
      complete: (answer) => {
        if (this.#kept.get(name) !== entry) return; // cleared meanwhile (reset)
        if (answer.status >= 500) this.#kept.delete(name);
        else entry.answer = answer;
      },
    };
  }

  clear(): void {
    this.#kept.clear();
  }

  #sweep(now: number): void {
    if (++this.#insertsSinceSweep < SWEEP_EVERY) return;
    this.#insertsSinceSweep = 0;
    for (const [name, kept] of this.#kept) if (kept.expiresAt <= now) this.#kept.delete(name);
  }
}

/** What identifies a request for its key: method, path under /v1 and the body. */
export function requestIdentity(method: string, apiPath: string, body: unknown): string {
  return `${method} ${apiPath}\n${JSON.stringify(body ?? null)}`;
}

/** The text of a route's result, as it is sent. */
export function resultText(result: Result): string {
  return result.json ?? JSON.stringify(result.body);
}
