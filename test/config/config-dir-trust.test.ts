// Issue 25 items 3 and 4: what another user planted in the config dir while it was open (or in a
// shared directory such as /tmp) is not trusted after `chmod 700`: a config.json or journal symlink
// to their files, a directory inside that others can write, a config dir that is their symlink,
// a --log symlink of theirs. Each is refused with exit 2, naming the path and its owner or
// writers and the fix, before anything is sent; the user's own symlinks (dotfiles) still work.
// Files of another user need root (chown): the cases are skipped, with a message, elsewhere.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, payoutPosts } from '../commands/payout/support.js';
import { run, tempConfigDir } from '../helpers/run-cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { spawnPaygate } from '../helpers/spawn-cli.js';

/** `nobody`, the unprivileged user every Linux has: files are given to it with chown (root only). */
function otherUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const result = spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' });
  if (result.status !== 0 || group.status !== 0) return undefined;
  return { uid: Number(result.stdout.trim()), gid: Number(group.stdout.trim()) };
}

const other = otherUser();
if (!other) console.log('config-dir-trust: skipped: files of another user need root and a `nobody` user');
const nobody = other ?? { uid: -1, gid: -1 };

let ts: TestSandbox;
beforeAll(async () => {
  ts = await startTestSandbox();
  await fund(ts, 1_000_000);
});
afterAll(async () => ts?.close());

/** A directory of the other user's (mode 0755, as a home or a /tmp dir would be). */
function theirDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paygate-theirs-'));
  chmodSync(dir, 0o755);
  chownSync(dir, nobody.uid, nobody.gid);
  return dir;
}

/** A symlink at `path` to `target`, owned by the other user (as one they made would be). */
function theirSymlink(target: string, path: string): void {
  symlinkSync(target, path);
  lchownSync(path, nobody.uid, nobody.gid);
}

/** A config dir of ours, closed (0700) after the other user planted what they wanted. */
function ourConfigDir(): string {
  const dir = tempConfigDir();
  chmodSync(dir, 0o700);
  return dir;
}

const configPointingAt = (url: string) => `${JSON.stringify({ profiles: { default: { base_url: url } } })}\n`;

/** Key from the environment, the base URL from config.json (as in the audit). */
function keyOnlyEnv(configDir: string): Record<string, string> {
  return { PAYGATE_SECRET_KEY: ts.main.secret_key, PAYGATE_CONFIG_DIR: configDir };
}

const createPayout = (key: string) => [
  'payout',
  'create',
  '--amount',
  '100',
  '--key',
  key,
  '--yes',
  '--json',
];

/** The one directory under `dir` (the account's under journal/). */
function onlyEntry(dir: string): string {
  const names = readdirSync(dir);
  expect(names).toHaveLength(1);
  return join(dir, names[0]!);
}

describe.runIf(other)('the config dir trusts only what this user (or root) owns and alone can write', () => {
  it('a config.json symlink to a file of another user: exit 2 naming it and its owner, no request made', async () => {
    const theirs = theirDirectory();
    writeFileSync(join(theirs, 'config.json'), configPointingAt(ts.url));
    chownSync(join(theirs, 'config.json'), nobody.uid, nobody.gid);
    const dir = ourConfigDir();
    theirSymlink(join(theirs, 'config.json'), join(dir, 'config.json'));
    const before = ts.sandbox.requests.length;

    const result = await run(createPayout('trust-config-1'), { env: keyOnlyEnv(dir) });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`refusing ${join(dir, 'config.json')}: it is a symlink owned by nobody`);
    expect(result.stderr).toContain(`rm -r ${join(dir, 'config.json')}`);
    expect(ts.sandbox.requests.length).toBe(before);
  });

  it('a config.json symlink of ours to a file of theirs: refused for its target, no request made', async () => {
    const theirs = theirDirectory();
    writeFileSync(join(theirs, 'config.json'), configPointingAt(ts.url));
    chownSync(join(theirs, 'config.json'), nobody.uid, nobody.gid);
    const dir = ourConfigDir();
    symlinkSync(join(theirs, 'config.json'), join(dir, 'config.json'));
    const before = ts.sandbox.requests.length;

    const result = await run(createPayout('trust-config-2'), { env: keyOnlyEnv(dir) });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `it is a symlink to ${join(theirs, 'config.json')}, which is owned by nobody (uid ${nobody.uid}), not by you`,
    );
    expect(ts.sandbox.requests.length).toBe(before);
  });

  for (const name of ['journal', 'payout-journal']) {
    it(`a ${name} symlink into another user's directory: exit 2 before the POST`, async () => {
      const theirs = theirDirectory();
      const dir = ourConfigDir();
      theirSymlink(theirs, join(dir, name));
      const posts = payoutPosts(ts);

      const result = await run(createPayout(`trust-${name}`), {
        env: { ...ts.env, PAYGATE_CONFIG_DIR: dir },
      });

      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`refusing ${join(dir, name)}: it is a symlink owned by nobody`);
      expect(payoutPosts(ts)).toBe(posts);
      expect(readdirSync(theirs)).toEqual([]);
    });
  }

  it('a directory deep in the journal that others can write: exit 2 naming its mode and the chmod, no POST', async () => {
    const dir = ourConfigDir();
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: dir };
    const first = await run(createPayout('trust-deep-1'), { env });
    expect(first.code, first.stderr).toBe(0);
    const account = onlyEntry(join(dir, 'journal'));
    const keyDir = join(account, 'payout', 'trust-deep-1');
    chmodSync(keyDir, 0o770);
    chmodSync(account, 0o777);
    const posts = payoutPosts(ts);

    const again = await run(createPayout('trust-deep-1'), { env });
    const fresh = await run(createPayout('trust-deep-2'), { env });

    for (const result of [again, fresh]) {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `refusing ${account}: it can be written by others: its group and every user (mode 777); run \`chmod go-w ${account}\``,
      );
    }
    expect(payoutPosts(ts)).toBe(posts);
    chmodSync(account, 0o700);
    const keyOnly = await run(createPayout('trust-deep-1'), { env });
    expect(keyOnly.code).toBe(2);
    expect(keyOnly.stderr).toContain(`refusing ${keyDir}: it can be written by others: its group (mode 770)`);
  });

  it('a journal record another user owns (planted, then `chmod -R 700`): the key is refused, not read', async () => {
    const dir = ourConfigDir();
    const env = { ...ts.env, PAYGATE_CONFIG_DIR: dir };
    const first = await run(createPayout('trust-record'), { env });
    expect(first.code, first.stderr).toBe(0);
    const keyDir = join(onlyEntry(join(dir, 'journal')), 'payout', 'trust-record');
    const latest = readdirSync(keyDir)
      .filter((name) => /^\d+\.json$/.test(name))
      .sort()
      .at(-1)!;
    chownSync(join(keyDir, latest), nobody.uid, nobody.gid);
    const posts = payoutPosts(ts);

    const again = await run(createPayout('trust-record'), { env });

    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`refusing ${join(keyDir, latest)}: it is owned by nobody`);
    expect(payoutPosts(ts)).toBe(posts);
  });

  it("the user's own symlinks (dotfiles: config.json and the journal in a directory of theirs) work", async () => {
    const home = mkdtempSync(join(tmpdir(), 'paygate-dotfiles-'));
    writeFileSync(join(home, 'paygate.json'), configPointingAt(ts.url), { mode: 0o600 });
    mkdirSync(join(home, 'journal'), { mode: 0o700 });
    const dir = ourConfigDir();
    symlinkSync(join(home, 'paygate.json'), join(dir, 'config.json'));
    symlinkSync(join(home, 'journal'), join(dir, 'journal'));
    const posts = payoutPosts(ts);

    const result = await run(createPayout('trust-dotfiles'), { env: keyOnlyEnv(dir) });

    expect(result.code, result.stderr).toBe(0);
    expect(payoutPosts(ts)).toBe(posts + 1);
    expect(readdirSync(join(home, 'journal'))).toHaveLength(1);
  });

  it('a config dir that is a symlink another user owns (in /tmp, re-pointed at will): refused, no request', async () => {
    const theirs = theirDirectory();
    writeFileSync(join(theirs, 'config.json'), configPointingAt(ts.url));
    chownSync(join(theirs, 'config.json'), nobody.uid, nobody.gid);
    const ours = ourConfigDir();
    for (const target of [theirs, ours]) {
      const link = join(theirDirectory(), 'paygate');
      theirSymlink(target, link);
      const before = ts.sandbox.requests.length;

      const result = await run(createPayout('trust-dir-link'), { env: keyOnlyEnv(link) });

      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        `refusing the config directory ${link}: it is a symlink owned by nobody (uid ${nobody.uid}), not by you; set PAYGATE_CONFIG_DIR to a directory of your own`,
      );
      expect(ts.sandbox.requests.length).toBe(before);
    }
  });

  it('a config dir of ours in a directory another user owns (they could swap it mid-run): refused, no request', async () => {
    const theirs = theirDirectory();
    const dir = join(theirs, 'paygate');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), configPointingAt(ts.url), { mode: 0o600 });
    const before = ts.sandbox.requests.length;

    const result = await run(createPayout('trust-dir-parent'), { env: keyOnlyEnv(dir) });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `refusing the config directory ${dir}: the directory holding it, ${theirs}, is owned by nobody (uid ${nobody.uid}), who can replace it; set PAYGATE_CONFIG_DIR to a directory of your own`,
    );
    expect(ts.sandbox.requests.length).toBe(before);
  });

  it('a config dir named through a symlink of ours into a directory another user owns: refused, no request', async () => {
    const theirs = theirDirectory();
    mkdirSync(join(theirs, 'paygate'), { mode: 0o700 });
    writeFileSync(join(theirs, 'paygate', 'config.json'), configPointingAt(ts.url), { mode: 0o600 });
    const link = join(mkdtempSync(join(tmpdir(), 'paygate-ours-')), 'config');
    symlinkSync(theirs, link);
    const dir = join(link, 'paygate');
    const before = ts.sandbox.requests.length;

    const result = await run(createPayout('trust-dir-through-link'), { env: keyOnlyEnv(dir) });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `refusing the config directory ${dir}: the directory holding it, ${link}, is owned by nobody (uid ${nobody.uid})`,
    );
    expect(ts.sandbox.requests.length).toBe(before);
  });

  it('webhook listen --log: a symlink another user owns in /tmp is refused, not a byte appended to its target', async () => {
    const ours = mkdtempSync(join(tmpdir(), 'paygate-ours-'));
    const precious = join(ours, 'precious');
    writeFileSync(precious, 'mine\n', { mode: 0o600 });
    const shared = theirDirectory();
    chmodSync(shared, 0o1777);
    const link = join(shared, 'notifications.log');
    theirSymlink(precious, link);

    const result = await spawnPaygate(['webhook', 'listen', '--port', '0', '--log', link], {
      env: { PAYGATE_CONFIG_DIR: ourConfigDir() },
      timeoutMs: 5_000,
    });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `refusing --log ${link}: it is a symlink owned by nobody (uid ${nobody.uid}), not by you; give --log a path in a directory of your own`,
    );
    expect(readFileSync(precious, 'utf8')).toBe('mine\n');
  });

  it('webhook listen --log: a file another user made in /tmp is refused (they would read the notifications)', async () => {
    const shared = theirDirectory();
    chmodSync(shared, 0o1777);
    const path = join(shared, 'notifications.log');
    writeFileSync(path, '', { mode: 0o666 });
    chownSync(path, nobody.uid, nobody.gid);

    const result = await spawnPaygate(['webhook', 'listen', '--port', '0', '--log', path], {
      env: { PAYGATE_CONFIG_DIR: ourConfigDir() },
      timeoutMs: 5_000,
    });

    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`refusing --log ${path}: it is owned by nobody`);
    expect(readFileSync(path, 'utf8')).toBe('');
  });
});
