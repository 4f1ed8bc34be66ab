// Card and boleto parts of a charge. The gateway's reference names both methods and shows no fields:
// the request shapes follow what most Brazilian gateways share; responses are loose objects
// because another gateway may send more, or name things differently (docs/gateway-api.md). Business rules
// (billing address, payer document, due date) are in src/domain/card-boleto.ts.
import { z } from 'zod';

export const INSTALLMENTS_MIN = 1;
export const INSTALLMENTS_MAX = 12;
export const STATEMENT_DESCRIPTOR_MAX_LENGTH = 13;
export const BOLETO_INSTRUCTIONS_MAX_LENGTH = 255;
/** Percent values (fine, interest per month) with at most two decimals. */
const percentSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, 'at most two decimals');
const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

/** `card` of POST /v1/charges with payment_method "card". */
export const cardRequestSchema = z.object({
  token: z.string().min(1),
  installments: z.number().int().min(INSTALLMENTS_MIN).max(INSTALLMENTS_MAX).default(1),
  /** true: captured at once (`--capture auto`); false: authorised only, captured later. */
  capture: z.boolean().default(true),
  statement_descriptor: z.string().min(1).max(STATEMENT_DESCRIPTOR_MAX_LENGTH).optional(),
});
export type CardRequest = z.input<typeof cardRequestSchema>;

/** `boleto` of POST /v1/charges with payment_method "boleto". */
export const boletoRequestSchema = z.object({
  due_date: isoDateSchema,
  /** Percent of the amount charged once after the due date. */
  fine: percentSchema.optional(),
  /** Percent per month after the due date. */
  interest: percentSchema.optional(),
  /** Centavos off when paid by discount_until (or the due date). */
  discount: z.number().int().positive().optional(),
  discount_until: isoDateSchema.optional(),
  instructions: z.string().max(BOLETO_INSTRUCTIONS_MAX_LENGTH).optional(),
});
export type BoletoRequest = z.input<typeof boletoRequestSchema>;

/** Charge status of a card authorised and not yet captured: not final (watch keeps polling). */
export const AUTHORIZED_STATUS = 'authorized';

/** `card` of a charge as the API returns it. */
export const cardChargeSchema = z.looseObject({
  brand: z.string().nullable().optional(),
  last4: z.string().nullable().optional(),
  installments: z.number().int().nullable().optional(),
  captured: z.boolean().nullable().optional(),
  authorization_code: z.string().nullable().optional(),
  /** Centavos captured so far (the sandbox sends it; others may not). */
  captured_amount: z.number().int().nullable().optional(),
  /** Until when an authorised charge can be captured. */
  capture_before: z.string().nullable().optional(),
});
export type CardCharge = z.infer<typeof cardChargeSchema>;

/** `boleto` of a charge as the API returns it. */
export const boletoChargeSchema = z.looseObject({
  line: z.string().nullable().optional(),
  barcode: z.string().nullable().optional(),
  pdf_url: z.string().nullable().optional(),
  due_date: z.string().nullable().optional(),
});
export type BoletoCharge = z.infer<typeof boletoChargeSchema>;

/** Body of POST /v1/charges/{id}/capture: no amount captures the whole authorised amount. */
export const captureRequestSchema = z.object({ amount: z.number().int().positive().optional() });
export type CaptureRequest = z.infer<typeof captureRequestSchema>;
