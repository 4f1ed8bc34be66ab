// Writing the sandbox's answers: one writeHead with a flat header list (cheaper than setHeader),
// and the answers an injected fault gives in place of the real one.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fault } from './faults.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Writes a whole answer with one writeHead (a flat header list: cheaper than setHeader).
 * `head` holds the headers common to the request (request id, rate limits).
 */
export function send(
  res: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  head: Array<string | number>,
  extra?: Record<string, string>,
): void {
  const headers: Array<string | number> = [
    'Content-Type',
    contentType,
    'Content-Length',
    Buffer.byteLength(text),
    ...head,
  ];
  if (extra) for (const name in extra) headers.push(name, extra[name]!);
  res.writeHead(status, headers as unknown as string[]);
  res.end(text);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extra?: Record<string, string>,
): void {
  send(res, status, JSON_TYPE, JSON.stringify(body), [], extra);
}

/** Writes a fault's answer in place of the real one; returns the status (null: dropped). */
export function applyFault(
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  head: Array<string | number>,
): number | null {
  switch (fault.kind) {
    case 'drop':
      req.socket.destroy();
      return null;
    case '500':
    case '503': {
      const status = Number(fault.kind);
      const body = {
        success: false,
        error: {
          type: 'api_error',
          code: status === 500 ? 'internal_error' : 'service_unavailable',
          message: `Injected fault ${fault.id}: ${status}`,
        },
      };
      send(res, status, JSON_TYPE, JSON.stringify(body), head);
      return status;
    }
    case '429':
    case '429-processed': {
      const retry = Math.max(1, Math.ceil(fault.delay_ms / 1000));
      // 429-processed: the gateway's own envelope whatever was done, as a gateway that counts a
      // request against its limit after processing it answers (the create may exist).
      if (fault.when === 'after' && fault.kind === '429') {
        // The gateway's own 429 means it did nothing (docs/gateway-api.md). A 429 after the
        // request was processed can only come from something in front of it: a proxy's page.
        send(res, 429, 'text/html', '<html><body><h1>429 Too Many Requests</h1></body></html>', head, {
          'Retry-After': String(retry),
        });
        return 429;
      }
      const body = {
        success: false,
        error: {
          type: 'rate_limit_error',
          code: 'rate_limit_exceeded',
          message: `Injected fault ${fault.id}: rate limited`,
        },
      };
      const zeroed = head.slice();
      const at = zeroed.indexOf('X-RateLimit-Remaining');
      if (at >= 0) zeroed[at + 1] = 0;
      send(res, 429, JSON_TYPE, JSON.stringify(body), zeroed, { 'Retry-After': String(retry) });
      return 429;
    }
    case 'malformed':
      send(res, 200, JSON_TYPE, '{"success":true,"data":{"id":"ci_', head);
      return 200;
    case 'html502':
      send(
        res,
        502,
        'text/html',
        '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>',
        head,
      );
      return 502;
    default:
      return null;
  }
}
