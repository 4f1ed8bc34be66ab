import { z } from 'zod';

/** Integer centavos. Never a float anywhere in the program. */
export const centavosSchema = z.number().int();

/** Failure envelope of SPEC.md "Errors". */
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
