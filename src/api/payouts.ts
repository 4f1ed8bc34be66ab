// Payouts (Cash Out): POST/GET /v1/payouts. POST is never retried once sent (exit 9 instead):
// the payout journal (src/config/journal.ts) and `payout reconcile` settle such outcomes.

import type { Payout, PayoutCreateRequest } from '../schemas/payout.js';
import { ResourceCollection } from './collection.js';
import type { ApiRequester } from './requester.js';
import { RESOURCE_NEEDS } from './required-fields.js';
import type { QueryValue } from './url.js';

export interface PayoutListQuery {
  status?: string;
  since?: string;
  until?: string;
  limit?: number;
  page?: number;
  [name: string]: QueryValue;
}

export class PayoutsApi extends ResourceCollection<Payout, PayoutCreateRequest, PayoutListQuery> {
  constructor(client: ApiRequester) {
    super(client, '/payouts', RESOURCE_NEEDS, 'payout id');
  }
}
