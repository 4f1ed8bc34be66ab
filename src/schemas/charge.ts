import { z } from 'zod';
import type { Item as DomainItem } from '../domain/items.js';
import { CHARGE_STATUSES } from '../domain/status.js';
import { addressSchema } from './address.js';
import { receivedMoneySchema } from './common.js';
import { splitEntryRequestSchema, splitEntrySchema } from './split.js';

/** Known charge statuses (docs/gateway-api.md); responses may carry others and are shown as they are. */
export { CHARGE_STATUSES };
export type KnownChargeStatus = (typeof CHARGE_STATUSES)[number];

export const PIX_EXPIRES_IN_MIN = 60;
export const PIX_EXPIRES_IN_MAX = 86_400;
export const PIX_EXPIRES_IN_DEFAULT = 1_800;

export const customerSchema = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  document: z.string().optional(),
  phone: z.string().optional(),
  address: addressSchema.optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zipcode: z.string().optional(),
});
export type Customer = z.infer<typeof customerSchema>;

export const itemSchema = z.object({
  name: z.string().min(1),
  quantity: z.number().int().positive(),
  unit_price: z.number().int().min(0),
}) satisfies z.ZodType<DomainItem>;
export type Item = z.infer<typeof itemSchema>;

/** Request body of POST /v1/charges (structure; business rules are in src/domain). */
export const chargeCreateRequestSchema = z.object({
  amount: z.number().int().positive(),
  currency: z.string().optional(),
  payment_method: z.string(),
  customer: customerSchema.optional(),
  shipping: z.object({ address: addressSchema }).optional(),
  items: z.array(itemSchema).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  external_id: z.string().optional(),
  store_id: z.number().int().optional(),
  product_id: z.number().int().optional(),
  pix: z
    .object({
      expires_in: z.number().int().min(PIX_EXPIRES_IN_MIN).max(PIX_EXPIRES_IN_MAX).optional(),
      description: z.string().max(255).optional(),
    })
    .optional(),
  checkout: z
    .object({
      mode: z.literal('redirect'),
      success_url: z.string().optional(),
      cancel_url: z.string().optional(),
    })
    .optional(),
  callback_url: z.string().optional(),
  split: z.array(splitEntryRequestSchema).optional(),
});
export type ChargeCreateRequest = z.input<typeof chargeCreateRequestSchema>;
/** A request as its schema typed it (the sandbox keeps it on the charge). */
export type ValidChargeRequest = z.output<typeof chargeCreateRequestSchema>;

export const pixSchema = z.looseObject({
  txid: z.string(),
  emv: z.string(),
  qr_code_image_url: z.string().nullable().optional(),
  expires_at: z.string(),
});
export type Pix = z.infer<typeof pixSchema>;

/** A charge as the API returns it: unknown fields and statuses are kept. */
export const chargeSchema = z.looseObject({
  // The id as the gateway names and writes it (`id`, `correlationID`, `txid`, a number): read it
  // with resourceId(), which knows its names.
  id: z.union([z.string(), z.number()]).optional(),
  status: z.string(),
  amount: receivedMoneySchema,
  currency: z.string().optional(),
  payment_method: z.string().optional(),
  pix: pixSchema.optional(),
  split: z.array(splitEntrySchema).optional(),
  checkout_url: z.string().optional(),
  external_id: z.string().nullable().optional(),
  created_at: z.string().optional(),
});
export type Charge = z.infer<typeof chargeSchema>;
