// Account and balance: GET /v1/account, GET /v1/balance.

import type { Account, Balance } from '../schemas/account.js';
import type { CallOptions } from './charges.js';
import type { Client } from './client.js';
import { ANY_OBJECT } from './needs.js';

export class AccountApi {
  readonly #client: Client;
  constructor(client: Client) {
    this.#client = client;
  }

  /** GET /v1/account (also how `paygate login` verifies a key). */
  async getAccount(options: CallOptions = {}): Promise<Account> {
    return this.#client.request('GET', '/account', { needs: ANY_OBJECT, signal: options.signal });
  }

  /** GET /v1/balance: available, pending, reserved (centavos). */
  async getBalance(options: CallOptions = {}): Promise<Balance> {
    return this.#client.request('GET', '/balance', { needs: ANY_OBJECT, signal: options.signal });
  }
}
