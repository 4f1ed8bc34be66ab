// bin/paygate.js keeps a V8 code cache of dist/ (start-up time, issue 7): where it goes, who may
// write there, and that a bad or old cache never changes what the program does.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import { spawnPaygate } from '../helpers/spawn-cli.js';

let root: string;
let cache: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'paygate-code-cache-test-'));
  cache = join(root, 'cache');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

async function version(env: Record<string, string>) {
  const result = await spawnPaygate(['--version'], {
    env: { PAYGATE_CONFIG_DIR: join(root, 'config'), ...env },
  });
  expect(result.stderr).toBe('');
  expect(result.stdout).toBe(`${packageJson.version}\n`);
  expect(result.code).toBe(0);
}

/**
 * `paygate balance` against a closed port: it makes the HTTP client, so the V8 flags change,
 * then fails to connect (exit 6).
 */
async function balanceUnreachable() {
  const result = await spawnPaygate(['balance'], {
    env: {
      NODE_COMPILE_CACHE: cache,
      PAYGATE_CONFIG_DIR: join(root, 'config'),
      PAYGATE_BASE_URL: 'http://127.0.0.1:9',
      PAYGATE_SECRET_KEY: 'sk_test_0000000000000000',
    },
  });
  expect(result.code).toBe(6);
}

/** paygate's entries in the cache dir (Node 22+ also writes its own there, for bin/paygate.js). */
function paygateEntries(): string[] {
  return readdirSync(cache).filter((name) => name.startsWith('paygate-'));
}

/** The one installation directory under the cache dir, and its files. */
function installation(): { dir: string; files: string[] } {
  const [name, ...others] = paygateEntries();
  expect(others).toEqual([]);
  expect(name).toMatch(new RegExp(`^paygate-${process.version}-${process.arch}-[0-9a-f]+$`));
  const dir = join(cache, name!);
  return { dir, files: readdirSync(dir) };
}

describe('the code cache of bin/paygate.js', () => {
  it('is written on the first run, private to the user, and read unchanged on the next', async () => {
    await version({ NODE_COMPILE_CACHE: cache });
    const { dir, files } = installation();
    const main = files.find((file) => file.startsWith('main.js@'));
    expect(main).toBeDefined();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, main!)).mode & 0o777).toBe(0o600);
    const written = statSync(join(dir, main!)).mtimeMs;
    await version({ NODE_COMPILE_CACHE: cache });
    expect(statSync(join(dir, main!)).mtimeMs).toBe(written);
    expect(installation().files).toEqual(files);
  });

  it('is replaced when V8 rejects it, and the program runs as usual', async () => {
    await version({ NODE_COMPILE_CACHE: cache });
    const { dir, files } = installation();
    const main = join(dir, files.find((file) => file.startsWith('main.js@'))!);
    writeFileSync(main, 'not a code cache');
    await version({ NODE_COMPILE_CACHE: cache });
    expect(readFileSync(main).length).toBeGreaterThan(1000);
  });

  it('drops the caches of files that are gone from dist/ when it writes', async () => {
    await version({ NODE_COMPILE_CACHE: cache });
    const { dir, files } = installation();
    writeFileSync(join(dir, 'chunks__gone.js@1-1'), 'old');
    writeFileSync(join(dir, 'main.js@1-1'), 'an older main.js');
    for (const file of files) rmSync(join(dir, file));
    await version({ NODE_COMPILE_CACHE: cache });
    expect(installation().files.sort()).toEqual(files.sort());
  });

  it('drops them also after a run that changed the V8 flags (one that made an HTTP client)', async () => {
    await version({ NODE_COMPILE_CACHE: cache });
    const { dir, files } = installation();
    writeFileSync(join(dir, 'chunks__gone.js@1-1'), 'old');
    await balanceUnreachable();
    const after = installation().files;
    expect(after).not.toContain('chunks__gone.js@1-1');
    expect(after).toEqual(expect.arrayContaining(files));
  });

  it('is written by a first run that talks to the gateway, before the V8 flags change', async () => {
    await balanceUnreachable();
    const { files } = installation();
    expect(files.some((file) => file.startsWith('main.js@'))).toBe(true);
    expect(files.some((file) => file.startsWith('chunks__api.client.js@'))).toBe(true);
    // Accepted by the next run: nothing is written again.
    const before = files.map((file) => statSync(join(installation().dir, file)).mtimeMs);
    await version({ NODE_COMPILE_CACHE: cache });
    const main = installation().files.filter((file) => file.startsWith('main.js@'));
    expect(main).toHaveLength(1);
    expect(files.map((file) => statSync(join(installation().dir, file)).mtimeMs)).toEqual(before);
  });

  it('is not used at all with NODE_DISABLE_COMPILE_CACHE=1', async () => {
    await version({ NODE_COMPILE_CACHE: cache, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(() => readdirSync(cache)).toThrow(/ENOENT/);
  });

  it.skipIf(process.getuid?.() === undefined)('is not used in a directory others can write to', async () => {
    mkdirSync(cache, { mode: 0o700 });
    chmodSync(cache, 0o777);
    await version({ NODE_COMPILE_CACHE: cache });
    expect(paygateEntries()).toEqual([]);
  });

  it('goes under TMPDIR when NODE_COMPILE_CACHE is not set', async () => {
    await version({ TMPDIR: `${root}/` });
    const uid = process.getuid?.() ?? 'user';
    cache = join(root, `paygate-code-cache-${uid}`);
    expect(installation().files.some((file) => file.startsWith('main.js@'))).toBe(true);
  });
});
