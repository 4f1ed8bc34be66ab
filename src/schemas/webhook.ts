import { z } from 'zod';

export const webhookSchema = z.looseObject({
  id: z.string(),
  url: z.string(),
  enabled: z.boolean().optional(),
  created_at: z.string().optional(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookCreateRequestSchema = z.object({
  url: z.string().url(),
  enabled: z.boolean().optional(),
});
export type WebhookCreateRequest = z.infer<typeof webhookCreateRequestSchema>;

/** Per-charge callback payload (docs/gateway-api.md, "Notifications"). */
export const chargeCallbackPayloadSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  txid: z.string().optional(),
  external_id: z.string().nullable().optional(),
});

/** Split payment payload: keyed `charge_id`, each seller sees only its part. */
export const splitPaymentPayloadSchema = z.looseObject({
  charge_id: z.string(),
  status: z.string(),
  split: z.array(
    z.looseObject({
      seller_id: z.number().int(),
      amount: z.number().int(),
      percentage: z.number().nullable(),
    }),
  ),
});
