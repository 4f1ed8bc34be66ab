// Money of unknown unit against the published shapes of real gateways (test/fixtures/gateways):
// Asaas and Mercado Pago write whole reais as integers (`{"balance": 1500}`, `"value": 50`, a
// refund `"amount": 210`), which are never centavos: shown as received and flagged, never
// computed with, unless the profile declares the unit (gateway.money_unit). Efí echoes a payout
// as `valor "100.00"`: compared as reais before any "differs" warning.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { balance } from '../../src/commands/account/account.js';
import { chargeRefund } from '../../src/commands/charge/refund.js';
import { payoutCreate } from '../../src/commands/payout/create.js';
import { payoutGet } from '../../src/commands/payout/get.js';
import { payoutList } from '../../src/commands/payout/list.js';
import { payoutReconcile } from '../../src/commands/payout/reconcile.js';
import { payoutWatch } from '../../src/commands/payout/watch.js';
import { formatMoney } from '../../src/domain/money.js';
import { fakeTime } from '../helpers/fake-time.js';
import { accountJournalOf } from '../helpers/journal.js';
import { type RealGateway, startRealGateway } from '../helpers/real-gateways.js';
import { tempConfigDir, tempConfigDirDeclaring } from '../helpers/run-cli.js';
import { runHandler } from '../helpers/run-handler.js';

/** The payouts a gateway received (the POSTs of /v1/payouts), as their JSON bodies. */
const payoutPosts = (gateway: RealGateway) =>
  gateway.requests
    .filter((request) => request.method === 'POST' && request.path === '/v1/payouts')
    .map((request) => JSON.parse(request.body) as { amount: number });

/** The gateway's env with a fresh config dir declaring `gateway.money_unit`. */
function declaring(gateway: RealGateway, unit: 'centavos' | 'reais'): Record<string, string> {
  return { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDirDeclaring(unit) };
}

describe('Asaas: whole reais written as integers ({"balance": 1500}, "value": 50)', () => {
  let asaas: RealGateway;
  beforeAll(async () => {
    asaas = await startRealGateway('asaas', { wholeReais: true, charges: 5, payouts: 5 });
  });
  afterAll(() => asaas.close());

  it('balance: 1500 is shown as received and flagged, never R$ 15,00; --json keeps it', async () => {
    const result = await runHandler(balance, ['balance'], { env: asaas.env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Available\s+1500 \(unit unknown: balance\)$/m);
    expect(result.stdout).not.toContain('R$');
    expect(result.stderr).toContain('the unit of balance (1500) is unknown');
    const json = await runHandler(balance, ['balance'], { env: asaas.env, globals: { json: true } });
    expect(JSON.parse(json.stdout)).toEqual({ balance: 1500 });
  });

  it('payout create --all --keep 1.00 --yes: refused (exit 3) naming the field; no POST', async () => {
    const before = payoutPosts(asaas).length;
    const result = await runHandler(payoutCreate, ['payout', 'create', '--all', '--keep', '1.00', '--yes'], {
      env: asaas.env,
    });
    expect(result.code).toBe(3);
    expect(result.failure).toContain(
      'cannot pay out the whole balance: the unit of balance (1500) is unknown',
    );
    expect(result.failure).toContain('gateway.money_unit');
    expect(payoutPosts(asaas)).toHaveLength(before);
  });

  it('payout create --all --dry-run --json: plans nothing (exit 3, nothing on stdout, no POST)', async () => {
    const before = payoutPosts(asaas).length;
    const result = await runHandler(
      payoutCreate,
      ['payout', 'create', '--all', '--keep', '1.00', '--dry-run'],
      { env: asaas.env, globals: { json: true } },
    );
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.failure).toContain('balance');
    expect(payoutPosts(asaas)).toHaveLength(before);
  });

  it('payout create --amount 100.00: not refused locally; one warning that the balance was not checked; the POST goes out', async () => {
    const before = payoutPosts(asaas).length;
    const result = await runHandler(payoutCreate, ['payout', 'create', '--amount', '100.00', '--yes'], {
      env: asaas.env,
    });
    expect(result.code, result.failure).toBe(0);
    expect(result.stderr.match(/the balance could not be checked/g)).toHaveLength(1);
    expect(result.stderr).toContain('balance (1500)');
    expect(result.stderr + result.failure).not.toContain('insufficient balance');
    expect(payoutPosts(asaas).slice(before)).toEqual([{ amount: 10000 }]);
  });

  it('with gateway.money_unit reais: the balance is R$ 1.500,00 and --all --keep 1.00 pays 149900 centavos', async () => {
    const env = declaring(asaas, 'reais');
    const shown = await runHandler(balance, ['balance'], { env });
    expect(shown.stdout).toMatch(/^Available\s+R\$ 1\.500,00$/m);
    expect(shown.stderr).toBe('');
    const before = payoutPosts(asaas).length;
    const result = await runHandler(payoutCreate, ['payout', 'create', '--all', '--keep', '1.00', '--yes'], {
      env,
    });
    expect(result.code, result.failure).toBe(0);
    expect(payoutPosts(asaas).slice(before)).toEqual([{ amount: 149900 }]);
  });

  it('with gateway.money_unit centavos: 1500 is R$ 15,00 as declared', async () => {
    const result = await runHandler(balance, ['balance'], { env: declaring(asaas, 'centavos') });
    expect(result.stdout).toMatch(/^Available\s+R\$ 15,00$/m);
  });

  /** The payout of `"value": 50` (the fixture's payoutWhole). */
  const whole = () => asaas.payouts.find((payout) => payout.id === String(asaas.fixture.payoutWhole!.id))!;

  it('payout list: value 50 shown flagged, never R$ 0,50', async () => {
    const result = await runHandler(payoutList, ['payout', 'list'], { env: asaas.env });
    expect(result.code).toBe(0);
    const row = result.stdout.split('\n').find((line) => line.startsWith(whole().id));
    expect(row).toMatch(/\s50 \(unit unknown: value\)\s/);
    expect(result.stdout).not.toContain('R$ 0,50');
  });

  it('payout list -o csv and --excel: amount and amount_brl empty, 50 kept in amount_as_received', async () => {
    for (const globals of [{ output: 'csv' as const }, { excel: true }]) {
      const result = await runHandler(payoutList, ['payout', 'list'], { env: asaas.env, globals });
      expect(result.code).toBe(0);
      const separator = globals.output === 'csv' ? ',' : ';';
      const [header, ...rows] = result.stdout.replace(/^\uFEFF/, '').split('\r\n');
      const columns = header!.split(separator);
      const row = rows.find((line) => line.startsWith(whole().id))!.split(separator);
      expect(row[columns.indexOf('amount')]).toBe('');
      expect(row[columns.indexOf('amount_brl')]).toBe('');
      expect(row[columns.indexOf('amount_as_received')]).toBe('50');
      expect(result.stdout).not.toMatch(/0[.,]50/);
    }
  });

  it('payout get and payout watch: value 50 flagged, never R$ 0,50', async () => {
    const get = await runHandler(payoutGet, ['payout', 'get', whole().id], { env: asaas.env });
    expect(get.code).toBe(0);
    expect(get.stdout).toMatch(/^Amount\s+50 \(unit unknown: value\)$/m);
    expect(get.stdout).not.toContain('R$ 0,50');
    const watch = await runHandler(payoutWatch, ['payout', 'watch', whole().id, '--timeout', '10s'], {
      env: asaas.env,
      ...fakeTime(),
    });
    // DONE is Asaas's word, not a final status of the API: the watch waits (exit 8), showing the amount as received.
    expect(watch.stdout + watch.stderr + watch.failure).toContain('50 (unit unknown: value)');
    expect(watch.stdout + watch.stderr + watch.failure).not.toContain('R$ 0,50');
  });
});

describe('Mercado Pago: whole reais written as integers (available_balance: 1500, a refund of 210)', () => {
  let mercadoPago: RealGateway;
  beforeAll(async () => {
    mercadoPago = await startRealGateway('mercadopago', { wholeReais: true, charges: 5, payouts: 5 });
  });
  afterAll(() => mercadoPago.close());

  it('balance: 1500 flagged, never R$ 15,00; --all refuses naming available_balance, no POST', async () => {
    const shown = await runHandler(balance, ['balance'], { env: mercadoPago.env });
    expect(shown.stdout).toMatch(/^Available\s+1500 \(unit unknown: available_balance\)$/m);
    expect(shown.stdout).not.toContain('R$ 15,00');
    const result = await runHandler(payoutCreate, ['payout', 'create', '--all', '--keep', '1.00', '--yes'], {
      env: mercadoPago.env,
    });
    expect(result.code).toBe(3);
    expect(result.failure).toContain('available_balance');
    expect(payoutPosts(mercadoPago)).toHaveLength(0);
  });

  it('charge refund: the refund object of 210 is never shown as R$ 2,10: the charge is shown again, in its own unit', async () => {
    const charge = mercadoPago.charges[1]!;
    const result = await runHandler(chargeRefund, ['charge', 'refund', charge.id, '--yes'], {
      env: mercadoPago.env,
    });
    expect(result.code, result.failure).toBe(0);
    expect(result.stdout).toMatch(/^Amount\s+94\.19 \(unit unknown: transaction_amount\)$/m);
    expect(result.stdout).not.toContain('R$ 2,10');
    expect(result.stderr).toContain('the gateway accepted the refund (refund 1009042016: approved)');
    const declared = await runHandler(chargeRefund, ['charge', 'refund', charge.id, '--yes'], {
      env: declaring(mercadoPago, 'reais'),
    });
    expect(declared.stdout).toMatch(/^Amount\s+R\$ 94,19$/m);
    expect(declared.stdout).not.toContain('R$ 2,10');
  });
});

describe('Efí: a payout echoed as valor "100.00"', () => {
  let efi: RealGateway;
  let efiOther: RealGateway;
  beforeAll(async () => {
    efi = await startRealGateway('efi', {
      charges: 5,
      payouts: 5,
      keepDescription: (description) => description,
    });
    efiOther = await startRealGateway('efi', { charges: 5, payouts: 5, echoPayoutCents: 15000 });
  });
  afterAll(async () => {
    await efi.close();
    await efiOther.close();
  });
  // Each test reads only the requests it caused (the reconcile test POSTs a payout of its own).
  beforeEach(() => {
    efi.requests.length = 0;
    efiOther.requests.length = 0;
  });

  it('balance: saldo "1500.00" flagged; with gateway.money_unit reais, R$ 1.500,00', async () => {
    const shown = await runHandler(balance, ['balance'], { env: efi.env });
    expect(shown.stdout).toMatch(/^Available\s+1500\.00 \(unit unknown: saldo\)$/m);
    const declared = await runHandler(balance, ['balance'], { env: declaring(efi, 'reais') });
    expect(declared.stdout).toMatch(/^Available\s+R\$ 1\.500,00$/m);
    expect(declared.stderr).toBe('');
  });

  it('10000 sent, "100.00" echoed: the same amount in reais, no "differs" warning', async () => {
    const result = await runHandler(payoutCreate, ['payout', 'create', '--amount', '100.00', '--yes'], {
      env: efi.env,
    });
    expect(result.code, result.failure).toBe(0);
    expect(payoutPosts(efi)).toEqual([{ amount: 10000 }]);
    expect(efi.lastData()).toContain('"valor":"100.00"');
    expect(result.stderr).not.toContain('differs');
  });

  it('10000 sent, "150.00" echoed: warns with both figures', async () => {
    const result = await runHandler(payoutCreate, ['payout', 'create', '--amount', '100.00', '--yes'], {
      env: efiOther.env,
    });
    expect(result.code, result.failure).toBe(0);
    expect(efiOther.lastData()).toContain('"valor":"150.00"');
    expect(result.stderr).toContain("WARNING: the payout's amount differs from what paygate sent");
    expect(result.stderr).toContain('sent amount 10000 (centavos, R$ 100,00)');
    expect(result.stderr).toContain("the gateway's answer says valor 150.00");
  });

  it('payout reconcile: the key\'s payout echoed as valor "123.45" settles the entry of 12345 centavos', async () => {
    const env = { ...efi.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
    // A run that died after sending 12345 with --key k-efi: its entry stays `sent`.
    const journal = await accountJournalOf(env, { pid: 2 ** 22 + 99, isAlive: () => false });
    const runner = await journal.acquire('k-efi');
    const at = Date.now();
    await runner.begin({
      amount: 12345,
      description: 'payout k-efi',
      balanceSeen: null,
      at: new Date(at - 1000).toISOString(),
    });
    await runner.markSent(new Date(at - 900).toISOString(), 10 * 60_000);
    // What it sent reached the gateway, which shows it as valor "123.45" (the mark in infoPagador).
    const answer = await fetch(`${efi.url}/v1/payouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${efi.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 12345, description: 'payout k-efi' }),
    });
    expect(answer.status).toBe(200);
    const made = efi.payouts.at(-1)!;
    const result = await runHandler(payoutReconcile, ['payout', 'reconcile', '--key', 'k-efi'], { env });
    expect(result.code, result.failure).toBe(0);
    expect(result.stderr).toContain(`settled: the run did create payout ${made.id}`);
  });
});

describe('Woovi: integer centavos under its own name (value)', () => {
  let woovi: RealGateway;
  beforeAll(async () => {
    woovi = await startRealGateway('woovi', { charges: 5, payouts: 5 });
  });
  afterAll(() => woovi.close());

  it('payout list: value flagged until gateway.money_unit centavos is declared, then R$', async () => {
    const newest = woovi.payouts.at(-1)!;
    const undeclared = await runHandler(payoutList, ['payout', 'list'], { env: woovi.env });
    expect(undeclared.stdout).toContain(`${newest.cents} (unit unknown: value)`);
    const declared = await runHandler(payoutList, ['payout', 'list'], { env: declaring(woovi, 'centavos') });
    const reais = formatMoney(newest.cents);
    expect(declared.stdout).toContain(reais);
    expect(declared.stdout).not.toContain('unit unknown');
  });
});
