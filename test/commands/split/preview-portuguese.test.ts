// `split preview` in Portuguese: the percentages and the tolerance of a broken total are written
// as Portuguese writes decimals (`99,9%`, `0,01`), a seller --resolve refuses is said with its
// status in Portuguese; --json is the same bytes in both languages, only the error's message
// follows the language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitPreview } from '../../../src/commands/split/preview.js';
import { displayWidth } from '../../../src/output/columns.js';
import { json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { englishLinesIn } from '../../helpers/english.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { runHandler, stderrWords } from '../../helpers/run-handler.js';

englishAfterEachTest();

const broken = ['split', 'preview', '-a', '100,00', '--split', '1002=50.5%', '--split', '1003=49.4%'];

describe('split preview in Portuguese', () => {
  it('at an 80-column terminal the table fits, its description cut with …; a pipe gets it whole', async () => {
    await speakPortuguese();
    const argv = [
      'split',
      'preview',
      '--amount',
      '100.00',
      '--split',
      'contato@parceiroalfa.com.br=70%:comissão-do-parceiro-alfa',
      '--split',
      '1003=30%',
    ];
    const terminal = await runHandler(splitPreview, argv, {
      tty: true,
      terminalSize: { rows: 24, columns: 80 },
    });
    expect(terminal.code).toBe(0);
    for (const line of terminal.stdout.trimEnd().split('\n'))
      expect(displayWidth(line)).toBeLessThanOrEqual(80);
    expect(terminal.stdout).toMatch(/70% do líquido +R\$ 67,21 +comissão-do-parceiro-a…\n/);
    expect(terminal.stderr).not.toContain('Ocultas');
    const pipe = await runHandler(splitPreview, argv);
    expect(pipe.stdout).toMatch(/R\$ 67,21 +comissão-do-parceiro-alfa\n/);
  });

  it('a total that is not 100: the total and the tolerance with a decimal comma, exit 2', async () => {
    const english = await runHandler(splitPreview, broken);
    expect(english.stderr).toContain(
      '✗ split: percentages total 99.9%, they must total 100 (tolerance 0.01)',
    );
    await speakPortuguese();
    const result = await runHandler(splitPreview, broken);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '✗ split: as porcentagens somam 99,9%, devem somar 100% (tolerância de 0,01)',
    );
    expect(englishLinesIn(stderrWords(result))).toEqual([]);
  });

  it('a total within the tolerance: the rest for the main seller, with a decimal comma', async () => {
    await speakPortuguese();
    const result = await runHandler(splitPreview, [
      'split',
      'preview',
      '-a',
      '100,00',
      '--split',
      '1002=50.5%',
      '--split',
      '1003=49.495%',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      'As porcentagens somam 99,995%: os R$ 0,01 restantes ficam com o vendedor principal.',
    );
  });

  it('says the preview is an estimate in Portuguese at a terminal, in English in --json', async () => {
    const argv = ['split', 'preview', '-a', '100,00', '--split', '1002=100%'];
    await speakPortuguese();
    const table = await runHandler(splitPreview, argv);
    expect(table.code).toBe(0);
    expect(table.stderr).toContain(
      'Isto é uma estimativa: o gateway calcula a taxa e o split finais, e os números dele valem.\n',
    );
    expect(englishLinesIn(stderrWords(table))).toEqual([]);
    const json = await runHandler(splitPreview, argv, { globals: { json: true } });
    expect(JSON.parse(json.stdout).warnings).toEqual([
      'This is an estimate: the gateway computes the final fee and split, and its figures win.',
    ]);
  });

  it('--json is the same bytes in both languages (the violation in English, with its decimal point)', async () => {
    const english = await runHandler(splitPreview, broken, { globals: { json: true } });
    await speakPortuguese();
    const portuguese = await runHandler(splitPreview, broken, { globals: { json: true } });
    expect(portuguese.stdout).toBe(english.stdout);
    expect(english.stdout).toContain(
      '"message": "split: percentages total 99.9%, they must total 100 (tolerance 0.01)"',
    );
  });
});

describe('split preview --resolve in Portuguese', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
    server.handle((_request, response) =>
      json(
        response,
        200,
        ok({
          seller_id: 1005,
          name: 'Loja Encerrada',
          email: 'admin@lojaencerrada.com.br',
          status: 'inactive',
          compliance_status: 'pending',
          pix_enabled: true,
        }),
      ),
    );
  });
  afterAll(async () => server.close());

  const argv = [
    'split',
    'preview',
    '-a',
    '100,00',
    '--split',
    'admin@lojaencerrada.com.br=50%',
    '--split',
    '1003=50%',
    '--resolve',
  ];

  it('a seller that cannot receive: its status in Portuguese, exit 2', async () => {
    await speakPortuguese();
    const result = await runHandler(splitPreview, argv, { baseUrl: server.url });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '✗ split[0]: o vendedor 1005 (admin@lojaencerrada.com.br) não pode receber split: situação inativo, não ativo, verificação pendente, não aprovada\n',
    );
    expect(result.stderr).toContain('split[1]: o vendedor 1003 não foi conferido');
    expect(englishLinesIn(stderrWords(result))).toEqual([]);
  });

  it('--json: the same bytes in both languages, the rules broken in the error said in Portuguese', async () => {
    const english = await runHandler(splitPreview, argv, { baseUrl: server.url, globals: { json: true } });
    expect(english.stdout).toContain(
      '"message": "split[0]: seller 1005 (admin@lojaencerrada.com.br) cannot receive a split: status is inactive, not active, compliance is pending, not approved"',
    );
    expect(english.stdout).toContain('split[1]: seller 1003 was not checked');
    await speakPortuguese();
    const portuguese = await runHandler(splitPreview, argv, { baseUrl: server.url, globals: { json: true } });
    expect(portuguese.stdout).toBe(english.stdout);
    expect(portuguese.code).toBe(2);
    expect(portuguese.error?.message).toBe(
      '1 regra do split violada: split[0]: o vendedor 1005 (admin@lojaencerrada.com.br) não pode receber split: situação inativo, não ativo, verificação pendente, não aprovada',
    );
  });
});
