// The sandbox commands in Portuguese: the start banner and the sellers' keys, the request log as
// people read it, what a driving command says, a sandbox that does not answer; what scripts read
// (--json, -o plain) stays the same bytes.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type SandboxStartOptions, sandboxStart } from '../../../src/commands/sandbox/start.js';
import { lineForPeople } from '../../../src/sandbox/activity-log.js';
import { englishLinesIn } from '../../helpers/english.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { run, tempConfigDir } from '../../helpers/run-cli.js';
import { useTestSandbox } from '../../helpers/sandbox.js';
import { useTimeZone } from '../../helpers/time-zone.js';
import { untilValue } from '../../helpers/until-value.js';

englishAfterEachTest();
// No daylight saving time there since 2019: GMT-3 all year.
useTimeZone('America/Sao_Paulo');

const options: SandboxStartOptions = {
  port: 0,
  stateFile: undefined,
  feeRate: 3.99,
  rateLimit: 5000,
  autoPayAfterMs: undefined,
  webhookUrl: undefined,
  webhooksApi: true,
  reserveRate: 0,
  seed: 1,
};

describe('sandbox start in Portuguese', () => {
  it('prints its banner, the sellers and each request in Portuguese', async () => {
    await speakPortuguese();
    const stop = new AbortController();
    const { context, io } = fakeContext({ signal: stop.signal });
    const running = sandboxStart.run(options, context);
    const url = await untilValue(() => /ouvindo em (http:\/\/\S+)/.exec(io.stderr.text)?.[1]);
    await untilValue(() => (io.stderr.text.includes('sandbox log') ? true : undefined));
    const stderr = io.stderr.text;
    expect(stderr).toContain(`Gateway sandbox ouvindo em ${url} (API em /v1 e /api/v1)\n`);
    expect(stderr).toMatch(
      new RegExp(
        `\\nUse: {5}paygate login --sandbox ${url.replace(/\./g, '\\.')}\\n {4}ou: {2}export PAYGATE_BASE_URL=`,
      ),
    );
    expect(stderr).toContain('As chaves mudam a cada início (guarde-as com --seed N ou --state ARQUIVO).\n');
    const stdout = io.stdout.text;
    expect(stdout).toMatch(/^1001 {2}Loja Exemplo Ltda \(\w+\) · vendedor principal\n/);
    expect(stdout).toMatch(/^ {2}\S+@\S+ · ativo, aprovado, Pix$/m);
    // "Pix" as the Central Bank writes it, and a seller without it.
    expect(stdout).toMatch(/^ {2}\S+@\S+ · ativo, aprovado, sem Pix$/m);
    expect(stdout).toMatch(/^ {2}\S+@\S+ · ativo, pendente, Pix$/m);
    expect(stdout).toMatch(/^ {2}chave secreta {2}sk_test_\w+$/m);
    expect(stdout).toMatch(/^ {2}chave pública {2}pk_test_\w+$/m);
    expect(englishLinesIn(stderr + stdout)).toEqual([]);

    const key = /chave secreta {2}(sk_test_\w+)/.exec(stdout)![1]!;
    const answer = await fetch(`${url}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(answer.status).toBe(200);
    await untilValue(() => (io.stderr.text.includes('GET /v1/account') ? true : undefined));
    expect(io.stderr.text).toMatch(/^\d{2}:\d{2}:\d{2} GMT-3 {2}GET \/v1\/account → 200 {2}vendedor 1001$/m);
    stop.abort();
    expect(await running).toBe(0);
    await context.close();
    expect(io.stderr.text.endsWith('Sandbox encerrado.\n')).toBe(true);
  });
});

describe('the sandbox clock as people read it', () => {
  // 16:41:11 UTC, 13:41:11 in São Paulo.
  const t = useTestSandbox({ clock: { now: () => Date.parse('2026-11-27T16:41:11.404Z') } });

  it('clock advance says the new time as tables show it, local and with its zone, in each language', async () => {
    const advance = ['sandbox', 'clock', 'advance', '1h'];
    const portuguese = await run(advance, { env: { ...t.env, PAYGATE_LANG: 'pt-BR' } });
    expect(portuguese).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Relógio do sandbox adiantado em 1h: agora 27/11/2026 14:41 (GMT-3).\n',
    });
    const english = await run(advance, { env: { ...t.env, PAYGATE_LANG: 'en' } });
    expect(english.stderr).toBe('Sandbox clock advanced by 1h: now 2026-11-27 15:41 (GMT-3).\n');
    // Scripts read the sandbox's instant, UTC, in every language.
    const json = await run([...advance, '--json'], { env: { ...t.env, PAYGATE_LANG: 'pt-BR' } });
    expect(JSON.parse(json.stdout).now).toBe('2026-11-27T19:41:11.404Z');
  });

  it('sandbox log gives people the local time with its zone, scripts (-o plain) the UTC time', async () => {
    await fetch(`${t.url}/v1/account`, { headers: { authorization: `Bearer ${t.main.secret_key}` } });
    const table = await run(['sandbox', 'log'], { env: { ...t.env, PAYGATE_LANG: 'pt-BR' } });
    expect(table.stdout).toBe('13:41:11 GMT-3  GET /v1/account → 200  vendedor 1001\n');
    const plain = await run(['sandbox', 'log', '-o', 'plain'], { env: { ...t.env, PAYGATE_LANG: 'pt-BR' } });
    expect(plain.stdout).toBe('16:41:11  GET /v1/account → 200  seller 1001\n');
  });
});

describe('what the sandbox reports while it runs, in Portuguese', () => {
  const configDir = tempConfigDir();
  afterAll(() => rmSync(configDir, { recursive: true, force: true }));

  it('says it cannot write its state file (the system’s reason as it came)', async () => {
    const stopped = new AbortController();
    stopped.abort(); // stops as soon as it has started: close() writes the state file
    const stateFile = join(configDir, 'missing-folder', 'state.json');
    const result = await run(['sandbox', 'start', '--port', '0', '--state', stateFile, '--json'], {
      env: { PAYGATE_LANG: 'pt-BR' },
      signal: stopped.signal,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^paygate sandbox: não foi possível gravar o arquivo de estado: ENOENT/m);
    expect(result.stderr).toMatch(/^Sandbox encerrado\.$/m);
  });
});

describe('the log lines for people', () => {
  const lines = [
    { kind: 'request', line: 'POST /v1/payouts → no answer  seller 1002  fault drop' },
    {
      kind: 'notification',
      line: 'notify charge.paid (global seller 1001) → http://127.0.0.1:8787/hook → no answer  try 2',
    },
    { kind: 'notification', line: 'notify payout.completed (webhook) → http://x.test/h → 500  try 1' },
  ] as const;

  it('are said in Portuguese from the line the sandbox keeps', async () => {
    await speakPortuguese();
    expect(lines.map(lineForPeople)).toEqual([
      'POST /v1/payouts → sem resposta  vendedor 1002  falha drop',
      'notificação charge.paid (global vendedor 1001) → http://127.0.0.1:8787/hook → sem resposta  tentativa 2',
      'notificação payout.completed (webhook) → http://x.test/h → 500  tentativa 1',
    ]);
  });

  it('are the sandbox’s own lines in English', () => {
    expect(lines.map(lineForPeople)).toEqual(lines.map((event) => event.line));
  });
});

describe('the sandbox driving commands in Portuguese', () => {
  const t = useTestSandbox();

  it('say what they did in Portuguese; --json and -o plain are the same bytes as in English', async () => {
    const portuguese = { ...t.env, PAYGATE_LANG: 'pt-BR' };
    const created = await run(['charge', 'create', '--amount', '10.00', '--json'], { env: t.env });
    const id = JSON.parse(created.stdout).id as string;
    const paid = await run(['sandbox', 'pay', id], { env: portuguese });
    expect({ code: paid.code, stderr: paid.stderr }).toEqual({ code: 0, stderr: `Cobrança ${id} paga.\n` });

    const table = await run(['sandbox', 'log'], { env: portuguese });
    expect(table.stdout).toMatch(/^\d{2}:\d{2}:\d{2} GMT-3 {2}POST \/v1\/charges → 201 {2}vendedor 1001$/m);
    expect(englishLinesIn(table.stdout + table.stderr)).toEqual([]);
    for (const args of [
      ['sandbox', 'log', '-o', 'plain'],
      ['sandbox', 'log', '--json'],
    ]) {
      const english = await run(args, { env: { ...t.env, PAYGATE_LANG: 'en' } });
      const inPortuguese = await run(args, { env: portuguese });
      expect(inPortuguese.stdout).toBe(english.stdout);
    }

    const advanced = await run(['sandbox', 'clock', 'advance', '1m'], { env: portuguese });
    expect(advanced.stderr).toMatch(
      /^Relógio do sandbox adiantado em 1m: agora \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(GMT-3\)\.\n$/,
    );
    const reset = await run(['sandbox', 'reset'], { env: portuguese });
    expect(reset.stderr).toBe(
      'Sandbox reiniciado: vendedores como no início, sem cobranças, transferências nem notificações.\n',
    );
  });

  it('a sandbox that does not answer: the error in Portuguese, its type and code as in English', async () => {
    const args = ['sandbox', 'pay', 'ci_1', '--sandbox-url', 'http://127.0.0.1:9'];
    const result = await run(args, { env: { PAYGATE_LANG: 'pt-BR' } });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      'erro: nenhum sandbox responde em http://127.0.0.1:9/_sandbox/charges/ci_1/pay\n' +
        'dica: inicie um com `paygate sandbox start --port 9`\n',
    );
    const english = JSON.parse(
      (await run([...args, '--json'], { env: { PAYGATE_LANG: 'en' } })).stderr,
    ).error;
    const inPortuguese = JSON.parse(
      (await run([...args, '--json'], { env: { PAYGATE_LANG: 'pt-BR' } })).stderr,
    ).error;
    expect({ type: inPortuguese.type, code: inPortuguese.code }).toEqual({
      type: english.type,
      code: english.code,
    });
  });
});
