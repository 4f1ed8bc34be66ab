// `paygate demo` in Portuguese: its story, step titles and the words between the commands it runs
// (each command it runs speaks in the same language: it is given the demo's).
import { beforeAll, describe, expect, it } from 'vitest';
import { stepFailure } from '../../../src/commands/demo/demo.js';
import { PaygateError } from '../../../src/errors.js';
import { englishLinesIn } from '../../helpers/english.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { type RunResult, run } from '../../helpers/run-cli.js';

/**
 * The demo's own lines: without what each command it runs prints (from `$ …` to the demo's next
 * heading or note, which start `── ` or two spaces) and without the notifications the receiver
 * got (a time, or six spaces, first: `webhook listen`'s words).
 */
function ownLines(stdout: string): string[] {
  const lines: string[] = [];
  let inCommand = false;
  for (const line of stdout.split('\n')) {
    if (line.startsWith('$ ')) inCommand = true;
    else if (/^(── | {2}\S)/.test(line)) inCommand = false;
    if (!inCommand && line !== '' && !/^ {2}\d{2}:\d{2}:\d{2} |^ {6}/.test(line)) lines.push(line);
  }
  return lines;
}

describe('paygate demo in Portuguese', () => {
  let result: RunResult;

  beforeAll(async () => {
    result = await run(['demo'], { env: { PAYGATE_LANG: 'pt-BR' } });
  });

  it('tells its story in Portuguese, with no English of its own', () => {
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const own = ownLines(result.stdout);
    expect(own.slice(0, 6)).toEqual([
      'paygate demo: uma cobrança Pix com split, da criação à transferência, num sandbox privado.',
      '── 1/8  Quem é quem ──',
      '  1001  Loja Exemplo Ltda   vendedor principal: cria a cobrança e paga a taxa',
      '  1002  Parceiro Alfa Ltda  parceiro: 30% do split',
      '  1003  Parceiro Beta ME    parceiro: 20% do split',
      expect.stringMatching(
        /^ {2}Gateway: um sandbox privado em http:\/\/127\.0\.0\.1:\d+ \(sua configuração fica intacta\)\.$/,
      ),
    ]);
    expect(own.filter((line) => line.startsWith('── '))).toEqual([
      '── 1/8  Quem é quem ──',
      '── 2/8  Planejar o split ──',
      '── 3/8  Criar a cobrança Pix ──',
      '── 4/8  O cliente paga ──',
      '── 5/8  Notificações ──',
      '── 6/8  Saldos ──',
      '── 7/8  Transferir ──',
      '── 8/8  E agora? ──',
    ]);
    expect(own).toContain('  Loja Exemplo Ltda (1001) — vendedor principal: o split inteiro');
    // Words a Brazilian writes: "sem conexão" as the help says it, the whole idiom.
    expect(own).toContain('  Sem conexão: taxa e split calculados antes de enviar qualquer coisa.');
    expect(own).toContain(
      '  Os comandos abaixo usam a chave do vendedor principal em PAYGATE_SECRET_KEY, salvo indicação em contrário.',
    );
    expect(own).toContainEqual(
      expect.stringMatching(
        /^Pronto em \d+,\d s: cobrou R\$ 100,00, dividiu em três partes, transferiu R\$ 40,00\.$/,
      ),
    );
    expect(own.slice(-5)).toEqual([
      'Próximos passos:',
      '  paygate sandbox start          um sandbox seu que continua rodando',
      '  paygate login --sandbox        entrar nele (em outro terminal)',
      '  paygate webhook listen         ver as notificações chegando',
      '  paygate charge create --help   todas as opções de uma cobrança',
    ]);
    expect(englishLinesIn(own.join('\n'))).toEqual([]);
  });

  it('runs its commands in Portuguese too', () => {
    expect(result.stdout).toMatch(/^\$ paygate sandbox pay (ci_\w+)\nCobrança ci_\w+ paga\.\n/m);
    expect(result.stdout).toMatch(/^Situação +pago$/m);
    // The payout's --wait: its progress line names the status in Portuguese.
    expect(result.stdout).toMatch(/^pendente · transferência co_\w+ R\$ 40,00$/m);
  });
});

describe('paygate demo at a terminal, in Portuguese', () => {
  it('asks for Enter before each step in Portuguese', async () => {
    const titles = [
      'Planejar o split',
      'Criar a cobrança Pix',
      'O cliente paga',
      'Notificações',
      'Saldos',
      'Transferir',
    ];
    const prompter = createScriptedPrompter(
      titles.map((title, index) => ({
        message: `Enter: passo ${index + 2}/8, ${title} (Ctrl-C encerra)`,
        answer: '',
      })),
    );
    const result = await run(['demo'], {
      env: { PAYGATE_LANG: 'pt-BR', NO_COLOR: '1' },
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(result.code, result.stderr).toBe(0);
  });
});

describe('paygate demo at an 80x24 terminal, in Portuguese', () => {
  it('says how to see a QR code again after the demo, whose charge ends with it', async () => {
    const result = await run(['demo', '--pace', '0s'], {
      env: { PAYGATE_LANG: 'pt-BR', NO_COLOR: '1' },
      tty: true,
      terminalSize: { rows: 24, columns: 80 },
    });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.split('\n');
    const warning = lines.findIndex((line) => line.startsWith('aviso: o QR code precisa'));
    const advice = lines.slice(warning, warning + 7);
    expect(advice).toEqual([
      'aviso: o QR code precisa de 30 linhas e o terminal tem 24: o topo fica oculto.',
      '  Esta cobrança só existe durante a demonstração. Para ver um QR code de novo,',
      '  aumente a janela ou diminua a fonte (Ctrl -) e inicie um sandbox:',
      '    `paygate sandbox start`',
      '  depois, em outro terminal:',
      '    `paygate login --sandbox`',
      '    `paygate charge create --amount 15.00`',
    ]);
    expect(englishLinesIn(advice.join('\n'))).toEqual([]);
    expect(result.stdout).not.toMatch(/charge get ci_/);
  });
});

describe('a step that fails, in Portuguese', () => {
  englishAfterEachTest();

  it('names the step and keeps the exit code of the command that failed', async () => {
    await speakPortuguese();
    const failure = stepFailure(
      4,
      'O cliente paga',
      new PaygateError('`paygate charge watch ci_1` saiu com código 7', 7),
    );
    expect(failure.message).toBe(
      'a demonstração falhou no passo 4 (O cliente paga): `paygate charge watch ci_1` saiu com código 7',
    );
    expect(failure.details.hint).toBe('isto é um bug: por favor, relate-o junto com a saída acima');
    expect(failure.exitCode).toBe(7);
  });
});
