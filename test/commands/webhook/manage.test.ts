import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CommandHandler } from '../../../src/commands/types.js';
import {
  webhookCreate,
  webhookDelete,
  webhookList,
  webhookTest,
  webhookUpdate,
} from '../../../src/commands/webhook/manage.js';
import { type Receiver, startReceiver } from '../../../src/webhook/receiver.js';
import type { FakeContextOptions } from '../../helpers/fake-context.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { run } from '../../helpers/run-cli.js';
import { runHandler } from '../../helpers/run-handler.js';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox.js';

const DASHBOARD =
  'this gateway has no webhook API: webhooks are managed in its dashboard (or per charge with --callback-url)';

/** The handler of each `webhook` subcommand. */
const HANDLERS: Record<string, CommandHandler<unknown>> = {
  list: webhookList,
  create: webhookCreate,
  update: webhookUpdate,
  delete: webhookDelete,
  test: webhookTest,
};

describe('webhook list/create/update/delete/test', () => {
  let gateway: TestSandbox;
  let receiver: Receiver;
  const received: unknown[] = [];

  beforeAll(async () => {
    gateway = await startTestSandbox();
    receiver = await startReceiver({
      port: 0,
      onNotification: (notification) => received.push(notification.body),
    });
  });
  afterAll(async () => {
    await gateway.close();
    await receiver.close();
  });
  // Each test starts from the seeded sandbox (no webhooks another test created, no requests
  // recorded) and no notifications received.
  beforeEach(() => {
    gateway.sandbox.reset();
    received.length = 0;
  });

  const paygate = (argv: string[], options: Parameters<typeof run>[1] = {}) =>
    run(argv, { ...options, env: { ...gateway.env, ...options.env } });
  /** `paygate webhook SUBCOMMAND …` (argv) through the subcommand's handler, against the sandbox. */
  const webhook = (argv: string[], options: FakeContextOptions = {}) =>
    runHandler(HANDLERS[argv[1]!]!, argv, {
      ...options,
      env: { ...gateway.env, ...options.env },
    });

  it('creates, lists, updates, tests and deletes a webhook', async () => {
    const created = await webhook(['webhook', 'create', `${receiver.url}/hooks`], {
      globals: { json: true },
    });
    expect(created.code, created.stderr).toBe(0);
    const made = JSON.parse(created.stdout) as { id: string; url: string; enabled: boolean };
    expect(made).toMatchObject({ url: `${receiver.url}/hooks`, enabled: true });
    expect(made.id).toMatch(/^wh_/);

    const table = await webhook(['webhook', 'list']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^ID +URL +STATE +CREATED/);
    expect(table.stdout).toContain(`${made.id}  ${receiver.url}/hooks  enabled`);

    const json = await webhook(['webhook', 'list'], { globals: { json: true } });
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ id: made.id, url: `${receiver.url}/hooks` }),
    ]);

    const tested = await webhook(['webhook', 'test', made.id]);
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toContain(
      `Test notification sent to ${receiver.url}/hooks: receiver answered 200.`,
    );
    expect(received).toContainEqual(expect.objectContaining({ event: 'webhook.test', webhook_id: made.id }));

    const disabled = await webhook(['webhook', 'update', made.id, '--disable']);
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toMatch(/State +disabled/);
    expect(disabled.stderr).toContain(`Webhook ${made.id} updated.`);

    const moved = await webhook(
      ['webhook', 'update', made.id, '--url', 'http://127.0.0.1:1/nobody', '--enable'],
      {
        globals: { json: true },
      },
    );
    expect(JSON.parse(moved.stdout)).toMatchObject({
      id: made.id,
      url: 'http://127.0.0.1:1/nobody',
      enabled: true,
    });

    // Nobody listens there: the test is sent but not accepted (exit 7).
    const failing = await webhook(['webhook', 'test', made.id]);
    expect(failing.code).toBe(7);
    expect(failing.stdout).toContain('failed, no answer');
    expect(failing.error?.message).toContain('was not accepted');

    const deleted = await webhook(['webhook', 'delete', made.id, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stderr).toContain(`Webhook ${made.id} deleted.`);
    const empty = await webhook(['webhook', 'list']);
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain('No webhooks.');
  });

  it('creates a webhook disabled and says so', async () => {
    const created = await webhook(['webhook', 'create', 'https://shop.example/hooks', '--disabled']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/State +disabled/);
    expect(created.stderr).toMatch(/Webhook wh_\w+ created, disabled/);
  });

  it('asks before deleting on a terminal, and needs --yes without one', async () => {
    const created = await webhook(['webhook', 'create', 'https://shop.example/delete-me'], {
      globals: { json: true },
    });
    const { id } = JSON.parse(created.stdout) as { id: string };

    const before = gateway.sandbox.requests.length;
    const noTty = await webhook(['webhook', 'delete', id]);
    expect(noTty.code).toBe(2);
    expect(noTty.error?.message).toContain('--yes');
    expect(gateway.sandbox.requests.length).toBe(before);

    const declined = createScriptedPrompter([{ message: `Delete webhook ${id}?`, answer: false }]);
    const kept = await webhook(['webhook', 'delete', id], { tty: true, prompter: declined });
    expect(kept.code).toBe(2);
    expect(kept.error?.message).toContain('not deleted');
    declined.assertDone();
    expect(gateway.sandbox.requests.length).toBe(before);

    const accepted = createScriptedPrompter([{ message: `Delete webhook ${id}?`, answer: true }]);
    const gone = await webhook(['webhook', 'delete', id], { tty: true, prompter: accepted });
    expect(gone.code, gone.stderr).toBe(0);
    accepted.assertDone();
  });

  it('says "no webhook ID" for an unknown id (exit 3) when the API exists', async () => {
    for (const argv of [
      ['webhook', 'update', 'wh_nope', '--disable'],
      ['webhook', 'delete', 'wh_nope', '--yes'],
      ['webhook', 'test', 'wh_nope'],
    ]) {
      const result = await webhook(argv);
      expect(result.code, argv.join(' ')).toBe(3);
      expect(result.error?.message).toContain('no webhook wh_nope');
      expect(result.error?.message).not.toContain('dashboard');
    }
  });

  it('rejects bad input before sending anything (exit 2 naming the flag)', async () => {
    const before = gateway.sandbox.requests.length;
    // The handlers' own refusals (the error's message), then commander's (the whole CLI).
    const cases: Array<[string[], string]> = [
      [['webhook', 'create', 'not-a-url'], 'url: must be an absolute http:// or https:// URL'],
      [['webhook', 'update', 'wh_1'], 'nothing to change'],
      [['webhook', 'update', 'wh_1', '--url', 'ftp://x'], '--url'],
    ];
    for (const [argv, message] of cases) {
      const result = await webhook(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.error?.message).toContain(message);
    }
    const commanderCases: Array<[string[], string]> = [
      [
        ['webhook', 'update', 'wh_1', '--enable', '--disable'],
        "option '--enable' cannot be used with option '--disable'",
      ],
      [['webhook', 'list', 'extra'], 'argument'],
    ];
    for (const [argv, message] of commanderCases) {
      const result = await paygate(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.stderr).toContain(message);
    }
    expect(gateway.sandbox.requests.length).toBe(before);
  });
});

describe('webhook commands on a gateway without a webhook API', () => {
  let gateway: TestSandbox;
  beforeAll(async () => {
    gateway = await startTestSandbox({ webhooksApi: false });
  });
  afterAll(() => gateway.close());

  it('explains that webhooks live in the dashboard (exit 3), for every subcommand', async () => {
    for (const argv of [
      ['webhook', 'list'],
      ['webhook', 'create', 'https://shop.example/hooks'],
      ['webhook', 'update', 'wh_1', '--disable'],
      ['webhook', 'delete', 'wh_1', '--yes'],
      ['webhook', 'test', 'wh_1'],
    ]) {
      const result = await run(argv, { env: gateway.env });
      expect(result.code, argv.join(' ')).toBe(3);
      expect(result.stderr).toContain(`error: ${DASHBOARD}`);
      expect(result.stderr).toContain('hint: pass --callback-url');
    }
    const json = await run(['webhook', 'list', '--json'], { env: gateway.env });
    expect(JSON.parse(json.stderr)).toMatchObject({
      error: { code: 'webhooks_not_supported', exit_code: 3, status: 404, message: DASHBOARD },
    });
  });
});
