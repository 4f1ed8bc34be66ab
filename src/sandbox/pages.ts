// The sandbox's pages outside the API: a charge's checkout page (a payer's browser follows
// checkout_url there and can pay), a boleto's PDF, and what `/` answers.
import type { ServerResponse } from 'node:http';
import type { Gateway } from './gateway.js';
import { send, sendJson } from './respond.js';
import { boletoPdfResponse } from './routes/card-boleto.js';

/** `/checkout/{id}` shows the charge; `POST /checkout/{id}/pay` pays it (303 to success or cancel). */
export function handleCheckout(gateway: Gateway, res: ServerResponse, method: string, rawPath: string): void {
  const parts = rawPath.split('/');
  const charge = gateway.state.charges.get(parts[2] ?? '');
  gateway.scheduler.runDue();
  if (!charge?.checkout) {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<!doctype html><title>Not found</title><h1>Checkout not found</h1>');
    return;
  }
  if (method === 'POST' && parts[3] === 'pay') {
    if (charge.status === 'pending') {
      gateway.payCharge(charge);
      gateway.save();
    }
    const target = charge.status === 'paid' ? charge.checkout.success_url : charge.checkout.cancel_url;
    res.statusCode = 303;
    res.setHeader('Location', target ?? `/checkout/${charge.id}`);
    res.end();
    return;
  }
  const amount = `R$ ${Math.floor(charge.amount / 100)},${String(charge.amount % 100).padStart(2, '0')}`;
  const escapeHtml = (text: string) =>
    text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  const seller = gateway.seller(charge.seller_id);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(
    `<!doctype html><meta charset="utf-8"><title>Checkout ${escapeHtml(charge.id)}</title>` +
      `<h1>${escapeHtml(seller?.name ?? '')}</h1><p>Charge ${escapeHtml(charge.id)}: ${escapeHtml(amount)} — ${escapeHtml(charge.status)}</p>` +
      `<p><code>${escapeHtml(charge.pix?.emv ?? '')}</code></p>` +
      (charge.status === 'pending'
        ? `<form method="post" action="/checkout/${escapeHtml(charge.id)}/pay"><button>Pay (sandbox)</button></form>`
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
