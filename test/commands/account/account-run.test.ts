// `account` and `balance` in their two layers: parse (nothing to read but no argument) and run
// against a scripted gateway (a balance in another gateway's shape, money as it came flagged).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, balance } from '../../../src/commands/account/account.js';
import { json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { englishLinesIn } from '../../helpers/english.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { inputFor } from '../../helpers/run-cli.js';

englishAfterEachTest();

const noSettings = { setting: () => undefined };

describe('account and balance: parse', () => {
  it('take no argument: nothing to read', async () => {
    expect(account.parse(await inputFor(['account']), noSettings)).toBeUndefined();
    expect(balance.parse(await inputFor(['balance']), noSettings)).toBeUndefined();
  });

  it('an input made by hand with an argument is refused (exit 2)', () => {
    expect(() => balance.parse({ args: ['extra'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2 }),
    );
  });
});

describe('account and balance: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('balance: integer centavos as R$; a figure written in reais shown as it came and flagged', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok({ available: 118_530, pending: '150.00', reserved: 0, currency: 'BRL' })),
    );
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await balance.run(undefined, context)).toBe(0);
    await context.close();
    expect(server.requests.at(-1)!.url).toBe('/v1/balance');
    expect(io.stdout.text).toMatch(/^Available\s+R\$ 1\.185,30$/m);
    expect(io.stdout.text).toMatch(/^Pending\s+150\.00 \(unit unknown: pending\)$/m);
    expect(io.stderr.text).toContain('warning: balance: ');
    expect(io.stderr.text).toContain('shown as received, not converted');
  });

  it('account: a wrapped answer ({account: {…}}) is shown as the account', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok({ account: { seller_id: 1001, name: 'Loja Centro', pix_enabled: true } })),
    );
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await account.run(undefined, context)).toBe(0);
    await context.close();
    expect(server.requests.at(-1)!.url).toBe('/v1/account');
    expect(io.stdout.text).toMatch(/^Seller ID\s+1001$/m);
    expect(io.stdout.text).toMatch(/^Name\s+Loja Centro$/m);
    expect(io.stdout.text).toMatch(/^PIX\s+enabled$/m);
  });
});

describe('account in Portuguese', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  const answer = (status: unknown, compliance: unknown) =>
    server.handle((_request, response) =>
      json(
        response,
        200,
        ok({
          seller_id: 1001,
          name: 'Loja Centro',
          status,
          compliance_status: compliance,
          pix_enabled: true,
        }),
      ),
    );

  async function show(globals: { output?: 'csv' | 'plain' | 'json' } = {}) {
    const { context, io } = fakeContext({ baseUrl: server.url, globals });
    expect(await account.run(undefined, context)).toBe(0);
    await context.close();
    return io.stdout.text;
  }

  it('the status and the compliance in Portuguese; an unknown word as it came; nothing left in English', async () => {
    await speakPortuguese();
    answer('active', 'approved');
    const shown = await show();
    expect(shown).toMatch(/^Situação\s+ativo$/m);
    expect(shown).toMatch(/^Verificação\s+aprovado$/m);
    expect(englishLinesIn(shown)).toEqual([]);
    answer('suspended', 'rejected');
    const other = await show();
    expect(other).toMatch(/^Situação\s+suspended$/m);
    expect(other).toMatch(/^Verificação\s+recusado$/m);
  });

  it('a status that is not text is shown as its JSON, in both languages', async () => {
    await speakPortuguese();
    answer({ code: 'A' }, 'pending');
    const shown = await show();
    expect(shown).toMatch(/^Situação\s+\{"code":"A"\}$/m);
    expect(shown).toMatch(/^Verificação\s+pendente$/m);
  });

  it('in English the table keeps the gateway’s words', async () => {
    answer('inactive', 'pending');
    const shown = await show();
    expect(shown).toMatch(/^Status\s+inactive$/m);
    expect(shown).toMatch(/^Compliance\s+pending$/m);
  });

  it('--json, -o csv and -o plain are the same bytes in both languages, with the gateway’s words', async () => {
    answer('inactive', 'approved');
    const english = [
      await show({ output: 'json' }),
      await show({ output: 'csv' }),
      await show({ output: 'plain' }),
    ];
    await speakPortuguese();
    const portuguese = [
      await show({ output: 'json' }),
      await show({ output: 'csv' }),
      await show({ output: 'plain' }),
    ];
    expect(portuguese).toEqual(english);
    expect(english[1]).toContain(',inactive,approved,');
    expect(english[2]).toMatch(/^Status\tinactive$/m);
  });
});

describe('account and balance as a --excel spreadsheet', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  async function runOf(command: typeof account, globals: { output?: 'csv' | 'plain'; excel?: boolean }) {
    const { context, io } = fakeContext({ baseUrl: server.url, globals });
    expect(await command.run(undefined, context)).toBe(0);
    await context.close();
    return io.stdout.text;
  }

  const HEADERS =
    'available,available_brl,pending,pending_brl,reserved,reserved_brl,currency,' +
    'available_as_received,pending_as_received,reserved_as_received';

  it('balance: centavos and reais in -o csv and --excel, headers in the run’s language only in --excel', async () => {
    server.handle((_request, response) =>
      json(
        response,
        200,
        ok({ available: 123_456, pending: '150.00', reserved: 5, currency: 'BRL', as_of: 'x' }),
      ),
    );
    const csv = await runOf(balance, { output: 'csv' });
    const englishSheet = await runOf(balance, { excel: true });
    await speakPortuguese();
    expect(await runOf(balance, { output: 'csv' })).toBe(csv);
    const sheet = await runOf(balance, { excel: true });
    // A figure of unknown unit (`150.00`) leaves its centavos and reais empty and is written as received.
    expect(csv).toBe(`${HEADERS},as_of\r\n123456,1234.56,,,5,0.05,BRL,,150.00,,x\r\n`);
    const row = '123456;1234,56;;;5;0,05;BRL;;150.00;;x\r\n';
    expect(englishSheet).toBe(`\ufeff${HEADERS.replaceAll(',', ';')};as_of\r\n${row}`);
    expect(sheet).toBe(
      '\ufeffDisponível (centavos);Disponível (R$);A receber (centavos);A receber (R$);' +
        'Reservado (centavos);Reservado (R$);Moeda;Disponível como recebido;A receber como recebido;' +
        `Reservado como recebido;as_of\r\n${row}`,
    );
  });

  it('balance: a figure of unknown unit never sits where centavos go, in csv, plain and --excel alike', async () => {
    // The text "10000" is not the integer 10000: only the integer is centavos.
    server.handle((_request, response) => json(response, 200, ok({ available: '10000', pending: 12.5 })));
    expect(await runOf(balance, { output: 'csv' })).toBe(`${HEADERS}\r\n,,,,,,,10000,12.5,\r\n`);
    expect(await runOf(balance, { excel: true })).toContain('\r\n;;;;;;;10000;12.5;\r\n');
    const plain = await runOf(balance, { output: 'plain' });
    expect(plain).toMatch(/^available\t$/m);
    expect(plain).toMatch(/^available_as_received\t10000$/m);
    expect(plain).toMatch(/^pending_as_received\t12\.5$/m);
    server.handle((_request, response) => json(response, 200, ok({ available: 10_000, pending: 0 })));
    expect(await runOf(balance, { output: 'csv' })).toBe(`${HEADERS}\r\n10000,100.00,0,0.00,,,,,,\r\n`);
    const integer = await runOf(balance, { output: 'plain' });
    expect(integer).toMatch(/^available\t10000$/m);
    expect(integer).toMatch(/^available_as_received\t$/m);
    // No currency in the answer: none printed (not a BRL it did not say).
    expect(integer).toMatch(/^currency\t$/m);
    server.handle((_request, response) => json(response, 200, ok({ saldo: '1500.00' })));
    expect(await runOf(balance, { output: 'csv' })).toBe(`${HEADERS}\r\n,,,,,,,1500.00,,\r\n`);
    await speakPortuguese();
    expect(await runOf(balance, { output: 'csv' })).toBe(`${HEADERS}\r\n,,,,,,,1500.00,,\r\n`);
  });

  it('balance under another name (Asaas `balance`): as received, its centavos and reais never guessed', async () => {
    server.handle((_request, response) => json(response, 200, ok({ balance: 9_990 })));
    const sheet = await runOf(balance, { excel: true });
    expect(sheet.split('\r\n')[1]).toBe(';;;;;;;9990;;');
    // Under the API's name in an envelope of its own (`balance.available`), centavos: reais too.
    server.handle((_request, response) => json(response, 200, ok({ balance: { available: 9_990 } })));
    expect((await runOf(balance, { excel: true })).split('\r\n')[1]).toBe('9990;99,90;;;;;;;;');
  });

  it('account: the gateway’s values, headers in the run’s language; a wrapped answer unwrapped', async () => {
    const data = {
      seller_id: 1001,
      name: 'Loja Centro',
      email: 'loja@example.com',
      document: '11222333000181',
      person_type: 'PJ',
      status: 'active',
      compliance_status: 'pending',
      pix_key: { type: 'cnpj', value: '11222333000181' },
      default_store_id: 7001,
      pix_enabled: true,
    };
    server.handle((_request, response) => json(response, 200, ok({ account: data })));
    const englishSheet = await runOf(account, { excel: true });
    server.handle((_request, response) => json(response, 200, ok(data)));
    const csv = await runOf(account, { output: 'csv' });
    await speakPortuguese();
    expect(await runOf(account, { output: 'csv' })).toBe(csv);
    const sheet = await runOf(account, { excel: true });
    expect(csv).toBe(
      'Seller ID,Name,E-mail,Document,Person type,Status,Compliance,PIX key,Default store,PIX\r\n' +
        '1001,Loja Centro,loja@example.com,11222333000181,PJ,active,pending,11222333000181,7001,true\r\n',
    );
    const row =
      '1001;Loja Centro;loja@example.com;11222333000181;PJ;active;pending;11222333000181;7001;true\r\n';
    expect(englishSheet).toBe(
      '\ufeffseller_id;name;email;document;person_type;status;compliance_status;pix_key;default_store_id;' +
        `pix_enabled\r\n${row}`,
    );
    expect(sheet).toBe(
      '\ufeffID do vendedor;Nome;E-mail;Documento;Tipo de pessoa;Situação;Verificação;Chave Pix;Loja padrão;' +
        `Pix habilitado\r\n${row}`,
    );
  });
});
