// Card tokenization: POST /v1/tokens/card, authenticated with the PUBLIC key. The card number and
// CVV are redacted from --debug traces (redact.ts) and never kept.

import type { CardToken, CardTokenRequest } from '../schemas/token.js';
import type { CallOptions } from './charges.js';
import type { ApiRequester } from './requester.js';
import { ID_NEEDS } from './required-fields.js';

export class TokensApi {
  readonly #client: ApiRequester;
  constructor(client: ApiRequester) {
    this.#client = client;
  }

  /** POST /v1/tokens/card with the public key. */
  async createCardToken(body: CardTokenRequest, options: CallOptions = {}): Promise<CardToken> {
    return this.#client.request('POST', '/tokens/card', {
      body,
      needs: ID_NEEDS,
      auth: 'public',
      signal: options.signal,
    });
  }
}
