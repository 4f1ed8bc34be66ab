// Payouts (Cash Out): POST/GET /v1/payouts. POST is never retried once sent (exit 9 instead):
// the payout journal (src/config/journal.ts) and `payout reconcile` settle such outcomes.

import type { Payout, PayoutCreateRequest } from '../schemas/payout.js';
import type { Client } from './client.js';
import { ResourceCollection } from './collection.js';
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
  constructor(client: Client) {
    super(client, '/payouts', RESOURCE_NEEDS, 'payout id');
  }
}
