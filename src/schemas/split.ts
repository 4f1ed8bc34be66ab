import { z } from 'zod';
import { receivedMoneySchema, receivedNumberSchema } from './common.js';

/** One `split[]` entry of a charge request. Cross-entry rules live in src/domain/split.ts. */
export const splitEntryRequestSchema = z.object({
  seller_id: z.number().int().positive(),
  percentage: z.number().min(0).max(100).optional(),
  amount: z.number().int().optional(),
  description: z.string().max(255).optional(),
});
export type SplitEntryRequest = z.infer<typeof splitEntryRequestSchema>;

export const splitEntrySchema = z.looseObject({
  seller_id: receivedNumberSchema,
  seller_name: z.string().optional(),
  amount: receivedMoneySchema,
  percentage: receivedNumberSchema.nullable().optional(),
  description: z.string().nullable().optional(),
});
export type SplitEntry = z.infer<typeof splitEntrySchema>;
