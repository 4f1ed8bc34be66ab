// Charges (Cash In): POST/GET /v1/charges, refund and cancel. Thin typed wrappers over the client.

import { unwrapResource } from '../domain/resource-fields.js';
import type { Charge, ChargeCreateRequest } from '../schemas/charge.js';
import { type CallOptions, ResourceCollection } from './collection.js';
import type { ApiRequester } from './requester.js';
import { ANY_OBJECT, RESOURCE_NEEDS } from './required-fields.js';
import type { QueryValue } from './url.js';

export type { CallOptions };

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
export type ChargeUpdate = Partial<Charge>;

/** POST/GET /v1/charges and the list; refund and cancel below. */
export class ChargesApi extends ResourceCollection<Charge, ChargeCreateRequest, ChargeListQuery> {
  constructor(client: ApiRequester) {
    super(client, '/charges', RESOURCE_NEEDS, 'charge id');
  }

  /** POST /v1/charges/{id}/refund (body not documented: passed as given). Not retried once sent. */
  async refund(id: string, body?: Record<string, unknown>, options: CallOptions = {}): Promise<ChargeUpdate> {
    const data = await this.client.request('POST', `${this.itemPath(id)}/refund`, {
      body: body ?? {},
      needs: ANY_OBJECT,
      signal: options.signal,
    });
    return unwrapResource(data) as ChargeUpdate;
  }

  /** POST /v1/charges/{id}/capture `{amount?}` (card). Not retried once sent. */
  async capture(id: string, body: { amount?: number }, options: CallOptions = {}): Promise<ChargeUpdate> {
    const data = await this.client.request('POST', `${this.itemPath(id)}/capture`, {
      body,
      needs: ANY_OBJECT,
      signal: options.signal,
    });
    return unwrapResource(data) as ChargeUpdate;
  }

  /** POST /v1/charges/{id}/cancel. Not retried once sent. */
  async cancel(id: string, options: CallOptions = {}): Promise<ChargeUpdate> {
    const data = await this.client.request('POST', `${this.itemPath(id)}/cancel`, {
      body: {},
      needs: ANY_OBJECT,
      signal: options.signal,
    });
    return unwrapResource(data) as ChargeUpdate;
  }
}
