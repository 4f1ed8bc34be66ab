import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { chargeCreate } from '../../../src/commands/charge/create.js';
import { webhookListen } from '../../../src/commands/webhook/listen.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { jsonLines, listen, target } from '../../helpers/webhook-listen.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
});

function later(fn: () => Promise<unknown>): void {
  cleanups.push(fn);
}

async function sandbox(options: Parameters<typeof startTestSandbox>[0] = {}): Promise<TestSandbox> {
  const started = await startTestSandbox(options);
  later(() => started.close());
  return started;
}

describe('webhook listen', () => {
  it("prints a charge's callback_url notification as a JSON line and relays it unchanged with --forward-to", async () => {
    const app = await target(200);
    later(() => new Promise((resolve) => app.server.close(resolve)));
    const listening = await listen(['--forward-to', app.url], { globals: { json: true } });
    later(() => listening.stop());
    const gateway = await sandbox();

    const created = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--amount',
        '25.00',
        '--external-id',
        'order-7',
        '--callback-url',
        `${listening.url}/cb`,
        '--no-qr',
      ],
      { env: gateway.env, globals: { json: true } },
    );
    expect(created.code, created.stderr).toBe(0);
    const charge = JSON.parse(created.stdout) as { id: string; pix: { txid: string } };
    await gateway.control(`/_sandbox/charges/${charge.id}/pay`);
    await gateway.sandbox.notificationsIdle();

    expect(await listening.stop()).toBe(0);
    const [line, ...rest] = jsonLines(listening.io.stdout.text);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      method: 'POST',
      path: '/cb',
      headers: { 'content-type': 'application/json', 'user-agent': 'paygate-sandbox/1' },
      body: { id: charge.id, status: 'paid', amount: 2500, txid: charge.pix.txid, external_id: 'order-7' },
      forwarded: { url: app.url, status: 200 },
    });
    expect(Object.keys(line!.headers as object).sort()).toEqual(['content-type', 'user-agent']);
    expect(Number.isNaN(Date.parse(line!.received_at as string))).toBe(false);

    // The target got the same body, byte for byte, with its content-type.
    expect(app.received).toHaveLength(1);
    expect(app.received[0]!.method).toBe('POST');
    expect(app.received[0]!.headers['content-type']).toBe('application/json');
    const sent = gateway.sandbox.notifications.find((attempt) => attempt.channel === 'callback')!;
    expect(app.received[0]!.body).toBe(JSON.stringify(sent.payload));
    expect(sent.status).toBe(200);
    expect(listening.io.stderr.text).toContain('Stopped: 1 notification received, 1 forwarded.');
  });

  it('prints split notifications for people: the whole split for the main seller, one part for the others', async () => {
    const listening = await listen();
    later(() => listening.stop());
    const gateway = await sandbox({ webhookUrl: listening.url });
    const created = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--amount',
        '100.00',
        '--split',
        '1001=50%',
        '--split',
        '1002=30%',
        '--split',
        '1003=20%',
      ],
      { env: gateway.env, globals: { json: true } },
    );
    expect(created.code, created.stderr).toBe(0);
    const { id } = JSON.parse(created.stdout) as { id: string };
    await gateway.control(`/_sandbox/charges/${id}/pay`);
    await gateway.sandbox.notificationsIdle();
    expect(await listening.stop()).toBe(0);

    const out = listening.io.stdout.text;
    expect(out).toMatch(new RegExp(`charge paid +${id} {2}paid {2}R\\$ 100,00`));
    expect(out.match(/split part/g)).toHaveLength(2);
    expect(out).toContain('1001 Loja Exemplo Ltda   R$ 48,01  50%');
    expect(out).toContain('1002 Parceiro Alfa Ltda  R$ 28,80  30%');
    expect(out).toContain('1003 Parceiro Beta ME    R$ 19,20  20%');
    expect(out).not.toContain('\x1b');
    expect(listening.io.stderr.text).toMatch(
      /Listening on http:\/\/127\.0\.0\.1:\d+ — set it as callback_url/,
    );
    expect(listening.io.stderr.text).toContain('Stopped: 3 notifications received.');
  });

  it("answers with the forward target's status, so the gateway retries what the application refused", async () => {
    const app = await target(503);
    later(() => new Promise((resolve) => app.server.close(resolve)));
    const listening = await listen(['--forward-to', app.url], { globals: { output: 'ndjson' } });
    later(() => listening.stop());
    const response = await fetch(listening.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"ci_1","status":"paid","amount":1}',
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ received: true, forwarded: false });
    expect(await listening.stop()).toBe(0);
    expect(jsonLines(listening.io.stdout.text)[0]).toMatchObject({
      forwarded: { url: app.url, status: 503 },
    });
    expect(listening.io.stderr.text).toContain(
      '1 notification received, 0 forwarded, 1 not accepted by the target',
    );
  });

  it('answers 502 when the forward target does not answer, and says so', async () => {
    const app = await target(200);
    await new Promise((resolve) => app.server.close(resolve));
    const listening = await listen(['--forward-to', app.url]);
    later(() => listening.stop());
    const response = await fetch(listening.url, {
      method: 'POST',
      body: '{"id":"co_1","status":"completed"}',
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ received: true, forwarded: false, error: 'ECONNREFUSED' });
    await listening.stop();
    expect(listening.io.stdout.text).toContain('payout completed');
    expect(listening.io.stdout.text).toMatch(/forwarded to .*: no answer \(ECONNREFUSED\)/);
  });

  it('an upload abandoned midway is neither printed nor forwarded', async () => {
    const app = await target(200);
    later(() => new Promise((resolve) => app.server.close(resolve)));
    const listening = await listen(['--forward-to', app.url], { globals: { json: true } });
    later(() => listening.stop());
    const { port } = new URL(listening.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"id":"ci_1","sta',
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await listening.stop()).toBe(0);
    expect(listening.io.stdout.text).toBe('');
    expect(app.received).toHaveLength(0);
  });

  it('never prints the user name or password of --forward-to', async () => {
    const app = await target(200);
    later(() => new Promise((resolve) => app.server.close(resolve)));
    const withCredentials = app.url.replace('http://', 'http://hookuser:s3cr3t-pass@');
    const listening = await listen(['--forward-to', withCredentials]);
    later(() => listening.stop());
    await fetch(listening.url, { method: 'POST', body: '{"id":"ci_1","status":"paid","amount":1}' });
    await listening.stop();
    const printed = listening.io.stdout.text + listening.io.stderr.text;
    expect(printed).toContain('forwarding to http://127.0.0.1:');
    expect(printed).not.toContain('s3cr3t-pass');
    expect(printed).not.toContain('hookuser');
  });

  it('records a body that is not JSON as text and answers 200; refuses a body over 1 MiB with 413', async () => {
    const listening = await listen([], { globals: { json: true } });
    later(() => listening.stop());
    const malformed = await fetch(`${listening.url}/x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"ci_1",',
    });
    expect(malformed.status).toBe(200);
    const big = await fetch(listening.url, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) }).catch(
      () => null,
    );
    expect(big?.status ?? 413).toBe(413);
    const get = await fetch(listening.url);
    expect(get.status).toBe(200);
    const del = await fetch(listening.url, { method: 'DELETE' });
    expect(del.status).toBe(405);
    expect(await listening.stop()).toBe(0);
    const lines = jsonLines(listening.io.stdout.text);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ path: '/x', body: '{"id":"ci_1",' });
    expect(listening.io.stderr.text).toContain('answered 413 to POST /: body larger than 1048576 bytes');
    expect(listening.io.stderr.text).toContain('answered 405 to DELETE /');
    expect(listening.io.stderr.text).toContain('Stopped: 1 notification received, 2 rejected.');
  });

  it('rejects a bad --port or --forward-to (exit 2 naming the flag) and a port in use', async () => {
    const badPort = await runHandler(webhookListen, ['webhook', 'listen', '--port', '99999']);
    expect(badPort.code).toBe(2);
    expect(badPort.error?.message).toContain('--port');
    const badUrl = await runHandler(webhookListen, [
      'webhook',
      'listen',
      '--forward-to',
      'ftp://example.com',
    ]);
    expect(badUrl.code).toBe(2);
    expect(badUrl.error?.message).toContain('--forward-to');

    const listening = await listen();
    later(() => listening.stop());
    const port = new URL(listening.url).port;
    const taken = await runHandler(webhookListen, ['webhook', 'listen', '--port', port]);
    expect(taken.code).toBe(2);
    expect(taken.error?.message).toContain(`--port: cannot listen on ${port} (in use)`);
  });

  it('on a terminal, fits each notification to its width and never wraps; in a pipe, prints it whole', async () => {
    const body = JSON.stringify({
      id: 'ci_a1b2c3d4e5f6a7b8',
      status: 'paid',
      amount: 123456,
      txid: 'tx1',
      external_id: 'pedido-2026-11-000123-loja-centro',
      seller_id: 1001,
      split: [
        { seller_id: 1002, seller_name: `Parceiro ${'Alfa '.repeat(20)}Ltda`, amount: 86419, percentage: 70 },
      ],
    });
    const post = (url: string) =>
      fetch(`${url}/webhooks/paygate/charges?source=sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'req_0123456789abcdef0123456789' },
        body,
      });
    const terminal = await listen([], {
      env: { NO_COLOR: '1' },
      tty: true,
      terminalSize: { rows: 24, columns: 80 },
    });
    later(() => terminal.stop());
    expect((await post(terminal.url)).status).toBe(200);
    expect(await terminal.stop()).toBe(0);
    const lines = terminal.io.stdout.text.trimEnd().split('\n');
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d {2}charge paid {7}ci_a1b2c3d4e5f6a7b8 {2}paid {2}R\$ 1\.234,56 {2}seller 1001$/,
    );
    expect(lines[1]).toMatch(/^ {4}1002 Parceiro Alfa .*… {2}R\$ 864,19 {2}70%$/);

    const piped = await listen();
    later(() => piped.stop());
    expect((await post(piped.url)).status).toBe(200);
    expect(await piped.stop()).toBe(0);
    const [head] = piped.io.stdout.text.split('\n');
    expect(head).toContain('external_id pedido-2026-11-000123-loja-centro');
    expect(head).toContain('req req_0123456789abcdef0123456789');
    expect(head).toContain('/webhooks/paygate/charges?source=sandbox');
  });
});
