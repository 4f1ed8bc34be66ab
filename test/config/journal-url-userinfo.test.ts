// A journal URL typed wrong still has its password hidden (issue 30 item 8): `postgres:/user:pw@…`,
// `postgres//user:pw@…`, `user:pw@host:port/db` and the like are refused (exit 2) without the
// password, through `config set journal.url`, through PAYGATE_JOURNAL_URL and with --debug; a
// hand-edited config file's mistyped URL is not shown by `config get/list` either.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeJournalUrl } from '../../src/config/journal-url.js';
import { hideUserinfoPasswords } from '../../src/domain/url-userinfo.js';
import { json, ok, SECRET, startServer, type TestServer } from '../api/helpers.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';

const PASSWORD = 'hunter2pw';
const MISTYPED: Array<[string, string]> = [
  ['one slash', `postgres:/cron:${PASSWORD}@db.example:5432/ops`],
  ['no colon', `postgres//cron:${PASSWORD}@db.example:5432/ops`],
  ['no slashes', `postgres:cron:${PASSWORD}@db.example/ops`],
  ['three slashes', `postgresql:///cron:${PASSWORD}@db.example/ops`],
  ['no scheme', `cron:${PASSWORD}@db.example:5432/ops`],
  ['another scheme', `mysql://cron:${PASSWORD}@db.example/ops`],
  ['a password with @ and /, one slash', `postgres:/cron:${PASSWORD}@x/y@db.example/ops`],
];

describe('hideUserinfoPasswords', () => {
  it.each(MISTYPED)('%s: the password is hidden, the rest shown', (_name, url) => {
    const shown = hideUserinfoPasswords(`got "${url}" (fim)`);
    expect(shown).not.toContain(PASSWORD);
    expect(shown).toContain('cron:***@');
    expect(shown).toMatch(/db\.example.*\/ops" \(fim\)$/);
  });

  it('leaves what has no password as it is: addresses, times, a user without password', () => {
    const text = 'at 10:30 mail joao@example.com or mailto:ana@example.com; postgres://cron@db/ops';
    expect(hideUserinfoPasswords(text)).toBe(text);
  });

  it.each(MISTYPED)('describeJournalUrl, %s: no password', (_name, url) => {
    expect(describeJournalUrl(url)).not.toContain(PASSWORD);
  });
});

describe('a mistyped journal URL through the CLI', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
    server.handle((req, res) => {
      const path = new URL(req.url, 'http://x').pathname;
      if (path === '/v1/account') return json(res, 200, ok({ seller_id: 'sel_url', name: 'Loja' }));
      if (path === '/v1/balance')
        return json(res, 200, ok({ available: 1_000_000, pending: 0, reserved: 0 }));
      return json(res, 200, ok([], { has_more: false }));
    });
  });
  afterEach(async () => {
    await server.close();
  });

  it.each(MISTYPED)('config set journal.url, %s: exit 2 without the password', async (_name, url) => {
    const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
    for (const extra of [[], ['--json'], ['--debug']]) {
      const result = await run(['config', 'set', 'journal.url', url, ...extra], { env });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('journal.url: must be a PostgreSQL URL');
      expect(result.stdout + result.stderr).not.toContain(PASSWORD);
    }
  });

  it.each(MISTYPED)(
    'PAYGATE_JOURNAL_URL, %s: payout create --key exits 2 without the password',
    async (_name, url) => {
      const env = {
        PAYGATE_CONFIG_DIR: tempConfigDir(),
        PAYGATE_BASE_URL: server.url,
        PAYGATE_SECRET_KEY: SECRET,
        PAYGATE_JOURNAL_URL: url,
      };
      for (const extra of [[], ['--json'], ['--debug']]) {
        const result = await run(
          ['payout', 'create', '--amount', '5.00', '--key', 'url-1', '--yes', ...extra],
          {
            env,
          },
        );
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toContain('PAYGATE_JOURNAL_URL: must be a PostgreSQL URL');
        expect(result.stdout + result.stderr).not.toContain(PASSWORD);
      }
    },
  );

  it.each(MISTYPED)(
    'a hand-edited config file, %s: config get and list do not show it',
    async (_name, url) => {
      const env = { PAYGATE_CONFIG_DIR: tempConfigDir() };
      expect(
        (await run(['config', 'set', 'journal.url', 'postgres://cron@db.example/ops'], { env })).code,
      ).toBe(0);
      const file = join(env.PAYGATE_CONFIG_DIR, 'config.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('postgres://cron@db.example/ops', url));
      for (const argv of [
        ['config', 'get', 'journal.url'],
        ['config', 'list'],
        ['config', 'list', '--json'],
      ]) {
        const result = await run(argv, { env });
        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toContain('cron');
        expect(result.stdout + result.stderr).not.toContain(PASSWORD);
      }
    },
  );
});
