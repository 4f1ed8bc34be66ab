// Webhook management: GET/POST /v1/webhooks, PUT/DELETE /v1/webhooks/{id}, POST .../test.
// The gateway's reference says both that these exist and that they do not: a 404 on the collection means this
// gateway manages webhooks in its dashboard, and the error says so (exit 3).

import { apiFact } from '../errors.js';
import type { Webhook, WebhookCreateRequest } from '../schemas/webhook.js';
import type { CallOptions } from './charges.js';
import { NotFoundError } from './errors.js';
import { listPage } from './pagination.js';
import type { ApiRequester } from './requester.js';
import { ANY_OBJECT } from './required-fields.js';
import { pathId } from './url.js';

function noWebhooksApi(error: unknown): unknown {
  if (!(error instanceof NotFoundError)) return error;
  return new NotFoundError(
    // The flags to use instead are the commands' to say (webhook/manage.ts).
    apiFact('webhooksNotManaged'),
    {
      status: error.status,
      type: error.type,
      code: error.code ?? 'webhooks_not_supported',
      requestId: error.requestId,
      method: error.method,
      url: error.url,
    },
  );
}

export class WebhooksApi {
  readonly #client: ApiRequester;
  constructor(client: ApiRequester) {
    this.#client = client;
  }

  /** GET /v1/webhooks (one page of up to 100; sellers have a handful). */
  async list(options: CallOptions = {}): Promise<Webhook[]> {
    try {
      // Nothing is acted on but shown: any object will do (a gateway may call the id `uid`).
      const page = await listPage<Webhook>(this.#client, '/webhooks', {
        needs: ANY_OBJECT,
        signal: options.signal,
      });
      return page.items;
    } catch (error) {
      throw noWebhooksApi(error);
    }
  }

  /** POST /v1/webhooks. */
  async create(body: WebhookCreateRequest, options: CallOptions = {}): Promise<Webhook> {
    try {
      // A success envelope proves the webhook exists; an id under another name is no doubt of it.
      return await this.#client.request('POST', '/webhooks', {
        body,
        needs: ANY_OBJECT,
        signal: options.signal,
      });
    } catch (error) {
      throw noWebhooksApi(error);
    }
  }

  /** PUT /v1/webhooks/{id}: setting the same fields twice is harmless, so it is retried like a GET. */
  async update(
    id: string,
    body: Partial<WebhookCreateRequest>,
    options: CallOptions = {},
  ): Promise<Partial<Webhook>> {
    return this.#client.request('PUT', `/webhooks/${pathId(id, 'webhook id')}`, {
      body,
      needs: ANY_OBJECT,
      idempotent: true,
      signal: options.signal,
    });
  }

  /** DELETE /v1/webhooks/{id}. */
  async delete(id: string, options: CallOptions = {}): Promise<unknown> {
    return this.#client.request('DELETE', `/webhooks/${pathId(id, 'webhook id')}`, {
      signal: options.signal,
    });
  }

  /** POST /v1/webhooks/{id}/test: asks the gateway to send a test notification. */
  async test(id: string, options: CallOptions = {}): Promise<unknown> {
    return this.#client.request('POST', `/webhooks/${pathId(id, 'webhook id')}/test`, {
      body: {},
      signal: options.signal,
    });
  }
}
