// The charge, boleto and token commands in Portuguese (docs/language.md), through the CLI against
// the sandbox: what a person reads is Portuguese, what a script reads (--json, -o csv, -o plain)
// is the same bytes in both languages.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishLinesIn } from '../../helpers/english.js';
import { fakeTime } from '../../helpers/fake-time.js';
import { englishAfterEachTest } from '../../helpers/language.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { type RunOptions, run, tempConfigDir } from '../../helpers/run-cli.js';
import { useTestSandbox } from '../../helpers/sandbox.js';
import { createCharge as createSandboxCharge } from './api.js';

// In-process runs in Portuguese leave the language chosen: each test starts in English.
englishAfterEachTest();

const t = useTestSandbox();

/** A run in Portuguese, or in English (`PAYGATE_LANG` decides, whatever the machine's locale). */
const inPortuguese = (argv: string[], options: RunOptions = {}) =>
  run(argv, { ...options, env: { ...t.env, PAYGATE_LANG: 'pt-BR', ...options.env } });
const inEnglish = (argv: string[], options: RunOptions = {}) =>
  run(argv, { ...options, env: { ...t.env, PAYGATE_LANG: 'en', ...options.env } });

async function pendingCharge(amount = 2500): Promise<string> {
  const data = await createSandboxCharge(t, { amount, pix: { description: 'Pedido 1' } });
  return data.id;
}

describe('charge create in Portuguese', () => {
  it('a Pix charge: the detail table, Pix Copia e Cola, the QR hint; no English left', async () => {
    const result = await inPortuguese(
      ['charge', 'create', '--amount', '25.00', '--description', 'Pedido 1'],
      {
        tty: true,
        env: { NO_COLOR: '1' },
      },
    );
    expect(result.code, result.stderr).toBe(0);
    const id = /ci_\w+/.exec(result.stdout)![0];
    expect(result.stdout).toMatch(/^Valor +R\$ 25,00$/m);
    expect(result.stdout).toMatch(/^Taxa +R\$ 1,00$/m);
    expect(result.stdout).toMatch(/^Líquido +R\$ 24,00$/m);
    expect(result.stdout).toMatch(/^Descrição +Pedido 1$/m);
    // 30 minutes from its creation, as the command sees it a moment later (whole seconds, rounded down).
    expect(result.stdout).toMatch(/^Expira +.* \(expira em (?:29 min 59 s|30 min 00 s)\)$/m);
    expect(result.stdout).toMatch(/^Pix Copia e Cola:\n000201/m);
    // Broken between words at 80 columns, never inside a command (src/output/wrap.ts).
    expect(result.stderr).toBe(
      `✓ Cobrança ${id} criada\n` +
        'O QR code usa as cores do seu terminal (cores desligadas): com fundo escuro,\n' +
        '  rode `paygate config set qr plain-dark`, ou `paygate config set qr color` para\n' +
        '  preto no branco.\n',
    );
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);
  });

  it('the confirmation at a terminal, in Portuguese; No sends nothing', async () => {
    const posts = () => t.sandbox.requests.filter((request) => request.method === 'POST').length;
    const before = posts();
    const prompter = createScriptedPrompter([{ message: 'Criar uma cobrança de R$ 0,15?', answer: false }]);
    const result = await inPortuguese(['charge', 'create', '--amount', '15'], { tty: true, prompter });
    prompter.assertDone();
    expect(result.code).toBe(2);
    expect(posts()).toBe(before);
    expect(englishLinesIn(result.stdout + result.stderr + prompter.asked.join('\n'))).toEqual([]);
  });

  it('--dry-run: the preview in Portuguese', async () => {
    const result = await inPortuguese(['charge', 'create', '--amount', '25.00', '--dry-run']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Corpo da requisição (POST /v1/charges):');
    expect(result.stdout).toContain('Taxa e split (estimativa, taxa de 3,99%):');
    expect(result.stdout).toContain(
      'Isto é uma estimativa: o gateway calcula a taxa e o split finais, e os números dele valem.\n',
    );
    expect(result.stdout).toContain('Endereço Pix (origem: padrão genérico): São Paulo/SP · BR');
    expect(result.stdout).toMatch(/^Valor +R\$ 25,00$/m);
    expect(result.stderr).toContain('Simulação: nada foi enviado.');
  });

  it('a boleto: its line and due date under Portuguese labels', async () => {
    const result = await inPortuguese([
      'charge',
      'create',
      '--method',
      'boleto',
      '--amount',
      '100.00',
      '--customer-name',
      'Ana Lima',
      '--customer-document',
      '52998224725',
      '--due-date',
      '+3d',
    ]);
    expect(result.code, result.stderr).toBe(0);
    // The method and the due date as a Brazilian reads them (dates in tables: 26/11/2026).
    expect(result.stdout).toMatch(/^Pagamento +boleto$/m);
    expect(result.stdout).toMatch(/^Linha digitável +\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/m);
    expect(result.stdout).toMatch(/^Vencimento +\d{2}\/\d{2}\/\d{4}$/m);
    expect(result.stdout).toMatch(/^PDF do boleto +https?:\/\//m);
    expect(result.stderr).toMatch(/^✓ Cobrança ci_\w+ criada$/m);
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);
  });
});

describe('a boleto due on a weekend, in Portuguese', () => {
  it('the warning writes the date as a Brazilian does (05/12/2026), whichever form was typed', async () => {
    for (const typed of ['05/12/2026', '2026-12-05']) {
      const result = await inPortuguese([
        'charge',
        'create',
        '--method',
        'boleto',
        '--amount',
        '100.00',
        '--customer-name',
        'Ana Lima',
        '--customer-document',
        '52998224725',
        '--due-date',
        typed,
        '--dry-run',
      ]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(
        'aviso: o vencimento do boleto 05/12/2026 cai num sábado: os bancos o aceitam sem multa no próximo dia útil',
      );
    }
  });
});

describe('charge get, list and watch in Portuguese', () => {
  it('charge get: Portuguese labels; -o plain and --json are the same bytes in both languages', async () => {
    const id = await pendingCharge();
    const result = await inPortuguese(['charge', 'get', id]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ID +ci_\w+\nSituação +pendente\nValor +R\$ 25,00\nTaxa +R\$ 1,00\n/);
    expect(result.stdout).toMatch(/^Criada em +\d\d\/\d\d\/\d{4} \d\d:\d\d \(agora\)$/m);
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);

    for (const format of [['-o', 'plain'], ['--json'], ['-o', 'csv']]) {
      const portuguese = await inPortuguese(['charge', 'get', id, ...format]);
      const english = await inEnglish(['charge', 'get', id, ...format]);
      expect(portuguese.stdout).toBe(english.stdout);
      expect(portuguese.stdout).not.toBe('');
    }
    expect((await inPortuguese(['charge', 'get', id, '-o', 'plain'])).stdout).toMatch(/^Amount\t2500$/m);
  });

  it('charge get of an unknown PIX txid: the hint in Portuguese', async () => {
    const result = await inPortuguese(['charge', 'get', 'I5fI9DFffTLulwYKGOUyNsAAvkoUGhKS']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(
      'isso parece um txid Pix: `paygate charge find --txid I5fI9DFffTLulwYKGOUyNsAAvkoUGhKS` encontra a cobrança',
    );
  });

  it('charge list: Portuguese headers; -o csv, -o plain and --json are the same bytes in both languages', async () => {
    await pendingCharge(1234);
    const result = await inPortuguese(['charge', 'list', '--limit', '3']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^ID +SITUAÇÃO +VALOR +CRIADA EM \(\w+\) +DESCRIÇÃO +TXID$/);
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);

    for (const format of [['-o', 'csv'], ['-o', 'plain'], ['--json'], ['-o', 'ndjson']]) {
      const portuguese = await inPortuguese(['charge', 'list', '--limit', '3', ...format]);
      const english = await inEnglish(['charge', 'list', '--limit', '3', ...format]);
      expect(portuguese.stdout).toBe(english.stdout);
      expect(portuguese.stdout).toContain('1234');
    }
    const empty = await inPortuguese(['charge', 'list', '--external-id', 'nenhum-pedido']);
    expect(empty.stderr).toBe('Nenhuma cobrança encontrada.\n');
  });

  it('charge watch to paid: the progress line and the final table in Portuguese', async () => {
    const id = await pendingCharge();
    const time = fakeTime(async (count) => {
      if (count === 1) await t.control(`/_sandbox/charges/${id}/pay`);
    });
    const result = await inPortuguese(['charge', 'watch', id], time);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Paga em +\d\d\/\d\d\/\d{4} \d\d:\d\d$/m);
    expect(result.stderr).toMatch(
      new RegExp(`pendente · cobrança ${id} R\\$ 25,00 · expira em (?:29 min 5\\d s|30 min 00 s)`),
    );
    expect(result.stderr).toContain(`✓ pago: cobrança ${id} (R$ 25,00)`);
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);
  });

  it('charge watch still pending at --timeout: exit 8, the status in Portuguese', async () => {
    const id = await pendingCharge();
    const result = await inPortuguese(['charge', 'watch', id, '--timeout', '4s'], fakeTime());
    expect(result.code).toBe(8);
    expect(result.stderr).toContain('erro: ainda pendente quando o tempo limite acabou\n');
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);
  });

  it('charge get --qr of a paid charge: why no QR code, the status in Portuguese', async () => {
    const id = await pendingCharge();
    await t.control(`/_sandbox/charges/${id}/pay`);
    const result = await inPortuguese(['charge', 'get', id, '--qr']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `aviso: a cobrança ${id} está com status pago: o QR code não é mostrado, ele não receberia pagamento`,
    );
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);
  });
});

describe('refund at a terminal in Portuguese', () => {
  async function paidCharge(): Promise<string> {
    const id = await pendingCharge();
    await t.control(`/_sandbox/charges/${id}/pay`);
    return id;
  }

  it('the question, the refund and the line after it', async () => {
    const id = await paidCharge();
    const prompter = createScriptedPrompter([{ message: 'Estornar', answer: true }]);
    const result = await inPortuguese(['charge', 'refund', id], {
      tty: true,
      prompter,
      env: { NO_COLOR: '1' },
    });
    prompter.assertDone();
    expect(result.code, result.stderr).toBe(0);
    expect(prompter.asked[0]).toContain(
      `Estornar R$ 25,00 (vinte e cinco reais) da cobrança ${id} (pago) para o pagador?`,
    );
    // Broken between words at the 80-column terminal (one line to a pipe).
    for (const line of result.stderr.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect(result.stderr.replace(/\n {2}/g, ' ')).toBe(
      `Cobrança ${id}: o gateway aceitou o estorno; status da cobrança agora: estornado.\n`,
    );
    expect(result.stdout).toMatch(/^Estornada em +\d\d\/\d\d\/\d{4} \d\d:\d\d$/m);
    expect(englishLinesIn(result.stdout + result.stderr + prompter.asked.join('\n'))).toEqual([]);
  });

  it('No: nothing sent, said in Portuguese (exit 2); without a terminal --yes is asked for', async () => {
    const id = await paidCharge();
    const prompter = createScriptedPrompter([{ message: 'Estornar', answer: false }]);
    const declined = await inPortuguese(['charge', 'refund', id], { tty: true, prompter });
    expect(declined.code).toBe(2);
    expect(declined.stderr).toBe('Cancelado: nada foi estornado nem enviado.\n');
    const noTerminal = await inPortuguese(['charge', 'refund', id]);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain(
      '--yes é obrigatório para estornar sem um terminal (sem pergunta: nada foi enviado)',
    );
  });
});

describe('cancel and a declined card in Portuguese', () => {
  it('cancel at a terminal: the question names what stops working; the line after it', async () => {
    const id = await pendingCharge();
    const prompter = createScriptedPrompter([{ message: 'Cancelar', answer: true }]);
    const result = await inPortuguese(['charge', 'cancel', id], {
      tty: true,
      prompter,
      env: { NO_COLOR: '1' },
    });
    prompter.assertDone();
    expect(result.code, result.stderr).toBe(0);
    expect(prompter.asked).toEqual([
      `Cancelar a cobrança ${id} de R$ 25,00 (pendente)? O código Pix deixa de funcionar.`,
    ]);
    expect(result.stderr.replace(/\n {2}/g, ' ')).toMatch(
      new RegExp(
        `^Cobrança ${id}: o gateway aceitou o cancelamento; status da cobrança agora: \\w+\\.$`,
        'm',
      ),
    );
  });

  it('a declined card: said in Portuguese, the card read as recusado, exit 7', async () => {
    const card = JSON.stringify({
      number: '4111111111111111',
      holder_name: 'ANA LIMA',
      exp_month: 12,
      exp_year: 2031,
      cvv: '123',
    });
    const token = await inPortuguese(['token', 'card', '--stdin', '--json'], { stdin: card });
    const result = await inPortuguese(
      [
        'charge',
        'create',
        '--method',
        'card',
        '--card-token',
        '-',
        '--amount',
        '100.51',
        '--customer-name',
        'Ana Lima',
        '--customer-address',
        'Rua A,10,Recife,PE,50000000',
      ],
      { stdin: token.stdout },
    );
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/^Cobrança ci_\w+ recusada \(status falhou\): não foi paga\.$/m);
    expect(result.stderr).toMatch(/a cobrança ci_\w+ está com status falhou: insufficient_funds$/m);
    expect(result.stdout).toMatch(/^Pagamento +cartão$/m);
    expect(result.stdout).toMatch(/^Cartão +visa •••• 1111, recusado$/m);
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);
    // The same card in -o plain, for scripts: English, as before.
    const id = /ci_\w+/.exec(result.stdout)![0];
    const plain = await inPortuguese(['charge', 'get', id, '-o', 'plain']);
    expect(plain.stdout).toMatch(/^Card\tvisa •••• 1111, declined$/m);
  });
});

describe('token card and boleto inspect in Portuguese', () => {
  it('the card prompts at a terminal, a refused expiry, the token under Portuguese labels', async () => {
    const prompter = createScriptedPrompter([
      { message: 'Número do cartão', answer: '4111111111111111' },
      { message: 'Nome do titular (como no cartão)', answer: 'ANA LIMA' },
      { message: 'Validade (MM/AA)', answer: '1231', rejectedWith: 'use MM/AA, ex.: 09/28' },
      { message: 'Validade (MM/AA)', answer: '12/31' },
      { message: 'CVV', answer: '123' },
    ]);
    const result = await inPortuguese(['token', 'card'], { tty: true, prompter, env: { NO_COLOR: '1' } });
    expect(result.code, result.stderr).toBe(0);
    expect(prompter.asked).toEqual([
      'Número do cartão',
      'Nome do titular (como no cartão)',
      'Validade (MM/AA)',
      'Validade (MM/AA)',
      'CVV',
    ]);
    expect(prompter.rejections).toEqual(['use MM/AA, ex.: 09/28']);
    expect(result.stdout).toMatch(/^Token +tok_\w+\nBandeira +visa\nFinal +1111\nValidade +12\/2031\n$/);
    expect(result.stdout).not.toContain('4111111111111111');
    expect(englishLinesIn(result.stdout + result.stderr + prompter.asked.join('\n'))).toEqual([]);
    // Scripts read the same labels in both languages.
    const card = JSON.stringify({
      number: '4111111111111111',
      holder_name: 'ANA LIMA',
      exp_month: 12,
      exp_year: 2031,
      cvv: '123',
    });
    const plain = await inPortuguese(['token', 'card', '--stdin', '-o', 'plain'], { stdin: card });
    expect(plain.stdout).toMatch(/^Token\ttok_\w+\nBrand\tvisa\nLast 4\t1111\nExpiry\t12\/2031\n$/);
  });

  it('boleto inspect: Portuguese labels; -o plain and --json the same bytes in both languages', async () => {
    const line = '00190.50095 40144.816069 06809.350314 3 37370000000100';
    const clock = { now: () => Date.UTC(2026, 4, 15) };
    const result = await inPortuguese(['boleto', 'inspect', line], { clock });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Válido +sim$/m);
    expect(result.stdout).toMatch(/^Tipo +bancário$/m);
    expect(result.stdout).toMatch(/^Valor +R\$ 1,00$/m);
    expect(result.stdout).toMatch(/^Linha digitável +00190\.50095 /m);
    expect(result.stdout).toMatch(/^Código de barras +\d{44}$/m);
    // Its two possible due dates written as tables write dates (26/11/2026), the nearer first.
    expect(result.stdout).toMatch(
      /^Vencimento +21\/08\/2032 \(a data mais próxima de hoje; o fator também indica 31\/12\/2007\)$/m,
    );
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);
    for (const format of [['-o', 'plain'], ['--json'], ['-o', 'csv']]) {
      const portuguese = await inPortuguese(['boleto', 'inspect', line, ...format], { clock });
      const english = await inEnglish(['boleto', 'inspect', line, ...format], { clock });
      expect(portuguese.stdout).toBe(english.stdout);
    }
  });
});

describe('the rest of charge create, find, qr and reconcile in Portuguese', () => {
  it('charge create on a terminal without --amount: the questions, the preview, No keeps the answers', async () => {
    const prompter = createScriptedPrompter([
      { message: 'Valor (em centavos, como 1500, ou em reais, como 15,00):', answer: '25,00' },
      { message: 'Descrição mostrada ao pagador (opcional):', answer: 'Pedido 9' },
      { message: 'Expira em (de 60s a 1d):', answer: '10m' },
      { message: 'Fazer split desta cobrança com outros vendedores?', answer: true },
      { message: 'Parte do split (VENDEDOR=PARTE[:descrição], ex.: 1002=30% ou', answer: '1002=30%' },
      { message: 'Parte 2 do split:', answer: '1003=70%' },
      { message: 'Criar esta cobrança?', answer: false },
    ]);
    const result = await inPortuguese(['charge', 'create', '--no-qr'], { tty: true, prompter });
    prompter.assertDone();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('A cobrança (taxa de 3,99%, uma estimativa):');
    expect(result.stderr).toMatch(/^Taxa +R\$ 1,00$/m);
    expect(result.stderr).toMatch(/^ {2}vendedor 1002 \(30%\) +R\$ 7,20$/m);
    expect(result.stderr).toMatch(/^Expira em +10 min 00 s$/m);
    expect(result.stderr).toContain(
      'Suas respostas, como um comando para rodar de novo:\n  paygate charge create',
    );
    // Where the split stands, with the seller the profile does not know named in Portuguese.
    expect(result.stderr.replace(/\n {2}/g, ' ')).toContain(
      'Split até agora: as porcentagens somam 30% e devem somar 100%: acrescente os 70% que faltam, ' +
        'ex.: a sua parte como SEU_ID_DE_VENDEDOR=70%.',
    );
    expect(englishLinesIn(result.stdout + result.stderr + prompter.asked.join('\n'))).toEqual([]);
  });

  it('--from-csv: the summary and a refused file in Portuguese; the result lines the same in both languages', async () => {
    const file = join(tempConfigDir(), 'charges.csv');
    writeFileSync(file, 'invoice,amount\ninv-001,15.00\ninv-002,2500\n');
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    const result = await inPortuguese(['charge', 'create', '--from-csv', file, '--key-column', 'invoice'], {
      env,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('2 criadas, 0 já criadas, 0 recusadas\n');
    const again = await inEnglish(['charge', 'create', '--from-csv', file, '--key-column', 'invoice'], {
      env,
    });
    const againInPortuguese = await inPortuguese(
      ['charge', 'create', '--from-csv', file, '--key-column', 'invoice'],
      {
        env,
      },
    );
    expect(againInPortuguese.stdout).toBe(again.stdout);
    expect(againInPortuguese.stderr).toBe('0 criadas, 2 já criadas, 0 recusadas\n');

    const bad = join(tempConfigDir(), 'bad.csv');
    writeFileSync(bad, 'key,amount\nx-1,100\nX-1,200\n');
    const refused = await inPortuguese(['charge', 'create', '--from-csv', bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      '--from-csv: 1 problema, nada foi enviado:\n  - linha 3, key: "X-1" também é a chave da linha 2 (uma cobrança por chave)',
    );
    expect(englishLinesIn(result.stderr + againInPortuguese.stderr + refused.stderr)).toEqual([]);

    // A row's one problem is listed without the `(nada foi enviado)` said once for the whole file.
    const tooLong = join(tempConfigDir(), 'too-long.csv');
    writeFileSync(tooLong, 'key,amount,expires_in\nk-1,100,30d\n');
    const refusedRow = await inPortuguese(['charge', 'create', '--from-csv', tooLong]);
    expect(refusedRow.code).toBe(2);
    expect(refusedRow.stderr).toMatch(
      /^erro: --from-csv: 1 problema, nada foi enviado:\n {2}- linha 2: expires_in: 30 d 00 h /,
    );
    expect(refusedRow.stderr).not.toContain('(nada foi enviado)');
  });

  it('charge find: not found, and a bare value, said in Portuguese', async () => {
    const notFound = await inPortuguese(['charge', 'find', '--external-id', 'pedido-que-nao-existe']);
    expect(notFound.code).toBe(3);
    expect(notFound.stderr).toContain('nenhuma cobrança com ID externo pedido-que-nao-existe');
    const bare = await inPortuguese(['charge', 'find', 'ci_abc']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain(
      'charge find recebe --txid ou --external-id, não um valor solto; isso é um id de cobrança: `paygate charge get ci_abc`',
    );
    expect(englishLinesIn(notFound.stderr + bare.stderr)).toEqual([]);
  });

  it('charge find of a reused external id: a table for people, -o csv the same bytes in both languages', async () => {
    await createSandboxCharge(t, { external_id: 'dup' });
    await createSandboxCharge(t, { external_id: 'dup' });
    const table = await inPortuguese(['charge', 'find', '--external-id', 'dup']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stderr).toContain(
      '2 cobranças têm ID externo dup: todas listadas, da mais recente à mais antiga',
    );
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +SITUAÇÃO +VALOR +CRIADA EM \(\w+\) +ID EXTERNO +TXID$/);
    const portuguese = await inPortuguese(['charge', 'find', '--external-id', 'dup', '-o', 'csv']);
    const english = await inEnglish(['charge', 'find', '--external-id', 'dup', '-o', 'csv']);
    expect(portuguese.stdout).toBe(english.stdout);
    expect(english.stdout).toMatch(/^ID,STATUS,AMOUNT,/);
  });

  it('charge qr: Portuguese labels in the table; -o plain and --json the same bytes in both languages', async () => {
    const code =
      '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6';
    const result = await inPortuguese(['charge', 'qr', code, '--no-qr']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Válido +sim$/m);
    expect(result.stdout).toMatch(/^Recebedor +THALES OGLIARI$/m);
    expect(result.stdout).toMatch(/^Chave Pix +thalesog@me\.com$/m);
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);
    for (const format of [['-o', 'plain'], ['--json'], ['-o', 'csv']]) {
      const portuguese = await inPortuguese(['charge', 'qr', code, ...format]);
      const english = await inEnglish(['charge', 'qr', code, ...format]);
      expect(portuguese.stdout).toBe(english.stdout);
    }
    const broken = await inPortuguese(['charge', 'qr', code.replace(/0DC6$/, '0DC7')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/emv: código Pix inválido \(1 problema\):/);
  });

  it('charge reconcile of a key never used: said in Portuguese', async () => {
    const result = await inPortuguese(['charge', 'reconcile', '--key', 'pedido-77']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('nenhuma entrada no diário de cobranças para --key pedido-77');
    expect(englishLinesIn(result.stderr)).toEqual([]);
  });
});
