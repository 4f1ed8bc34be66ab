// A second, differently shaped gateway (docs/gateway-api.md): it answers the API's envelope
// (`{success, data}`, `{success: false, error: {type, code, message}}`) but fixes every part docs/gateway-api.md
// leaves "not shown" another way than our sandbox does, as a real gateway may:
// - lists as `{items, next_cursor}`, `{results, has_more}` or a bare array (option `lists`);
//   filters (status, since, until, external_id, txid) and newest-first order are IGNORED: it
//   always answers oldest first;
// - balance with other names and decimal strings: `{available_balance: "1234.56", …}`;
// - account nested: `{account: {…}}`;
// - ids of its own form (`ch_…`, `po_…`), `created_at` as Unix seconds, `provider` an object,
//   extra fields everywhere; statuses docs/gateway-api.md never names (`in_analysis`, `in_review`), scripted per
//   resource; error types and codes of its own (`resource_missing`, `auth_failed`).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildBankBoleto } from '../../src/domain/boleto.js';

export type ListShape = 'items-cursor' | 'results-has-more' | 'bare-array';

export interface OtherGatewayOptions {
  lists?: ListShape;
  /** How many charges exist, one every 4 hours back from now, oldest first. */
  charges?: number;
  /** What a boleto's pdf_url serves: a PDF, an HTML page, or 11 MiB. */
  boletoPdf?: 'ok' | 'html' | 'huge';
  /** A boleto's digitable line as this gateway sends it (default: a valid one). */
  boletoLine?: string;
  pageSize?: number;
}

interface Resource {
  id: string;
  status: string;
  amount: number | string;
  created_at: number;
  [field: string]: unknown;
}

export interface OtherGateway {
  url: string;
  secretKey: string;
  env: Record<string, string>;
  requests: Array<{ method: string; path: string; query: string }>;
  charges: Resource[];
  payouts: Resource[];
  /** Each GET of the resource moves to the next status; the last one stays. */
  scriptStatuses(id: string, statuses: string[]): void;
  close(): Promise<void>;
}

const SECRET = 'sk_other_0123456789abcdef';
const PUBLIC = 'pk_other_0123456789abcdef';
const EMV =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

export async function startOtherGateway(options: OtherGatewayOptions = {}): Promise<OtherGateway> {
  const lists = options.lists ?? 'items-cursor';
  const pageSize = options.pageSize ?? 50;
  const now = Math.floor(Date.now() / 1000);
  const count = options.charges ?? 191;
  const statuses = ['paid', 'pending', 'in_analysis', 'expired'];
  const charges: Resource[] = Array.from({ length: count }, (_, index) => ({
    id: `ch_${String(index + 1).padStart(6, '0')}`,
    status: statuses[index % statuses.length]!,
    amount: 1000 + index,
    currency: 'BRL',
    payment_method: 'pix',
    external_id: `order-${index + 1}`,
    pix: { txid: `TX${String(index + 1).padStart(30, '0')}`, emv: EMV, expires_at: null },
    fees: { total: 40, currency: 'BRL' },
    created_at: now - (count - index) * 4 * 3600,
  }));
  const payouts: Resource[] = [
    {
      id: 'po_000001',
      status: 'completed',
      amount: 5000,
      provider: { name: 'Banco X', code: 341 },
      created_at: now - 86400,
    },
    {
      id: 'po_000002',
      status: 'failed',
      amount: 700,
      provider: { name: 'Banco Y' },
      reason: { code: 'R1' },
      created_at: now - 3600,
    },
    { id: 'po_000003', status: 'in_review', amount: 900, provider: null, created_at: now - 60 },
  ];
  const scripts = new Map<string, string[]>();
  const requests: OtherGateway['requests'] = [];

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const reply = answer(req, body);
      const file = (reply.value as { file?: string } | undefined)?.file;
      if (file) serveFile(res, file);
      else send(res, reply.status, reply.value);
    });
  });

  function serveFile(res: ServerResponse, file: string): void {
    if (file.endsWith('.html')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><title>Login</title><body>Sign in to see your boleto</body></html>');
    } else if (file.endsWith('.huge.pdf')) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      res.write('%PDF-1.4\n');
      let sent = 0;
      const more = () => {
        while (sent < 11) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      res.on('error', () => {});
      more();
    } else {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    }
  }

  function send(res: ServerResponse, status: number, value: unknown): void {
    if (status === 204) {
      res.writeHead(204, { 'x-request-id': 'og-req-1' });
      res.end();
      return;
    }
    const text = JSON.stringify(value);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'og-req-1' });
    res.end(text);
  }
  type Reply = { status: number; value: unknown };
  const ok = (data: unknown): Reply => ({ status: 200, value: { success: true, data } });
  const fail = (status: number, type: string, code: string, message: string): Reply => ({
    status,
    value: { success: false, error: { type, code, message } },
  });

  function list(items: Resource[], query: URLSearchParams): Reply {
    const start = Number(query.get('cursor') ?? (Number(query.get('page') ?? 1) - 1) * pageSize) || 0;
    const page = items.slice(start, start + pageSize);
    const more = start + pageSize < items.length;
    if (lists === 'bare-array') return ok(page);
    if (lists === 'results-has-more') return ok({ results: page, has_more: more });
    return ok({ items: page, next_cursor: more ? String(start + pageSize) : null });
  }

  function current(resource: Resource): Resource {
    const script = scripts.get(resource.id);
    if (script && script.length > 0) {
      resource.status = script.length > 1 ? script.shift()! : script[0]!;
    }
    return resource;
  }

  function answer(req: IncomingMessage, body: string): Reply {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/api/, '');
    const method = req.method ?? 'GET';
    requests.push({ method, path, query: url.search });
    if (req.headers.authorization !== `Bearer ${SECRET}` && path !== '/v1/tokens/card') {
      return fail(401, 'auth_failed', 'bad_credentials', 'Credentials not accepted');
    }
    const byId = (items: Resource[], id: string) => items.find((item) => item.id === id);
    const chargeMatch = /^\/v1\/charges\/([^/]+)$/.exec(path);
    const payoutMatch = /^\/v1\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && path === '/v1/account') {
      return ok({
        account: {
          id: 'acc_9',
          seller_id: 77,
          legal_name: 'Outra Loja SA',
          email: 'fin@outra.example',
          kyc: 'ok',
        },
      });
    }
    if (method === 'GET' && path === '/v1/balance') {
      return ok({ available_balance: '1234.56', pending_balance: '0.00', currency: 'BRL' });
    }
    if (method === 'GET' && path === '/v1/charges') return list(charges, url.searchParams);
    if (method === 'GET' && path === '/v1/payouts') return list(payouts, url.searchParams);
    if (method === 'GET' && chargeMatch) {
      const charge = byId(charges, decodeURIComponent(chargeMatch[1]!));
      return charge ? ok(current(charge)) : fail(404, 'resource_missing', 'no_such_charge', 'No such charge');
    }
    if (method === 'GET' && payoutMatch) {
      const payout = byId(payouts, decodeURIComponent(payoutMatch[1]!));
      return payout ? ok(current(payout)) : fail(404, 'resource_missing', 'no_such_payout', 'No such payout');
    }
    if (method === 'POST' && path === '/v1/payouts') {
      const request = JSON.parse(body || '{}') as { amount?: number; description?: string };
      const payout: Resource = {
        id: `po_${String(payouts.length + 1).padStart(6, '0')}`,
        status: 'in_review',
        amount: request.amount ?? 0,
        description: request.description ?? null,
        provider: { name: 'Banco X', code: 341 },
        created_at: now,
      };
      payouts.push(payout);
      return ok(payout);
    }
    if (method === 'POST' && path === '/v1/charges') {
      const request = JSON.parse(body || '{}') as {
        amount?: number;
        external_id?: string;
        payment_method?: string;
        card?: { installments?: number; capture?: boolean };
        boleto?: { due_date?: string };
      };
      if (request.payment_method === 'card' || request.payment_method === 'boleto') {
        return ok(methodCharge(request));
      }
      const charge: Resource = {
        id: `ch_${String(charges.length + 1).padStart(6, '0')}`,
        status: 'in_analysis',
        amount: request.amount ?? 0,
        external_id: request.external_id ?? null,
        pix: { txid: 'TXNEW000000000000000000000000001', emv: EMV, expires_at: null },
        created_at: now,
      };
      charges.push(charge);
      return ok(charge);
    }
    if (method === 'GET' && path.startsWith('/files/')) return { status: 200, value: { file: path } };
    const write = answerWrite(method, path, body, req.headers.authorization);
    if (write) return write;
    if (method === 'GET' && path === '/v1/sellers/search') {
      return ok([
        { seller_id: 1002, name: 'Parceiro', email: url.searchParams.get('email'), status: 'enabled' },
      ]);
    }
    return fail(404, 'resource_missing', 'no_such_route', `No route ${method} ${path}`);
  }

  // Writes beyond charge and payout creation, shaped as another gateway may: a refund answers a
  // refund object (not the charge), a cancel a status docs/gateway-api.md never names (`canceled`), no capture
  // endpoint (404), webhooks as `{uid, endpoint, active}` listed under `webhooks`, a DELETE
  // answered 204 with no body, a test answered `data: null`, card tokens as `card_tok_…` with
  // `last_digits`, and its own public key.
  const webhooks: Array<{ uid: string; endpoint: string; active: boolean }> = [
    { uid: 'wh_a1', endpoint: 'https://shop.example/hooks', active: true },
  ];
  // Card and boleto in this gateway's words: `authorized`/`captured`, `last_digits`,
  // `digitable_line`, a pdf_url of its own (served below, as the option says).
  function methodCharge(request: {
    amount?: number;
    external_id?: string;
    payment_method?: string;
    card?: { installments?: number; capture?: boolean };
    boleto?: { due_date?: string };
  }): Resource {
    const id = `ch_${String(charges.length + 1).padStart(6, '0')}`;
    const charge: Resource = {
      id,
      status:
        request.payment_method === 'card'
          ? request.card?.capture === false
            ? 'authorized'
            : 'captured'
          : 'waiting_payment',
      amount: request.amount ?? 0,
      payment_method: request.payment_method,
      external_id: request.external_id ?? null,
      created_at: now,
    };
    if (request.payment_method === 'card') {
      charge.card = {
        brand: 'VISA',
        last_digits: '1111',
        installments: request.card?.installments ?? 1,
        captured: request.card?.capture !== false,
      };
    } else {
      const pdf = options.boletoPdf ?? 'ok';
      charge.boleto = {
        digitable_line:
          options.boletoLine ??
          buildBankBoleto({
            bank: '341',
            amount: request.amount ?? 0,
            dueDate: request.boleto?.due_date ?? null,
            freeField: '1'.repeat(25),
          }).line,
        expiration_date: request.boleto?.due_date,
        pdf_url: `${url}/files/${id}.${pdf === 'html' ? 'html' : pdf === 'huge' ? 'huge.pdf' : 'pdf'}`,
      };
    }
    charges.push(charge);
    return charge;
  }

  function answerWrite(
    method: string,
    path: string,
    body: string,
    authorization?: string,
  ): Reply | undefined {
    const action = /^\/v1\/charges\/([^/]+)\/(refund|cancel|capture)$/.exec(path);
    if (method === 'POST' && action) {
      const charge = charges.find((item) => item.id === decodeURIComponent(action[1]!));
      if (!charge) return fail(404, 'resource_missing', 'no_such_charge', 'No such charge');
      if (action[2] === 'capture')
        return fail(404, 'resource_missing', 'no_such_route', `No route ${method} ${path}`);
      if (action[2] === 'refund') {
        charge.status = 'refund_requested';
        return ok({
          id: 're_000001',
          object: 'refund',
          charge_id: charge.id,
          status: 'processing',
          amount: charge.amount,
        });
      }
      charge.status = 'canceled';
      return ok({ ...charge, canceled_at: now });
    }
    if (path === '/v1/tokens/card' && method === 'POST') {
      if (authorization !== `Bearer ${PUBLIC}`)
        return fail(401, 'auth_failed', 'bad_credentials', 'Public key required');
      const card = JSON.parse(body || '{}') as { number?: string };
      return ok({
        id: 'card_tok_000001',
        object: 'token',
        card: { brand: 'visa', last_digits: String(card.number ?? '').slice(-4) },
      });
    }
    if (path === '/v1/webhooks' && method === 'GET') return ok({ webhooks });
    if (path === '/v1/webhooks' && method === 'POST') {
      const request = JSON.parse(body || '{}') as { url?: string };
      const webhook = { uid: `wh_b${webhooks.length + 1}`, endpoint: request.url ?? '', active: true };
      webhooks.push(webhook);
      return { status: 201, value: { success: true, data: webhook } };
    }
    const webhookMatch = /^\/v1\/webhooks\/([^/]+)(\/test)?$/.exec(path);
    if (webhookMatch) {
      const index = webhooks.findIndex((item) => item.uid === decodeURIComponent(webhookMatch[1]!));
      if (index < 0) return fail(404, 'resource_missing', 'no_such_webhook', 'No such webhook');
      if (webhookMatch[2] && method === 'POST') return { status: 202, value: { success: true, data: null } };
      if (method === 'DELETE') {
        webhooks.splice(index, 1);
        return { status: 204, value: undefined };
      }
      if (method === 'PUT' || method === 'PATCH') {
        const request = JSON.parse(body || '{}') as { url?: string; enabled?: boolean };
        const webhook = webhooks[index]!;
        if (request.url !== undefined) webhook.endpoint = request.url;
        if (request.enabled !== undefined) webhook.active = request.enabled;
        return ok(webhook);
      }
    }
    return undefined;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    secretKey: SECRET,
    env: { PAYGATE_BASE_URL: url, PAYGATE_SECRET_KEY: SECRET, PAYGATE_PUBLIC_KEY: PUBLIC },
    requests,
    charges,
    payouts,
    scriptStatuses: (id, list) => scripts.set(id, [...list]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
