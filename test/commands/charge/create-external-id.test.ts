// `charge create --external-id E` when a charge with E may already exist: looked up first (the
// search of `charge find --external-id`); asked at a terminal (default No, exit 2), warned
// without one or with --yes, refused with --unique-external-id; a look-up that cannot finish is
// said, never taken for "no duplicate". Against a scripted gateway: what the user sees, the
// exit code and the requests the gateway got.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeCreate } from '../../../src/commands/charge/create.js';
import type { Settings } from '../../../src/context.js';
import { fail, json, ok, startServer, type TestServer } from '../../api/helpers.js';
import { type FakeContextOptions, fakeContext } from '../../helpers/fake-context.js';
import { englishAfterEachTest, speakPortuguese } from '../../helpers/language.js';
import { createScriptedPrompter } from '../../helpers/prompter.js';
import { inputFor, run } from '../../helpers/run-cli.js';
import { type ScriptedCharge, scriptedCharge } from './scripted-charges.js';

englishAfterEachTest();

const noSettings: Settings = { setting: () => undefined };

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const existing = scriptedCharge({ id: 'ci_earlier', status: 'paid', amount: 2500, external_id: 'pedido-9' });
const made = scriptedCharge({
  id: 'ci_second',
  status: 'pending',
  amount: 2500,
  external_id: 'pedido-9',
  pix: { txid: 't1', emv: '000201', expires_at: '2026-11-25T15:30:00Z' },
});

/**
 * A gateway whose list answers `listed` in one page (whatever the filter) and that creates `made`;
 * its account is the one a keyed create scopes its journal by.
 */
function gateway(listed: ScriptedCharge[]): void {
  server.handle((request, response) =>
    request.url === '/v1/account'
      ? json(response, 200, ok({ seller_id: 1001, name: 'Loja' }))
      : request.method === 'GET'
        ? json(
            response,
            200,
            ok(listed, { pagination: { page: 1, limit: 100, total: listed.length, has_more: false } }),
          )
        : json(response, 201, ok(made)),
  );
}

/** `charge create ARGV` run on a context of `options`: exit code (or the error), streams, requests. */
async function create(argv: string[], options: FakeContextOptions = {}) {
  const before = server.requests.length;
  // --json is a global option: the context's, as commander hands it over.
  const json = argv.includes('--json');
  const { context, io } = fakeContext({
    baseUrl: server.url,
    ...options,
    ...(json ? { globals: { json: true } } : {}),
  });
  const flags = argv.filter((word) => word !== '--json');
  const parsed = chargeCreate.parse(await inputFor(['charge', 'create', ...flags]), noSettings);
  const outcome = await chargeCreate.run(parsed, context).then(
    (code) => ({ code, error: undefined }),
    (error: { exitCode: number; message: string }) => ({ code: error.exitCode, error }),
  );
  await context.close();
  const requests = server.requests.slice(before);
  return {
    ...outcome,
    stdout: io.stdout.text,
    stderr: io.stderr.text,
    requests: requests.map((request) => `${request.method} ${request.url.split('?')[0]}`),
    lookups: requests
      .filter((request) => request.method === 'GET' && request.url.startsWith('/v1/charges?'))
      .map((request) => new URL(request.url, server.url).searchParams.get('external_id')),
  };
}

const ARGV = ['--amount', '25,00', '--external-id', 'pedido-9', '--no-qr'];

describe('charge create --external-id, without a terminal', () => {
  it('a charge that has it: a warning names it (id, status, amount) and the charge is created', async () => {
    gateway([existing]);
    const result = await create([...ARGV, '--json']);
    expect(result.code).toBe(0);
    expect(result.requests).toEqual(['GET /v1/charges', 'POST /v1/charges']);
    expect(result.lookups).toEqual(['pedido-9']);
    expect(result.stderr).toBe(
      'warning: a charge with external id pedido-9 already exists: ci_earlier (paid, R$ 25,00); creating another (--unique-external-id refuses instead)\n' +
        'see it with `paygate charge find --external-id pedido-9`\n',
    );
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'ci_second' });
  });

  it('several that have it: how many, and the newest listed', async () => {
    gateway([existing, scriptedCharge({ id: 'ci_first', external_id: 'pedido-9' })]);
    const result = await create([...ARGV, '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      '2 charges with external id pedido-9 already exist, the newest listed: ci_earlier (paid, R$ 25,00); creating another',
    );
    expect(result.stderr).toContain('see them with `paygate charge find --external-id pedido-9`');
  });

  it('none (a gateway that ignores the filter lists others): nothing said, the charge created', async () => {
    gateway([scriptedCharge({ id: 'ci_other', external_id: 'pedido-8' })]);
    const result = await create([...ARGV, '--json']);
    expect(result.code).toBe(0);
    expect(result.requests).toEqual(['GET /v1/charges', 'POST /v1/charges']);
    expect(result.stderr).toBe('');
  });

  it('--unique-external-id: a charge that has it sends nothing, exit 3 naming it', async () => {
    gateway([existing]);
    const result = await create([...ARGV, '--unique-external-id']);
    expect(result.code).toBe(3);
    expect(result.error?.message).toBe(
      'a charge with external id pedido-9 already exists: ci_earlier (paid, R$ 25,00); nothing was sent (--unique-external-id)',
    );
    expect(result.requests).toEqual(['GET /v1/charges']);
    expect(result.stdout).toBe('');
  });

  it('--unique-external-id and none has it: created', async () => {
    gateway([]);
    const result = await create([...ARGV, '--unique-external-id', '--json']);
    expect(result.code).toBe(0);
    expect(result.requests).toEqual(['GET /v1/charges', 'POST /v1/charges']);
  });
});

describe('charge create --external-id, a look-up that cannot finish', () => {
  /** A list whose paging cannot be driven: every page the same, "more" each time, none with the id. */
  const endless = () =>
    server.handle((request, response) =>
      request.method === 'GET'
        ? json(
            response,
            200,
            ok([scriptedCharge({ id: 'ci_other', external_id: 'pedido-8' })], {
              pagination: { page: 1, limit: 100, has_more: true },
            }),
          )
        : json(response, 201, ok(made)),
    );

  it('says it could not check (never "no duplicate") and creates the charge', async () => {
    endless();
    const result = await create([...ARGV, '--json']);
    expect(result.code).toBe(0);
    expect(result.requests.at(-1)).toBe('POST /v1/charges');
    expect(result.stderr).toMatch(
      /\nwarning: could not check whether a charge with external id pedido-9 already exists \(incomplete: .+\); creating it\n$/,
    );
    expect(result.stderr).not.toContain('already exists:');
  });

  it('with --unique-external-id: exit 10, nothing sent', async () => {
    endless();
    const result = await create([...ARGV, '--unique-external-id']);
    expect(result.code).toBe(10);
    expect(result.error?.message).toMatch(
      /^could not check whether a charge with external id pedido-9 already exists \(.+\); nothing was sent/,
    );
    expect(result.requests).not.toContain('POST /v1/charges');
  });

  it('a gateway that refuses the list: said, and the charge created', async () => {
    server.handle((request, response) =>
      request.method === 'GET'
        ? json(response, 403, fail('forbidden', 'list_not_allowed', 'listing is not allowed for this key'))
        : json(response, 201, ok(made)),
    );
    const result = await create([...ARGV, '--json']);
    expect(result.code).toBe(0);
    expect(result.requests).toEqual(['GET /v1/charges', 'POST /v1/charges']);
    expect(result.stderr).toContain(
      'warning: could not check whether a charge with external id pedido-9 already exists (',
    );
    expect(result.stderr).toContain('listing is not allowed for this key');
  });
});

describe('charge create --external-id at a terminal', () => {
  it('shows the charge that has it and asks; No (the default) sends nothing, exit 2', async () => {
    gateway([existing]);
    const prompter = createScriptedPrompter([
      { message: 'Create another charge with external id pedido-9?', answer: false },
    ]);
    const result = await create(ARGV, { tty: true, prompter });
    prompter.assertDone();
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'A charge with external id pedido-9 already exists: ci_earlier (paid, R$ 25,00).\n',
    );
    expect(result.requests).toEqual(['GET /v1/charges']);
    expect(result.stdout).toBe('');
  });

  it('the question defaults to No', async () => {
    gateway([existing]);
    const defaults: boolean[] = [];
    const result = await create(ARGV, {
      tty: true,
      prompter: {
        ...createScriptedPrompter([]),
        confirm: async ({ default: answer }) => {
          defaults.push(answer === true);
          return answer === true;
        },
      },
    });
    expect(defaults).toEqual([false]);
    expect(result.code).toBe(2);
  });

  it('Yes creates the second charge', async () => {
    gateway([existing]);
    const prompter = createScriptedPrompter([{ message: 'Create another charge', answer: true }]);
    const result = await create(ARGV, { tty: true, prompter });
    prompter.assertDone();
    expect(result.code).toBe(0);
    expect(result.requests).toEqual(['GET /v1/charges', 'POST /v1/charges']);
  });

  it('at 80 columns the note and the warning break at spaces: no line past 80, the id whole', async () => {
    gateway([existing, scriptedCharge({ id: 'ci_first', external_id: 'pedido-9' })]);
    const terminal = { tty: true, terminalSize: { rows: 24, columns: 80 } };
    const asked = await create(ARGV, {
      ...terminal,
      prompter: createScriptedPrompter([{ message: 'Create another charge', answer: false }]),
    });
    const warned = await create([...ARGV, '--yes'], { ...terminal, prompter: createScriptedPrompter([]) });
    for (const stderr of [asked.stderr, warned.stderr]) {
      expect(stderr).toContain('ci_earlier');
      // Colour is on at a terminal: its escapes take no column. What comes once the charge is
      // created (its own lines) is not this check's.
      const shown = stderr.replace(/\x1b\[[0-9;]*m/g, '').split(/\n(?=✓)/)[0]!;
      for (const line of shown.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
    }
    expect(warned.stderr).toContain('\n  ');
  });

  it('--yes: no question, the warning all the same', async () => {
    gateway([existing]);
    const prompter = createScriptedPrompter([]);
    const result = await create([...ARGV, '--yes'], { tty: true, prompter });
    prompter.assertDone();
    expect(result.code).toBe(0);
    // Read as words: at a terminal the warning is wrapped to its width.
    expect(result.stderr.replace(/\s+/g, ' ')).toContain(
      'a charge with external id pedido-9 already exists: ci_earlier (paid, R$ 25,00); creating another',
    );
    expect(result.requests).toEqual(['GET /v1/charges', 'POST /v1/charges']);
  });
});

describe('charge create --external-id: what is not looked up twice, or at all', () => {
  it('--key: only the keyed look-up of its own charge', async () => {
    gateway([]);
    const result = await create([...ARGV, '--key', 'pedido-9-key', '--json']);
    expect(result.error).toBeUndefined();
    expect(result.code).toBe(0);
    expect(result.lookups).toEqual(['pedido-9']);
    expect(result.requests.at(-1)).toBe('POST /v1/charges');
  });

  it('--unique-external-id with --key or --from-csv: exit 2 naming both, nothing sent', async () => {
    const before = server.requests.length;
    for (const other of [
      ['--key', 'k1'],
      ['--from-csv', 'rows.csv'],
    ]) {
      const result = await run(['charge', 'create', ...ARGV, '--unique-external-id', ...other], {
        env: { PAYGATE_BASE_URL: server.url, PAYGATE_SECRET_KEY: 'sk_test_x' },
      });
      expect(result.code, other[0]).toBe(2);
      expect(result.stderr).toContain(
        `option '--unique-external-id' cannot be used with option '${other[0]}`,
      );
    }
    expect(server.requests.length).toBe(before);
  });

  it('--dry-run sends nothing and reads nothing', async () => {
    gateway([existing]);
    const result = await create([...ARGV, '--dry-run', '--json']);
    expect(result.code).toBe(0);
    expect(result.requests).toEqual([]);
  });

  it('without --external-id: no look-up', async () => {
    gateway([existing]);
    const result = await create(['--amount', '25,00', '--json']);
    expect(result.code).toBe(0);
    expect(result.requests).toEqual(['POST /v1/charges']);
  });
});

describe('charge create --external-id in Portuguese', () => {
  it('warns in Portuguese ("ID externo", as the tables say), with the status in Portuguese', async () => {
    await speakPortuguese();
    gateway([existing]);
    const result = await create([...ARGV, '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'aviso: já existe uma cobrança com o ID externo pedido-9: ci_earlier (pago, R$ 25,00); criando outra (--unique-external-id recusa em vez disso)\n' +
        'veja-a com `paygate charge find --external-id pedido-9`\n',
    );
  });
});
