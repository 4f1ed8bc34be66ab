// The charge commands through the built binary, as a script or cron would run them: no TTY,
// NO_COLOR, a temp config dir, the sandbox as the gateway.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode } from '../../src/domain/brcode.js';
import { DIRECT_WRITE_LIMIT } from '../../src/output/stdio.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { binPath, spawnPaygate, testPath } from '../helpers/spawn-cli.js';

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

// bin/ writes the first DIRECT_WRITE_LIMIT bytes of stdout straight to fd 1, then through the
// stream (src/output/stdio.ts): a long export crosses that line.
describe('stdout through a pipe (built binary)', () => {
  const seeded = 1500;
  beforeAll(async () => {
    await t.control('/_sandbox/seed/charges', { count: seeded, amount: 1234 });
  });

  it('a long export comes out whole and in order across the hand-over to the stream', async () => {
    const result = await spawnPaygate(['charge', 'list', '--all', '-o', 'ndjson'], { env: t.env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(Buffer.byteLength(result.stdout)).toBeGreaterThan(2 * DIRECT_WRITE_LIMIT);
    const lines = result.stdout.trimEnd().split('\n');
    const ids = lines.map((line) => JSON.parse(line).id as string);
    expect(new Set(ids).size).toBe(ids.length);
    const seeds = lines
      .map((line) => JSON.parse(line).external_id as string | null)
      .filter((id): id is string => id?.startsWith('seed-') ?? false)
      .map((id) => Number(id.slice('seed-'.length)));
    expect(seeds).toHaveLength(seeded);
    // Newest first: seed-1500 … seed-1, every one once, no line cut or swapped.
    expect(seeds).toEqual([...seeds].sort((a, b) => b - a));
  });

  it('a reader that leaves early (`| head -1`) ends the export quietly, exit 0', async () => {
    const child = spawn(process.execPath, [binPath, 'charge', 'list', '--all', '-o', 'ndjson'], {
      env: { PATH: testPath(), HOME: process.env.HOME, NO_COLOR: '1', ...t.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    let first = '';
    child.stdout.once('data', (chunk) => {
      first = String(chunk);
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(JSON.parse(first.split('\n')[0]!)).toHaveProperty('id');
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
