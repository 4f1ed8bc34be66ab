// Charges (Cash In): POST/GET /v1/charges, refund and cancel. Thin typed wrappers over the client.

import type { z } from 'zod';
import { type Charge, type ChargeCreateRequest, chargeSchema } from '../schemas/charge.js';
import type { Client } from './client.js';
import {
  type ListAllSummary,
  listAll,
  listPage,
  type Page,
  type ResourceListAllOptions,
} from './pagination.js';
import { pathId, type QueryValue } from './url.js';

/** Filters of GET /v1/charges (the gateway's names are not documented; these are the sandbox's). */
export interface ChargeListQuery {
  status?: string;
  since?: string;
  until?: string;
  limit?: number;
  page?: number;
  external_id?: string;
  txid?: string;
  [name: string]: QueryValue;
}

/** Refund and cancel answers are not documented: the charge's fields when present, nothing required. */
const chargeUpdateSchema = chargeSchema.partial();
export type ChargeUpdate = z.output<typeof chargeUpdateSchema>;

export interface CallOptions {
  signal?: AbortSignal;
}

export class ChargesApi {
  readonly #client: Client;
  constructor(client: Client) {
    this.#client = client;
  }

  /** POST /v1/charges. Never retried once sent: a lost answer is OutcomeUnknownError (exit 9). */
  async create(body: ChargeCreateRequest, options: CallOptions = {}): Promise<Charge> {
    return this.#client.request('POST', '/charges', { body, schema: chargeSchema, signal: options.signal });
  }

  /** GET /v1/charges/{id}. */
  async get(id: string, options: CallOptions = {}): Promise<Charge> {
    return this.#client.request('GET', `/charges/${pathId(id, 'charge id')}`, {
      schema: chargeSchema,
      signal: options.signal,
    });
  }

  /** One page of GET /v1/charges. */
  async list(query: ChargeListQuery = {}, options: CallOptions = {}): Promise<Page<Charge>> {
    return listPage(this.#client, '/charges', { query, schema: chargeSchema, signal: options.signal });
  }

  /** Every charge matching `query`, streamed page by page. */
  listAll(
    query: ChargeListQuery = {},
    options: ResourceListAllOptions<Charge> = {},
  ): AsyncGenerator<Charge, ListAllSummary, undefined> {
    return listAll(this.#client, '/charges', { query, schema: chargeSchema, ...options });
  }

  /** POST /v1/charges/{id}/refund (body not documented: passed as given). Not retried once sent. */
  async refund(id: string, body?: Record<string, unknown>, options: CallOptions = {}): Promise<ChargeUpdate> {
    return this.#client.request('POST', `/charges/${pathId(id, 'charge id')}/refund`, {
      body: body ?? {},
      schema: chargeUpdateSchema,
      signal: options.signal,
    });
  }

  /** POST /v1/charges/{id}/cancel. Not retried once sent. */
  async cancel(id: string, options: CallOptions = {}): Promise<ChargeUpdate> {
    return this.#client.request('POST', `/charges/${pathId(id, 'charge id')}/cancel`, {
      body: {},
      schema: chargeUpdateSchema,
      signal: options.signal,
    });
  }
}
