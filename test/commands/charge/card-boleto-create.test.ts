// `charge create --method card|boleto` against the sandbox and another gateway:
// the rules checked before sending (the sandbox's own), the token piped from `token card`, manual
// capture, a decline (exit 7), the boleto's line checked and its PDF saved safely.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeCapture } from '../../../src/commands/charge/capture.js';
import { chargeCreate } from '../../../src/commands/charge/create.js';
import { chargeGet } from '../../../src/commands/charge/get.js';
import { chargeCancel } from '../../../src/commands/charge/refund.js';
import { configSet } from '../../../src/commands/config/config.js';
import { splitPreview } from '../../../src/commands/split/preview.js';
import { tokenCard } from '../../../src/commands/token/card.js';
import { startOtherGateway } from '../../helpers/other-gateway.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
});
afterAll(async () => ts.close());

const CARD_NUMBER = '4111111111111111';
const card = (holder = 'ANA LIMA') =>
  JSON.stringify({ number: CARD_NUMBER, holder_name: holder, exp_month: 12, exp_year: 2031, cvv: '123' });
const BILLING = ['--customer-name', 'Ana Lima', '--customer-address', 'Rua A,10,Recife,PE,50000000'];
const PAYER = ['--customer-name', 'Ana Lima', '--customer-document', '52998224725'];
/** A card token from `token card --json`, as `charge create --card-token -` reads it on stdin. */
const cardToken = async () =>
  (
    await runHandler(tokenCard, ['token', 'card', '--stdin'], {
      env: ts.env,
      stdin: card(),
      globals: { json: true },
    })
  ).stdout;
const chargePosts = () =>
  ts.sandbox.requests.filter((request) => request.method === 'POST' && request.path === '/v1/charges');

describe('card charges', () => {
  it('token card | charge create --card-token -: one pipeline, paid, the card number nowhere', async () => {
    const token = await runHandler(tokenCard, ['token', 'card', '--stdin'], { env: ts.env, stdin: card() });
    expect(token.code, token.stderr).toBe(0);
    const before = chargePosts().length;
    const result = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--method',
        'card',
        '--card-token',
        '-',
        '--amount',
        '300.00',
        '--installments',
        '3',
        ...BILLING,
      ],
      { env: ts.env, stdin: token.stdout },
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Status\s+paid/);
    expect(result.stdout).toMatch(/Card\s+visa •••• 1111, 3x, captured, auth \d{6}/);
    expect(result.stderr).not.toContain('PIX code');
    const sent = chargePosts().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      payment_method: 'card',
      card: { token: expect.stringMatching(/^tok_/), installments: 3 },
    });
    expect(JSON.stringify(sent[0]!.body) + result.stdout + result.stderr).not.toContain(CARD_NUMBER);
  });

  it('--capture manual: authorized (not final), then charge capture makes it paid', async () => {
    const token = await cardToken();
    const created = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--method',
        'card',
        '--card-token',
        '-',
        '--capture',
        'manual',
        '--amount',
        '50.00',
        ...BILLING,
      ],
      { env: ts.env, stdin: token, globals: { json: true } },
    );
    expect(created.code, created.stderr).toBe(0);
    const charge = JSON.parse(created.stdout);
    expect(charge).toMatchObject({ status: 'authorized', card: { captured: false } });
    const captured = await runHandler(chargeCapture, ['charge', 'capture', charge.id], {
      env: ts.env,
      globals: { json: true },
    });
    expect(captured.code, captured.stderr).toBe(0);
    expect(JSON.parse(captured.stdout).status).toBe('paid');
  });

  it('charge cancel voids an authorised card charge', async () => {
    const token = await cardToken();
    const created = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--method',
        'card',
        '--card-token',
        '-',
        '--capture',
        'manual',
        '--amount',
        '20.00',
        ...BILLING,
      ],
      { env: ts.env, stdin: token, globals: { json: true } },
    );
    const id = JSON.parse(created.stdout).id;
    const authorised = await runHandler(chargeGet, ['charge', 'get', id], { env: ts.env });
    expect(authorised.stdout).toMatch(/Card\s+.*authorised, not captured/);
    expect(authorised.stdout).toMatch(/Capture by\s+\S/);
    const voided = await runHandler(chargeCancel, ['charge', 'cancel', id, '--yes'], {
      env: ts.env,
      globals: { json: true },
    });
    expect(voided.code, voided.stderr).toBe(0);
    expect(JSON.parse(voided.stdout)).toMatchObject({ status: 'failed', failure_reason: 'voided' });
    // Shown to a person: voided, with nothing left to capture.
    const shown = await runHandler(chargeGet, ['charge', 'get', id], { env: ts.env });
    expect(shown.stdout).toMatch(/Card\s+.*voided/);
    expect(shown.stdout).not.toContain('authorised, not captured');
    expect(shown.stdout).not.toContain('Capture by');
  });

  it('a declined card (the sandbox declines amounts ending in 51) reads declined, without Fee or Net: exit 7 with the reason', async () => {
    const token = await cardToken();
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--method', 'card', '--card-token', '-', '--amount', '100.51', ...BILLING],
      { env: ts.env, stdin: token },
    );
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('insufficient_funds');
    // Declined, said as such: no ✓, not "authorised, not captured", nothing to capture.
    expect(result.stderr).not.toContain('✓');
    expect(result.stderr).toMatch(/^Charge ci_\w+ was declined \(failed\): it was not paid\.$/m);
    expect(result.stderr).not.toContain('created failed');
    expect(result.stdout).toMatch(/Card\s+.*declined/);
    // Never paid, never charged a fee: no Fee or Net to read as money taken.
    expect(result.stdout).not.toMatch(/^(Fee|Net)\s/m);
    expect(result.stdout).not.toContain('authorised, not captured');
    expect(result.stdout).not.toContain('Capture by');
  });

  it('every card rule is checked before sending: 13 installments, a long descriptor, no billing address, a boleto flag', async () => {
    const before = chargePosts().length;
    const result = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--method',
        'card',
        '--card-token',
        'tok_x',
        '--amount',
        '300.00',
        '--installments',
        '13',
        '--statement-descriptor',
        'A DESCRIPTOR TOO LONG',
        '--due-date',
        '+2d',
      ],
      { env: ts.env },
    );
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('4 problems, nothing was sent');
    expect(result.error?.message).toContain('--installments: must be a whole number from 1 to 12');
    expect(result.error?.message).toContain('--statement-descriptor: must have 1 to 13 characters');
    expect(result.error?.message).toContain(
      '--customer-address: the billing address is required for a card charge',
    );
    expect(result.error?.message).toContain('--due-date: only with --method boleto');
    expect(chargePosts().length).toBe(before);
  });

  it('a PIX flag on a card or boleto charge is named by its flag, not as the body field `pix`', async () => {
    const card = await run(
      [
        'charge',
        'create',
        '--method',
        'card',
        '--card-token',
        'tok_x',
        '--amount',
        '10.00',
        ...BILLING,
        '--expires-in',
        '10m',
      ],
      { env: ts.env },
    );
    expect(card.code).toBe(2);
    expect(card.stderr).toBe('error: --expires-in: only with --method pix (nothing was sent)\n');
    const boleto = await run(
      [
        'charge',
        'create',
        '--method',
        'boleto',
        '--amount',
        '10.00',
        '--due-date',
        '+2d',
        ...PAYER,
        '--description',
        'x',
      ],
      { env: ts.env },
    );
    expect(boleto.code).toBe(2);
    expect(boleto.stderr).toBe('error: --description: only with --method pix (nothing was sent)\n');
  });
});

describe('boleto charges', () => {
  it('--due-date in the Brazilian form (30/11/2030) is sent as the ISO date it names', async () => {
    const created = await runHandler(
      chargeCreate,
      ['charge', 'create', '--method', 'boleto', '--amount', '150.00', '--due-date', '30/11/2030', ...PAYER],
      { env: ts.env },
    );
    expect(created.code, created.stderr).toBe(0);
    expect(chargePosts().at(-1)!.body).toMatchObject({ boleto: { due_date: '2030-11-30' } });
    expect(created.stdout).toMatch(/Due date\s+2030-11-30/);
    // 2030-11-30 is a Saturday.
    expect(created.stderr).toContain(
      "warning: the boleto's due date 2030-11-30 falls on a Saturday: banks take it without a late fee on the next business day (a weekday avoids this)",
    );
  });

  it('--dry-run warns of a due date on a Sunday too; a weekday gets no warning', async () => {
    const dryRun = (dueDate: string) =>
      runHandler(
        chargeCreate,
        [
          'charge',
          'create',
          '--method',
          'boleto',
          '--amount',
          '150.00',
          '--due-date',
          dueDate,
          ...PAYER,
          '--dry-run',
        ],
        { env: ts.env },
      );
    const sunday = await dryRun('01/12/2030');
    expect(sunday.code, sunday.stderr).toBe(0);
    expect(sunday.stderr).toContain("warning: the boleto's due date 2030-12-01 falls on a Sunday");
    const monday = await dryRun('02/12/2030');
    expect(monday.code, monday.stderr).toBe(0);
    expect(monday.stderr).not.toContain('falls on a');
  });

  it('shows the line and the due date, saves the PDF; an existing file is refused before sending; --force replaces it', async () => {
    const file = join(tempConfigDir(), 'boleto.pdf');
    const created = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--method',
        'boleto',
        '--amount',
        '150.00',
        '--due-date',
        '+3d',
        ...PAYER,
        '--pdf',
        file,
      ],
      { env: ts.env },
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/Boleto line\s+\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}/);
    expect(created.stdout).toMatch(/Due date\s+\d{4}-\d{2}-\d{2}/);
    expect(created.stderr).toContain(`Boleto PDF saved to ${file}`);
    expect(readFileSync(file, 'latin1').startsWith('%PDF-')).toBe(true);

    const before = chargePosts().length;
    const again = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--method',
        'boleto',
        '--amount',
        '150.00',
        '--due-date',
        '+3d',
        ...PAYER,
        '--pdf',
        file,
      ],
      { env: ts.env },
    );
    expect(again.code).toBe(2);
    expect(again.error?.message).toContain('exists; pass --force to replace it (nothing was sent)');
    expect(chargePosts().length).toBe(before);

    writeFileSync(file, 'old');
    const forced = await runHandler(
      chargeCreate,
      [
        'charge',
        'create',
        '--method',
        'boleto',
        '--amount',
        '150.00',
        '--due-date',
        '+3d',
        ...PAYER,
        '--pdf',
        file,
        '--force',
      ],
      { env: ts.env },
    );
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(file, 'latin1').startsWith('%PDF-')).toBe(true);
  });

  it('without a terminal, a boleto with only --amount lists all it lacks at once, each by its flag', async () => {
    const before = chargePosts().length;
    const result = await run(['charge', 'create', '--method', 'boleto', '--amount', '150.00'], {
      env: ts.env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('3 problems, nothing was sent');
    expect(result.stderr).toContain('--due-date: a boleto needs a due date');
    expect(result.stderr).toContain('--customer-name: the payer is required for a boleto');
    expect(result.stderr).toContain('--customer-document: CPF or CNPJ is required for a boleto');
    // An unreadable --fine does not hide the missing payer either.
    const fine = await run(
      ['charge', 'create', '--method', 'boleto', '--amount', '150.00', '--due-date', '+3d', '--fine', '200'],
      { env: ts.env },
    );
    expect(fine.code).toBe(2);
    expect(fine.stderr).toContain('--fine');
    expect(fine.stderr).toContain('--customer-name: the payer is required for a boleto');
    expect(chargePosts().length).toBe(before);
  });

  it('an impossible or past due date, a missing payer: exit 2, each named, nothing sent', async () => {
    const before = chargePosts().length;
    const result = await runHandler(
      chargeCreate,
      ['charge', 'create', '--method', 'boleto', '--amount', '150.00', '--due-date', '2026-02-30'],
      { env: ts.env },
    );
    expect(result.code).toBe(2);
    expect(result.error?.message).toContain('--due-date: "2026-02-30" is not a date');
    expect(result.error?.message).toContain('--customer-name: the payer is required for a boleto');
    expect(result.error?.message).toContain('--customer-document: CPF or CNPJ is required for a boleto');
    const past = await runHandler(
      chargeCreate,
      ['charge', 'create', '--method', 'boleto', '--amount', '150.00', '--due-date', '2020-01-01', ...PAYER],
      { env: ts.env },
    );
    expect(past.code).toBe(2);
    expect(past.error?.message).toContain('is in the past');
    expect(chargePosts().length).toBe(before);
  });
});

describe('card and boleto against another gateway', () => {
  it('card: `authorized` in its own words is a success; its card fields are shown', async () => {
    const gateway = await startOtherGateway({ charges: 1 });
    try {
      const env = { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
      const result = await runHandler(
        chargeCreate,
        [
          'charge',
          'create',
          '--method',
          'card',
          '--card-token',
          'card_tok_1',
          '--capture',
          'manual',
          '--amount',
          '80.00',
          ...BILLING,
        ],
        { env },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/Status\s+authorized/);
      expect(result.stdout).toMatch(/Card\s+VISA •••• 1111, authorised, not captured/);
    } finally {
      await gateway.close();
    }
  });

  it('boleto: a digitable_line it calls otherwise is checked; a corrupt one is a loud warning', async () => {
    const gateway = await startOtherGateway({
      charges: 1,
      boletoLine: '34191111131111111111111111111111100000000015000',
    });
    try {
      const env = { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
      const result = await runHandler(
        chargeCreate,
        ['charge', 'create', '--method', 'boleto', '--amount', '150.00', '--due-date', '+3d', ...PAYER],
        { env },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('WARNING: the boleto line the gateway returned is NOT valid');
    } finally {
      await gateway.close();
    }
  });

  it.each([
    ['html', 'did not answer a PDF (text/html)'],
    ['huge', 'over the 10485760-byte limit'],
  ] as const)(
    'a pdf_url that answers %s: exit 6 after the charge is shown, no file left',
    async (kind, message) => {
      const gateway = await startOtherGateway({ charges: 1, boletoPdf: kind });
      try {
        const dir = tempConfigDir();
        const file = join(dir, 'b.pdf');
        const env = { ...gateway.env, PAYGATE_CONFIG_DIR: tempConfigDir() };
        const result = await runHandler(
          chargeCreate,
          [
            'charge',
            'create',
            '--method',
            'boleto',
            '--amount',
            '150.00',
            '--due-date',
            '+3d',
            ...PAYER,
            '--pdf',
            file,
          ],
          { env },
        );
        expect(result.code).toBe(6);
        expect(result.stdout).toContain('ch_000002');
        expect(result.error?.message).toContain(message);
        expect(existsSync(file)).toBe(false);
        expect(readdirSync(dir)).toEqual([]);
      } finally {
        await gateway.close();
      }
    },
  );
});

describe('fees by method', () => {
  it('split preview --method card uses fee.card (4.99), boleto fee.boleto (1.99); config set takes 3,99 as 3.99', async () => {
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    const preview = (method: string) =>
      runHandler(
        splitPreview,
        ['split', 'preview', '--method', method, '--amount', '10000', '--split', '1002=100%'],
        { env, globals: { json: true } },
      );
    const cardPreview = await preview('card');
    expect(JSON.parse(cardPreview.stdout)).toMatchObject({ fee_rate: 4.99, fee: 499 });
    const boleto = await preview('boleto');
    expect(JSON.parse(boleto.stdout)).toMatchObject({ fee_rate: 1.99, fee: 199 });
    expect((await runHandler(configSet, ['config', 'set', 'fee.card', '3,99'], { env })).code).toBe(0);
    const set = await preview('card');
    expect(JSON.parse(set.stdout)).toMatchObject({ fee_rate: 3.99, fee: 399 });
    const tooFine = await runHandler(
      splitPreview,
      ['split', 'preview', '--amount', '10000', '--split', '1002=100%', '--fee-rate', '3.99999'],
      { env },
    );
    expect(tooFine.code).toBe(2);
    const createTooFine = await runHandler(
      chargeCreate,
      ['charge', 'create', '--amount', '10000', '--fee-rate', '3.99999', '--dry-run'],
      { env },
    );
    expect(createTooFine.code).toBe(2);
  });
});
