import { z } from 'zod';
import { pixKeySchema } from './payout.js';

export const accountSchema = z.looseObject({
  seller_id: z.number().int().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  document: z.string().optional(),
  person_type: z.string().optional(),
  status: z.string().optional(),
  compliance_status: z.string().optional(),
  pix_key: pixKeySchema.optional(),
  default_store_id: z.number().int().optional(),
});
export type Account = z.infer<typeof accountSchema>;

export const balanceSchema = z.looseObject({
  available: z.number().int(),
  pending: z.number().int().optional(),
  reserved: z.number().int().optional(),
  currency: z.string().optional(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const sellerSchema = z.looseObject({
  seller_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  compliance_status: z.string(),
  pix_enabled: z.boolean().optional(),
});
export type Seller = z.infer<typeof sellerSchema>;
