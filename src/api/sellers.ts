// Seller lookup: GET /v1/sellers/search?email=.

import { z } from 'zod';
import { UsageError } from '../errors.js';
import { type Seller, sellerSchema } from '../schemas/account.js';
import type { CallOptions } from './charges.js';
import type { Client } from './client.js';

/** SPEC shows one seller in `data`; a list (or nothing) is tolerated. */
const searchSchema = z.union([sellerSchema, z.array(sellerSchema), z.null(), z.undefined()]);

export class SellersApi {
  readonly #client: Client;
  constructor(client: Client) {
    this.#client = client;
  }

  /**
   * The seller with this e-mail, or null when the gateway answers with no seller. A 404 answer is
   * thrown as NotFoundError (exit 3), as `seller find` wants.
   */
  async searchByEmail(email: string, options: CallOptions = {}): Promise<Seller | null> {
    const value = typeof email === 'string' ? email.trim() : '';
    if (value === '') throw new UsageError('an e-mail address is required', { field: 'email' });
    const data = await this.#client.request('GET', '/sellers/search', {
      query: { email: value },
      schema: searchSchema,
      signal: options.signal,
    });
    if (Array.isArray(data)) {
      return data.find((seller) => seller.email.toLowerCase() === value.toLowerCase()) ?? data[0] ?? null;
    }
    return data ?? null;
  }
}
