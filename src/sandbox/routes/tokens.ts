// POST /v1/tokens/card (public key). The card is checked with the same rules as the CLI
// (src/domain/card.ts: digits, Luhn, expiry on the sandbox clock, CVV) and its number dropped:
// only brand, last4 and expiry are kept. Recorded requests carry it redacted (server.ts).
import { cardBrand, validateCard } from '../../domain/card.js';
import { cardTokenRequestSchema } from '../../schemas/token.js';
import { invalidRequest } from '../errors.js';
import type { TokenRecord } from '../records.js';
import { ok, type RouteDef, requireObject } from '../route-shapes.js';
import { parseWith, TOKEN_CODES } from '../validate.js';

const PROBLEM_CODES = {
  number: 'invalid_card_number',
  exp_month: 'invalid_expiry_month',
  exp_year: 'invalid_expiry_year',
  cvv: 'invalid_cvv',
} as const;

export const tokenRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/tokens/card',
    auth: 'public',
    handler: ({ gateway, seller, body }) => {
      const req = parseWith(cardTokenRequestSchema, requireObject(body), TOKEN_CODES);
      if (req.holder_name.trim() === '') {
        throw invalidRequest('invalid_holder_name', 'holder_name must not be empty', 'holder_name');
      }
      const problem = validateCard(req, new Date(gateway.now()))[0];
      if (problem) {
        const code = /expired/.test(problem.message) ? 'card_expired' : PROBLEM_CODES[problem.field];
        throw invalidRequest(code, problem.message, problem.field);
      }
      const digits = req.number.replace(/[\s-]/g, '');
      const token: TokenRecord = {
        id: gateway.newId('tok_', gateway.state.tokens, 24),
        seller_id: seller.seller_id,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        exp_month: req.exp_month,
        exp_year: req.exp_year < 100 ? 2000 + req.exp_year : req.exp_year,
        holder_name: req.holder_name.trim(),
        created_at: gateway.iso(),
      };
      gateway.state.tokens.set(token.id, token);
      gateway.dirty = true;
      return ok(
        {
          id: token.id,
          brand: token.brand,
          last4: token.last4,
          exp_month: token.exp_month,
          exp_year: token.exp_year,
        },
        201,
      );
    },
  },
];
