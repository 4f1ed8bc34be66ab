// The journal database refusing a run (issue 30 item 8): a wrong password, a role that may not
// connect, a database that does not exist, missing privileges. Each is said in one line naming
// what failed (never the password) with exit 4 or 2, never "run the same command again" (exit 6).
// The run's server trusts every connection (.ci/run: `initdb -A trust`), so a wrong password cannot
// be provoked there: this file starts a server of its own that asks for one (scram-sha-256), and a
// scripted server answering PostgreSQL's 28P01 covers a machine without PostgreSQL. The other
// refusals are provoked on the run's server, with a role made for the test.

import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { JournalScope } from '../../src/config/journal-account.js';
import { PostgresJournal } from '../../src/config/journal-postgres.js';
import { ExitCode, type PaygateError } from '../../src/errors.js';
import { json, ok, SECRET, startServer, type TestServer } from '../api/helpers.js';
import { journalUrlFor, sql, usePostgres } from '../helpers/postgres.js';
import { passwordPostgres } from '../helpers/postgres-server.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';

const postgres = usePostgres();
const PASSWORD = 'hunter2pw';
const scope: JournalScope = {
  id: '@test',
  gateway: 'http://loopback:8080',
  seller: '1001',
  fingerprint: 'f',
  baseUrl: 'http://127.0.0.1:8080/v1',
};

/** A PostgreSQL server that answers every startup with an ErrorResponse of SQLSTATE `code`. */
async function refusingServer(
  code: string,
  message: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  const field = (type: string, value: string) =>
    Buffer.concat([Buffer.from(type), Buffer.from(`${value}\0`)]);
  const body = Buffer.concat([
    field('S', 'FATAL'),
    field('V', 'FATAL'),
    field('C', code),
    field('M', message),
    Buffer.from([0]),
  ]);
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  const reply = Buffer.concat([Buffer.from('E'), length, body]);
  const server: Server = createServer((socket) => {
    socket.once('data', () => socket.end(reply));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function refusal(journal: PostgresJournal): Promise<PaygateError> {
  try {
    await journal.read('refused-1');
  } catch (error) {
    return error as PaygateError;
  }
  throw new Error('the journal did not refuse');
}

/** What a user sees of an error: its message, hint and code. */
const shown = (error: PaygateError) => JSON.stringify(error.toJSON());

describe('a journal database that refuses the run', () => {
  let gateway: TestServer;
  const role = `paygate_norights_${process.pid}`;
  beforeAll(async () => {
    gateway = await startServer();
    gateway.handle((req, res) => {
      const path = new URL(req.url, 'http://x').pathname;
      if (path === '/v1/account') return json(res, 200, ok({ seller_id: 'sel_pg', name: 'Loja' }));
      if (path === '/v1/balance')
        return json(res, 200, ok({ available: 1_000_000, pending: 0, reserved: 0 }));
      return json(res, 200, ok([], { has_more: false }));
    });
  });
  afterAll(async () => {
    await gateway.close();
    // Its grants first (DROP OWNED BY revokes them in this database), then the role itself.
    if (postgres.url)
      await sql(
        postgres.url,
        `DO $$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN DROP OWNED BY ${role}; DROP ROLE ${role}; END IF; END $$`,
      );
  });

  /** payout create --key with PAYGATE_JOURNAL_URL `url`: its exit code and output, three ways. */
  async function keyedPayouts(url: string) {
    const env = {
      PAYGATE_CONFIG_DIR: tempConfigDir(),
      PAYGATE_BASE_URL: gateway.url,
      PAYGATE_SECRET_KEY: SECRET,
      PAYGATE_JOURNAL_URL: url,
    };
    const create = ['payout', 'create', '--amount', '5.00', '--key', 'refused-1', '--yes'];
    return [
      await run(create, { env }),
      await run([...create, '--json'], { env }),
      await run([...create, '--debug'], { env }),
    ];
  }

  test('a wrong password (28P01, from a scripted server): exit 4, the password never shown', async () => {
    const server = await refusingServer('28P01', 'password authentication failed for user "cron"');
    try {
      const url = `postgres://cron:${PASSWORD}@127.0.0.1:${server.port}/ops`;
      const error = await refusal(new PostgresJournal(url, scope, { kind: 'payout' }));
      expect(error.exitCode).toBe(ExitCode.Auth);
      expect(error.message).toBe(
        `the journal database postgres://cron:***@127.0.0.1:${server.port}/ops refused this run: wrong password (password authentication failed for user "cron"); nothing was sent`,
      );
      expect(error.details.code).toBe('journal_password_rejected');
      for (const result of await keyedPayouts(url)) {
        expect(result.code, result.stderr).toBe(ExitCode.Auth);
        expect(result.stderr).toContain('wrong password');
        expect(result.stderr).not.toContain('run the same command again');
        expect(result.stdout + result.stderr).not.toContain(PASSWORD);
      }
    } finally {
      await server.close();
    }
  });

  test('a wrong password (28P01, on a server that asks for one): exit 4, the password never shown', async (context) => {
    const server = await passwordPostgres('the-right-one');
    if ('skipReason' in server) return context.skip(server.skipReason);
    try {
      const url = new URL(server.url);
      url.password = PASSWORD;
      const error = await refusal(new PostgresJournal(url.toString(), scope, { kind: 'payout' }));
      expect(error.exitCode).toBe(ExitCode.Auth);
      expect(error.details.code).toBe('journal_password_rejected');
      expect(error.message).toContain('wrong password (password authentication failed for user "postgres")');
      expect(shown(error)).not.toContain(PASSWORD);
      for (const result of await keyedPayouts(url.toString())) {
        expect(result.code, result.stderr).toBe(ExitCode.Auth);
        expect(result.stderr).not.toContain('run the same command again');
        expect(result.stdout + result.stderr).not.toContain(PASSWORD);
      }
      // The right password is let in: the refusal is the password's, not the server's.
      expect(
        await new PostgresJournal(server.url, scope, { kind: 'payout' }).read('refused-1'),
      ).toBeUndefined();
    } finally {
      server.stop();
    }
  }, 60_000);

  test('a role that does not exist (28000): exit 4, naming it', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = new URL(postgres.url);
    url.username = `paygate_nobody_${process.pid}`;
    url.password = PASSWORD;
    const error = await refusal(new PostgresJournal(url.toString(), scope, { kind: 'payout' }));
    expect(error.exitCode).toBe(ExitCode.Auth);
    expect(error.details.code).toBe('journal_role_rejected');
    expect(error.message).toContain(`role "paygate_nobody_${process.pid}" does not exist`);
    expect(shown(error)).not.toContain(PASSWORD);
    expect(shown(error)).not.toContain('run the same command again');
    for (const result of await keyedPayouts(url.toString())) {
      expect(result.code, result.stderr).toBe(ExitCode.Auth);
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);
    }
  });

  test('a database that does not exist (3D000): a configuration error, exit 2', async (context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = new URL(postgres.url);
    url.pathname = `/paygate_missing_${process.pid}`;
    url.password = PASSWORD;
    const error = await refusal(new PostgresJournal(url.toString(), scope, { kind: 'payout' }));
    expect(error.exitCode).toBe(ExitCode.Usage);
    expect(error.details.code).toBe('journal_database_missing');
    expect(error.message).toContain(
      `no such database (database "paygate_missing_${process.pid}" does not exist)`,
    );
    expect(shown(error)).not.toContain(PASSWORD);
    for (const result of await keyedPayouts(url.toString())) {
      expect(result.code, result.stderr).toBe(ExitCode.Usage);
      expect(result.stderr).not.toContain('run the same command again');
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);
    }
  });

  /** A journal URL of a fresh schema for the test's role, which may use it when `usage`. */
  async function roleUrl(serverUrl: string, label: string, usage: boolean): Promise<string> {
    await sql(
      serverUrl,
      `DO $$ BEGIN CREATE ROLE ${role} LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
    );
    const url = new URL(await journalUrlFor(serverUrl, label));
    const schema = /search_path=(\w+)/.exec(decodeURIComponent(url.search))![1]!;
    if (usage) await sql(serverUrl, `GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
    url.username = role;
    url.password = PASSWORD;
    return url.toString();
  }

  test.for([
    [
      'may use the schema but not create in it (42501)',
      true,
      /missing privileges \(permission denied for schema t_usage_only_\w+\)/,
    ],
    [
      'may not use the schema at all (3F000)',
      false,
      /no schema the role may create the journal table in \(no schema has been selected to create in\)/,
    ],
  ] as const)('a role that %s: exit 4, saying what it needs', async ([, usage, said], context) => {
    if (!postgres.url) return context.skip(postgres.skipReason);
    const url = await roleUrl(postgres.url, usage ? 'usage only' : 'no usage', usage);
    const error = await refusal(new PostgresJournal(url, scope, { kind: 'payout' }));
    expect(error.exitCode).toBe(ExitCode.Auth);
    expect(error.details.code).toBe('journal_permission_denied');
    expect(error.message).toMatch(said);
    expect(error.details.hint).toContain('USAGE and CREATE on');
    expect(shown(error)).not.toContain(PASSWORD);
    for (const result of await keyedPayouts(url)) {
      expect(result.code, result.stderr).toBe(ExitCode.Auth);
      expect(result.stderr).not.toContain('run the same command again');
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);
    }
  });
});
