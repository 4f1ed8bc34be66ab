import { z } from 'zod';
import { receivedMoneySchema } from './common.js';

export { PAYOUT_STATUSES } from './statuses.js';

export const pixKeySchema = z.looseObject({ type: z.string(), value: z.string() });

export const payoutCreateRequestSchema = z.object({
  amount: z.number().int().positive(),
  description: z.string().max(255).optional(),
});
export type PayoutCreateRequest = z.input<typeof payoutCreateRequestSchema>;

export const payoutSchema = z.looseObject({
  id: z.string(),
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
