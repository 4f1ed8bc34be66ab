import { z } from 'zod';
import { receivedMoneySchema, receivedNumberSchema } from './common.js';
import { pixKeySchema } from './payout.js';

export const accountSchema = z.looseObject({
  seller_id: receivedNumberSchema.optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  document: z.string().optional(),
  person_type: z.string().optional(),
  status: z.string().optional(),
  compliance_status: z.string().optional(),
  pix_key: pixKeySchema.optional(),
  default_store_id: receivedNumberSchema.optional(),
});
export type Account = z.infer<typeof accountSchema>;

export const balanceSchema = z.looseObject({
  available: receivedMoneySchema,
  pending: receivedMoneySchema.optional(),
  reserved: receivedMoneySchema.optional(),
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
