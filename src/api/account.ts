// Account and balance: GET /v1/account, GET /v1/balance.

import { type Account, accountSchema, type Balance, balanceSchema } from '../schemas/account.js';
import type { CallOptions } from './charges.js';
import type { Client } from './client.js';

export class AccountApi {
  readonly #client: Client;
  constructor(client: Client) {
    this.#client = client;
  }

  /** GET /v1/account (also how `paygate login` verifies a key). */
  async getAccount(options: CallOptions = {}): Promise<Account> {
    return this.#client.request('GET', '/account', { schema: accountSchema, signal: options.signal });
  }

  /** GET /v1/balance: available, pending, reserved (centavos). */
  async getBalance(options: CallOptions = {}): Promise<Balance> {
    return this.#client.request('GET', '/balance', { schema: balanceSchema, signal: options.signal });
  }
}
