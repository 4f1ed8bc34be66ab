import { z } from 'zod';
import { WrittenNumber } from '../json.js';

/** Integer centavos. Never a float anywhere in the program. */
export const centavosSchema = z.number().int();

/**
 * A number in an answer: a plain number, or one whose written text is kept (`150.00`, `1e3`: see
 * WrittenNumber), which is never centavos and never computed with as money.
 */
export const receivedNumberSchema = z.union([z.number(), z.instanceof(WrittenNumber)]);

/** A money field of an answer: integer centavos, or what came instead (shown as received). */
export const receivedMoneySchema = z.union([centavosSchema, z.instanceof(WrittenNumber), z.string()]);

/** The failure envelope (docs/gateway-api.md, "Envelope and errors"). */
export const apiErrorBodySchema = z.looseObject({
  type: z.string(),
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export const failureEnvelopeSchema = z.looseObject({
  success: z.literal(false),
  error: apiErrorBodySchema,
});

export const successEnvelopeSchema = z.looseObject({
  success: z.literal(true),
  data: z.unknown(),
});

/** List pagination as the sandbox returns it; the client tolerates other shapes (src/api/pagination.ts). */
export const paginationSchema = z.looseObject({
  page: z.number().int().optional(),
  limit: z.number().int().optional(),
  total: z.number().int().optional(),
  has_more: z.boolean().optional(),
  next_page: z.union([z.number().int(), z.null()]).optional(),
  next_cursor: z.union([z.string(), z.null()]).optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;
