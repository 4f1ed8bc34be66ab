// The payout, balance, split and seller commands in Portuguese, run as a user types them (runCli
// with PAYGATE_LANG=pt-BR) against the test sandbox: what a person reads is Portuguese, what a
// script reads (--json, -o csv) is the same bytes as in English.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { englishLinesIn } from '../../helpers/english.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';
import { fakeTime, fund, latestPayout, payoutPosts } from './support.js';

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
  await fund(ts, 1_000_000);
});
afterAll(async () => ts.close());

/** The sandbox's environment in a language, with a config dir of its own (journal, settings). */
const env = (language: 'pt-BR' | 'en', configDir = tempConfigDir()) => ({
  ...ts.env,
  PAYGATE_CONFIG_DIR: configDir,
  PAYGATE_LANG: language,
  NO_COLOR: '1',
});

describe('payout create in Portuguese', () => {
  test('--dry-run: the plan in Portuguese labels, the line of what it would do, nothing sent', async () => {
    const posts = payoutPosts(ts);
    const result = await run(['payout', 'create', '--amount', '959.10', '--key', 'ferias-1', '--dry-run'], {
      env: env('pt-BR'),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Transferiria +R\$ 959,10$/m);
    expect(result.stdout).toMatch(/^Para +CNPJ 11\.\*\*\*.* \(Loja Exemplo[^)]*\)$/m);
    expect(result.stdout).toMatch(/^Disponível +R\$ [\d.]+,\d\d$/m);
    expect(result.stdout).toMatch(/^Saldo depois +R\$ [\d.]+,\d\d$/m);
    expect(result.stdout).toMatch(/^Diário +ferias-1: chave nova$/m);
    expect(result.stderr).toMatch(
      /^Simulação: transferiria R\$ 959,10, restando R\$ [\d.]+,\d\d disponíveis; nada foi enviado\.$/m,
    );
    expect(englishLinesIn(result.stderr + result.stdout)).toEqual([]);
    expect(payoutPosts(ts)).toBe(posts);
  });

  test('--dry-run --json: the same bytes in both languages (its journal note stays English)', async () => {
    const argv = ['payout', 'create', '--amount', '959.10', '--key', 'ferias-2', '--dry-run', '--json'];
    const portuguese = await run(argv, { env: env('pt-BR') });
    const english = await run(argv, { env: env('en') });
    expect(portuguese.code).toBe(0);
    expect(portuguese.stdout).toBe(english.stdout);
    expect(JSON.parse(portuguese.stdout)).toMatchObject({ amount: 95910, journal: 'new key' });
  });

  test('at a terminal it asks with the amount in words; a keyed rerun says it already paid', async () => {
    const configDir = tempConfigDir();
    const prompter = createScriptedPrompter([
      {
        message:
          /^Transferir R\$ 959,10 \(novecentos e cinquenta e nove reais e dez centavos\) para CNPJ 11\.\*\*\*.* \(Loja Exemplo[^)]*\)\?$/,
        answer: true,
      },
    ]);
    const posts = payoutPosts(ts);
    const paid = await run(['payout', 'create', '--amount', '959.10', '--key', 'ferias-3'], {
      env: env('pt-BR', configDir),
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(paid.code).toBe(0);
    expect(payoutPosts(ts)).toBe(posts + 1);
    const id = /^ID +(co_\S+)$/m.exec(paid.stdout)?.[1];
    expect(id).toBeDefined();
    expect(paid.stdout).toMatch(/^Valor +R\$ 959,10$/m);
    // At an 80-column terminal the line is broken between words, never inside an amount.
    expect(paid.stderr).toMatch(
      new RegExp(
        `^Transferência ${id}, pendente: transferido R\\$ 959,10; restam\\n {2}R\\$ [\\d.]+,\\d\\d disponíveis\\.$`,
        'm',
      ),
    );
    expect(paid.stderr.split('\n').every((line) => [...line].length <= 80)).toBe(true);
    expect(paid.stderr).toContain(`Acompanhe com: paygate payout watch ${id}`);
    expect(englishLinesIn(paid.stderr + paid.stdout)).toEqual([]);

    const rerun = await run(['payout', 'create', '--amount', '959.10', '--key', 'ferias-3', '--yes'], {
      env: env('pt-BR', configDir),
    });
    expect(rerun.code).toBe(0);
    expect(payoutPosts(ts)).toBe(posts + 1);
    expect(rerun.stderr).toMatch(
      new RegExp(
        `^Já feita com --key ferias-3: transferência ${id} \\(R\\$ 959,10\\), com status (pendente|concluído)\\. Nada novo foi enviado\\.$`,
        'm',
      ),
    );
    expect(englishLinesIn(rerun.stderr + rerun.stdout)).toEqual([]);
  });

  test('--wait: the payout followed to its end, the last line in Portuguese', async () => {
    // The injected clock's sleep is when the sandbox completes the payout (no real waiting).
    const time = fakeTime(async () => {
      const payout = await latestPayout(ts);
      if (payout.status === 'pending') await ts.control(`/_sandbox/payouts/${payout.id}/complete`);
    });
    const argv = ['payout', 'create', '--amount', '5.00', '--yes', '--wait', '--key', 'ferias-4'];
    const result = await run(argv, { env: env('pt-BR'), ...time });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^✓ \S+: transferência co_\S+ \(R\$ 5,00\)$/m);
    // The progress line names the status in Portuguese, as tables do.
    expect(result.stderr).toMatch(/^pendente · transferência co_\S+ R\$ 5,00$/m);
    expect(result.stderr).not.toMatch(/\bpending\b/);
    expect(englishLinesIn(result.stderr + result.stdout)).toEqual([]);
  });

  test('a refusal is said in Portuguese, with the same exit code and --json code as in English', async () => {
    const argv = ['payout', 'create', '--amount', '99999999.00', '--yes', '--json'];
    const portuguese = await run(argv, { env: env('pt-BR') });
    const english = await run(argv, { env: env('en') });
    expect(portuguese.code).toBe(english.code);
    // The --json error is stderr's last line (the warning of a run without --key comes first).
    const errorOf = (stderr: string) => JSON.parse(stderr.trim().split('\n').at(-1)!).error;
    const said = errorOf(portuguese.stderr);
    expect(said).toMatchObject({ code: errorOf(english.stderr).code, type: errorOf(english.stderr).type });
    expect(said.code).toBe('insufficient_balance');
    expect(said.message).toMatch(
      /^saldo insuficiente: pedido R\$ 99\.999\.999,00, disponível R\$ [\d.]+,\d\d; nada foi enviado$/,
    );
  });
});

describe('payout reconcile in Portuguese', () => {
  test('a key the journal never saw: refused in Portuguese, with its hint', async () => {
    const result = await run(['payout', 'reconcile', '--key', 'nunca-usada'], { env: env('pt-BR') });
    expect(result.code).toBe(
      (await run(['payout', 'reconcile', '--key', 'nunca-usada'], { env: env('en') })).code,
    );
    expect(result.stderr).toContain(
      'erro: nenhum registro de transferência no diário para --key nunca-usada (em ',
    );
    expect(result.stderr).toContain(
      'dica: confira a chave e o PAYGATE_CONFIG_DIR / --profile da execução que a usou',
    );
    expect(englishLinesIn(result.stderr + result.stdout)).toEqual([]);
  });
});

describe('payout list in Portuguese', () => {
  test('a table with Portuguese headers; --json and -o csv the same bytes as in English', async () => {
    const configDir = tempConfigDir();
    await run(['payout', 'create', '--amount', '12.34', '--yes'], { env: env('en', configDir) });
    const table = await run(['payout', 'list'], { env: env('pt-BR', configDir) });
    expect(table.code).toBe(0);
    const header = table.stdout.split('\n')[0]!;
    expect(header.split(/\s{2,}/)).toEqual(expect.arrayContaining(['ID', 'SITUAÇÃO', 'VALOR', 'DESTINO']));
    expect(header).toMatch(/CRIADA EM/);
    expect(englishLinesIn(table.stderr + table.stdout)).toEqual([]);
    // One payout's detail view: a table in Portuguese, its plain/csv/json the same bytes.
    const id = /^(co_\S+)/m.exec(table.stdout.split('\n')[1]!)?.[1];
    expect(id).toBeDefined();
    const detail = await run(['payout', 'get', id!], { env: env('pt-BR', configDir) });
    expect(detail.stdout).toMatch(/^Valor +R\$ 12,34$/m);
    expect(detail.stdout).toMatch(/^Criada em +/m);
    for (const format of [['--json'], ['-o', 'csv'], ['-o', 'plain']]) {
      const portuguese = await run(['payout', 'get', id!, ...format], { env: env('pt-BR', configDir) });
      const english = await run(['payout', 'get', id!, ...format], { env: env('en', configDir) });
      expect(portuguese.stdout, `get ${format.join(' ')}`).toBe(english.stdout);
    }
    expect(
      (await run(['payout', 'get', id!, '-o', 'plain'], { env: env('pt-BR', configDir) })).stdout,
    ).toMatch(/^Amount\t1234$/m);
    for (const format of [['--json'], ['-o', 'csv'], ['-o', 'plain']]) {
      const portuguese = await run(['payout', 'list', ...format], { env: env('pt-BR', configDir) });
      const english = await run(['payout', 'list', ...format], { env: env('en', configDir) });
      expect(portuguese.code, format.join(' ')).toBe(0);
      expect(portuguese.stdout, format.join(' ')).toBe(english.stdout);
    }
  });

  test('no payout of the one status asked for: said with the status in Portuguese', async () => {
    const portuguese = await run(['payout', 'list', '--status', 'failed'], { env: env('pt-BR') });
    expect(portuguese.code).toBe(0);
    expect(portuguese.stderr).toBe('Nenhuma transferência com status falhou.\n');
    const english = await run(['payout', 'list', '--status', 'failed'], { env: env('en') });
    expect(english.stderr).toBe('No failed payouts.\n');
  });

  test('a --limit that is not a whole number above zero: refused in Portuguese, exit 2', async () => {
    const result = await run(['payout', 'list', '--limit', '0'], { env: env('pt-BR') });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('erro: --limit: deve ser um número inteiro maior que zero\n');
  });

  test('--since accepts 26/11/2026 as well as ISO, in either language', async () => {
    await run(['payout', 'create', '--amount', '1.00', '--yes'], { env: env('en') });
    for (const language of ['pt-BR', 'en'] as const) {
      const brazilian = await run(
        ['payout', 'list', '--since', '01/01/2026', '--until', '31/12/2099', '--json'],
        {
          env: env(language),
        },
      );
      const iso = await run(['payout', 'list', '--since', '2026-01-01', '--until', '2099-12-31', '--json'], {
        env: env(language),
      });
      expect(brazilian.code, language).toBe(0);
      expect(brazilian.stdout, language).toBe(iso.stdout);
      expect(JSON.parse(brazilian.stdout).length, language).toBeGreaterThan(0);
    }
    const wrong = await run(['payout', 'list', '--since', '31/02/2026'], { env: env('pt-BR') });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(
      'erro: --since: "31/02/2026" não é um momento: use uma data (26/11/2026 ou 2026-11-26)',
    );
  });
});

describe('balance, split preview and seller find in Portuguese', () => {
  test('balance: Portuguese labels; --json the same bytes', async () => {
    const result = await run(['balance'], { env: env('pt-BR') });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Disponível +R\$ [\d.]+,\d\d$/m);
    expect(result.stdout).toMatch(/^A receber +R\$ [\d.]+,\d\d$/m);
    expect(result.stdout).toMatch(/^Moeda +BRL$/m);
    expect(englishLinesIn(result.stderr + result.stdout)).toEqual([]);
    const portuguese = await run(['balance', '--json'], { env: env('pt-BR') });
    const english = await run(['balance', '--json'], { env: env('en') });
    expect(portuguese.stdout).toBe(english.stdout);
  });

  test('split preview: the summary and the rows in Portuguese; -o csv the same bytes', async () => {
    const argv = [
      'split',
      'preview',
      '--amount',
      '100.00',
      '--split',
      '2001=10,00:comissão',
      '--split',
      '2002=5,00',
    ];
    const result = await run(argv, { env: env('pt-BR') });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Bruto +R\$ 100,00$/m);
    expect(result.stdout).toMatch(/^Taxa \(3,99%\) +R\$ 3,99$/m);
    expect(result.stdout).toMatch(/^Líquido +R\$ 96,01$/m);
    expect(result.stdout).toMatch(/^VENDEDOR +PARTE +VALOR +DESCRIÇÃO$/m);
    expect(result.stdout).toMatch(/^Modo +valor fixo$/m);
    expect(result.stdout).toMatch(/^2001 +fixo +R\$ 10,00 +comissão$/m);
    expect(result.stdout).toMatch(/^2002 +fixo +R\$ 5,00$/m);
    expect(result.stdout).toMatch(/^vendedor principal \(restante\) +R\$ 81,01$/m);
    // The estimate's warning too (src/text/pt-BR/split.ts).
    expect(result.stderr).toContain('Isto é uma estimativa');
    expect(englishLinesIn(result.stderr + result.stdout)).toEqual([]);
    const portuguese = await run([...argv, '-o', 'csv'], { env: env('pt-BR') });
    const english = await run([...argv, '-o', 'csv'], { env: env('en') });
    expect(portuguese.stdout).toBe(english.stdout);
    expect(portuguese.stdout.split('\r\n')[0]).toBe('SELLER,SHARE,AMOUNT,DESCRIPTION');
    const shares = await run(
      ['split', 'preview', '--amount', '100.00', '--split', '2001=30%', '--split', '2002=70%'],
      { env: env('pt-BR') },
    );
    expect(shares.stdout).toMatch(/^Modo +percentual$/m);
    expect(shares.stdout).toMatch(/^2001 +30% do líquido +R\$ 28,80$/m);
  });

  test('seller find: Portuguese headers; a missing seller said in Portuguese (exit 3)', async () => {
    const email = ts.main.email;
    const result = await run(['seller', 'find', email], { env: env('pt-BR') });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ID DO VENDEDOR +NOME +E-MAIL +SITUAÇÃO +VERIFICAÇÃO +PIX$/m);
    expect(result.stdout).toMatch(/habilitado$/m);
    expect(englishLinesIn(result.stderr + result.stdout, [/\bactive\b.*\bapproved\b/])).toEqual([]);
    const portuguese = await run(['seller', 'find', email, '-o', 'csv'], { env: env('pt-BR') });
    const english = await run(['seller', 'find', email, '-o', 'csv'], { env: env('en') });
    expect(portuguese.stdout).toBe(english.stdout);
    const missing = await run(['seller', 'find', 'ninguem@example.com'], { env: env('pt-BR') });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('erro: nenhum vendedor com o e-mail ninguem@example.com');
  });
});
