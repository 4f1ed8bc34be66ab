// Payouts (Cash Out): POST/GET /v1/payouts. POST is never retried once sent (exit 9 instead):
// the payout journal (src/config/journal.ts) and `payout reconcile` settle such outcomes.

import { type Payout, type PayoutCreateRequest, payoutSchema } from '../schemas/payout.js';
import type { CallOptions } from './charges.js';
import type { Client } from './client.js';
import {
  type ListAllSummary,
  listAll,
  listPage,
  type Page,
  type ResourceListAllOptions,
} from './pagination.js';
import { pathId, type QueryValue } from './url.js';

export interface PayoutListQuery {
  status?: string;
  since?: string;
  until?: string;
  limit?: number;
  page?: number;
  [name: string]: QueryValue;
}

export class PayoutsApi {
  readonly #client: Client;
  constructor(client: Client) {
    this.#client = client;
  }

  /** POST /v1/payouts. */
  async create(body: PayoutCreateRequest, options: CallOptions = {}): Promise<Payout> {
    return this.#client.request('POST', '/payouts', { body, schema: payoutSchema, signal: options.signal });
  }

  /** GET /v1/payouts/{id}. */
  async get(id: string, options: CallOptions = {}): Promise<Payout> {
    return this.#client.request('GET', `/payouts/${pathId(id, 'payout id')}`, {
      schema: payoutSchema,
      signal: options.signal,
    });
  }

  /** One page of GET /v1/payouts. */
  async list(query: PayoutListQuery = {}, options: CallOptions = {}): Promise<Page<Payout>> {
    return listPage(this.#client, '/payouts', { query, schema: payoutSchema, signal: options.signal });
  }

  /** Every payout matching `query`, streamed page by page. */
  listAll(
    query: PayoutListQuery = {},
    options: ResourceListAllOptions<Payout> = {},
  ): AsyncGenerator<Payout, ListAllSummary, undefined> {
    return listAll(this.#client, '/payouts', { query, schema: payoutSchema, ...options });
  }
}
