// Seller lookup: GET /v1/sellers/search?email=.

import { apiFact, UsageError } from '../errors.js';
import { isJsonObject } from '../json.js';
import type { Seller } from '../schemas/account.js';
import type { CallOptions } from './charges.js';
import type { ApiRequester } from './requester.js';

export class SellersApi {
  readonly #client: ApiRequester;
  constructor(client: ApiRequester) {
    this.#client = client;
  }

  /**
   * The seller with this e-mail, or null when the gateway answers with no seller. A 404 answer is
   * thrown as NotFoundError (exit 3), as `seller find` wants.
   */
  async searchByEmail(email: string, options: CallOptions = {}): Promise<Seller | null> {
    const value = typeof email === 'string' ? email.trim() : '';
    if (value === '') throw new UsageError(apiFact('emailRequired'), { field: 'email' });
    // docs/gateway-api.md shows one seller in `data`; a list (or nothing) is tolerated.
    const data = await this.#client.request('GET', '/sellers/search', {
      query: { email: value },
      signal: options.signal,
    });
    const sellers = (Array.isArray(data) ? data : [data]).filter(isJsonObject) as Seller[];
    const sameEmail = (seller: Seller) =>
      typeof seller.email === 'string' && seller.email.toLowerCase() === value.toLowerCase();
    return sellers.find(sameEmail) ?? sellers[0] ?? null;
  }
}
