// The rules of input said in Portuguese (docs/language.md): the domain and the schemas raise facts,
// and a run in pt-BR reads them in Portuguese, naming the flag or field as typed; the input itself
// (money, dates) is read the same in both languages.
import { describe, expect, it } from 'vitest';
import { parseAddressArgument } from '../../src/domain/address.js';
import { validateCard } from '../../src/domain/card.js';
import { boletoChargeViolations, parseDueDate } from '../../src/domain/card-boleto.js';
import { parseDuration } from '../../src/domain/duration.js';
import { parseItemArgument, resolveItems } from '../../src/domain/items.js';
import { parseMoney, payoutCentavosNote, smallCentavosNote } from '../../src/domain/money.js';
import { readMoney } from '../../src/domain/money-reading.js';
import { parsePercent } from '../../src/domain/percent.js';
import { computeSplit } from '../../src/domain/split.js';
import { parseSplitArgument, splitInputFromJson } from '../../src/domain/split-entries.js';
import { splitProgress } from '../../src/domain/split-progress.js';
import { parseStatusWords } from '../../src/domain/status.js';
import { UsageError } from '../../src/errors.js';
import { parseJsonLossless } from '../../src/json.js';
import { checkChargeRequest } from '../../src/schemas/charge-rules.js';
import { useLanguage } from '../../src/text/catalog.js';
import { englishLinesIn } from '../helpers/english.js';
import { englishAfterEachTest, speakPortuguese } from '../helpers/language.js';

englishAfterEachTest();

/** The error `make` throws: a UsageError naming its field. */
function refusal(make: () => unknown): UsageError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

// What stays as typed in a Portuguese message: the API's own names and the forms of input.
const AS_TYPED = [/\{seller_id ou email/];

describe('the rules of input in Portuguese', () => {
  it('says a broken money rule in Portuguese, naming the flag and the value as typed', async () => {
    await speakPortuguese();
    expect(refusal(() => parseMoney('15.0', '--amount')).message).toBe(
      '--amount: "15.0" não é um valor: use centavos (1500) ou reais com duas casas decimais (15,00, 15.00, R$ 1.500,00, 1,500.00)',
    );
    expect(refusal(() => parseMoney('R$ 15', '--amount')).message).toBe(
      '--amount: "R$ 15" são reais sem centavos: escreva R$ 15,00 (duas casas decimais) ou 1500 centavos',
    );
    expect(refusal(() => parseMoney('-3', '--amount')).message).toBe(
      '--amount: "-3" deve ser positivo (um valor maior que zero)',
    );
    expect(refusal(() => parseMoney('0', '--amount')).details).toMatchObject({
      field: '--amount',
      type: 'usage_error',
    });
    expect(smallCentavosNote('1', '--amount')).toBe('--amount 1 é 1 centavo, R$ 0,01');
    expect(smallCentavosNote('15', '--amount')).toBe('--amount 15 são 15 centavos, R$ 0,15');
    expect(payoutCentavosNote('100', '--keep')).toBe(
      '--keep 100 são 100 centavos (R$ 1,00); escreva 100.00 para R$ 100,00',
    );
  });

  it('reads money the same in both languages', async () => {
    const typed = ['1500', '15.00', '15,00', 'R$ 15,00', 'R$ 1.500,00', '1,500.00'];
    const english = typed.map((text) => parseMoney(text, '--amount'));
    await speakPortuguese();
    expect(typed.map((text) => parseMoney(text, '--amount'))).toEqual(english);
    expect(english).toEqual([1500, 1500, 1500, 1500, 150000, 150000]);
  });

  it('says percentages and durations in Portuguese', async () => {
    await speakPortuguese();
    expect(refusal(() => parsePercent('101', 'fee.pix')).message).toBe(
      'fee.pix: deve ser uma porcentagem de 0 a 100 com até 4 casas decimais, ex.: 3,99 (não "101")',
    );
    expect(refusal(() => parseDuration('1.5s', '--timeout')).message).toBe(
      '--timeout: "1.5s" não é uma duração: use um número inteiro com unidade (500ms, 90s, 30m, 2h, 1d) ou segundos (90)',
    );
  });

  it('reads a due date as DD/MM/YYYY, ISO or +Nd in both languages, and says a bad one in Portuguese', async () => {
    const today = '2026-11-26';
    const english = ['26/11/2026', '2026-11-30', '+3d'].map((text) =>
      parseDueDate(text, today, '--due-date'),
    );
    expect(english).toEqual(['2026-11-26', '2026-11-30', '2026-11-29']);
    await speakPortuguese();
    expect(
      ['26/11/2026', '2026-11-30', '+3d'].map((text) => parseDueDate(text, today, '--due-date')),
    ).toEqual(english);
    expect(refusal(() => parseDueDate('31/02/2027', today, '--due-date')).message).toBe(
      '--due-date: "31/02/2027" não é uma data: use DD/MM/AAAA, AAAA-MM-DD ou +Nd (ex.: +3d)',
    );
    expect(refusal(() => parseDueDate('25/11/2026', today, '--due-date')).message).toBe(
      '--due-date: 2026-11-25 já passou (hoje é 2026-11-26)',
    );
  });

  it('says an address, an item and a split entry that cannot be read in Portuguese', async () => {
    await speakPortuguese();
    const messages = [
      refusal(() => parseAddressArgument('Rua A,10,Recife,XX,50000000', '--customer-address')).message,
      refusal(() => parseAddressArgument('{"street": 1}', '--shipping-address')).message,
      refusal(() => parseItemArgument('Camiseta:dois:49,90')).message,
      refusal(() => parseSplitArgument('42:30%')).message,
      refusal(() => splitInputFromJson({ seller: 42, share: 1 }, 'split[0]')).message,
    ];
    expect(messages[0]).toBe('--customer-address: state "XX" não é um estado brasileiro (UF), ex.: SP');
    expect(messages[2]).toBe(
      '--item: "Camiseta:dois:49,90" tem uma quantidade que não é um número inteiro positivo; esperado nome:quantidade:preço_unitário, ex.: "Camiseta:2:49,90"',
    );
    expect(messages[3]).toBe(
      '--split: "42:30%" não tem "="; esperado VENDEDOR=PARTE[:descrição], ex.: 42=30% ou vendedor@example.com=15,00:comissão',
    );
    expect(messages[4]).toBe('split[0]: campo desconhecido "share"');
    expect(englishLinesIn(messages.join('\n'), AS_TYPED)).toEqual([]);
  });

  it('says a declaration of status words that breaks a rule in Portuguese', async () => {
    await speakPortuguese();
    expect(
      refusal(() => parseStatusWords('RECEIVED=pago', ['pending', 'paid'], 'gateway.charge_status')).message,
    ).toBe('gateway.charge_status: "RECEIVED=pago": "pago" não é um dos status da API (pending, paid)');
    expect(refusal(() => parseStatusWords(' , ', ['paid'], 'gateway.charge_status')).details.field).toBe(
      'gateway.charge_status',
    );
  });

  it('lists the problems of a card in Portuguese', async () => {
    await speakPortuguese();
    const problems = validateCard(
      { number: '4111 1111 1111 1112', exp_month: 13, exp_year: 2031, cvv: '12' },
      new Date(Date.UTC(2026, 10, 26)),
    );
    expect(problems).toEqual([
      { field: 'number', message: 'o número do cartão não é válido (o dígito verificador não confere)' },
      { field: 'exp_month', message: 'o mês de validade deve ser de 1 a 12' },
      { field: 'cvv', message: 'o CVV deve ter 3 dígitos' },
    ]);
  });

  it('lists the broken rules of a charge request in Portuguese, with the same fields and codes', () => {
    const body = {
      payment_method: 'boleto',
      amount: 0,
      customer: { email: 'ana@', document: '111', zipcode: '123' },
      boleto: { due_date: '2026-11-20' },
      callback_url: 'ftp://x',
      items: [{ name: '', quantity: 1, unit_price: 100 }],
    };
    const today = '2026-11-26';
    const english = checkChargeRequest(body, today).issues;
    return speakPortuguese().then(() => {
      const portuguese = checkChargeRequest(body, today).issues;
      // Scripts see the same fields and codes; only the words change.
      expect(portuguese.map(({ field, code, missing }) => ({ field, code, missing }))).toEqual(
        english.map(({ field, code, missing }) => ({ field, code, missing })),
      );
      expect(portuguese.map((issue) => `${issue.field}: ${issue.rule}`)).toEqual([
        'amount: 0 deve ser um número inteiro positivo de centavos',
        'customer.email: "ana@" não é um endereço de e-mail',
        'customer.document: "111" não é um CPF ou CNPJ válido (dígitos verificadores)',
        'customer.zipcode: deve ser um CEP de 8 dígitos (01310-100)',
        'items[0].name: é obrigatório',
        'callback_url: deve ser uma URL absoluta http:// ou https://',
        'customer.name: o nome do pagador é obrigatório num boleto',
        'customer.document: não é um CPF ou CNPJ válido (dígitos verificadores)',
        'boleto.due_date: 2026-11-20 é anterior a hoje (2026-11-26)',
      ]);
      expect(englishLinesIn(portuguese.map((issue) => issue.rule).join('\n'))).toEqual([]);
    });
  });

  it('names the request field pix as the field it is, not a "parte pix"', async () => {
    await speakPortuguese();
    const body = { payment_method: 'boleto', amount: 1000, pix: { expires_in: 600 } };
    const issue = checkChargeRequest(body, '2026-11-26').issues.find(
      ({ code }) => code === 'pix_only_for_pix',
    );
    expect(issue?.rule).toBe('só para cobranças Pix: uma cobrança no cartão ou boleto não tem o campo pix');
  });

  it('says the warnings of items that do not add up in Portuguese', async () => {
    await speakPortuguese();
    const { warnings } = resolveItems([{ name: 'Camiseta', quantity: 2, unit_price: 1000 }], 3000);
    expect(warnings).toEqual(['Os itens somam R$ 20,00, mas o valor da cobrança é R$ 30,00.']);
    expect(
      boletoChargeViolations(
        { amount: 1000, customer: { name: 'Ana', document: '52998224725' } },
        { due_date: '2026-12-01', discount: 1000 },
        '2026-11-26',
      ).map((violation) => violation.message),
    ).toEqual(['boleto.discount deve ser menor que o valor (1000)']);
  });

  it('says the broken rules and the warnings of a split in Portuguese', async () => {
    await speakPortuguese();
    const preview = computeSplit({
      amount: 10000,
      feeRate: 3.99,
      entries: [
        { sellerId: 1002, percentage: 30, amount: 100 },
        { email: '' },
        { sellerId: 1003, percentage: 50 },
      ],
    });
    expect(preview.violations.map((violation) => violation.message)).toEqual([
      'split[0]: tem porcentagem e valor; informe só um dos dois',
      'split[1]: falta o vendedor (um id de vendedor ou um e-mail)',
      'split[1]: não tem porcentagem nem valor; informe um dos dois',
      'split: as porcentagens somam 50%, devem somar 100% (tolerância de 0,01)',
    ]);
    // The estimate's sentence is the command's (test/commands/split/preview-portuguese.test.ts).
    expect(
      englishLinesIn(
        [...preview.violations.map((violation) => violation.message), ...preview.warnings].join('\n'),
      ),
    ).toEqual([]);
    expect(
      splitProgress({ amount: 10000, feeRate: 3.99, entries: [{ sellerId: 1002, percentage: 30 }] }).guidance,
    ).toBe(
      'as porcentagens somam 30% e devem somar 100%: acrescente os 70% que faltam, ex.: a sua parte como YOUR_SELLER_ID=70%',
    );
    // Decimals as Portuguese writes them (`30,5%`), and the example typed as paygate reads it.
    expect(
      splitProgress({ amount: 10000, feeRate: 3.99, entries: [{ sellerId: 1002, percentage: 30.5 }] })
        .guidance,
    ).toBe(
      'as porcentagens somam 30,5% e devem somar 100%: acrescente os 69,5% que faltam, ex.: a sua parte como YOUR_SELLER_ID=69,5%',
    );
    const rest = computeSplit({
      amount: 10000,
      feeRate: 3.99,
      entries: [
        { sellerId: 1002, percentage: 50.5 },
        { sellerId: 1003, percentage: 49.495 },
      ],
    });
    expect(rest.warnings).toContain(
      'As porcentagens somam 99,995%: os R$ 0,01 restantes ficam com o vendedor principal.',
    );
  });

  it('says why a money field of an answer cannot be read in Portuguese', async () => {
    await speakPortuguese();
    const written = (literal: string) => (parseJsonLossless(`{"v":${literal}}`) as { v: unknown }).v;
    expect(readMoney('amount', written('150.00'))).toMatchObject({
      why: 'amount é 150.00, não um número inteiro de centavos',
    });
    expect(readMoney('saldo', written('1500.505'), 'reais')).toMatchObject({
      why: 'saldo é 1500.505, não um valor em reais (gateway.money_unit)',
    });
  });

  it('keeps every English message as it was', () => {
    useLanguage('en');
    expect(refusal(() => parseSplitArgument('42:30%')).message).toBe(
      '--split: "42:30%" has no "="; expected SELLER=SHARE[:description], e.g. 42=30% or seller@example.com=15,00:commission',
    );
    expect(
      refusal(() => parseAddressArgument('Rua A,10,Recife,XX,50000000', '--customer-address')).message,
    ).toBe('--customer-address: state "XX" is not a Brazilian state (UF), e.g. SP');
  });
});
