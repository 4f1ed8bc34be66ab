// `charge create --from-csv FILE --key-column C`: one charge per row, each with
// the never-twice guarantee of `charge create --key`; every row checked before the first request;
// resumable after a crash; a result line per row. Counted at the gateway.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeCreate } from '../../../src/commands/charge/create.js';
import type { GlobalOptions } from '../../../src/context.js';
import { startOtherGateway } from '../../helpers/other-gateway.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { spawnPaygate } from '../../helpers/spawn-cli.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());

const chargePosts = () =>
  ts.sandbox.requests.filter((request) => request.method === 'POST' && request.path === '/v1/charges');

function csvFile(text: string): string {
  const path = join(tempConfigDir(), 'charges.csv');
  writeFileSync(path, text);
  return path;
}

const INVOICES = [
  'invoice,amount,description,customer_email,metadata.order',
  'inv-001,15.00,Mensalidade novembro,ana@example.com,A1',
  'inv-002,2500,"Plano anual, parcela 1",bruno@example.com,A2',
  'inv-003,"R$ 9,90",Avulso,,A3',
].join('\n');

/** `paygate charge create ARGV` through its handler, with `env` (gateway and config dir). */
const createCharges = (argv: string[], env: Record<string, string>, globals?: GlobalOptions) =>
  runHandler(chargeCreate, ['charge', 'create', ...argv], { env, globals });

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

describe('charge create --from-csv', () => {
  it('creates one charge per row, keyed, and writes a result line for each; a rerun sends nothing', async () => {
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const file = csvFile(INVOICES);
    const before = chargePosts().length;
    const result = await createCharges(['--from-csv', file, '--key-column', 'invoice'], env);
    expect(result.code, result.stderr).toBe(0);
    const rows = lines(result.stdout);
    expect(rows.map((row) => [row.row, row.key, row.status])).toEqual([
      [2, 'inv-001', 'created'],
      [3, 'inv-002', 'created'],
      [4, 'inv-003', 'created'],
    ]);
    for (const row of rows) {
      expect(row.id).toMatch(/^ci_/);
      expect(row.emv).toMatch(/^000201/);
      expect(row.error).toBeNull();
    }
    const sent = chargePosts().slice(before);
    expect(sent).toHaveLength(3);
    // biome-ignore lint/suspicious/noExplicitAny: the sandbox's parsed request bodies
    const bodies = sent.map((request) => request.body as any);
    expect(bodies.map((body) => [body.amount, body.external_id, body.metadata?.order])).toEqual([
      [1500, 'inv-001', 'A1'],
      [2500, 'inv-002', 'A2'],
      [990, 'inv-003', 'A3'],
    ]);
    expect(bodies[1].pix.description).toBe('Plano anual, parcela 1');
    expect(bodies[0].customer.email).toBe('ana@example.com');
    expect(result.stderr).toContain('3 created, 0 already created, 0 refused');

    const again = await createCharges(['--from-csv', file, '--key-column', 'invoice'], env);
    expect(again.code).toBe(0);
    expect(lines(again.stdout).map((row) => [row.status, row.id])).toEqual(
      rows.map((row) => ['already_created', row.id]),
    );
    expect(chargePosts().length).toBe(before + 3);
  });

  it('checks every row first: bad rows are listed by row and column, exit 2, nothing sent', async () => {
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const file = csvFile(
      [
        'key,amount,customer_email',
        'a-1,15.00,ana@example.com',
        'a-2,15.0,ana@example.com',
        'a-3,10.00,not-an-email',
      ].join('\n'),
    );
    const before = chargePosts().length;
    const result = await createCharges(['--from-csv', file], env);
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('2 problems, nothing was sent');
    expect(result.error?.message).toMatch(/row 3: amount: /);
    expect(result.error?.message).toMatch(/row 4: customer_email: /);
    expect(result.stdout).toBe('');
    expect(chargePosts().length).toBe(before);
  });

  it('a duplicate key, a missing key column or an unknown column is exit 2 before anything is sent', async () => {
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const before = chargePosts().length;
    const duplicate = await createCharges(['--from-csv', csvFile('key,amount\nx-1,100\nX-1,200\n')], env);
    expect(duplicate.code).toBe(2);
    expect(duplicate.error?.message).toContain('row 3, key: "X-1" is also the key of row 2');
    const noKey = await createCharges(['--from-csv', csvFile('amount\n100\n'), '--key-column', 'ref'], env);
    expect(noKey.code).toBe(2);
    expect(noKey.error?.message).toContain('--key-column: the file has no column "ref"');
    const typo = await createCharges(
      ['--from-csv', csvFile('key,amount,custmer_email\nk,100,a@b.co\n')],
      env,
    );
    expect(typo.code).toBe(2);
    expect(typo.error?.message).toContain('unknown column "custmer_email"');
    const both = await run(['charge', 'create', '--from-csv', csvFile('key,amount\nk,100\n'), '--key', 'k'], {
      env,
    });
    expect(both.code).toBe(2);
    expect(chargePosts().length).toBe(before);
  });

  it("reads a pt-BR spreadsheet's export (; and a BOM) and writes -o csv results", async () => {
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const file = csvFile('\ufeffChave;Amount;Description\r\npt-1;"12,50";Café\r\n');
    const result = await createCharges(['--from-csv', file, '--key-column', 'Chave'], env, { output: 'csv' });
    expect(result.code, result.stderr).toBe(0);
    const [header, row] = result.stdout.trim().split('\r\n');
    expect(header).toBe('row,key,status,id,emv,error');
    expect(row).toMatch(/^2,pt-1,created,ci_\w+,000201/);
  });

  it('a row the gateway refuses does not stop the others; exit 3, and a rerun retries only that row', async () => {
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    // Seller 1005 is inactive: only the gateway knows (an id is not looked up locally).
    const file = csvFile(['key,amount,split', 'r-1,100,', 'r-2,100,1005=100%', 'r-3,100,'].join('\n'));
    const result = await createCharges(['--from-csv', file], env);
    expect(result.code).toBe(3);
    expect(lines(result.stdout).map((row) => row.status)).toEqual(['created', 'refused', 'created']);
    expect(lines(result.stdout)[1].error).toBeTruthy();
    const again = await createCharges(['--from-csv', file], env);
    expect(again.code).toBe(3);
    expect(lines(again.stdout).map((row) => row.status)).toEqual([
      'already_created',
      'refused',
      'already_created',
    ]);
  });

  it('--dry-run checks every row and prints each body; nothing sent', async () => {
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const before = chargePosts().length;
    const result = await createCharges(
      ['--from-csv', csvFile(INVOICES), '--key-column', 'invoice', '--dry-run'],
      env,
    );
    expect(result.code).toBe(0);
    expect(lines(result.stdout).map((row) => [row.key, row.body.amount, row.body.external_id])).toEqual([
      ['inv-001', 1500, 'inv-001'],
      ['inv-002', 2500, 'inv-002'],
      ['inv-003', 990, 'inv-003'],
    ]);
    expect(chargePosts().length).toBe(before);
  });
});

describe('charge create --from-csv under crashes and overlap (the built binary)', () => {
  const crashAt = (point: string) => ({ PAYGATE_TEST_HOOKS: '1', PAYGATE_TEST_CRASH_AT: point });
  const create = (file: string) => ['charge', 'create', '--from-csv', file, '--key-column', 'invoice'];
  const madeFor = (keys: string[]) =>
    chargePosts().filter((request) => keys.includes((request.body as { external_id: string }).external_id));

  it.each(['after-intent', 'before-send', 'after-answer'])(
    'SIGKILL %s on the first row: the rerun (and reconcile where the outcome is unknown) ends with one charge per key',
    async (point) => {
      const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
      const prefix = `crash-${point}`;
      const keys = [`${prefix}-1`, `${prefix}-2`];
      const file = csvFile(['invoice,amount', `${keys[0]},100`, `${keys[1]},200`].join('\n'));
      const killed = await spawnPaygate(create(file), { env: { ...env, ...crashAt(point) } });
      expect(killed.signal).toBe('SIGKILL');

      let rerun = await run(create(file), { env });
      if (rerun.code === 9) {
        expect(rerun.stderr).toContain(`charge reconcile --key ${keys[0]}`);
        const clock = { now: () => Date.now() + 11 * 60_000 };
        // The window passes on the gateway too: the run recorded its clock against the gateway's.
        ts.sandbox.advanceClock(11 * 60_000);
        const settled = await run(['charge', 'reconcile', '--key', keys[0]!], { env, clock });
        expect(settled.code, settled.stderr).toBe(0);
        rerun = await run(create(file), { env });
      }
      expect(rerun.code, rerun.stderr).toBe(0);
      for (const key of keys) expect(madeFor([key])).toHaveLength(1);
    },
  );

  it('two runs of the same file at once: one charge per key', async () => {
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const keys = Array.from({ length: 6 }, (_, index) => `overlap-${index + 1}`);
    const file = csvFile(['invoice,amount', ...keys.map((key, index) => `${key},${100 + index}`)].join('\n'));
    const [a, b] = await Promise.all([
      spawnPaygate(create(file), { env }),
      spawnPaygate(create(file), { env }),
    ]);
    expect([0, 3]).toContain(a.code);
    expect([0, 3]).toContain(b.code);
    for (const key of keys) expect(madeFor([key])).toHaveLength(1);
    const settled = await run(create(file), { env });
    expect(settled.code).toBe(0);
    expect(lines(settled.stdout).every((row) => row.status === 'already_created')).toBe(true);
  });
});

describe('charge create --from-csv against another gateway', () => {
  it('creates each row: its own id form and status in_analysis are a success', async () => {
    const gateway = await startOtherGateway({ charges: 3 });
    try {
      const env = { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
      const file = csvFile(['invoice,amount', 'og-1,100', 'og-2,200'].join('\n'));
      const result = await createCharges(['--from-csv', file, '--key-column', 'invoice'], env);
      expect(result.code, result.stderr).toBe(0);
      expect(lines(result.stdout).map((row) => [row.status, row.id])).toEqual([
        ['created', 'ch_000004'],
        ['created', 'ch_000005'],
      ]);
    } finally {
      await gateway.close();
    }
  });
});
