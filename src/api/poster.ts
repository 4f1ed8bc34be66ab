// One POST to any URL on transport.ts's exchange, for senders that are not the API client: the
// sandbox's webhook deliveries, `webhook listen`'s forwarding and `webhook replay`.
import { Transport } from './transport.js';

/**
 * POSTs to any URL, without proxies or retries: webhook deliveries of the sandbox and the
 * forwarding of `webhook listen`. Resolves with the status; rejects with the Node error or a
 * RequestTimeout (name 'TimeoutError').
 */
export class Poster {
  readonly #transports = new Map<string, Transport>();
  constructor(
    private readonly timeoutMs: number,
    private readonly connections = 16,
  ) {}

  async post(
    url: string,
    headers: Record<string, string>,
    body: string | Buffer,
    method = 'POST',
  ): Promise<number> {
    const target = new URL(url);
    let transport = this.#transports.get(target.origin);
    if (!transport) {
      transport = new Transport(target.origin, {
        timeoutMs: this.timeoutMs,
        env: {},
        connections: this.connections,
      });
      this.#transports.set(target.origin, transport);
    }
    const response = await transport.send(method, target.pathname + target.search, headers, body, undefined, {
      sent: false,
    });
    return response.status;
  }

  close(): void {
    for (const transport of this.#transports.values()) transport.close();
    this.#transports.clear();
  }
}
