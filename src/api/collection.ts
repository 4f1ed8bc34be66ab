// What charges and payouts share: create, get, one page, every page. Each resource names its
// path, schema and id label; the charge adds refund and cancel.

import type { z } from 'zod';
import type { Client } from './client.js';
import {
  type ListAllSummary,
  listAll,
  listPage,
  type Page,
  type ResourceListAllOptions,
} from './pagination.js';
import { pathId, type QueryValue } from './url.js';

export interface CallOptions {
  signal?: AbortSignal;
}

export class ResourceCollection<
  Schema extends z.ZodType,
  CreateRequest,
  ListQuery extends Record<string, QueryValue>,
> {
  protected readonly client: Client;
  readonly #path: string;
  readonly #schema: Schema;
  readonly #idLabel: string;

  constructor(client: Client, path: string, schema: Schema, idLabel: string) {
    this.client = client;
    this.#path = path;
    this.#schema = schema;
    this.#idLabel = idLabel;
  }

  /** `/charges/ci_…`, the id checked and encoded. */
  protected itemPath(id: string): string {
    return `${this.#path}/${pathId(id, this.#idLabel)}`;
  }

  /** POST. Never retried once sent: a lost answer is OutcomeUnknownError (exit 9). */
  async create(body: CreateRequest, options: CallOptions = {}): Promise<z.output<Schema>> {
    return this.client.request('POST', this.#path, { body, schema: this.#schema, signal: options.signal });
  }

  /** GET of one item. */
  async get(id: string, options: CallOptions = {}): Promise<z.output<Schema>> {
    return this.client.request('GET', this.itemPath(id), { schema: this.#schema, signal: options.signal });
  }

  /** One page of the list. */
  async list(query = {} as ListQuery, options: CallOptions = {}): Promise<Page<z.output<Schema>>> {
    return listPage(this.client, this.#path, { query, schema: this.#schema, signal: options.signal });
  }

  /** Every item matching `query`, streamed page by page. */
  listAll(
    query = {} as ListQuery,
    options: ResourceListAllOptions<z.output<Schema>> = {},
  ): AsyncGenerator<z.output<Schema>, ListAllSummary, undefined> {
    return listAll(this.client, this.#path, { query, schema: this.#schema, ...options });
  }
}
