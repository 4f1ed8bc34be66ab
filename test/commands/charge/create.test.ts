import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chargeCreate } from '../../../src/commands/charge/create.js';
import { configSet, configUnset } from '../../../src/commands/config/config.js';
import { parseBrCode } from '../../../src/domain/brcode.js';
import { errorHint } from '../../../src/output/error-text.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { useTestSandbox } from '../../helpers/sandbox.js';

const t = useTestSandbox();
englishAfterEachTest();

const posts = () => t.sandbox.requests.filter((request) => request.method === 'POST');
const tmp = () => mkdtempSync(join(tmpdir(), 'paygate-charge-'));
const EMV_LINE = /^000201.+$/m;

/** `paygate charge create ARGV` through its handler, against the sandbox. */
const create = (argv: string[], options: Omit<FakeContextOptions, 'env'> = {}) =>
  runHandler(chargeCreate, ['charge', 'create', ...argv], { env: t.env, ...options });

describe('charge create', () => {
  it('creates a charge and prints the summary, the QR code and a valid copy-and-paste line', async () => {
    const result = await create(['--amount', '25,00', '--description', 'Pedido 123']);
    expect(result.stderr).toContain('created');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/ID\s+ci_[A-Za-z0-9]{12}/);
    expect(result.stdout).toMatch(/Status\s+pending/);
    expect(result.stdout).toContain('R$ 25,00');
    expect(result.stdout).toMatch(/expires in 29m 5\ds|expires in 30m 00s/);
    expect(result.stdout).toMatch(/[█▀▄]/);
    const emv = EMV_LINE.exec(result.stdout)![0];
    const code = parseBrCode(emv);
    expect(code.valid).toBe(true);
    expect(code.amount).toBe(2500);
    const sent = posts();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      amount: 2500,
      pix: { description: 'Pedido 123' },
      payment_method: 'pix',
    });
    // Not a TTY, no colour: no escape sequences at all.
    expect(result.stdout).not.toContain('\x1b');
  });

  it('--json prints the API data exactly, and nothing else on stdout', async () => {
    const result = await create(['--amount', '1500', '--external-id', 'order-42'], {
      globals: { json: true },
    });
    expect(result.code).toBe(0);
    const data = JSON.parse(result.stdout);
    const stored = await (
      await fetch(`${t.url}/v1/charges/${data.id}`, {
        headers: { authorization: `Bearer ${t.main.secret_key}` },
      })
    ).json();
    expect(data).toEqual(stored.data);
    expect(Object.keys(data)).toEqual(Object.keys(stored.data));
    expect(data.external_id).toBe('order-42');
  });

  it('--no-qr leaves the drawing out but keeps the copy-and-paste line', async () => {
    const result = await create(['--amount', '1500', '--no-qr']);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/[█▀▄]/);
    expect(result.stdout).toMatch(EMV_LINE);
  });

  it('draws the QR in colour on a colour terminal', async () => {
    const result = await create(['--amount', '1500'], { tty: true });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('\x1b[30;47m');
  });

  it.each([
    [['--amount', '15.0'], '--amount'],
    [['--amount', '-3'], '--amount'],
    [['--amount', '1500', '--expires-in', '30s'], '--expires-in'],
    [['--amount', '1500', '--expires-in', '2d'], '--expires-in'],
    [['--amount', '1500', '--description', 'x'.repeat(256)], '--description'],
    [['--amount', '1500', '--customer-document', '529.982.247-24'], '--customer-document'],
    [['--amount', '1500', '--customer-address', 'Av. Paulista,1578,São Paulo,SP,0131'], '--customer-address'],
    [['--amount', '1500', '--item', 'A:1:0', '--item', 'B:1:500'], 'items[0].unit_price'],
    [['--amount', '10000', '--split', '1002=30%', '--split', '1003=20%'], 'percentages total 50'],
    [['--amount', '10000', '--split', '1002=30%', '--split', '1003=1500'], 'cannot be mixed'],
    [['--amount', '1000', '--split', '1002=600', '--split', '1003=500'], 'more than the charge amount'],
    [['--amount', '1500', '--callback-url', 'ftp://example.com/x'], '--callback-url'],
    [['--amount', '1500', '--store-id', 'abc'], '--store-id'],
  ])('refuses %j locally, naming %s, and sends nothing', async (flags, named) => {
    const result = await create(flags);
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain(named);
    expect(result.error?.message).toContain('nothing was sent');
    expect(result.stdout).toBe('');
    expect(t.sandbox.requests).toHaveLength(0);
  });

  it('lists every problem at once', async () => {
    const result = await create([
      '--amount',
      '1500',
      '--expires-in',
      '10s',
      '--customer-document',
      '111.111.111-11',
    ]);
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('2 problems');
    expect(result.error?.message).toContain('--expires-in');
    expect(result.error?.message).toContain('--customer-document');
    expect(t.sandbox.requests).toHaveLength(0);
  });

  it('without a terminal, a missing --amount is a usage error (never a prompt)', async () => {
    const result = await create(['--description', 'x']);
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('--amount is required');
    expect(t.sandbox.requests).toHaveLength(0);
  });

  it('--json failures also print the error object on stderr', async () => {
    const result = await run(['charge', 'create', '--amount', '15.0', '--json'], { env: t.env });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr).error).toMatchObject({
      type: 'usage_error',
      field: '--amount',
      exit_code: 2,
    });
  });

  it('--dry-run prints the body, the fee/split preview and the PIX address, and sends nothing', async () => {
    const result = await create([
      '--amount',
      '10000',
      '--split',
      '1002=30%',
      '--split',
      'vendas@parceirobeta.com.br=70%:partner',
      '--customer-address',
      'Av. Paulista,1578,São Paulo,SP,01310-200',
      '--dry-run',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"amount": 10000');
    expect(result.stdout).toMatch(/Fee\s+R\$ 3,99/);
    expect(result.stdout).toMatch(/Net\s+R\$ 96,01/);
    expect(result.stdout).toMatch(/seller 1002 \(30%\)\s+R\$ 28,80/);
    expect(result.stdout).toContain('from customer.address');
    expect(result.stdout).toContain('01310200');
    // The e-mail entry as it will be sent: a seller_id, looked up when created (never an "email").
    expect(result.stdout).toContain(
      '"seller_id": "<the seller of vendas@parceirobeta.com.br, looked up when created>"',
    );
    expect(result.stdout).not.toContain('"email"');
    // Said once, under the figures (src/commands/charge/create-output.ts), never as a warning too.
    expect(result.stdout).toContain(
      'This is an estimate: the gateway computes the final fee and split, and its figures win.\n',
    );
    expect(result.stderr).not.toContain('estimate');
    expect(result.stderr).toContain('nothing was sent');
    expect(t.sandbox.requests).toHaveLength(0);
  });

  it('--dry-run --json: request, preview and pix_address as JSON, with --fee-rate', async () => {
    const result = await create(
      ['--amount', '10000', '--split', '1002=1500', '--fee-rate', '2', '--dry-run'],
      {
        globals: { json: true },
      },
    );
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.request).toEqual({
      amount: 10000,
      payment_method: 'pix',
      split: [{ seller_id: 1002, amount: 1500 }],
    });
    expect(out.preview).toMatchObject({
      fee_rate: 2,
      fee: 200,
      net: 9800,
      mode: 'amount',
      main_seller_amount: 8300,
      warnings: ['This is an estimate: the gateway computes the final fee and split, and its figures win.'],
    });
    // The keys of `split preview --json`, but its violations.
    expect(Object.keys(out.preview)).toEqual([
      'amount',
      'fee_rate',
      'fee',
      'net',
      'mode',
      'entries',
      'main_seller_amount',
      'warnings',
    ]);
    expect(out.pix_address).toEqual({
      source: 'default',
      address: { city: 'São Paulo', state: 'SP', country: 'BR' },
    });
    expect(t.sandbox.requests).toHaveLength(0);
  });

  it('the fee.pix setting is the default fee rate of the preview', async () => {
    const set = await runHandler(configSet, ['config', 'set', 'fee.pix', '5'], { env: t.env });
    expect(set.code).toBe(0);
    const result = await create(['--amount', '10000', '--dry-run'], { globals: { json: true } });
    expect(JSON.parse(result.stdout).preview).toMatchObject({ fee_rate: 5, fee: 500 });
    await runHandler(configUnset, ['config', 'unset', 'fee.pix'], { env: t.env });
  });

  it('resolves split e-mails to sellers, sends seller ids and shows the split', async () => {
    const result = await create([
      '--amount',
      '10000',
      '--split',
      'contato@parceiroalfa.com.br=30%',
      '--split',
      '1003=70%',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('differs');
    expect(result.stderr).not.toContain('estimate');
    const lookups = t.sandbox.requests.filter((request) => request.path === '/v1/sellers/search');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]!.query).toEqual({ email: 'contato@parceiroalfa.com.br' });
    expect(posts()[0]!.body).toMatchObject({
      split: [
        { seller_id: 1002, percentage: 30 },
        { seller_id: 1003, percentage: 70 },
      ],
    });
    expect(result.stdout).toMatch(/Parceiro Alfa Ltda \(1002\) R\$ 28,80/);
  });

  it.each([
    ['cadastro@novaloja.com.br', 'compliance is pending'],
    ['admin@lojaencerrada.com.br', 'status is inactive'],
    ['contato@lojasempix.com.br', 'PIX is not enabled'],
    ['nobody@example.com', 'no seller with e-mail nobody@example.com'],
  ])('refuses a split to %s before creating anything (%s)', async (email, reason) => {
    const result = await create(['--amount', '10000', '--split', `${email}=100%`]);
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain(reason);
    expect(result.error?.message).toContain('split[0]');
    expect(posts()).toHaveLength(0);
  });

  it.each([
    ['cadastro@novaloja.com.br', 'verificação pendente, não aprovada'],
    ['admin@lojaencerrada.com.br', 'situação inativo, não ativo'],
  ])(
    'in Portuguese, refuses a split to %s with the status words of the seller tables (%s)',
    async (email, reason) => {
      await speakPortuguese();
      const result = await create(['--amount', '10000', '--split', `${email}=100%`]);
      expect(result.code).toBe(2);
      expect(result.error?.message).toContain(reason);
      expect(result.error?.message).toContain('não pode receber split');
      expect(result.error?.message).not.toMatch(/\b(pending|inactive|active|approved|compliance|status)\b/);
      expect(posts()).toHaveLength(0);
    },
  );

  it('warns when the gateway split differs from the local preview', async () => {
    // The sandbox charges 3.99%; a preview at 10% computes other amounts.
    const result = await create(['--amount', '10000', '--split', '1002=100%', '--fee-rate', '10']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning:.*differs from the local preview.*R\$ 96,01.*R\$ 90,00/);
  });

  it('takes the body from --from-file, flags overriding its fields, and a --split-file', async () => {
    const dir = tmp();
    const bodyFile = join(dir, 'body.json');
    writeFileSync(
      bodyFile,
      JSON.stringify({
        amount: 5000,
        external_id: 'from-file',
        customer: {
          name: 'Ana',
          document: '111.444.777-35',
          address: { street: 'Rua A', city: 'Recife', state: 'pe', zipcode: '50000-000' },
        },
        items: [{ name: 'Camisa', quantity: 2, unit_price: 2500 }],
        metadata: { channel: 'web' },
        pix: { expires_in: 600, description: 'from file' },
      }),
    );
    const splitFile = join(dir, 'split.json');
    writeFileSync(
      splitFile,
      JSON.stringify([
        { seller_id: 1002, amount: 1000, description: 'commission' },
        'vendas@parceirobeta.com.br=5,00',
      ]),
    );
    const result = await create(
      [
        '--from-file',
        bodyFile,
        '--description',
        'from flag',
        '--metadata',
        'order=42',
        '--split-file',
        splitFile,
        '--checkout-redirect',
        '--success-url',
        'https://shop.example/ok',
      ],
      { globals: { json: true } },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(posts()[0]!.body).toEqual({
      amount: 5000,
      external_id: 'from-file',
      customer: {
        name: 'Ana',
        document: '11144477735',
        address: { street: 'Rua A', city: 'Recife', state: 'PE', zipcode: '50000000' },
      },
      items: [{ name: 'Camisa', quantity: 2, unit_price: 2500 }],
      metadata: { channel: 'web', order: '42' },
      pix: { expires_in: 600, description: 'from flag' },
      checkout: { mode: 'redirect', success_url: 'https://shop.example/ok' },
      payment_method: 'pix',
      split: [
        { seller_id: 1002, amount: 1000, description: 'commission' },
        { seller_id: 1003, amount: 500 },
      ],
    });
    expect(JSON.parse(result.stdout).checkout_url).toMatch(/^http/);
  });

  it('refuses unknown fields of --from-file', async () => {
    const file = join(tmp(), 'body.json');
    writeFileSync(file, JSON.stringify({ amount: 100, expires_in: 60 }));
    const result = await create(['--from-file', file]);
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('unknown field "expires_in"');
    expect(t.sandbox.requests).toHaveLength(0);
  });

  it('a POST that got no answer is exit 9 and says how to check, with the external id', async () => {
    await t.control('/_sandbox/faults', { route: 'POST /v1/charges', kind: 'drop', when: 'after' });
    const result = await run(['charge', 'create', '--amount', '1500', '--external-id', 'order-77'], {
      env: t.env,
    });
    expect(result.code).toBe(9);
    expect(result.stderr).toContain('may or may not have been created');
    expect(result.stderr).toContain('paygate charge find --external-id order-77');
    expect(posts()).toHaveLength(1);
  });

  it('a POST answered HTTP 500 is exit 9: the answer did not say, in each language; what to check, said once', async () => {
    const createAnswered500 = async (env: Record<string, string>, flags: string[] = []) => {
      await t.control('/_sandbox/faults', { route: 'POST /v1/charges', kind: '500' });
      const result = await run(['charge', 'create', '--amount', '1500', '--no-qr', ...flags], {
        env: { ...t.env, ...env },
      });
      return { ...result, stderr: result.stderr.replace(/flt_\w+/g, 'flt_…') };
    };
    const english = await createAnswered500({ PAYGATE_LANG: 'en' });
    expect(english).toEqual({
      code: 9,
      stdout: '',
      stderr:
        "error: the charge may or may not have been created: the gateway's answer does not say whether it was " +
        `(POST ${t.url}/v1/charges: outcome unknown: the gateway answered HTTP 500 (Injected fault flt_…: 500); ` +
        'the request may have been processed.)\n' +
        'hint: check with `paygate charge list --limit 5` before creating it again; pass --external-id next time, ' +
        'so that `paygate charge find --external-id ID` can tell whether it was created\n',
    });
    const portuguese = await createAnswered500({ PAYGATE_LANG: 'pt-BR' });
    expect(portuguese).toEqual({
      code: 9,
      stdout: '',
      stderr:
        'erro: a cobrança pode ou não ter sido criada: a resposta do gateway não diz se ela foi criada ' +
        `(POST ${t.url}/v1/charges: resultado desconhecido: o gateway respondeu HTTP 500 (Injected fault flt_…: 500); ` +
        'o pedido pode ter sido processado.)\n' +
        'dica: confira com `paygate charge list --limit 5` antes de criá-la de novo; da próxima vez passe ' +
        '--external-id, para que `paygate charge find --external-id ID` diga se ela foi criada\n',
    });
    const json = async (language: string) =>
      JSON.parse((await createAnswered500({ PAYGATE_LANG: language }, ['--json'])).stderr).error;
    const [inEnglish, inPortuguese] = [await json('en'), await json('pt-BR')];
    expect({ type: inEnglish.type, code: inEnglish.code, exit_code: inEnglish.exit_code }).toEqual({
      type: 'outcome_unknown',
      code: 'http_500',
      exit_code: 9,
    });
    expect({ ...inPortuguese, message: '', hint: '' }).toEqual({ ...inEnglish, message: '', hint: '' });
  });

  it('without --external-id the outcome-unknown hint suggests passing one', async () => {
    await t.control('/_sandbox/faults', { route: 'POST /v1/charges', kind: 'drop', when: 'after' });
    const result = await create(['--amount', '1500']);
    expect(result.code).toBe(9);
    expect(errorHint(result.error)).toContain('pass --external-id next time');
  });

  it('--no-input on a terminal does not prompt', async () => {
    const result = await create([], { tty: true, globals: { input: false } });
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('--amount');
  });
});
