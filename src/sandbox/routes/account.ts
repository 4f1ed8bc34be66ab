// GET /v1/account, GET /v1/balance, GET /v1/sellers/search?email=
import { invalidRequest, notFound } from '../errors.js';
import type { SellerRecord } from '../records.js';
import { ok, type RouteDef } from '../route-shapes.js';

export function accountView(seller: SellerRecord): Record<string, unknown> {
  return {
    seller_id: seller.seller_id,
    name: seller.name,
    email: seller.email,
    document: seller.document,
    person_type: seller.person_type,
    status: seller.status,
    compliance_status: seller.compliance_status,
    pix_enabled: seller.pix_enabled,
    pix_key: { type: seller.pix_key.type, value: seller.pix_key.value },
    default_store_id: seller.default_store_id,
  };
}

export function sellerLookupView(seller: SellerRecord): Record<string, unknown> {
  return {
    seller_id: seller.seller_id,
    name: seller.name,
    email: seller.email,
    status: seller.status,
    compliance_status: seller.compliance_status,
    pix_enabled: seller.pix_enabled,
    person_type: seller.person_type,
  };
}

export const accountRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/account',
    auth: 'secret',
    handler: ({ seller }) => ok(accountView(seller)),
  },
  {
    method: 'GET',
    path: '/v1/balance',
    auth: 'secret',
    handler: ({ gateway, seller }) => ok(gateway.balanceOf(seller.seller_id)),
  },
  {
    method: 'GET',
    path: '/v1/sellers/search',
    auth: 'secret',
    handler: ({ gateway, query }) => {
      const email = query.get('email');
      if (email === null || email.trim() === '') {
        throw invalidRequest(
          'missing_query_parameter',
          'email is required: /v1/sellers/search?email=…',
          'email',
        );
      }
      const found = gateway.state.findSellerByEmail(email);
      if (!found) throw notFound('seller_not_found', `No seller with e-mail ${email.trim()}`);
      return ok(sellerLookupView(found));
    },
  },
];
