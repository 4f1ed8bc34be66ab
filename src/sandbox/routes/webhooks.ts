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

/** The webhook of the path, when it is the calling seller's. */
function ownWebhook({ gateway, seller, params }: RouteContext): WebhookRecord {
  const webhook = gateway.state.webhooks.get(params[0]!);
  if (!webhook || webhook.seller_id !== seller.seller_id)
    throw notFound('webhook_not_found', `No webhook ${params[0]}`);
  return webhook;
}

export const webhookRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/webhooks',
    auth: 'secret',
    handler: ({ gateway, seller }) =>
      ok(gateway.state.webhooksOf(seller.seller_id).map((webhook) => webhookView(webhook))),
  },
  {
    method: 'POST',
    path: '/v1/webhooks',
    auth: 'secret',
    handler: ({ gateway, seller, body }) => {
      const request = parseWith(webhookCreateRequestSchema, requireObject(body), WEBHOOK_CODES);
      const webhook = gateway.addWebhook(seller.seller_id, httpUrl(request.url), request.enabled ?? true);
      return ok(webhookView(webhook), 201);
    },
  },
  {
    method: 'PUT',
    path: '/v1/webhooks/:id',
    auth: 'secret',
    handler: (context) => {
      const webhook = ownWebhook(context);
      const update = parseWith(webhookUpdateSchema, requireObject(context.body), WEBHOOK_CODES);
      if (update.url !== undefined) webhook.url = httpUrl(update.url);
      if (update.enabled !== undefined) webhook.enabled = update.enabled;
      webhook.updated_at = context.gateway.iso();
      context.gateway.dirty = true;
      return ok(webhookView(webhook));
    },
  },
  {
    method: 'DELETE',
    path: '/v1/webhooks/:id',
    auth: 'secret',
    handler: (context) => {
      const webhook = ownWebhook(context);
      context.gateway.state.webhooks.delete(webhook.id);
      context.gateway.dirty = true;
      return ok({ id: webhook.id, deleted: true });
    },
  },
  {
    method: 'POST',
    path: '/v1/webhooks/:id/test',
    auth: 'secret',
    handler: async (context) => {
      const webhook = ownWebhook(context);
      const payload = {
        event: 'webhook.test',
        webhook_id: webhook.id,
        seller_id: webhook.seller_id,
        sent_at: context.gateway.iso(),
      };
      const first = await context.gateway.notify(webhook, 'webhook.test', payload);
      return ok({
        webhook_id: webhook.id,
        url: webhook.url,
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
