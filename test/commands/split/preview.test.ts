import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { splitPreview } from '../../../src/commands/split/preview.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

const offline = () => ({ PAYGATE_CONFIG_DIR: tempConfigDir() });
const ESTIMATE = 'This is an estimate: the gateway computes the final fee and split, and its figures win.';
/** `paygate split preview ARGV` through its handler; offline (a fresh config dir) unless `options.env` says otherwise. */
const previewSplit = (argv: string[], options: FakeContextOptions = {}) =>
  runHandler(splitPreview, ['split', 'preview', ...argv], { env: offline(), ...options });

describe('split preview (offline)', () => {
  test('the example of docs/gateway-api.md: 3.99% of 10000 → fee 399, net 9601; --json has its documented shape', async () => {
    const result = await previewSplit(
      ['--amount', '10000', '--split', '1002=70%', '--split', '1003=30%:rest'],
      {
        globals: { json: true },
      },
    );
    expect(result.code).toBe(0);
    const preview = JSON.parse(result.stdout);
    expect(preview).toMatchObject({
      amount: 10000,
      fee_rate: 3.99,
      fee: 399,
      net: 9601,
      mode: 'percentage',
      entries: [
        { seller_id: 1002, email: null, percentage: 70, amount: 6721, description: null },
        { seller_id: 1003, email: null, percentage: 30, amount: 2880, description: 'rest' },
      ],
      main_seller_amount: 0,
    });
    expect(Object.keys(preview)).toEqual([
      'amount',
      'fee_rate',
      'fee',
      'net',
      'mode',
      'entries',
      'main_seller_amount',
      'warnings',
      'violations',
    ]);
    expect(preview.warnings[0]).toMatch(/estimate/);
    expect(preview.violations).toEqual([]);
  });

  test('always says the preview is an estimate, in one short line, first of its warnings', async () => {
    const json = (argv: string[]) =>
      previewSplit(['--amount', '10000', ...argv], { globals: { json: true } }).then((result) => {
        expect(result.code, result.stderr).toBe(0);
        return JSON.parse(result.stdout).warnings as string[];
      });
    expect(await json([])).toEqual([ESTIMATE]);
    expect(await json(['--split', '1=40%', '--split', '2=60%'])).toEqual([ESTIMATE]);
    expect(await json(['--split', '1=0.10'])).toEqual([ESTIMATE]);
    // The figures' own warnings follow it (a bare number is centavos).
    expect(await json(['--split', '1=10'])).toEqual([
      ESTIMATE,
      expect.stringContaining('split[0]: 10 is R$ 0,10'),
    ]);
    const table = await previewSplit(['--amount', '10000', '--split', '1=40%', '--split', '2=60%']);
    expect(table.code).toBe(0);
    const line = table.stderr.split('\n').find((text) => text.includes('estimate'));
    expect(line).toContain(ESTIMATE);
    expect(line!.length).toBeLessThan(120);
    expect(line).toMatch(/gateway/);
  });

  test('a table of gross, fee, net, each entry with its share, and the main seller remainder', async () => {
    const result = await previewSplit([
      '--amount',
      '250.00',
      '--split',
      '1002=50.00',
      '--split',
      'a@b.com=25,00:x',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Gross\s+R\$ 250,00/);
    expect(result.stdout).toMatch(/Fee \(3\.99%\)\s+R\$ 9,98/);
    expect(result.stdout).toMatch(/Net\s+R\$ 240,02/);
    // A fixed share is said so, beside its money; no rounded percentage that does not give it back.
    expect(result.stdout).toMatch(/^1002 +fixed +R\$ 50,00 *$/m);
    expect(result.stdout).toMatch(/^a@b\.com +fixed +R\$ 25,00 +x$/m);
    expect(result.stdout).not.toMatch(/\d% {2}/);
    expect(result.stdout).toMatch(/main seller \(remainder\)\s+R\$ 165,02/);
    expect(result.stderr).toContain('estimate');
  });

  test('a percentage share is shown as given, of the net, beside the money it gives', async () => {
    const result = await previewSplit(['--amount', '1.25', '--split', '1002=70%', '--split', '1003=30%'], {
      globals: { output: 'table' },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Net +R\$ 1,20$/m);
    expect(result.stdout).toMatch(/^1002 +70% of net +R\$ 0,84 *$/m);
    expect(result.stdout).toMatch(/^1003 +30% of net +R\$ 0,36 *$/m);
    const fixed = await previewSplit(['--amount', '1.25', '--split', '1002=1.00'], {
      globals: { output: 'table' },
    });
    expect(fixed.stdout).toMatch(/^1002 +fixed +R\$ 1,00 *$/m);
    expect(fixed.stdout).not.toContain('83.33%');
  });

  test('--fee-rate, else the fee.pix setting', async () => {
    const flag = await previewSplit(['--amount', '10000', '--fee-rate', '2.5'], { globals: { json: true } });
    expect(JSON.parse(flag.stdout)).toMatchObject({
      fee_rate: 2.5,
      fee: 250,
      net: 9750,
      main_seller_amount: 9750,
    });
    const dir = tempConfigDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${dir}/config.json`, JSON.stringify({ settings: { 'fee.pix': 1 } }));
    const setting = await previewSplit(['--amount', '10000'], {
      env: { PAYGATE_CONFIG_DIR: dir },
      globals: { json: true },
    });
    expect(JSON.parse(setting.stdout)).toMatchObject({ fee_rate: 1, fee: 100 });
    const bad = await previewSplit(['--amount', '10000', '--fee-rate', 'abc']);
    expect(bad.code).toBe(2);
    expect(bad.error?.message).toContain('--fee-rate');
  });

  test('every broken rule is named (exit 2), and the preview is still printed', async () => {
    // How the top level prints the error (the --json error object after the preview): the whole CLI.
    const result = await run(
      [
        'split',
        'preview',
        '--amount',
        '10000',
        '--split',
        '1002=70%',
        '--split',
        '1003=20%',
        '--split',
        '1004=10.00',
        '--json',
      ],
      { env: offline() },
    );
    expect(result.code).toBe(2);
    const preview = JSON.parse(result.stdout);
    expect(preview.violations.map((violation: { rule: string }) => violation.rule)).toEqual(
      expect.arrayContaining(['mixed_modes']),
    );
    expect(JSON.parse(result.stderr.trim().split('\n').at(-1)!).error).toMatchObject({ exit_code: 2 });

    const human = await previewSplit(['--amount', '10000', '--split', '1002=70%', '--split', '1003=20%']);
    expect(human.code).toBe(2);
    expect(human.stdout).toMatch(/Net\s+R\$ 96,01/);
    expect(human.stderr).toContain('percentages total 90%');
    const unreadable = await previewSplit(['--amount', '10000', '--split', 'nonsense']);
    expect(unreadable.code).toBe(2);
    expect(unreadable.error?.message).toContain('--split');
    const missing = await previewSplit([]);
    expect(missing.code).toBe(2);
    expect(missing.error?.message).toContain('--amount is required');
  });

  test('offline means offline: the API client is never created without --resolve', async () => {
    // Creating the client with --request-timeout 0 fails (exit 2): a preview that succeeds never made one.
    const result = await previewSplit(['--amount', '100', '--split', 'x@y.com=100%'], {
      env: { ...offline(), PAYGATE_BASE_URL: 'http://127.0.0.1:1' },
      globals: { requestTimeout: '0' },
    });
    expect(result.code, result.stderr).toBe(0);
    const resolving = await previewSplit(['--amount', '100', '--split', 'x@y.com=100%', '--resolve'], {
      env: { ...offline(), PAYGATE_BASE_URL: 'http://127.0.0.1:1' },
      globals: { requestTimeout: '0' },
    });
    expect(resolving.code).toBe(2);
    expect(resolving.error?.message).toContain('--request-timeout');
  });
});

describe('split preview --resolve', () => {
  let ts: TestSandbox;
  beforeAll(async () => {
    ts = await startTestSandbox();
  });
  afterAll(async () => ts.close());

  test('looks e-mails up and checks each seller can receive; ids are warned about', async () => {
    const sellers = ts.sandbox.sellers;
    const eligible = sellers.find(
      (s) =>
        s.seller_id !== ts.main.seller_id &&
        s.status === 'active' &&
        s.compliance_status === 'approved' &&
        s.pix_enabled,
    )!;
    const pending = sellers.find((s) => s.compliance_status !== 'approved')!;
    const inactive = sellers.find((s) => s.status !== 'active')!;
    const noPix = sellers.find((s) => !s.pix_enabled)!;
    const result = await previewSplit(
      [
        '--amount',
        '10000',
        '--resolve',
        '--split',
        `${eligible.email}=20%`,
        '--split',
        `${pending.email}=20%`,
        '--split',
        `${inactive.email}=20%`,
        '--split',
        `${noPix.email}=20%`,
        '--split',
        'ghost@example.com=10%',
        '--split',
        '1002=10%',
      ],
      { env: ts.env, globals: { json: true } },
    );
    expect(result.code).toBe(2);
    const preview = JSON.parse(result.stdout);
    expect(preview.entries[0]).toMatchObject({ seller_id: eligible.seller_id, email: eligible.email });
    const byField = Object.fromEntries(
      preview.violations.map((v: { field: string; rule: string; message: string }) => [v.field, v]),
    );
    expect(byField['split[0]']).toBeUndefined();
    expect(byField['split[1]']).toMatchObject({
      rule: 'seller_eligible',
      message: expect.stringContaining('compliance'),
    });
    expect(byField['split[2]']).toMatchObject({
      rule: 'seller_eligible',
      message: expect.stringContaining('not active'),
    });
    expect(byField['split[3]']).toMatchObject({
      rule: 'seller_eligible',
      message: expect.stringContaining('PIX'),
    });
    expect(byField['split[4]']).toMatchObject({ rule: 'seller_not_found' });
    expect(preview.warnings.join('\n')).toContain('split[5]: seller 1002 was not checked');

    const ok = await previewSplit(['--amount', '10000', '--resolve', '--split', `${eligible.email}=100%`], {
      env: ts.env,
    });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`${eligible.email} (${eligible.seller_id})`);
  });
});
