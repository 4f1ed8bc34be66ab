import { describe, expect, it } from 'vitest';
import { chargeGet } from '../../../src/commands/charge/get.js';
import { parseBrCode } from '../../../src/domain/brcode.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { useTestSandbox } from '../../helpers/sandbox.js';
import { createCharge, getCharge } from './api.js';

const t = useTestSandbox();

describe('charge get', () => {
  it('shows one charge for people', async () => {
    const charge = await createCharge(t, { external_id: 'order-1', pix: { description: 'Pedido 1' } });
    const result = await runHandler(chargeGet, ['charge', 'get', charge.id], { env: t.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`ID\\s+${charge.id}`));
    expect(result.stdout).toMatch(/Amount\s+R\$ 15,00/);
    expect(result.stdout).toMatch(/External ID\s+order-1/);
    expect(result.stdout).toMatch(new RegExp(`TXID\\s+${charge.pix.txid}`));
    expect(result.stdout).not.toMatch(/[█▀▄]/);
  });

  it('shows a split one seller a line, each in the value column (an 80-column terminal wraps none)', async () => {
    const charge = await createCharge(t, {
      amount: 10_000,
      split: [
        { seller_id: 1001, percentage: 50 },
        { seller_id: 1002, percentage: 30 },
        { seller_id: 1003, percentage: 20 },
      ],
    });
    const result = await runHandler(chargeGet, ['charge', 'get', charge.id], { env: t.env });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const at = lines.findIndex((line) => line.startsWith('Split'));
    const column = lines[at]!.indexOf('Loja Exemplo Ltda (1001)');
    expect(lines[at]!.slice(column)).toBe('Loja Exemplo Ltda (1001) R$ 48,01 (50%)');
    expect(lines[at + 1]).toBe(`${' '.repeat(column)}Parceiro Alfa Ltda (1002) R$ 28,80 (30%)`);
    expect(lines[at + 2]).toBe(`${' '.repeat(column)}Parceiro Beta ME (1003) R$ 19,20 (20%)`);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('--json prints the API data exactly', async () => {
    const charge = await createCharge(t);
    const result = await runHandler(chargeGet, ['charge', 'get', charge.id], {
      env: t.env,
      globals: { json: true },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${JSON.stringify(await getCharge(t, charge.id), null, 2)}\n`);
  });

  it('--qr draws the QR code again with the copy-and-paste line', async () => {
    const charge = await createCharge(t);
    const result = await runHandler(chargeGet, ['charge', 'get', charge.id, '--qr'], { env: t.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/[█▀▄]/);
    const emv = /^000201.+$/m.exec(result.stdout)![0];
    expect(emv).toBe(charge.pix.emv);
    expect(parseBrCode(emv).valid).toBe(true);
  });

  it('a charge that does not exist is exit 3', async () => {
    const result = await run(['charge', 'get', 'ci_000000000000'], { env: t.env });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('No charge ci_000000000000');
  });

  it('sanitises what the server sent before printing it to a terminal', async () => {
    const charge = await createCharge(t, {
      external_id: 'evil\x1b]0;pwned\x07\x1b[31mred',
      pix: { description: 'a\rb\x1b[2Jc' },
    });
    const result = await runHandler(chargeGet, ['charge', 'get', charge.id, '--qr'], {
      env: t.env,
      tty: true,
    });
    expect(result.code).toBe(0);
    const withoutOurColours = result.stdout.replace(/\x1b\[[0-9;]*m/g, '');
    expect(withoutOurColours).not.toContain('\x1b');
    expect(result.stdout).not.toContain('\r');
    expect(result.stdout).toContain('evilred');
  });
});

describe('charge get -', () => {
  it('fetches every id on stdin, streaming ndjson, and loses none', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 30; index++) ids.push((await createCharge(t, { amount: 100 + index })).id);
    t.sandbox.requests.length = 0;
    const result = await runHandler(chargeGet, ['charge', 'get', '-', '--concurrency', '4'], {
      env: t.env,
      globals: { output: 'ndjson' },
      stdin: `${ids.join('\n')}\n\n`,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((charge) => charge.id).sort()).toEqual([...ids].sort());
    expect(t.sandbox.requests).toHaveLength(30);
  });

  it('reports a failed id on stderr, prints the others and exits 3', async () => {
    const first = await createCharge(t);
    const second = await createCharge(t);
    const result = await runHandler(chargeGet, ['charge', 'get', '-'], {
      env: t.env,
      globals: { output: 'csv' },
      stdin: `${first.id}\r\nci_missing00000\n${second.id}`,
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('error: ci_missing00000:');
    expect(result.stderr).toContain('1 of 3 charges could not be fetched');
    const rows = result.stdout.trim().split(/\r?\n/);
    expect(rows[0]).toBe(
      'id,status,payment_method,amount,amount_brl,fee,fee_brl,net,net_brl,description,external_id,txid,created_at,paid_at,refunded_at,failure_reason,amount_as_received,fee_as_received,net_as_received',
    );
    expect(
      rows
        .slice(1)
        .map((row) => row.split(',')[0])
        .sort(),
    ).toEqual([first.id, second.id].sort());
  });

  it('prints a table for people', async () => {
    const charge = await createCharge(t, { external_id: 'ext-9' });
    const result = await runHandler(chargeGet, ['charge', 'get', '-'], {
      env: t.env,
      stdin: `${charge.id}\n`,
    });
    expect(result.code).toBe(0);
    // Without a description, that column is left out.
    expect(result.stdout).toMatch(/ID\s+STATUS\s+AMOUNT\s+CREATED \([^)]+\)\s+EXTERNAL ID\s+TXID/);
    expect(result.stdout).toMatch(new RegExp(`${charge.id}\\s+pending\\s+R\\$ 15,00.*ext-9`));
  });

  it('an invalid --concurrency is a usage error', async () => {
    const result = await runHandler(chargeGet, ['charge', 'get', '-', '--concurrency', '0'], {
      env: t.env,
      stdin: '',
    });
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('--concurrency');
  });

  it('an authentication failure stops the whole run (exit 4)', async () => {
    const charge = await createCharge(t);
    const result = await runHandler(chargeGet, ['charge', 'get', '-'], {
      env: { ...t.env, PAYGATE_SECRET_KEY: 'sk_wrong' },
      globals: { output: 'ndjson' },
      stdin: `${charge.id}\n${charge.id}\n`,
    });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
  });
});

describe('charge get against a gateway that sends a broken PIX code', () => {
  it('still shows it, with a loud warning on stderr', async () => {
    const { createServer } = await import('node:http');
    const badEmv =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3E';
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          success: true,
          data: {
            id: 'ci_badcrc000000',
            status: 'pending',
            amount: 100,
            pix: { txid: 'a'.repeat(30), emv: badEmv, expires_at: '2100-01-01T00:00:00Z' },
          },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address() as { port: number };
      const result = await runHandler(chargeGet, ['charge', 'get', 'ci_badcrc000000', '--qr'], {
        env: { ...t.env, PAYGATE_BASE_URL: `http://127.0.0.1:${address.port}` },
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(badEmv);
      expect(result.stderr).toContain('WARNING: the PIX code the gateway returned is NOT valid');
      expect(result.stderr).toContain('CRC mismatch');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
