// The webhook commands in Portuguese: tables, messages, prompts, refusals and the notifications
// `webhook listen` prints follow the language; --json, -o csv and -o plain are the same bytes in
// both languages, and so is the English `reason` of a verification in --json.
import { chmodSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookListen } from '../../../src/commands/webhook/listen.js';
import {
  webhookCreate,
  webhookDelete,
  webhookList,
  webhookTest,
  webhookUpdate,
} from '../../../src/commands/webhook/manage.js';
import { webhookReplay } from '../../../src/commands/webhook/replay.js';
import type { GlobalOptions } from '../../../src/context.js';
import { createColors } from '../../../src/output/colors.js';
import { useLanguage } from '../../../src/text/catalog.js';
import { formatNotification, summarizeNotification } from '../../../src/webhook/notification.js';
import { verifyNotification } from '../../../src/webhook/verify.js';
import { fail, json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { englishLinesIn } from '../../helpers/english.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { tempConfigDir } from '../../helpers/run-cli.js';
import { runHandler, stderrWords } from '../../helpers/run-handler.js';
import { listen, target } from '../../helpers/webhook-listen.js';

englishAfterEachTest();

const hook = {
  id: 'wh_1',
  url: 'https://shop.example/hooks',
  enabled: true,
  created_at: '2026-11-25T10:00:00Z',
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

describe('webhook management in Portuguese', () => {
  it('list: headers and the state in Portuguese; -o csv, -o plain and --json the same bytes in both languages', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok([hook, { ...hook, id: 'wh_2', enabled: false }])),
    );
    const outputs = async () =>
      Promise.all(
        ([{ output: 'csv' }, { output: 'plain' }, { json: true }] satisfies GlobalOptions[]).map(
          async (globals) =>
            (await runHandler(webhookList, ['webhook', 'list'], { baseUrl: server.url, globals })).stdout,
        ),
      );
    const english = await outputs();
    await speakPortuguese();
    const table = await runHandler(webhookList, ['webhook', 'list'], { baseUrl: server.url });
    const [header, first, second] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID +URL +ESTADO +CRIADO$/);
    expect(first).toMatch(/^wh_1 +https:\/\/shop\.example\/hooks +ativo +\S/);
    expect(second).toMatch(/^wh_2 +https:\/\/shop\.example\/hooks +desativado +\S/);
    expect(englishLinesIn(table.stdout + table.stderr)).toEqual([]);
    expect(await outputs()).toEqual(english);
    expect(english[0]!.split('\r\n')[0]).toBe('ID,URL,STATE,CREATED');
  });

  it('list --excel: a spreadsheet for people, headers in the run’s language, times local; -o csv unchanged', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok([hook, { ...hook, id: 'wh_2', enabled: false, secret_hint: 'ab…' }])),
    );
    const list = async (globals: GlobalOptions) =>
      (await runHandler(webhookList, ['webhook', 'list'], { baseUrl: server.url, globals, env: {} })).stdout;
    const csv = await list({ output: 'csv' });
    const englishSheet = await list({ excel: true });
    await speakPortuguese();
    expect(await list({ output: 'csv' })).toBe(csv);
    const sheet = await list({ excel: true });
    expect(csv.split('\r\n')[0]).toBe('ID,URL,STATE,CREATED,SECRET_HINT');
    // The sellers' time (America/Sao_Paulo when TZ is not set), as the other spreadsheets.
    const rows =
      'wh_1;https://shop.example/hooks;true;25/11/2026 07:00;\r\n' +
      'wh_2;https://shop.example/hooks;false;25/11/2026 07:00;ab…\r\n';
    expect(englishSheet).toBe(`\ufeffid;url;enabled;created_at;secret_hint\r\n${rows}`);
    expect(sheet).toBe(`\ufeffID;URL;Ativo;Criado em;secret_hint\r\n${rows}`);
  });

  it('list: a gateway without the webhook API is said in Portuguese, with the same type and code', async () => {
    server.handle((_request, response) =>
      json(response, 404, fail('not_found_error', 'route_not_found', 'Not found')),
    );
    const english = await runHandler(webhookList, ['webhook', 'list'], { baseUrl: server.url });
    await speakPortuguese();
    const result = await runHandler(webhookList, ['webhook', 'list'], { baseUrl: server.url });
    expect(result.code).toBe(3);
    expect(result.failure).toBe(
      'este gateway não tem API de webhooks: eles são gerenciados no painel dele (ou por cobrança, com --callback-url)\n' +
        'passe --callback-url ao `paygate charge create` para ser avisado de uma cobrança',
    );
    expect(result.error!.toJSON()).toMatchObject({
      type: english.error!.toJSON().type,
      code: 'webhooks_not_supported',
    });
    expect(englishLinesIn(stderrWords(result))).toEqual([]);
  });

  it('update: the detail view and the confirmation in Portuguese; --json the same bytes in both languages', async () => {
    server.handle((_request, response) => json(response, 200, ok({ ...hook, enabled: false })));
    const argv = ['webhook', 'update', 'wh_1', '--disable'];
    const englishJson = await runHandler(webhookUpdate, argv, {
      baseUrl: server.url,
      globals: { json: true },
    });
    const englishCsv = await runHandler(webhookUpdate, argv, {
      baseUrl: server.url,
      globals: { output: 'csv' },
    });
    await speakPortuguese();
    const result = await runHandler(webhookUpdate, argv, { baseUrl: server.url });
    expect(result.stdout).toMatch(/^Estado +desativado$/m);
    expect(result.stderr).toBe('Webhook wh_1 atualizado.\n');
    expect(englishLinesIn(result.stdout + result.stderr)).toEqual([]);
    expect(
      (await runHandler(webhookUpdate, argv, { baseUrl: server.url, globals: { json: true } })).stdout,
    ).toBe(englishJson.stdout);
    const csv = await runHandler(webhookUpdate, argv, { baseUrl: server.url, globals: { output: 'csv' } });
    expect(csv.stdout).toBe(englishCsv.stdout);
    expect(csv.stdout).toMatch(/^ID,URL,State,Created/);
  });

  it('a table leaves out updated_at, as the charge and payout views do; csv keeps it for scripts', async () => {
    const updated = { ...hook, updated_at: '2026-11-26T10:00:00.123Z' };
    await speakPortuguese();
    server.handle((_request, response) => json(response, 200, ok([updated])));
    const table = await runHandler(webhookList, ['webhook', 'list'], { baseUrl: server.url });
    expect(table.stdout.split('\n')[0]).toMatch(/^ID +URL +ESTADO +CRIADO$/);
    expect(table.stdout).not.toContain('2026-11-26');
    const csv = await runHandler(webhookList, ['webhook', 'list'], {
      baseUrl: server.url,
      globals: { output: 'csv' },
    });
    expect(csv.stdout.split('\r\n')[0]).toBe('ID,URL,STATE,CREATED,UPDATED_AT');
    server.handle((_request, response) => json(response, 200, ok(updated)));
    const argv = ['webhook', 'update', 'wh_1', '--enable'];
    const detail = await runHandler(webhookUpdate, argv, { baseUrl: server.url });
    expect(detail.stdout).not.toContain('updated_at');
    expect(englishLinesIn(detail.stdout)).toEqual([]);
    const detailCsv = await runHandler(webhookUpdate, argv, {
      baseUrl: server.url,
      globals: { output: 'csv' },
    });
    expect(detailCsv.stdout.split('\r\n')[0]).toBe('ID,URL,State,Created,updated_at');
  });

  it('create: a URL that is not http(s) is refused naming the argument as the help does, in Portuguese', async () => {
    await speakPortuguese();
    const result = await runHandler(webhookCreate, ['webhook', 'create', 'ftp://shop.example/hooks'], {
      baseUrl: server.url,
    });
    expect(result.code).toBe(2);
    expect(result.failure).toBe('url: deve ser uma URL absoluta http:// ou https://');
  });

  it('create and update --excel: the spreadsheet of webhook list, headers in the run’s language', async () => {
    server.handle((_request, response) => json(response, 201, ok(hook)));
    const argv = ['webhook', 'create', hook.url];
    const sheet = async () =>
      (await runHandler(webhookCreate, argv, { baseUrl: server.url, globals: { excel: true }, env: {} }))
        .stdout;
    const englishSheet = await sheet();
    await speakPortuguese();
    const row = 'wh_1;https://shop.example/hooks;true;25/11/2026 07:00\r\n';
    expect(englishSheet).toBe(`\ufeffid;url;enabled;created_at\r\n${row}`);
    expect(await sheet()).toBe(`\ufeffID;URL;Ativo;Criado em\r\n${row}`);
    server.handle((_request, response) => json(response, 200, ok(hook)));
    const updated = await runHandler(webhookUpdate, ['webhook', 'update', 'wh_1', '--enable'], {
      baseUrl: server.url,
      globals: { excel: true },
      env: {},
    });
    expect(updated.stdout).toBe(`\ufeffID;URL;Ativo;Criado em\r\n${row}`);
  });

  it('listen, replay, delete and test refuse --excel (they print no list): exit 2 naming it, nothing done', async () => {
    let requests = 0;
    server.handle((_request, response) => {
      requests++;
      json(response, 200, ok({ id: 'wh_1', deleted: true }));
    });
    const log = join(tempConfigDir(), 'log.ndjson');
    writeFileSync(log, '');
    const runs = [
      [webhookListen, ['webhook', 'listen', '--port', '0']],
      [webhookReplay, ['webhook', 'replay', log, '--to', 'http://127.0.0.1:9/hooks']],
      [webhookDelete, ['webhook', 'delete', 'wh_1', '--yes']],
      [webhookTest, ['webhook', 'test', 'wh_1']],
    ] as const;
    const refusals = async () => {
      const failures: string[] = [];
      for (const [handler, argv] of runs) {
        const result = await runHandler(handler as typeof webhookTest, [...argv], {
          baseUrl: server.url,
          globals: { excel: true },
        });
        expect(result.code, argv.join(' ')).toBe(2);
        expect(result.error?.toJSON()).toMatchObject({ field: '--excel' });
        failures.push(result.failure ?? '');
      }
      return failures;
    };
    expect(await refusals()).toEqual(
      runs.map(
        ([, argv]) =>
          `--excel: ${argv.slice(0, 2).join(' ')} prints no list or record to open in a spreadsheet (--json gives its data to a script)`,
      ),
    );
    await speakPortuguese();
    expect((await refusals())[2]).toBe(
      '--excel: webhook delete não imprime lista nem registro para abrir numa planilha (--json entrega os dados a um script)',
    );
    expect(requests).toBe(0);
  });

  it('delete: refused without a terminal, asked on one, in Portuguese; nothing sent', async () => {
    await speakPortuguese();
    const start = server.requests.length;
    const refused = await runHandler(webhookDelete, ['webhook', 'delete', 'wh_1'], { baseUrl: server.url });
    expect(refused.code).toBe(2);
    expect(refused.failure).toBe(
      '--yes é obrigatório para apagar sem terminal (sem pergunta: nada foi enviado)',
    );
    const prompter = createScriptedPrompter([
      { message: 'Apagar o webhook wh_1? Ele para de receber notificações.', answer: false },
    ]);
    const cancelled = await runHandler(webhookDelete, ['webhook', 'delete', 'wh_1'], {
      baseUrl: server.url,
      tty: true,
      prompter,
    });
    prompter.assertDone();
    expect(cancelled.failure).toBe('Cancelado: nada foi apagado nem enviado.');
    expect(server.requests.length).toBe(start);
  });

  it('test: a notification the receiver refused is said in Portuguese, exit 7', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok({ url: 'https://shop.example/hooks', delivered: false, status: 500 })),
    );
    await speakPortuguese();
    const result = await runHandler(webhookTest, ['webhook', 'test', 'wh_1'], { baseUrl: server.url });
    expect(result.code).toBe(7);
    expect(result.stdout).toBe(
      'Notificação de teste enviada para https://shop.example/hooks: falhou, ele respondeu 500. O gateway tenta de novo.\n',
    );
    expect(result.failure).toBe(
      'a notificação de teste do webhook wh_1 não foi aceita\n' +
        'o receptor está no ar? experimente `paygate webhook listen` e aponte o webhook para ele',
    );
    expect(englishLinesIn(result.stdout + stderrWords(result))).toEqual([]);
  });
});

describe('notifications in Portuguese', () => {
  it('webhook listen: what it says and prints in Portuguese, until Ctrl-C', async () => {
    await speakPortuguese();
    const listening = await listen([], { globals: {} });
    await fetch(listening.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ charge_id: 'ci_1', amount: 1000, status: 'paid', split: [] }),
    });
    await fetch(listening.url, { method: 'DELETE' });
    expect(await listening.stop()).toBe(0);
    const stdout = listening.io.stdout.text;
    const stderr = listening.io.stderr.text;
    expect(stderr).toMatch(
      /^Escutando em http:\/\/127\.0\.0\.1:\d+ — use-a como callback_url ou em `sandbox start --webhook-url`\n/,
    );
    expect(stderr).toContain('respondeu 405 a DELETE /: método DELETE não permitido');
    expect(stderr).toContain('Parado: 1 notificação recebida, 1 recusada.\n');
    expect(stdout).toMatch(/^\d\d:\d\d:\d\d {2}cobrança paga {5}ci_1 {2}pago {2}R\$ 10,00\n$/);
    // `paid`, the sender's status, as a person reads it (src/output/status-text.ts).
    expect(englishLinesIn(stdout + stderr, [/ ci_1 {2}paid /])).toEqual([]);
  });

  it('a notification the API does not confirm: the reason in Portuguese for people, in English in JSON', async () => {
    server.handle((_request, response) =>
      json(response, 404, fail('not_found_error', 'not_found', 'Not found')),
    );
    const body = { id: 'ci_forged', status: 'paid', amount: 1000 };
    const { context } = fakeContext({ baseUrl: server.url });
    const client = await context.client();
    await speakPortuguese();
    const verification = await verifyNotification(summarizeNotification(body), client);
    await context.close();
    const notification = {
      received_at: new Date(2026, 10, 22, 14, 3, 7).toISOString(),
      method: 'POST',
      path: '/',
      headers: {},
      body,
      verification,
    };
    const text = formatNotification(notification, createColors(false));
    expect(text).toBe(
      '14:03:07  cobrança paga     ci_forged  pago  R$ 10,00\n' +
        '    ✗ NÃO VERIFICADA: a API não tem a cobrança ci_forged nesta conta (forjada, ou de outro vendedor)\n',
    );
    expect(englishLinesIn(text, [/ ci_forged {2}paid /])).toEqual([]);
    expect(JSON.parse(JSON.stringify(notification)).verification).toEqual({
      verified: false,
      reason: "the API has no charge ci_forged for this account (forged, or another seller's)",
      status: null,
      amount: null,
    });
    useLanguage('en');
    expect(formatNotification(notification, createColors(false))).toContain(
      "✗ NOT VERIFIED: the API has no charge ci_forged for this account (forged, or another seller's)",
    );
  });

  it('a status that differs: the two statuses in the words of tables for people, as written in JSON', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok({ id: 'ci_1', status: 'pending', amount: 1000 })),
    );
    const body = { id: 'ci_1', status: 'paid', amount: 1000 };
    const { context } = fakeContext({ baseUrl: server.url });
    const client = await context.client();
    await speakPortuguese();
    const verification = await verifyNotification(summarizeNotification(body), client);
    await context.close();
    expect(verification.reason).toBe('mismatch: status: notified paid, the API says pending');
    const notification = {
      received_at: new Date(2026, 10, 22, 14, 3, 7).toISOString(),
      method: 'POST',
      path: '/',
      headers: {},
      body,
      verification,
    };
    expect(formatNotification(notification, createColors(false))).toContain(
      '✗ NÃO VERIFICADA: divergência: situação: pago na notificação, pendente na API\n',
    );
  });
});

describe('webhook replay in Portuguese', () => {
  it('each line, the count and the refusal in Portuguese; --json the same bytes in both languages but the time', async () => {
    const entry = (body: unknown) =>
      JSON.stringify({
        received_at: '2026-11-25T10:00:00.000Z',
        method: 'POST',
        path: '/cb',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        verification: null,
      });
    const file = join(tempConfigDir(), 'hooks.ndjson');
    writeFileSync(file, `${entry({ id: 'ci_1', status: 'paid', amount: 2500 })}\n{"broken\n`);
    const app = await target(500);
    try {
      const argv = ['webhook', 'replay', file, '--to', app.url];
      const withoutTime = (text: string) => text.replace(/"ms":\d+/g, '"ms":0');
      const english = await runHandler(webhookReplay, argv, { globals: { json: true } });
      await speakPortuguese();
      const result = await runHandler(webhookReplay, argv);
      expect(result.code).toBe(3);
      expect(result.stdout).toMatch(/^linha 1 {2}cobrança paga {2}ci_1 {2}→ 500 {2}\d+ ms\n$/);
      // The `warning: ` prefix is the logger's.
      expect(result.stderr).toContain(`${file}: linha 2 ignorada (não é uma entrada inteira)\n`);
      expect(result.stderr).toContain(
        `Reenvio de 1 para ${app.url}: aceitas 0, recusadas 1, sem resposta 0.\n`,
      );
      expect(result.failure).toBe('o handler recusou 1 notificação');
      expect(englishLinesIn(result.stdout + stderrWords(result))).toEqual([]);
      const json = await runHandler(webhookReplay, argv, { globals: { json: true } });
      expect(withoutTime(json.stdout)).toBe(withoutTime(english.stdout));
      expect(json.stdout).toContain('"kind":"charge paid"');
    } finally {
      await new Promise<void>((resolve) => app.server.close(() => resolve()));
    }
  });
});

describe('webhook listen --log refused in Portuguese', () => {
  /** A log file that every user can write (0666): another user could read or forge the notifications. */
  function openToAll(): string {
    const file = join(tempConfigDir(), 'hooks.ndjson');
    writeFileSync(file, '');
    chmodSync(file, 0o666);
    return file;
  }

  it('a file others can write: the reason and the fix in Portuguese, exit 2, nothing written', async () => {
    const file = openToAll();
    const argv = ['webhook', 'listen', '--port', '0', '--log', file];
    const english = await runHandler(webhookListen, argv);
    expect(english.failure).toBe(
      `refusing --log ${file}: it can be written by others: its group and every user (mode 666); run \`chmod go-w ${file}\``,
    );
    await speakPortuguese();
    const result = await runHandler(webhookListen, argv);
    expect(result.code).toBe(2);
    expect(result.failure).toBe(
      `recusado: --log ${file} pode ser alterado por outros: pelo grupo e por qualquer usuário (modo 666); rode \`chmod go-w ${file}\``,
    );
    expect(englishLinesIn(stderrWords(result))).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('');
  });

  it('a symlink to such a file: refused in Portuguese with the fix for a path that is not yours', async () => {
    const file = openToAll();
    const link = join(tempConfigDir(), 'link.ndjson');
    symlinkSync(file, link);
    await speakPortuguese();
    const result = await runHandler(webhookListen, ['webhook', 'listen', '--port', '0', '--log', link]);
    expect(result.code).toBe(2);
    expect(result.failure).toBe(
      `recusado: --log ${link} é um link simbólico para ${file}, que pode ser alterado por outros: pelo grupo e por qualquer usuário (modo 666); dê ao --log um caminho num diretório seu`,
    );
    expect(englishLinesIn(stderrWords(result))).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});

describe('webhook listen refusing a flag in Portuguese', () => {
  it('a --port out of range: exit 2, naming the flag, in Portuguese', async () => {
    await speakPortuguese();
    const result = await runHandler(webhookListen, ['webhook', 'listen', '--port', '70000']);
    expect(result.code).toBe(2);
    expect(result.failure).toBe('--port: deve ser um número de porta de 0 a 65535 (0: qualquer porta livre)');
    expect(englishLinesIn(stderrWords(result))).toEqual([]);
  });
});
