// login, logout and profile in Portuguese (PAYGATE_LANG=pt-BR): the prompts, the warnings of a
// refused key, the logged-in line, the profiles' table and the confirmations follow the language;
// --json and -o csv are the same bytes in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishLinesIn } from '../../helpers/english.js';
import { englishAfterEachTest } from '../../helpers/language.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

// In-process runs in Portuguese leave the language chosen: each test starts in English.
englishAfterEachTest();

const PORTUGUESE = { PAYGATE_LANG: 'pt-BR' };

let gateway: TestSandbox;
beforeAll(async () => {
  gateway = await startTestSandbox();
});
afterAll(() => gateway.close());

/** A config dir where the main seller is logged in (profile default) and a second profile exists. */
async function loggedIn(): Promise<string> {
  const dir = tempConfigDir();
  for (const profile of ['default', 'staging']) {
    const result = await run(
      ['login', '--base-url', gateway.url, '--secret-key-stdin', '--profile', profile],
      {
        env: { PAYGATE_CONFIG_DIR: dir },
        stdin: `${gateway.main.secret_key}\n`,
      },
    );
    expect(result.code).toBe(0);
  }
  await run(['config', 'set', 'gateway.money_unit', 'reais', '--profile', 'staging'], {
    env: { PAYGATE_CONFIG_DIR: dir },
  });
  return dir;
}

describe('login in Portuguese', () => {
  it('asks for the URL and the key in Portuguese, says a refused key in Portuguese, and who it logged in as', async () => {
    const dir = tempConfigDir();
    const prompter = createScriptedPrompter([
      { message: 'URL do gateway', answer: gateway.url },
      { message: 'Chave secreta', answer: 'sk_test_wrongwrongwrong' },
      { message: 'Chave secreta', answer: gateway.main.secret_key },
    ]);
    const result = await run(['login'], {
      env: { PAYGATE_CONFIG_DIR: dir, ...PORTUGUESE },
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(result.code).toBe(0);
    expect(prompter.asked).toEqual(['URL do gateway', 'Chave secreta', 'Chave secreta']);
    // Broken between words at the terminal, its command kept whole (src/output/wrap.ts).
    expect(result.stderr.replace(/\n {2}/g, ' ')).toContain(
      ': o gateway recusou esta chave; digite de novo (Ctrl-C para parar)\n',
    );
    expect(result.stderr.replace(/\n {2}/g, ' ')).toMatch(
      new RegExp(
        `Conectado a ${gateway.url} como .+ \\(vendedor 1001\\): perfil "default", chave sk_test_…${gateway.main.secret_key.slice(-4)}, API em /v1\\.\\n$`,
      ),
    );
    // The gateway's own words for the refused key stay as it wrote them (on lines wrapped at 80).
    expect(englishLinesIn(result.stderr.replace(/\n {2}/g, ' '), [/aviso:.* Invalid API key: /])).toEqual([]);
    expect(result.stderr).not.toContain(gateway.main.secret_key);
  });

  it('without a terminal, the value a prompt would ask for is required in Portuguese (exit 2)', async () => {
    const env = { ...PORTUGUESE, PAYGATE_CONFIG_DIR: tempConfigDir() };
    const noUrl = await run(['login'], { env });
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toBe(
      'erro: --base-url é obrigatório (sem terminal não há pergunta: passe-o como flag)\n',
    );
    const noKey = await run(['login', '--base-url', gateway.url], { env });
    expect(noKey.code).toBe(2);
    expect(englishLinesIn(noKey.stderr)).toEqual([]);
    expect(noKey.stderr).toContain('erro: --secret-key-stdin é obrigatório');
  });

  it('a URL that is not one is refused at the prompt in Portuguese', async () => {
    const prompter = createScriptedPrompter([
      {
        message: 'URL do gateway',
        answer: 'not a url',
        rejectedWith: 'digite uma URL como https://gateway.example',
      },
      { message: 'URL do gateway', answer: gateway.url },
      { message: 'Chave secreta', answer: gateway.main.secret_key },
    ]);
    const result = await run(['login'], {
      env: { PAYGATE_CONFIG_DIR: tempConfigDir(), ...PORTUGUESE },
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(result.code).toBe(0);
  });
});

describe('profile and logout in Portuguese', () => {
  it('profile list: the table in Portuguese; --json, -o csv and -o plain the same bytes in both languages', async () => {
    const dir = await loggedIn();
    const table = await run(['profile', 'list'], {
      env: { PAYGATE_CONFIG_DIR: dir, ...PORTUGUESE },
      terminalSize: { rows: 40, columns: 200 },
    });
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^\s+PERFIL\s+URL BASE\s+CHAVE SECRETA\s+CHAVE PÚBLICA\s+DIALETO$/);
    expect(lines.find((line) => line.includes('staging'))).toMatch(/dinheiro em reais$/);
    // `default` is a profile's name, as typed.
    expect(englishLinesIn(table.stdout + table.stderr, [/^\*\s+default\s/])).toEqual([]);
    for (const format of [['--json'], ['-o', 'csv'], ['-o', 'plain']]) {
      const english = await run(['profile', 'list', ...format], { env: { PAYGATE_CONFIG_DIR: dir } });
      const portuguese = await run(['profile', 'list', ...format], {
        env: { PAYGATE_CONFIG_DIR: dir, ...PORTUGUESE },
      });
      expect(portuguese.stdout).toBe(english.stdout);
    }
    const csv = await run(['profile', 'list', '-o', 'csv'], {
      env: { PAYGATE_CONFIG_DIR: dir, ...PORTUGUESE },
    });
    expect(csv.stdout).toContain('money in reais');
  });

  it('profile remove asks in Portuguese, and a no keeps the profile', async () => {
    const dir = await loggedIn();
    const prompter = createScriptedPrompter([
      { message: `Remover o perfil "staging" (${gateway.url}) e suas chaves?`, answer: false },
    ]);
    const result = await run(['profile', 'remove', 'staging'], {
      env: { PAYGATE_CONFIG_DIR: dir, ...PORTUGUESE },
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cancelado: o perfil foi mantido.');
    const unknown = await run(['profile', 'use', 'prod'], {
      env: { PAYGATE_CONFIG_DIR: dir, ...PORTUGUESE },
    });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('erro: não há perfil "prod" (perfis: default, staging)');
  });

  it('profile use and logout confirm in Portuguese', async () => {
    const dir = await loggedIn();
    const env = { PAYGATE_CONFIG_DIR: dir, ...PORTUGUESE };
    expect((await run(['profile', 'use', 'staging'], { env })).stderr).toBe(
      'Agora usando o perfil "staging".\n',
    );
    expect((await run(['logout'], { env })).stderr).toBe('Chaves do perfil "staging" removidas.\n');
    expect((await run(['logout'], { env })).stderr).toBe('O perfil "staging" não tem chaves guardadas.\n');
  });
});
