// `webhook list/create/update/delete/test` in their two layers: parse (argv → options, no server)
// and run (options → what a user sees, against a scripted gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  webhookCreate,
  webhookDelete,
  webhookList,
  webhookTest,
  webhookUpdate,
} from '../../../src/commands/webhook/manage.js';
import { fail, json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { fakeContext } from '../../helpers/fake-context.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { inputFor } from '../../helpers/run-cli.js';

const noSettings = { setting: () => undefined };
const hook = {
  id: 'wh_1',
  url: 'https://shop.example/hooks',
  enabled: true,
  created_at: '2026-11-25T10:00:00Z',
};
const DASHBOARD =
  'this gateway has no webhook API: webhooks are managed in its dashboard (or per charge with --callback-url)';

describe('webhook management: parse', () => {
  it('list: no options; an input made by hand with an argument is refused', async () => {
    expect(webhookList.parse(await inputFor(['webhook', 'list']), noSettings)).toBeUndefined();
    expect(() => webhookList.parse({ args: ['wh_1'], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: 'too many arguments: this command takes none' }),
    );
  });

  it('create: the URL, enabled unless --disabled', async () => {
    expect(webhookCreate.parse(await inputFor(['webhook', 'create', hook.url]), noSettings)).toEqual({
      url: hook.url,
      enabled: true,
    });
    expect(
      webhookCreate.parse(await inputFor(['webhook', 'create', hook.url, '--disabled']), noSettings),
    ).toEqual({ url: hook.url, enabled: false });
  });

  it('create: a URL that is not http(s) is refused, naming the argument', async () => {
    const input = await inputFor(['webhook', 'create', 'ftp://shop.example/hooks']);
    expect(() => webhookCreate.parse(input, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: 'url: must be an absolute http:// or https:// URL',
      }),
    );
  });

  it('update: the id and what changes', async () => {
    expect(
      webhookUpdate.parse(await inputFor(['webhook', 'update', 'wh_1', '--disable']), noSettings),
    ).toEqual({ id: 'wh_1', changes: { enabled: false } });
    expect(
      webhookUpdate.parse(
        await inputFor(['webhook', 'update', 'wh_1', '--url', 'https://other.example/h', '--enable']),
        noSettings,
      ),
    ).toEqual({ id: 'wh_1', changes: { url: 'https://other.example/h', enabled: true } });
  });

  it('update: nothing to change is refused before anything is sent', async () => {
    const input = await inputFor(['webhook', 'update', 'wh_1']);
    expect(() => webhookUpdate.parse(input, noSettings)).toThrow(
      expect.objectContaining({
        exitCode: 2,
        message: 'nothing to change: pass --url, --enable or --disable',
      }),
    );
  });

  it('update: a --url that is not http(s) is refused, naming the flag', async () => {
    const input = await inputFor(['webhook', 'update', 'wh_1', '--url', 'shop.example']);
    expect(() => webhookUpdate.parse(input, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: '--url: must be an absolute http:// or https:// URL' }),
    );
  });

  it('delete: the id, and whether --yes was given', async () => {
    expect(webhookDelete.parse(await inputFor(['webhook', 'delete', 'wh_1']), noSettings)).toEqual({
      id: 'wh_1',
      yes: false,
    });
    expect(webhookDelete.parse(await inputFor(['webhook', 'delete', 'wh_1', '-y']), noSettings)).toEqual({
      id: 'wh_1',
      yes: true,
    });
  });

  it('test: the id; an input made by hand without it is refused', async () => {
    expect(webhookTest.parse(await inputFor(['webhook', 'test', 'wh_1']), noSettings)).toEqual({
      id: 'wh_1',
    });
    expect(() => webhookTest.parse({ args: [], flags: {} }, noSettings)).toThrow(
      expect.objectContaining({ exitCode: 2, message: "missing required argument 'id'" }),
    );
  });
});

describe('webhook management: run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  const requestsFrom = (start: number) =>
    server.requests.slice(start).map((request) => `${request.method} ${request.url.split('?')[0]}`);

  it('list: GET /v1/webhooks, a table of them', async () => {
    server.handle((_request, response) => json(response, 200, ok([hook])));
    const start = server.requests.length;
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await webhookList.run(undefined, context)).toBe(0);
    await context.close();
    expect(requestsFrom(start)).toEqual(['GET /v1/webhooks']);
    const [header, row] = io.stdout.text.trimEnd().split('\n');
    expect(header).toMatch(/^ID +URL +STATE +CREATED$/);
    expect(row).toMatch(/^wh_1 +https:\/\/shop\.example\/hooks +enabled +\S/);
  });

  it('list: a 404 on the collection is the dashboard message, exit 3', async () => {
    server.handle((_request, response) =>
      json(response, 404, fail('not_found_error', 'route_not_found', 'Not found')),
    );
    const { context, io } = fakeContext({ baseUrl: server.url });
    await expect(webhookList.run(undefined, context)).rejects.toMatchObject({
      exitCode: 3,
      message: DASHBOARD,
    });
    await context.close();
    expect(io.stdout.text).toBe('');
  });

  it('create: POST /v1/webhooks with the URL and the state, then says what it did', async () => {
    server.handle((_request, response) => json(response, 201, ok({ ...hook, enabled: false })));
    const start = server.requests.length;
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await webhookCreate.run({ url: hook.url, enabled: false }, context)).toBe(0);
    await context.close();
    expect(requestsFrom(start)).toEqual(['POST /v1/webhooks']);
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ url: hook.url, enabled: false });
    expect(io.stdout.text).toMatch(/^ID +wh_1$/m);
    expect(io.stderr.text).toBe(
      `Webhook wh_1 created, disabled: notifications of every charge go to ${hook.url}.\n`,
    );
  });

  it('update: PUT /v1/webhooks/ID with the changes only', async () => {
    server.handle((_request, response) => json(response, 200, ok({ ...hook, enabled: false })));
    const start = server.requests.length;
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await webhookUpdate.run({ id: 'wh_1', changes: { enabled: false } }, context)).toBe(0);
    await context.close();
    expect(requestsFrom(start)).toEqual(['PUT /v1/webhooks/wh_1']);
    expect(JSON.parse(server.requests.at(-1)!.body)).toEqual({ enabled: false });
    expect(io.stdout.text).toMatch(/^State +disabled$/m);
    expect(io.stderr.text).toBe('Webhook wh_1 updated.\n');
  });

  it('update: a 404 on the id while the collection answers is "no webhook ID", exit 3', async () => {
    server.handle((request, response) =>
      request.method === 'GET'
        ? json(response, 200, ok([hook]))
        : json(response, 404, fail('not_found_error', 'not_found', 'Not found')),
    );
    const start = server.requests.length;
    const { context } = fakeContext({ baseUrl: server.url });
    await expect(
      webhookUpdate.run({ id: 'wh_9', changes: { enabled: true } }, context),
    ).rejects.toMatchObject({ exitCode: 3, message: 'no webhook wh_9' });
    await context.close();
    expect(requestsFrom(start)).toEqual(['PUT /v1/webhooks/wh_9', 'GET /v1/webhooks']);
  });

  it('delete without --yes and without a terminal: refused, nothing sent', async () => {
    const start = server.requests.length;
    const { context } = fakeContext({ baseUrl: server.url });
    await expect(webhookDelete.run({ id: 'wh_1', yes: false }, context)).rejects.toMatchObject({
      exitCode: 2,
      message: '--yes is required to delete without a terminal (no prompt: nothing was sent)',
    });
    await context.close();
    expect(server.requests.length).toBe(start);
  });

  it('delete on a terminal asks first; no is a cancel, nothing sent', async () => {
    const start = server.requests.length;
    const prompter = createScriptedPrompter([{ message: 'Delete webhook wh_1?', answer: false }]);
    const { context } = fakeContext({ baseUrl: server.url, tty: true, prompter });
    await expect(webhookDelete.run({ id: 'wh_1', yes: false }, context)).rejects.toMatchObject({
      message: 'Cancelled: not deleted, nothing was sent.',
    });
    await context.close();
    prompter.assertDone();
    expect(server.requests.length).toBe(start);
  });

  it('delete with --yes: DELETE /v1/webhooks/ID, then says so', async () => {
    server.handle((_request, response) => json(response, 200, ok(null)));
    const start = server.requests.length;
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await webhookDelete.run({ id: 'wh_1', yes: true }, context)).toBe(0);
    await context.close();
    expect(requestsFrom(start)).toEqual(['DELETE /v1/webhooks/wh_1']);
    expect(io.stdout.text).toBe('');
    expect(io.stderr.text).toBe('Webhook wh_1 deleted.\n');
  });

  it('test: POST /v1/webhooks/ID/test; what the receiver answered', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok({ url: hook.url, status: 204, delivered: true })),
    );
    const start = server.requests.length;
    const { context, io } = fakeContext({ baseUrl: server.url });
    expect(await webhookTest.run({ id: 'wh_1' }, context)).toBe(0);
    await context.close();
    expect(requestsFrom(start)).toEqual(['POST /v1/webhooks/wh_1/test']);
    expect(io.stdout.text).toBe(`Test notification sent to ${hook.url}: receiver answered 204.\n`);
  });

  it('test: a refused test notification is exit 7, after saying what the receiver answered', async () => {
    server.handle((_request, response) =>
      json(response, 200, ok({ url: hook.url, status: 500, delivered: false })),
    );
    const { context, io } = fakeContext({ baseUrl: server.url });
    await expect(webhookTest.run({ id: 'wh_1' }, context)).rejects.toMatchObject({
      exitCode: 7,
      message: 'the test notification of webhook wh_1 was not accepted',
    });
    await context.close();
    expect(io.stdout.text).toBe(
      `Test notification sent to ${hook.url}: failed, it answered 500. The gateway retries it.\n`,
    );
  });
});
