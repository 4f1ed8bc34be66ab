// Bad input in a run that speaks Portuguese (PAYGATE_LANG=pt-BR): the rules of src/domain say what
// is wrong in Portuguese, naming the flag and the value as typed; exit code 2 and a --json error's
// type, code, field and exit_code are the same as in English.
import { describe, expect, it } from 'vitest';
import { englishLinesIn } from '../helpers/english.js';
import { run } from '../helpers/run-cli.js';

const PORTUGUESE = { PAYGATE_LANG: 'pt-BR' };
const BAD_PIX = [
  'charge',
  'create',
  '--method',
  'pix',
  '--amount',
  'R$ 15',
  '--expires-in',
  '1.5h',
  '--dry-run',
];

/** The lines that state a broken rule (`  - --flag: …`): the list around them is charge create's. */
const ruleLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('  - '));

describe('rules of input in a run in Portuguese', () => {
  it('says two bad inputs in Portuguese, each naming its flag, and exits 2', async () => {
    const result = await run(BAD_PIX, { env: PORTUGUESE });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(ruleLines(result.stderr)).toEqual([
      '  - --amount: "R$ 15" são reais sem centavos: escreva R$ 15,00 (duas casas decimais) ou 1500 centavos',
      '  - --expires-in: "1.5h" não é uma duração: use um número inteiro com unidade (500ms, 90s, 30m, 2h, 1d) ou segundos (90)',
    ]);
    expect(englishLinesIn(ruleLines(result.stderr).join('\n'))).toEqual([]);
  });

  it('says a bad setting in Portuguese', async () => {
    const result = await run(['config', 'set', 'fee.pix', '101'], { env: PORTUGUESE });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'erro: fee.pix: deve ser uma porcentagem de 0 a 100 com até 4 casas decimais, ex.: 3,99 (não "101")\n',
    );
    expect(englishLinesIn(result.stderr)).toEqual([]);
  });

  it('keeps a --json error the same for scripts, only its message in Portuguese', async () => {
    const argv = [
      '--json',
      'charge',
      'create',
      '--method',
      'boleto',
      '--amount',
      '1500',
      '--customer-name',
      'Ana Lima',
      '--customer-document',
      '52998224725',
      '--due-date',
      '31/02/2027',
    ];
    const english = await run(argv);
    const portuguese = await run(argv, { env: PORTUGUESE });
    expect(portuguese.code).toBe(english.code);
    expect(portuguese.stdout).toBe(english.stdout);
    const { message: englishMessage, ...englishRest } = JSON.parse(english.stderr).error;
    const { message, ...rest } = JSON.parse(portuguese.stderr).error;
    expect(rest).toEqual(englishRest);
    expect(rest).toMatchObject({ type: 'usage_error', exit_code: 2, field: '--due-date' });
    expect(englishMessage).toMatch(/^--due-date: "31\/02\/2027" is not a date/);
    expect(message).toMatch(
      /^--due-date: "31\/02\/2027" não é uma data: use DD\/MM\/AAAA, AAAA-MM-DD ou \+Nd/,
    );
  });

  it('keeps the preview of a split byte-identical for scripts, its table in Portuguese', async () => {
    const split = ['--amount', '10000', '--split', '1002=30%', '--split', '1003=80%', '--split', '1004=50'];
    for (const mode of [['--json'], ['-o', 'ndjson'], ['-o', 'csv'], ['-o', 'plain']]) {
      const argv = [...mode, 'split', 'preview', ...split];
      const english = await run(argv);
      const portuguese = await run(argv, { env: PORTUGUESE });
      expect(portuguese.code).toBe(english.code);
      expect(portuguese.stdout).toBe(english.stdout);
    }
    const dryRun = [
      '--json',
      'charge',
      'create',
      '--method',
      'pix',
      '--amount',
      '10000',
      '--split',
      '1002=30%',
      '--split',
      '1003=70%',
    ];
    const english = await run([...dryRun, '--dry-run']);
    expect(english.stdout).toContain('This is an estimate');
    expect((await run([...dryRun, '--dry-run'], { env: PORTUGUESE })).stdout).toBe(english.stdout);
    const table = await run(['split', 'preview', ...split], { env: PORTUGUESE });
    expect(table.code).toBe(2);
    expect(table.stderr).toContain('✗ split: um split não pode misturar porcentagens e valores fixos\n');
    expect(table.stderr).toContain(
      'split[2]: 50 é R$ 0,50 (um número sem unidade é centavos); para porcentagem escreva 50%\n',
    );
    expect(table.stderr).toContain('Isto é uma estimativa: o gateway calcula a taxa e o split finais');
  });

  it('says the problems of a boleto line in Portuguese, its --json the same in both languages', async () => {
    const bad = '00190.50095 40144.816068 06809.350314 3 37370000000100';
    const clock = { now: () => Date.UTC(2026, 10, 26, 12) };
    for (const mode of [['--json'], ['-o', 'csv'], ['-o', 'plain']]) {
      const english = await run(['boleto', 'inspect', bad, ...mode], { clock });
      const portuguese = await run(['boleto', 'inspect', bad, ...mode], { clock, env: PORTUGUESE });
      expect(portuguese.stdout).toBe(english.stdout);
      expect(portuguese.code).toBe(english.code);
    }
    const table = await run(['boleto', 'inspect', bad], { clock, env: PORTUGUESE });
    expect(table.code).toBe(2);
    expect(table.stderr).toContain('  - dígito verificador do campo 2: a linha tem 8, os dígitos dão 9\n');
  });

  it('says what is wrong with a Pix Copia e Cola code in Portuguese, its --json the same in both', async () => {
    // A valid static code (docs/test-vectors.md) with another country (a problem) and CRC (an error).
    const code =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BX5913Fulano de Tal6008BRASILIA62070503***63041D3E';
    for (const mode of [['--json'], ['-o', 'csv'], ['-o', 'plain']]) {
      const english = await run(['charge', 'qr', code, ...mode]);
      const portuguese = await run(['charge', 'qr', code, ...mode], { env: PORTUGUESE });
      expect(portuguese.stdout).toBe(english.stdout);
      expect(portuguese.code).toBe(english.code);
    }
    const table = await run(['charge', 'qr', code], { env: PORTUGUESE });
    expect(table.stdout + table.stderr).toContain('o campo 58 (país) deveria ser BR, não "BX"');
    expect(table.stdout + table.stderr).toMatch(
      /CRC não confere: o código diz 1D3E, o conteúdo dá [0-9A-F]{4}/,
    );
  });

  it('reads a due date typed as DD/MM/YYYY or ISO the same in both languages', async () => {
    const argv = (date: string) => [
      '--json',
      'charge',
      'create',
      '--method',
      'boleto',
      '--amount',
      '1500',
      '--customer-name',
      'Ana Lima',
      '--customer-document',
      '52998224725',
      '--due-date',
      date,
      '--dry-run',
    ];
    const clock = { now: () => Date.UTC(2026, 10, 26, 12) };
    const runs = [await run(argv('30/11/2026'), { clock }), await run(argv('2026-11-30'), { clock })];
    const portuguese = [
      await run(argv('30/11/2026'), { clock, env: PORTUGUESE }),
      await run(argv('2026-11-30'), { clock, env: PORTUGUESE }),
    ];
    for (const result of [...runs, ...portuguese]) {
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(runs[0]!.stdout);
    }
    expect(runs[0]!.stdout).toContain('"due_date": "2026-11-30"');
  });
});
