// A gateway's status words declared per profile (`gateway.charge_status`, `gateway.payout_status`)
// against the published shapes of real gateways (test/helpers/real-gateways.ts): a declared word
// ends watches and picks --status rows like the API's own; undeclared, the same word is never
// final (exit 8) and matches no --status; a declaration belongs to its profile only.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeList } from '../../src/commands/charge/list.js';
import { chargeWatch } from '../../src/commands/charge/watch.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { payoutList } from '../../src/commands/payout/list.js';
import { payoutWatch } from '../../src/commands/payout/watch.js';
import type { GlobalOptions } from '../../src/context.js';
import { fakeTime } from '../helpers/fake-time.js';
import { type RealGateway, startRealGateway } from '../helpers/real-gateways.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';

type Json = Record<string, unknown>;

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);
const ndjson = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Json);

/** A config dir where `paygate [--profile NAME] config set SETTING VALUE` ran for each entry. */
async function declared(entries: [setting: string, value: string, profile?: string][]): Promise<string> {
  const dir = tempConfigDir();
  for (const [setting, value, profile] of entries) {
    const result = await run([...(profile ? ['--profile', profile] : []), 'config', 'set', setting, value], {
      env: { PAYGATE_CONFIG_DIR: dir },
    });
    expect(result.code, result.stderr).toBe(0);
  }
  return dir;
}

describe('declared charge words (Asaas: RECEIVED, CONFIRMED)', () => {
  let gateway: RealGateway;
  beforeAll(async () => {
    gateway = await startRealGateway('asaas');
  });
  afterAll(() => gateway.close());

  const watch = (dir: string, id: string, globals: GlobalOptions = {}) =>
    runHandler(chargeWatch, ['charge', 'watch', id, '--timeout', '10s'], {
      env: { ...gateway.env, PAYGATE_CONFIG_DIR: dir },
      globals,
      ...fakeTime(),
    });

  it('charge watch of a RECEIVED charge: exit 8 undeclared, exit 0 with RECEIVED=paid', async () => {
    const charge = gateway.charges.find((item) => item.status === 'RECEIVED')!;
    const undeclared = await watch(tempConfigDir(), charge.id);
    expect(undeclared.code).toBe(8);
    expect(undeclared.failure).toContain('still RECEIVED when the timeout ran out');

    const dir = await declared([['gateway.charge_status', 'RECEIVED=paid']]);
    const gets = () =>
      gateway.requests.filter((request) => request.path === `/v1/charges/${charge.id}`).length;
    const before = gets();
    const result = await watch(dir, charge.id);
    expect(result.code, result.failure).toBe(0);
    expect(result.stdout).toMatch(/Status\s+RECEIVED \(paid\)/);
    expect(lastLine(result.stderr)).toMatch(new RegExp(`^✓ RECEIVED \\(paid\\): charge ${charge.id} \\(`));
    // One look was enough: a final status is not polled again.
    expect(gets()).toBe(before + 1);
  });

  it('a word declared as a failure ends the watch with exit 7, naming the word and its reading', async () => {
    const charge = gateway.charges.find((item) => item.status === 'OVERDUE')!;
    const dir = await declared([['gateway.charge_status', 'RECEIVED=paid,OVERDUE=expired']]);
    const result = await watch(dir, charge.id, { json: true });
    expect(result.code).toBe(7);
    expect(result.failure).toBe(`charge ${charge.id} is OVERDUE (expired), not paid`);
    // --json prints the gateway's own word, not the reading.
    expect(JSON.parse(result.stdout).status).toBe('OVERDUE');
  });

  it('a declaration on profile A does not reach profile B', async () => {
    const charge = gateway.charges.find((item) => item.status === 'RECEIVED')!;
    const dir = await declared([
      ['gateway.charge_status', 'RECEIVED=paid', 'a'],
      ['gateway.charge_status', 'OVERDUE=expired', 'b'],
    ]);
    expect((await watch(dir, charge.id, { profile: 'a' })).code).toBe(0);
    expect((await watch(dir, charge.id, { profile: 'b' })).code).toBe(8);
    const byEnvironment = await runHandler(chargeWatch, ['charge', 'watch', charge.id, '--timeout', '10s'], {
      env: { ...gateway.env, PAYGATE_CONFIG_DIR: dir, PAYGATE_PROFILE: 'b' },
      ...fakeTime(),
    });
    expect(byEnvironment.code).toBe(8);
  });

  it('charge list --status paid: none of the RECEIVED ones undeclared; them and CONFIRMED once declared', async () => {
    const list = (dir: string, globals: GlobalOptions = { output: 'ndjson' }) =>
      runHandler(chargeList, ['charge', 'list', '--status', 'paid', '--limit', '100'], {
        env: { ...gateway.env, PAYGATE_CONFIG_DIR: dir },
        globals,
      });
    const undeclared = await list(tempConfigDir());
    expect(undeclared.code).toBe(0);
    expect(undeclared.stdout).toBe('');

    const dir = await declared([['gateway.charge_status', 'received=paid,CONFIRMED=paid']]);
    const result = await list(dir);
    expect(result.code).toBe(0);
    const rows = ndjson(result.stdout);
    const paid = gateway.charges.filter((item) => ['RECEIVED', 'CONFIRMED'].includes(item.status));
    expect(rows.length).toBe(Math.min(100, paid.length));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['RECEIVED', 'CONFIRMED']));
    // The gateway was asked as before (the filter is applied again here).
    const asked = gateway.requests.filter((request) => request.path === '/v1/charges').at(-1)!;
    expect(asked.query.get('status')).toBe('paid');

    const table = await list(dir, {});
    expect(table.stdout).toMatch(/RECEIVED \(paid\)/);
    expect(table.stdout).toMatch(/CONFIRMED \(paid\)/);
  });
});

describe('declared payout words (Efí: REALIZADO, NAO_REALIZADO)', () => {
  let gateway: RealGateway;
  beforeAll(async () => {
    gateway = await startRealGateway('efi');
  });
  afterAll(() => gateway.close());

  const watch = (dir: string, id: string) =>
    runHandler(payoutWatch, ['payout', 'watch', id, '--timeout', '10s'], {
      env: { ...gateway.env, PAYGATE_CONFIG_DIR: dir },
      ...fakeTime(),
    });

  it('payout watch of NAO_REALIZADO: exit 8 undeclared, exit 7 declared failed; REALIZADO completes', async () => {
    const failed = gateway.payouts.find((item) => item.status === 'NAO_REALIZADO')!;
    const done = gateway.payouts.find((item) => item.status === 'REALIZADO')!;
    expect((await watch(tempConfigDir(), failed.id)).code).toBe(8);

    const dir = await declared([['gateway.payout_status', 'REALIZADO=completed,NAO_REALIZADO=failed']]);
    const result = await watch(dir, failed.id);
    expect(result.code).toBe(7);
    expect(result.failure).toMatch(new RegExp(`^payout ${failed.id} NAO_REALIZADO \\(failed\\)`));
    const completed = await watch(dir, done.id);
    expect(completed.code, completed.failure).toBe(0);
    expect(lastLine(completed.stderr)).toMatch(/^✓ REALIZADO \(completed\): payout /);
  });

  it('payout create --wait: a payout made REALIZADO waits to the timeout undeclared (8), ends 0 declared', async () => {
    const create = (dir: string) =>
      runHandler(
        payoutCreate,
        ['payout', 'create', '--amount', '1,00', '--yes', '--wait', '--timeout', '10s'],
        {
          env: { ...gateway.env, PAYGATE_CONFIG_DIR: dir },
          ...fakeTime(),
        },
      );
    const undeclared = await create(tempConfigDir());
    expect(undeclared.code, undeclared.failure).toBe(8);
    expect(undeclared.failure).toContain('still REALIZADO when the timeout ran out');
    const result = await create(await declared([['gateway.payout_status', 'REALIZADO=completed']]));
    expect(result.code, result.failure).toBe(0);
    expect(result.stdout).toMatch(/Status\s+REALIZADO \(completed\)/);
    expect(lastLine(result.stderr)).toMatch(/^✓ REALIZADO \(completed\): payout /);
  });

  it('payout list --status failed keeps the declared NAO_REALIZADO rows', async () => {
    const dir = await declared([['gateway.payout_status', 'NAO_REALIZADO=failed']]);
    const result = await runHandler(payoutList, ['payout', 'list', '--status', 'failed'], {
      env: { ...gateway.env, PAYGATE_CONFIG_DIR: dir },
      globals: { output: 'ndjson' },
    });
    expect([0, 10]).toContain(result.code);
    const rows = ndjson(result.stdout);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.status).toBe('NAO_REALIZADO');
  });
});

describe('config set/get/unset of a gateway setting: the active profile', () => {
  it('stored in the profile entry; get reads the active profile; unset removes it there only', async () => {
    const dir = tempConfigDir();
    const env = { PAYGATE_CONFIG_DIR: dir };
    const set = await run(
      ['--profile', 'prod', 'config', 'set', 'gateway.charge_status', ' RECEIVED=Paid , OVERDUE=expired'],
      {
        env,
      },
    );
    expect(set.code).toBe(0);
    expect(set.stderr).toBe('gateway.charge_status = RECEIVED=paid,OVERDUE=expired (profile "prod")\n');
    await run(['config', 'set', 'fee.pix', '2.5'], { env });
    const file = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(file.profiles.prod.settings).toEqual({ 'gateway.charge_status': 'RECEIVED=paid,OVERDUE=expired' });
    expect(file.settings).toEqual({ 'fee.pix': 2.5 });

    expect((await run(['--profile', 'prod', 'config', 'get', 'gateway.charge_status'], { env })).stdout).toBe(
      'RECEIVED=paid,OVERDUE=expired\n',
    );
    expect(
      (await run(['config', 'get', 'gateway.charge_status'], { env: { ...env, PAYGATE_PROFILE: 'prod' } }))
        .stdout,
    ).toBe('RECEIVED=paid,OVERDUE=expired\n');
    expect((await run(['config', 'get', 'gateway.charge_status'], { env })).stdout).toBe('');

    const unset = await run(['--profile', 'prod', 'config', 'unset', 'gateway.charge_status'], { env });
    expect(unset.stderr).toBe('gateway.charge_status unset (profile "prod")\n');
    const after = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(after.profiles.prod).toEqual({});
    expect(after.settings).toEqual({ 'fee.pix': 2.5 });
  });

  it.each([
    [
      'gateway.charge_status',
      'paid=failed',
      'gateway.charge_status: "paid" is a status of the API itself and cannot be redefined',
    ],
    [
      'gateway.charge_status',
      'RECEIVED=done',
      'gateway.charge_status: "RECEIVED=done": "done" is not one of the API\'s statuses (pending, authorized, paid, expired, failed, refunded)',
    ],
    [
      'gateway.payout_status',
      'rejected=failed,REJECTED=completed',
      'gateway.payout_status: "REJECTED" is declared twice, as failed and as completed',
    ],
    [
      'gateway.payout_status',
      'CONCLUIDA=paid',
      'gateway.payout_status: "CONCLUIDA=paid": "paid" is not one of the API\'s statuses (pending, processing, completed, failed)',
    ],
    [
      'gateway.payout_status',
      'CONCLUIDA',
      'gateway.payout_status: "CONCLUIDA" is not WORD=status (e.g. RECEIVED=paid)',
    ],
    ['gateway.money_unit', 'dollars', 'gateway.money_unit: "dollars" is not one of: centavos, reais'],
  ])('config set %s %j: exit 2, said, nothing stored', async (setting, value, message) => {
    const dir = tempConfigDir();
    const result = await run(['config', 'set', setting, value], { env: { PAYGATE_CONFIG_DIR: dir } });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(`error: ${message}`);
    expect(() => readFileSync(join(dir, 'config.json'))).toThrow();
  });

  it('a hand-edited declaration that does not parse: exit 2 naming the setting, before any request', async () => {
    const gateway = await startRealGateway('asaas');
    try {
      const dir = tempConfigDir();
      const { writeFileSync } = await import('node:fs');
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({ profiles: { default: { settings: { 'gateway.charge_status': 'paid=failed' } } } }),
        { mode: 0o600 },
      );
      const before = gateway.requests.length;
      const result = await runHandler(chargeWatch, ['charge', 'watch', gateway.charges[0]!.id], {
        env: { ...gateway.env, PAYGATE_CONFIG_DIR: dir },
        ...fakeTime(),
      });
      expect(result.code).toBe(2);
      expect(result.failure).toContain('gateway.charge_status: "paid" is a status of the API itself');
      expect(gateway.requests.length).toBe(before);
    } finally {
      await gateway.close();
    }
  });
});

describe('config list and profile list show the declared dialect', () => {
  it('config list: the active profile’s gateway settings, named as such', async () => {
    const dir = await declared([
      ['gateway.charge_status', 'RECEIVED=paid', 'asaas'],
      ['gateway.money_unit', 'reais', 'asaas'],
    ]);
    const env = { PAYGATE_CONFIG_DIR: dir };
    const table = await run(['--profile', 'asaas', 'config', 'list'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^gateway\.charge_status\s+RECEIVED=paid\s+config, profile asaas\s/m);
    expect(table.stdout).toMatch(/^gateway\.money_unit\s+reais\s+config, profile asaas\s/m);
    expect(table.stdout).toMatch(/^gateway\.payout_status\s+unset, profile asaas\s/m);
    expect(table.stdout).toMatch(/^fee\.pix\s+3\.99\s+default\s/m);

    const other = await run(['--profile', 'other', 'config', 'list', '--json'], { env });
    const rows = JSON.parse(other.stdout) as Json[];
    expect(rows.find((row) => row.name === 'gateway.charge_status')).toEqual(
      expect.objectContaining({ value: null, source: 'unset', profile: 'other' }),
    );
    expect(rows.find((row) => row.name === 'fee.pix')).toEqual(expect.objectContaining({ profile: null }));
  });

  it('profile list: each profile’s dialect in brief; --json its gateway settings', async () => {
    const dir = await declared([
      ['gateway.charge_status', 'RECEIVED=paid,CONFIRMED=paid,OVERDUE=expired', 'asaas'],
      ['gateway.money_unit', 'reais', 'asaas'],
      ['gateway.payout_status', 'REALIZADO=completed', 'efi'],
    ]);
    const env = { PAYGATE_CONFIG_DIR: dir };
    const table = await run(['profile', 'list'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^\s*asaas\s.*money in reais; 3 charge words$/m);
    expect(table.stdout).toMatch(/^\s*efi\s.*1 payout word$/m);
    const json = JSON.parse((await run(['profile', 'list', '--json'], { env })).stdout) as Json[];
    expect(json.find((row) => row.name === 'efi')?.settings).toEqual({
      'gateway.payout_status': 'REALIZADO=completed',
    });
  });
});
