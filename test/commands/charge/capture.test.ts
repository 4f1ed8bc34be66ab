// `charge capture` against the sandbox (manual-capture card charges, src/sandbox/README.md) and
// against a gateway whose capture endpoint does not exist (404).
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { chargeCapture } from '../../../src/commands/charge/capture.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler, stderrWords } from '../../helpers/run-handler.js';
import { useTestSandbox } from '../../helpers/sandbox.js';
import { getCharge } from './api.js';

const t = useTestSandbox();

async function authorizedCharge(amount = 10000): Promise<string> {
  const token = await fetch(`${t.url}/v1/tokens/card`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.main.public_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      number: '4111111111111111',
      holder_name: 'MARIA',
      exp_month: 12,
      exp_year: 2030,
      cvv: '123',
    }),
  }).then((response) => response.json() as Promise<{ data: { id: string } }>);
  const address = { street: 'Av. Paulista', city: 'Sao Paulo', state: 'SP', zipcode: '01310100' };
  const charge = await fetch(`${t.url}/v1/charges`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.main.secret_key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      amount,
      payment_method: 'card',
      customer: { name: 'Maria', address },
      card: { token: token.data.id, capture: false },
    }),
  }).then((response) => response.json() as Promise<{ data: { id: string; status: string } }>);
  expect(charge.data.status).toBe('authorized');
  t.sandbox.requests.length = 0;
  return charge.data.id;
}

const posts = () => t.sandbox.requests.filter((request) => request.method === 'POST');

describe('charge capture', () => {
  it('captures the whole authorised amount', async () => {
    const id = await authorizedCharge();
    const result = await runHandler(chargeCapture, ['charge', 'capture', id], { env: t.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Status\s+.*paid/);
    expect(result.stderr).toContain(
      `Charge ${id}: the gateway accepted the capture of R$ 100,00; the charge is now paid.`,
    );
    expect(posts().map((request) => [request.path, request.body])).toEqual([
      [`/v1/charges/${id}/capture`, {}],
    ]);
  });

  it('--amount captures part; --json prints the charge', async () => {
    const id = await authorizedCharge();
    const result = await runHandler(chargeCapture, ['charge', 'capture', id, '--amount', '60.00'], {
      env: t.env,
      globals: { json: true },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id, status: 'paid', card: { captured_amount: 6000 } });
    expect(posts()[0]!.body).toEqual({ amount: 6000 });
  });

  it('more than authorised is refused by the gateway (exit 3); a bad amount sends nothing (exit 2)', async () => {
    const id = await authorizedCharge();
    const tooMuch = await run(['charge', 'capture', id, '--amount', '100.01'], { env: t.env });
    expect(tooMuch.code).toBe(3);
    expect(tooMuch.stderr).toBe('error: amount R$ 100,01 is more than the authorized R$ 100,00\n');
    t.sandbox.requests.length = 0;
    const bad = await runHandler(chargeCapture, ['charge', 'capture', id, '--amount', '1,5'], { env: t.env });
    expect(bad.code).toBe(2);
    expect(bad.error?.message).toContain('--amount');
    expect(posts()).toHaveLength(0);
    expect((await getCharge(t, id)).status).toBe('authorized');
  });

  it('a charge that is not authorised: exit 3 with the gateway message', async () => {
    const id = await authorizedCharge();
    await runHandler(chargeCapture, ['charge', 'capture', id], { env: t.env });
    const again = await runHandler(chargeCapture, ['charge', 'capture', id], { env: t.env });
    expect(again.code).toBe(3);
    expect(again.error?.message).toContain('only an authorized card charge can be captured');
  });
});

describe('charge capture on a gateway without the endpoint', () => {
  /** A gateway that knows charge ci_known but has no capture route. */
  async function gateway(): Promise<{ url: string; close(): void }> {
    const server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.method === 'GET' && request.url === '/v1/charges/ci_known') {
        response.end(
          JSON.stringify({ success: true, data: { id: 'ci_known', status: 'authorized', amount: 500 } }),
        );
        return;
      }
      response.statusCode = 404;
      response.end(
        JSON.stringify({ success: false, error: { type: 'not_found_error', message: 'Not Found' } }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
  }

  it('says the gateway has no capture endpoint (exit 3) when the charge exists', async () => {
    const other = await gateway();
    const env = {
      PAYGATE_BASE_URL: other.url,
      PAYGATE_SECRET_KEY: 'sk_test_x',
      PAYGATE_CONFIG_DIR: tempConfigDir(),
    };
    try {
      const result = await runHandler(chargeCapture, ['charge', 'capture', 'ci_known'], { env });
      expect(result.code).toBe(3);
      expect(stderrWords(result)).toContain('this gateway has no capture endpoint');
      expect(stderrWords(result)).toContain('gateway dashboard');
      const missing = await runHandler(chargeCapture, ['charge', 'capture', 'ci_unknown'], {
        env,
        globals: { json: true },
      });
      expect(missing.code).toBe(3);
      expect(stderrWords(missing)).not.toContain('no capture endpoint');
    } finally {
      other.close();
    }
  });
});
