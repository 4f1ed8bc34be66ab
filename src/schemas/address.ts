import { z } from 'zod';
import type { Address as DomainAddress } from '../domain/address.js';

/** An address of a charge request (customer.address, shipping.address; docs/gateway-api.md). */
export const addressSchema = z.object({
  street: z.string().min(1, 'street is required when an address is given'),
  number: z.string().optional(),
  complement: z.string().optional(),
  neighborhood: z.string().optional(),
  city: z.string().min(1, 'city is required when an address is given'),
  state: z.string().regex(/^[A-Za-z]{2}$/, 'state must be 2 letters (UF)'),
  zipcode: z.string().regex(/^\d{8}$/, 'zipcode must be 8 digits (CEP)'),
  country: z.string().optional(),
}) satisfies z.ZodType<DomainAddress>;
export type Address = z.infer<typeof addressSchema>;
