// The sandbox's pages outside the API: a charge's checkout page (a payer's browser follows
// checkout_url there and can pay), a boleto's PDF, and what `/` answers.
import type { ServerResponse } from 'node:http';
import type { Gateway } from './gateway.js';
import { send, sendJson } from './respond.js';
import { boletoPdfResponse } from './routes/card-boleto.js';

/** `/checkout/{id}` shows the charge; `POST /checkout/{id}/pay` pays it (303 to success or cancel). */
export function handleCheckout(gateway: Gateway, res: ServerResponse, method: string, rawPath: string): void {
  const parts = rawPath.split('/');
  const c = gateway.state.charges.get(parts[2] ?? '');
  gateway.scheduler.runDue();
  if (!c?.checkout) {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<!doctype html><title>Not found</title><h1>Checkout not found</h1>');
    return;
  }
  if (method === 'POST' && parts[3] === 'pay') {
    if (c.status === 'pending') {
      gateway.payCharge(c);
      gateway.save();
    }
    const target = c.status === 'paid' ? c.checkout.success_url : c.checkout.cancel_url;
    res.statusCode = 303;
    res.setHeader('Location', target ?? `/checkout/${c.id}`);
    res.end();
    return;
  }
  const amount = `R$ ${Math.floor(c.amount / 100)},${String(c.amount % 100).padStart(2, '0')}`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const seller = gateway.seller(c.seller_id);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(
    `<!doctype html><meta charset="utf-8"><title>Checkout ${esc(c.id)}</title>` +
      `<h1>${esc(seller?.name ?? '')}</h1><p>Charge ${esc(c.id)}: ${esc(amount)} — ${esc(c.status)}</p>` +
      `<p><code>${esc(c.pix?.emv ?? '')}</code></p>` +
      (c.status === 'pending'
        ? `<form method="post" action="/checkout/${esc(c.id)}/pay"><button>Pay (sandbox)</button></form>`
        : ''),
  );
}

/** `GET /boletos/{id}.pdf`: the boleto's small PDF. */
export function serveBoletoPdf(gateway: Gateway, res: ServerResponse, rawPath: string): void {
  gateway.scheduler.runDue();
  const pdf = boletoPdfResponse(gateway, rawPath);
  send(res, pdf.status, pdf.contentType, pdf.body, []);
}

/** `GET /`: what this server is, and the time on its clock. */
export function serveRoot(gateway: Gateway, res: ServerResponse): void {
  sendJson(res, 200, {
    success: true,
    data: { name: 'paygate sandbox', api: ['/v1', '/api/v1'], control: '/_sandbox', now: gateway.iso() },
  });
}
