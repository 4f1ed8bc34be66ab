import { z } from 'zod';
import { receivedNumberSchema } from './common.js';

export const cardTokenRequestSchema = z.object({
  number: z.string(),
  holder_name: z.string(),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
  cvv: z.string(),
});
export type CardTokenRequest = z.infer<typeof cardTokenRequestSchema>;

export const cardTokenSchema = z.looseObject({
  id: z.string(),
  brand: z.string().optional(),
  last4: z.string().optional(),
  exp_month: receivedNumberSchema.optional(),
  exp_year: receivedNumberSchema.optional(),
});
export type CardToken = z.infer<typeof cardTokenSchema>;
