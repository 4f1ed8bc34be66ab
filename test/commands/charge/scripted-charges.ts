// Charges as a scripted gateway (test/api/helpers.ts) answers them, for the run tests of the
// charge commands: one charge's data, and a handler answering GET /v1/charges/ID from a table.
import { fail, type Handler, json, ok } from '../../api/helpers.js';

export interface ScriptedCharge {
  id: string;
  status: string;
  amount: number;
  [field: string]: unknown;
}

export function scriptedCharge(fields: Partial<ScriptedCharge> = {}): ScriptedCharge {
  return {
    id: 'ci_a1b2c3d4e5f6',
    status: 'pending',
    amount: 1500,
    payment_method: 'pix',
    external_id: 'pedido-1',
    created_at: '2026-11-20T12:00:00Z',
    ...fields,
  };
}

/** Answers GET /v1/charges/ID with the charge of that id, else a 404. */
export function chargesById(charges: readonly ScriptedCharge[]): Handler {
  return (request, response) => {
    const id = decodeURIComponent(request.url.replace(/^\/v1\/charges\//, '').replace(/\?.*$/, ''));
    const charge = charges.find((candidate) => candidate.id === id);
    if (request.method === 'GET' && charge) return json(response, 200, ok(charge));
    return json(response, 404, fail('not_found', 'charge_not_found', `charge ${id} not found`));
  };
}
