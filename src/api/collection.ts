// What charges and payouts share: create, get, one page, every page. Each resource names its
// path, needs and id label; the charge adds refund and cancel.

import { unwrapResource } from '../domain/resource-fields.js';
import {
  type ListAllSummary,
  listAll,
  listPage,
  type Page,
  type ResourceListAllOptions,
} from './pagination.js';
import type { ApiRequester, BeforeRetry } from './requester.js';
import { CREATED_NEEDS, type Needs } from './required-fields.js';
import { pathId, type QueryValue } from './url.js';

export interface CallOptions {
  signal?: AbortSignal;
}

export interface CreateOptions extends CallOptions {
  /** Extra headers, sent on every try (the idempotency keys of a keyed create). */
  headers?: Record<string, string>;
  /** A keyed create's look for what its key made, before it is sent again after a 429. */
  beforeRetry?: BeforeRetry;
  /** Filled with whether the gateway replayed an earlier answer to the same key (RequestOptions). */
  answer?: { replayed: boolean };
}

export class ResourceCollection<Item, CreateRequest, ListQuery extends Record<string, QueryValue>> {
  protected readonly client: ApiRequester;
  readonly #path: string;
  readonly #needs: Needs;
  readonly #idLabel: string;

  constructor(client: ApiRequester, path: string, needs: Needs, idLabel: string) {
    this.client = client;
    this.#path = path;
    this.#needs = needs;
    this.#idLabel = idLabel;
  }

  /** `/charges/ci_…`, the id checked and encoded. */
  protected itemPath(id: string): string {
    return `${this.#path}/${pathId(id, this.#idLabel)}`;
  }

  /**
   * POST. Never retried once sent: a lost answer is OutcomeUnknownError (exit 9); an answer with a
   * usable id is the resource made. A resource wrapped in one member (`{charge: {...}}`) is
   * returned unwrapped (receivedData() gives the answer back for --json), as by get().
   */
  async create(body: CreateRequest, options: CreateOptions = {}): Promise<Item> {
    const data = await this.client.request('POST', this.#path, {
      body,
      needs: CREATED_NEEDS,
      signal: options.signal,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.beforeRetry ? { beforeRetry: options.beforeRetry } : {}),
      ...(options.answer ? { answer: options.answer } : {}),
    });
    return unwrapResource(data) as Item;
  }

  /** GET of one item. */
  async get(id: string, options: CallOptions = {}): Promise<Item> {
    const data = await this.client.request('GET', this.itemPath(id), {
      needs: this.#needs,
      signal: options.signal,
    });
    return unwrapResource(data) as Item;
  }

  /** One page of the list. */
  async list(query = {} as ListQuery, options: CallOptions = {}): Promise<Page<Item>> {
    return listPage(this.client, this.#path, { query, needs: this.#needs, signal: options.signal });
  }

  /** Every item matching `query`, streamed page by page. */
  listAll(
    query = {} as ListQuery,
    options: ResourceListAllOptions<Item> = {},
  ): AsyncGenerator<Item, ListAllSummary, undefined> {
    return listAll(this.client, this.#path, { query, needs: this.#needs, ...options });
  }
}
