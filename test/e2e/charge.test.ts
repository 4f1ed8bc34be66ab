// The charge commands through the built binary, as a script or cron would run them: no TTY,
// NO_COLOR, a temp config dir, the sandbox as the gateway.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode } from '../../src/domain/brcode.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { spawnPaygate } from '../helpers/spawn-cli.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.close();
});

describe('charge commands (built binary)', () => {
  it('create --json, then find by external id, watch to paid and get from stdin', async () => {
    const created = await spawnPaygate(
      ['charge', 'create', '--amount', '15,00', '--external-id', 'e2e-1', '--json'],
      {
        env: t.env,
      },
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const charge = JSON.parse(created.stdout);
    expect(charge).toMatchObject({ status: 'pending', amount: 1500, external_id: 'e2e-1' });
    expect(parseBrCode(charge.pix.emv).valid).toBe(true);

    const found = await spawnPaygate(['charge', 'find', '--external-id', 'e2e-1', '-o', 'ndjson'], {
      env: t.env,
    });
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout).id).toBe(charge.id);

    await t.control(`/_sandbox/charges/${charge.id}/pay`);
    const watched = await spawnPaygate(['charge', 'watch', charge.id, '--json'], { env: t.env });
    expect(watched.code).toBe(0);
    expect(JSON.parse(watched.stdout).status).toBe('paid');

    const fetched = await spawnPaygate(['charge', 'get', '-', '-o', 'ndjson'], {
      env: t.env,
      stdin: `${charge.id}\nci_unknown000000\n`,
    });
    expect(fetched.code).toBe(3);
    expect(
      fetched.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual([charge.id]);
    expect(fetched.stderr).toContain('ci_unknown000000');
  });

  it('for people without a TTY: summary, a plain QR and the copy-and-paste line, no escapes', async () => {
    const result = await spawnPaygate(
      ['charge', 'create', '--amount', '2500', '--description', 'Pedido e2e'],
      {
        env: t.env,
      },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Amount\s+R\$ 25,00/);
    expect(result.stdout).toMatch(/[█▀▄]/);
    expect(parseBrCode(/^000201.+$/m.exec(result.stdout)![0]).valid).toBe(true);
    expect(result.stdout + result.stderr).not.toContain('\x1b');
  });

  it('never waits for input without a terminal: missing --amount and missing --yes are exit 2', async () => {
    const before = t.sandbox.requests.length;
    const create = await spawnPaygate(['charge', 'create'], { env: t.env, timeoutMs: 10_000 });
    expect(create.code).toBe(2);
    expect(create.stderr).toContain('--amount');
    const refund = await spawnPaygate(['charge', 'refund', 'ci_000000000000'], {
      env: t.env,
      timeoutMs: 10_000,
    });
    expect(refund.code).toBe(2);
    expect(refund.stderr).toContain('--yes');
    expect(t.sandbox.requests.length).toBe(before);
  });

  it('charge qr works offline, with no configuration at all', async () => {
    const emv =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    const result = await spawnPaygate(['charge', 'qr', '-', '--json'], { stdin: emv });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      valid: true,
      merchant_city: 'BRASILIA',
      initiation: 'static',
    });
  });
});
