// `seller find` in its two layers: parse (argv → options, no server) and run (options → what a
// user sees, against a scripted gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerFind } from '../../../src/commands/seller/find.js';
import { PaygateError } from '../../../src/errors.js';
import { fail, json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { inputFor } from '../../helpers/run-cli.js';

englishAfterEachTest();

const noSettings = { setting: () => undefined };

describe('seller find: parse', () => {
  it('the e-mail argument, trimmed', async () => {
    const input = await inputFor(['seller', 'find', ' contato@parceiroalfa.com.br ']);
    expect(sellerFind.parse(input, noSettings)).toEqual({ email: 'contato@parceiroalfa.com.br' });
  });

  it('not an e-mail: a usage error naming the argument', async () => {
    const input = await inputFor(['seller', 'find', '1003']);
    expect(() => sellerFind.parse(input, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message:
          'email: "1003" is not an e-mail address (seller find looks a seller up by e-mail: paygate seller find contato@example.com)',
      }),
    );
  });

  it('an input made by hand without the argument is refused too', () => {
    expect(() => sellerFind.parse({ args: [], flags: {} }, noSettings)).toThrow(PaygateError);
  });
});

describe('seller find: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('asks /v1/sellers/search by e-mail and prints the seller as a table', async () => {
    server.handle((_request, response) =>
      json(
        response,
        200,
        ok({
          seller_id: 1003,
          name: 'Parceiro Alfa',
          email: 'contato@parceiroalfa.com.br',
          status: 'active',
          compliance_status: 'approved',
          pix_enabled: true,
        }),
      ),
    );
    const { context, io } = fakeContext({ baseUrl: server.url });
    const code = await sellerFind.run({ email: 'contato@parceiroalfa.com.br' }, context);
    await context.close();
    expect(code).toBe(0);
    expect(server.requests.at(-1)!.url).toBe('/v1/sellers/search?email=contato%40parceiroalfa.com.br');
    const [header, row] = io.stdout.text.trim().split('\n');
    expect(header).toMatch(/^SELLER ID\s+NAME\s+E-MAIL\s+STATUS\s+COMPLIANCE\s+PIX$/);
    expect(row).toMatch(
      /^1003\s+Parceiro Alfa\s+contato@parceiroalfa\.com\.br\s+active\s+approved\s+enabled$/,
    );
  });

  it('a 404: NotFoundError, exit 3, naming the e-mail', async () => {
    server.handle((_request, response) =>
      json(response, 404, fail('not_found', 'seller_not_found', 'no such seller')),
    );
    const { context, io } = fakeContext({ baseUrl: server.url });
    await expect(sellerFind.run({ email: 'nobody@example.com' }, context)).rejects.toMatchObject({
      exitCode: 3,
      message: 'no seller with e-mail nobody@example.com',
    });
    await context.close();
    expect(io.stdout.text).toBe('');
  });
});

describe('seller find in Portuguese', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  const answer = (status: string, compliance: string) =>
    server.handle((_request, response) =>
      json(
        response,
        200,
        ok({
          seller_id: 1004,
          name: 'Nova Loja',
          email: 'cadastro@novaloja.com.br',
          status,
          compliance_status: compliance,
          pix_enabled: true,
        }),
      ),
    );

  async function find(globals: { output?: 'csv' | 'plain' | 'json'; excel?: boolean } = {}) {
    const { context, io } = fakeContext({ baseUrl: server.url, globals });
    expect(await sellerFind.run({ email: 'cadastro@novaloja.com.br' }, context)).toBe(0);
    await context.close();
    return io.stdout.text;
  }

  it('a table says the status and the compliance in Portuguese, an unknown word as it came', async () => {
    await speakPortuguese();
    answer('inactive', 'pending');
    expect(await find()).toMatch(
      /^1004\s+Nova Loja\s+cadastro@novaloja\.com\.br\s+inativo\s+pendente\s+habilitado$/m,
    );
    answer('ACTIVE', 'rejected');
    expect(await find()).toMatch(/\s+ativo\s+recusado\s+habilitado$/m);
    answer('blocked', 'in_review');
    expect(await find()).toMatch(/\s+blocked\s+in_review\s+habilitado$/m);
  });

  it('at a 60-column terminal the table fits: the columns that do not are named on stderr, that line broken between words too', async () => {
    await speakPortuguese();
    answer('active', 'approved');
    const { context, io } = fakeContext({
      baseUrl: server.url,
      tty: true,
      terminalSize: { rows: 24, columns: 60 },
    });
    expect(await sellerFind.run({ email: 'cadastro@novaloja.com.br' }, context)).toBe(0);
    await context.close();
    // Bold headers: escape codes take no column.
    const lines = io.stdout.text
      .replace(/\x1b\[[0-9;]*m/g, '')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(60);
    expect(lines[0]).toMatch(/^ID DO VENDEDOR\s+NOME\s+E-MAIL$/);
    expect(io.stderr.text.replace(/\n {2}/g, ' ')).toMatch(
      /^Ocultas nesta largura: SITUAÇÃO, VERIFICAÇÃO, PIX \(/m,
    );
    for (const line of io.stderr.text.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(60);
    // A pipe gets every column.
    expect(await find()).toMatch(/habilitado$/m);
  });

  it('a table in English keeps the gateway’s words as written', async () => {
    answer('ACTIVE', 'rejected');
    expect(await find()).toMatch(/\s+ACTIVE\s+rejected\s+enabled$/m);
  });

  it('--json, -o csv and -o plain are the same bytes in both languages, with the gateway’s words', async () => {
    answer('inactive', 'approved');
    const english = [
      await find({ output: 'json' }),
      await find({ output: 'csv' }),
      await find({ output: 'plain' }),
    ];
    await speakPortuguese();
    const portuguese = [
      await find({ output: 'json' }),
      await find({ output: 'csv' }),
      await find({ output: 'plain' }),
    ];
    expect(portuguese).toEqual(english);
    expect(english[1]).toContain(',inactive,approved,');
    expect(english[2]).toContain('\tinactive\tapproved\t');
  });

  it('--excel is a spreadsheet for people: `;`, BOM, headers in the run’s language, the gateway’s values', async () => {
    answer('inactive', 'approved');
    const csv = await find({ output: 'csv' });
    const englishSheet = await find({ excel: true });
    await speakPortuguese();
    const sheet = await find({ excel: true });
    expect(await find({ output: 'csv' })).toBe(csv);
    expect(csv).toBe(
      'SELLER ID,NAME,E-MAIL,STATUS,COMPLIANCE,PIX\r\n' +
        '1004,Nova Loja,cadastro@novaloja.com.br,inactive,approved,true\r\n',
    );
    const row = '1004;Nova Loja;cadastro@novaloja.com.br;inactive;approved;true\r\n';
    expect(englishSheet).toBe(`\ufeffseller_id;name;email;status;compliance_status;pix_enabled\r\n${row}`);
    expect(sheet).toBe(`\ufeffID do vendedor;Nome;E-mail;Situação;Verificação;Pix habilitado\r\n${row}`);
  });
});
