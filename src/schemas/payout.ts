import { z } from 'zod';
import { receivedMoneySchema } from './common.js';

export { PAYOUT_STATUSES } from '../domain/status.js';

export const pixKeySchema = z.looseObject({ type: z.string(), value: z.string() });

export const payoutCreateRequestSchema = z.object({
  amount: z.number().int().positive(),
  description: z.string().max(255).optional(),
});
export type PayoutCreateRequest = z.input<typeof payoutCreateRequestSchema>;

export const payoutSchema = z.looseObject({
  // The id as the gateway names and writes it (`id`, `correlationID`, `txid`, a number): read it
  // with resourceId(), which knows its names.
  id: z.union([z.string(), z.number()]).optional(),
  status: z.string(),
  amount: receivedMoneySchema.optional(),
  description: z.string().nullable().optional(),
  pix_key: pixKeySchema.optional(),
  provider: z.string().nullable().optional(),
  failure_reason: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type Payout = z.infer<typeof payoutSchema>;
