// Webhook management: GET/POST /v1/webhooks, PUT/DELETE /v1/webhooks/:id, POST /v1/webhooks/:id/test.
// Served only when the `webhooksApi` option is on (default); otherwise these routes do not exist.
import { z } from 'zod';
import { webhookCreateRequestSchema } from '../../schemas/webhook.js';
import { invalidRequest, notFound } from '../errors.js';
import type { WebhookRecord } from '../records.js';
import { ok, type RouteContext, type RouteDef, requireObject } from '../route-shapes.js';
import { parseWith, WEBHOOK_CODES } from '../validate.js';
import { webhookView } from '../views.js';

const webhookUpdateSchema = z.object({
  url: z.string().url().optional(),
  enabled: z.boolean().optional(),
});

function httpUrl(url: string): string {
  if (!/^https?:\/\//i.test(url))
    throw invalidRequest('invalid_url', 'url must be an http or https URL', 'url');
  return url;
}

function own({ gateway, seller, params }: RouteContext): WebhookRecord {
  const w = gateway.state.webhooks.get(params[0]!);
  if (!w || w.seller_id !== seller.seller_id) throw notFound('webhook_not_found', `No webhook ${params[0]}`);
  return w;
}

export const webhookRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/webhooks',
    auth: 'secret',
    handler: ({ gateway, seller }) =>
      ok(gateway.state.webhooksOf(seller.seller_id).map((w) => webhookView(w))),
  },
  {
    method: 'POST',
    path: '/v1/webhooks',
    auth: 'secret',
    handler: ({ gateway, seller, body }) => {
      const req = parseWith(webhookCreateRequestSchema, requireObject(body), WEBHOOK_CODES);
      const w = gateway.addWebhook(seller.seller_id, httpUrl(req.url), req.enabled ?? true);
      return ok(webhookView(w), 201);
    },
  },
  {
    method: 'PUT',
    path: '/v1/webhooks/:id',
    auth: 'secret',
    handler: (context) => {
      const w = own(context);
      const req = parseWith(webhookUpdateSchema, requireObject(context.body), WEBHOOK_CODES);
      if (req.url !== undefined) w.url = httpUrl(req.url);
      if (req.enabled !== undefined) w.enabled = req.enabled;
      w.updated_at = context.gateway.iso();
      context.gateway.dirty = true;
      return ok(webhookView(w));
    },
  },
  {
    method: 'DELETE',
    path: '/v1/webhooks/:id',
    auth: 'secret',
    handler: (context) => {
      const w = own(context);
      context.gateway.state.webhooks.delete(w.id);
      context.gateway.dirty = true;
      return ok({ id: w.id, deleted: true });
    },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/:id/test',
    auth: 'secret',
    handler: async (context) => {
      const w = own(context);
      const payload = {
        event: 'webhook.test',
        webhook_id: w.id,
        seller_id: w.seller_id,
        sent_at: context.gateway.iso(),
      };
      const first = await context.gateway.notify(w, 'webhook.test', payload);
      return ok({
        webhook_id: w.id,
        url: w.url,
        notification_id: first.id,
        event: 'webhook.test',
        attempt: first.attempt,
        status: first.status,
        error: first.error,
        delivered: first.status !== null && first.status >= 200 && first.status <= 299,
      });
    },
  },
];
